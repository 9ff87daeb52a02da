package smd

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"ms3dstudio/internal/fuzzseeds"
	"ms3dstudio/model"
)

// TestSeedsWritten checks that testdata/fuzz/FuzzRead holds the seeds as they
// are now, besides the inputs the fuzz engine saved when the target failed
// (internal/fuzzseeds); go test -run TestSeedsWritten -update-seeds
// rewrites them.
func TestSeedsWritten(t *testing.T) {
	want := map[string][]byte{}
	for _, tt := range readTests {
		want[strings.ReplaceAll(tt.name, " ", "-")] = []byte(tt.in)
	}
	fuzzseeds.Sync(t, filepath.Join("testdata", "fuzz", "FuzzRead"), want)
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
