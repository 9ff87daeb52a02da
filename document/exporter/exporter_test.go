package exporter

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"ms3dstudio/formats/b3d"
	"ms3dstudio/formats/ms3d/ms3dtest"
	"ms3dstudio/internal/corpus"
	"ms3dstudio/model"
)

// TestExportB3D exports a corpus model as B3D with a frame rate of its own.
func TestExportB3D(t *testing.T) {
	path := corpus.File(t, "lesson31_bcb6/Data/Model.ms3d").Path
	m, res := ms3dtest.Read(t, path)
	out := filepath.Join(t.TempDir(), "guy.b3d")
	written, _, err := Write(m, out, res, Options{FPS: 12})
	if err != nil || !slices.Equal(written, []string{out}) {
		t.Fatalf("Write = %v, %v", written, err)
	}
	f, _, err := b3d.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if root := f.Nodes[0]; root.Name != "guy" || root.Anim.FPS != 12 || root.Anim.Frames != m.TotalFrames {
		t.Errorf("root %q, anim %+v", root.Name, root.Anim)
	}
	if f.Textures[0].Name != filepath.ToSlash(mustRel(t, filepath.Dir(out), filepath.Join(filepath.Dir(path), "Wood.bmp"))) {
		t.Errorf("texture %q", f.Textures[0].Name)
	}
}

func mustRel(t *testing.T, base, target string) string {
	t.Helper()
	r, err := filepath.Rel(base, target)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestWriteUnknownFormat refuses an extension it does not write, naming
// those it does, and writes nothing.
func TestWriteUnknownFormat(t *testing.T) {
	out := filepath.Join(t.TempDir(), "model.fbx")
	files, _, err := Write(&model.Model{}, out, nil, Options{})
	if err == nil || files != nil || !strings.Contains(err.Error(), strings.Join(Formats, ", ")) {
		t.Fatalf("Write(.fbx) = %v, %v", files, err)
	}
	if _, err := os.Stat(out); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a file was written: %v", err)
	}
}
