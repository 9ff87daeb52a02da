package binread

import (
	"errors"
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
