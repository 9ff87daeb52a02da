package smd

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"ms3dstudio/model"
)

var writeSeeds = flag.Bool("write-seeds", false, "rewrite the fuzz seed corpus in testdata/fuzz")

// TestWriteSeeds writes the read table as seeds when run with -write-seeds.
func TestWriteSeeds(t *testing.T) {
	if !*writeSeeds {
		t.Skip("run with -write-seeds to rewrite testdata/fuzz")
	}
	dir := filepath.Join("testdata", "fuzz", "FuzzRead")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, tt := range readTests {
		name := strings.ReplaceAll(tt.name, " ", "-")
		body := fmt.Sprintf("go test fuzz v1\n[]byte(%q)\n", tt.in)
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// FuzzRead checks that no input makes Read panic, that errors carry a line
// inside the input, that findings point at lines, that the fast paths read
// what the general path reads, and that whatever Read accepts imports and
// exports without panicking.
func FuzzRead(f *testing.F) {
	for _, tt := range readTests {
		f.Add([]byte(tt.in))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		lines := bytes.Count(data, []byte("\n")) + 1
		readBoth(t, "input", data)
		file, fs, err := Read(bytes.NewReader(data), "f.smd")
		if err != nil {
			if se, ok := err.(*SyntaxError); ok && (se.Line < 1 || se.Line > lines || se.Col < 1) {
				t.Fatalf("error outside the input (%d lines): %v", lines, err)
			}
			return
		}
		for _, fd := range fs {
			if fd.Where.Part != model.PartSMDLine || fd.Where.Index < 1 || fd.Where.Index > lines {
				t.Fatalf("finding outside the input: %s", fd)
			}
		}
		m, _, err := Import(file, []NamedFile{{Name: "a", File: file}}, ImportOptions{})
		if err != nil {
			return
		}
		ex := NewExporter(m, Source)
		var b bytes.Buffer
		if err := ex.WriteReference(&b); err != nil {
			t.Fatal(err)
		}
		if _, _, err := Read(&b, "again.smd"); err != nil {
			t.Fatalf("our own export does not read back: %v", err)
		}
	})
}
