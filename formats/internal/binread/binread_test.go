package binread

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"ms3dstudio/model"
)

type one struct{}

func (one) Name() string { return "one" }

type two struct{}

func (two) Name() string { return "two" }

// TestErrors checks both messages, and that errors.As tells the formats'
// errors apart.
func TestErrors(t *testing.T) {
	err := Errorf[one]("", 4, "version %d, want %d", 7, 8)
	if got := err.Error(); got != "one: at offset 0x4: version 7, want 8" {
		t.Errorf("header error %q", got)
	}
	if got := Errorf[two]("surface 1", 0x2a4, "bad").Error(); got != "two: surface 1 at offset 0x2a4: bad" {
		t.Errorf("part error %q", got)
	}
	var a *FormatError[one]
	var b *FormatError[two]
	if !errors.As(err, &a) || a.Offset != 4 || errors.As(err, &b) {
		t.Errorf("errors.As: %v %v", a, b)
	}
}

// TestReader reads the fields back and places a finding at its offset.
func TestReader(t *testing.T) {
	r := Reader{Data: []byte{0xfe, 0xff, 0xff, 0xff, 0, 0, 0x80, 0x3f}}
	if r.I32(0) != -2 || r.F32(4) != 1 {
		t.Errorf("I32 %d, F32 %g", r.I32(0), r.F32(4))
	}
	r.Note("x.y", model.Warning, 6, "odd %d", 3)
	if len(r.Findings) != 1 || r.Findings[0].Where.Offset != 6 || r.Findings[0].Message != "odd 3" {
		t.Errorf("findings %v", r.Findings)
	}
}

// TestReadFile checks that ReadFile hands decode the file's bytes and
// returns what decode returns, and that a missing file is an error that
// says so, with decode not called.
func TestReadFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.bin")
	if err := os.WriteFile(path, []byte("abc"), 0o644); err != nil {
		t.Fatal(err)
	}
	found := []model.Finding{{Code: model.CodeTruncated}}
	decode := func(data []byte) (*string, []model.Finding, error) {
		s := string(data)
		return &s, found, nil
	}
	got, gotFound, err := ReadFile(path, decode)
	if err != nil || *got != "abc" || len(gotFound) != 1 {
		t.Fatalf("ReadFile = %v, %v, %v; want abc, one finding, nil", got, gotFound, err)
	}
	called := false
	_, _, err = ReadFile(filepath.Join(t.TempDir(), "missing"), func([]byte) (*string, []model.Finding, error) {
		called = true
		return nil, nil, nil
	})
	if !errors.Is(err, fs.ErrNotExist) || called {
		t.Errorf("missing file: err %v, decode called %v", err, called)
	}
}
