package document

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"ms3dstudio/formats/max3ds"
	"ms3dstudio/internal/corpus"
)

// TestSaveRefusesSceneBeyondMS3D imports a 3DS scene with more vertices
// than an MS3D file can address: the document opens with what fits, and
// Save names the limit and writes nothing instead of truncating silently.
func TestSaveRefusesSceneBeyondMS3D(t *testing.T) {
	obj := func(name string, n int) max3ds.Object {
		o := max3ds.Object{Name: name, Vertices: make([][3]float32, n), VertexOffset: -1}
		for i := range o.Vertices {
			o.Vertices[i] = [3]float32{float32(i), 0, float32(i % 7)}
		}
		for i := 0; i+2 < n; i += 3 {
			o.Faces = append(o.Faces, max3ds.Face{V: [3]uint16{uint16(i), uint16(i + 1), uint16(i + 2)}})
		}
		return o
	}
	s := &max3ds.Scene{Objects: []max3ds.Object{obj("A", 40000), obj("B", 40000)}}
	m, _, found := max3ds.Import(s, max3ds.Options{})
	d := New(m, filepath.Join(t.TempDir(), "big.3ds"), found)
	if len(d.Model().Vertices) != 40000 {
		t.Fatalf("%d vertices open, want object A's 40000", len(d.Model().Vertices))
	}
	out := filepath.Join(t.TempDir(), "big.ms3d")
	err := d.SaveAs(out)
	if err == nil || !strings.Contains(err.Error(), "65535 vertices") {
		t.Fatalf("save: %v, want a refusal naming the 65535-vertex limit", err)
	}
	if _, err := os.Stat(out); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("a file was written: %v", err)
	}
}

// TestImportFindingsHaveNoMS3DOffsets checks that the checks on a model
// imported from a .3ds file give no byte offsets: an MS3D offset would
// point into no file the user has.
func TestImportFindingsHaveNoMS3DOffsets(t *testing.T) {
	d, err := Open(filepath.Join(corpus.Dir(t), "3ds", "blitz3d", "makbot", "mak_robotic.3DS"))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, f := range d.Findings() {
		if strings.HasPrefix(string(f.Code), "material.") {
			n++
			if f.Where.Offset >= 0 {
				t.Errorf("%v has an MS3D offset", f)
			}
		}
	}
	if n == 0 {
		t.Fatalf("no material findings to look at: %v", d.Findings())
	}
}
