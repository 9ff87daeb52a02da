package document_test

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"ms3dstudio/document"
	"ms3dstudio/internal/corpus"
	"ms3dstudio/model/clips"
)

// TestExportPlanNamesEveryFileWritten exports a textured, animated corpus
// model with two clips to every format, each into an empty folder: the
// files the plan names before writing are the files the export writes
// (an SMD's animations and QC, an OBJ's .mtl, a glTF's buffer, an MD3's
// animation.cfg) — a glTF's images aside, which never replace a file
// with other bytes — and the folder holds nothing else. Nothing is
// written before Write.
func TestExportPlanNamesEveryFileWritten(t *testing.T) {
	d, err := document.Open(corpus.File(t, "lesson31_bcb6/Data/Model.ms3d").Path)
	if err != nil {
		t.Fatal(err)
	}
	list := []clips.Clip{{Name: "legs_walk", First: 1, Last: 12}, {Name: "torso_stand", First: 13, Last: 24}}
	if err := d.Do(document.SetClips(list)); err != nil {
		t.Fatal(err)
	}
	for _, ext := range document.ExportFormats {
		dir := t.TempDir()
		out := filepath.Join(dir, "out"+ext)
		p, err := document.PlanExport(d.Model(), out, d.TextureResolver(), document.ExportOptions{AllClips: true})
		if err != nil {
			t.Fatalf("%s: %v", ext, err)
		}
		if es, _ := os.ReadDir(dir); len(es) != 0 {
			t.Errorf("%s: planning wrote %d files", ext, len(es))
		}
		if have := p.Existing(); len(have) != 0 {
			t.Errorf("%s: in an empty folder the plan says %v exist", ext, have)
		}
		written, _, err := p.Write()
		if err != nil {
			t.Fatalf("%s: %v", ext, err)
		}
		var onDisk []string
		es, _ := os.ReadDir(dir)
		for _, e := range es {
			onDisk = append(onDisk, filepath.Join(dir, e.Name()))
		}
		slices.Sort(onDisk)
		if w := slices.Sorted(slices.Values(written)); !slices.Equal(w, onDisk) {
			t.Errorf("%s: Write says it wrote %v, the folder holds %v", ext, w, onDisk)
		}
		for _, f := range onDisk {
			if !slices.Contains(p.Files, f) && !(ext == ".gltf" && isImage(f)) {
				t.Errorf("%s: wrote %s, which the plan did not name (%v)", ext, filepath.Base(f), p.Files)
			}
		}
		for _, f := range p.Files {
			if !slices.Contains(onDisk, f) {
				t.Errorf("%s: the plan names %s, which was not written", ext, filepath.Base(f))
			}
		}
		if have := p.Existing(); !slices.Equal(have, p.Files) {
			t.Errorf("%s: after writing, Existing gives %v, want every planned file %v", ext, have, p.Files)
		}
		if ext == ".smd" && len(p.Files) != 4 {
			t.Errorf("smd: planned %v, want the reference, two clips and the QC", p.Files)
		}
	}
}

func isImage(path string) bool {
	switch filepath.Ext(path) {
	case ".png", ".jpg", ".jpeg", ".bmp", ".tga", ".dds", ".pcx":
		return true
	}
	return false
}
