package exporter_test

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"ms3dstudio/document"
	"ms3dstudio/document/exporter"
	"ms3dstudio/formats/md3"
	"ms3dstudio/internal/atomicfile"
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
	for _, ext := range exporter.Formats {
		dir := t.TempDir()
		out := filepath.Join(dir, "out"+ext)
		p, err := exporter.Prepare(d.Model(), out, d.TextureResolver(), exporter.Options{AllClips: true})
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

// TestExportPlanRefusesOthersFiles: where a file of the name is there and
// is not the format's (notes saved as notes.md2), the plan says so before
// anything is written, Write leaves it alone, and a file of the format is
// not refused; another program's animation.cfg is not among the files an
// MD3 export says it will replace.
func TestExportPlanRefusesOthersFiles(t *testing.T) {
	d, err := document.Open(corpus.File(t, "lesson31_bcb6/Data/Model.ms3d").Path)
	if err != nil {
		t.Fatal(err)
	}
	if err := d.Do(document.SetClips([]clips.Clip{{Name: "legs_walk", First: 1, Last: 12}})); err != nil {
		t.Fatal(err)
	}
	for _, ext := range []string{".md2", ".md3", ".b3d"} {
		dir := t.TempDir()
		out := filepath.Join(dir, "notes"+ext)
		os.WriteFile(out, []byte("my notes, not a model"), 0o644)
		p, err := exporter.Prepare(d.Model(), out, d.TextureResolver(), exporter.Options{})
		if err != nil {
			t.Fatalf("%s: %v", ext, err)
		}
		var foreign *atomicfile.ForeignError
		if err := p.Refused(); !errors.As(err, &foreign) || foreign.Path != out {
			t.Errorf("%s: Refused() = %v, want a ForeignError for %s", ext, err, out)
		}
		if _, _, err := p.Write(); err == nil {
			t.Errorf("%s: Write replaced the notes", ext)
		}
		if got, _ := os.ReadFile(out); string(got) != "my notes, not a model" {
			t.Errorf("%s: the notes now hold %d bytes", ext, len(got))
		}
		os.Remove(out)
		if _, _, err := p.Write(); err != nil {
			t.Fatalf("%s: %v", ext, err)
		}
		if err := p.Refused(); err != nil {
			t.Errorf("%s: a file the export wrote itself is refused: %v", ext, err)
		}
	}
	dir := t.TempDir()
	cfg := filepath.Join(dir, md3.ConfigName)
	os.WriteFile(cfg, []byte("sex m\n"), 0o644)
	p, err := exporter.Prepare(d.Model(), filepath.Join(dir, "lower.md3"), d.TextureResolver(), exporter.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if slices.Contains(p.Files, cfg) || len(p.Existing()) != 0 {
		t.Errorf("with another program's animation.cfg there, the plan names %v and says %v exist", p.Files, p.Existing())
	}
}
