package document

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"ms3dstudio/document/exporter"
	"ms3dstudio/internal/corpus"
	"ms3dstudio/model"
	"ms3dstudio/model/texpath"
)

// found counts the materials' texture and alpha-map paths that resolve from
// the model file at path.
func found(t *testing.T, m *model.Model, path string) int {
	t.Helper()
	res, err := texpath.NewOS(path)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, mt := range m.Materials {
		for _, p := range []model.Str{mt.Texture, mt.AlphaMap} {
			if res.Resolve(p).Found {
				n++
			}
		}
	}
	return n
}

// TestSaveAsElsewhereKeepsTexturesResolving: every corpus model whose
// textures resolve, saved into another folder (Save As and Export to
// .ms3d, as ms3dtool convert does), still resolves every one of them from
// there, the paths said (Rebased, the findings); the viewport's images are
// those files; an OBJ exported from the saved model names files that exist
// in its .mtl; and a model saved in its own folder is written back byte
// for byte.
func TestSaveAsElsewhereKeepsTexturesResolving(t *testing.T) {
	checked := 0
	for _, e := range corpus.MS3D(t) {
		d, err := Open(e.Path)
		if err != nil {
			continue // the unreadable files are another test's
		}
		want := found(t, d.Model(), e.Path)
		if want == 0 {
			continue
		}
		checked++
		t.Run(e.String(), func(t *testing.T) {
			dir := t.TempDir()
			// Save As, into a folder beside nothing the model names.
			out := filepath.Join(dir, "saved", "copy.ms3d")
			if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := d.SaveAs(out); err != nil {
				t.Fatal(err)
			}
			if got := found(t, d.Model(), out); got != want {
				t.Errorf("Save As: %d of %d paths resolve from %s (rebased: %v)", got, want, out, d.Rebased())
			}
			saved, err := Open(out)
			if err != nil {
				t.Fatal(err)
			}
			if got := found(t, saved.Model(), out); got != want {
				t.Errorf("reopened: %d of %d paths resolve", got, want)
			}
			if d.Modified() {
				t.Error("the document is modified after Save As")
			}
			for i, img := range d.Textures().Images {
				if mt := d.Model().Materials[i]; img == nil && d.TextureResolver().Resolve(mt.Texture).Found {
					t.Errorf("material %d: the image of %q is not loaded from the new folder", i, mt.Texture.Display())
				}
			}
			// Export to .ms3d elsewhere (ms3dtool convert).
			conv := filepath.Join(dir, "deeper", "down", "conv.ms3d")
			os.MkdirAll(filepath.Dir(conv), 0o755)
			orig, _ := Open(e.Path)
			_, findings, err := exporter.Write(orig.Model(), conv, orig.TextureResolver(), exporter.Options{})
			if err != nil {
				t.Fatal(err)
			}
			cm, err := Open(conv)
			if err != nil {
				t.Fatal(err)
			}
			if got := found(t, cm.Model(), conv); got != want {
				t.Errorf("convert: %d of %d paths resolve from %s (%v)", got, want, conv, findings)
			}
			// The OBJ export of the saved model: each map_Kd names a file.
			obj := filepath.Join(dir, "obj", "m.obj")
			os.MkdirAll(filepath.Dir(obj), 0o755)
			if _, _, err := exporter.Write(d.Model(), obj, d.TextureResolver(), exporter.Options{Rest: true}); err != nil {
				t.Fatal(err)
			}
			mtl, err := os.ReadFile(strings.TrimSuffix(obj, ".obj") + ".mtl")
			if err != nil {
				t.Fatal(err)
			}
			textures := 0 // materials whose texture resolves
			for _, mt := range d.Model().Materials {
				if d.TextureResolver().Resolve(mt.Texture).Found {
					textures++
				}
			}
			maps := 0
			sc := bufio.NewScanner(bytes.NewReader(mtl))
			for sc.Scan() {
				if p, ok := strings.CutPrefix(sc.Text(), "map_Kd "); ok {
					if _, err := os.Stat(filepath.Join(filepath.Dir(obj), filepath.FromSlash(p))); err == nil {
						maps++
					}
				}
			}
			if maps != textures {
				t.Errorf("the .mtl names %d files that exist, want the %d textures that resolve:\n%s", maps, textures, mtl)
			}
		})
	}
	if checked < 5 {
		t.Fatalf("only %d corpus models have textures that resolve", checked)
	}

	// Saved in its own folder, an untouched file is written back as it was.
	e := corpus.File(t, "guy.ms3d")
	src, err := os.ReadFile(e.Path)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, f := range []string{"guy.ms3d", "guy.png"} {
		data, err := os.ReadFile(filepath.Join(filepath.Dir(e.Path), f))
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(dir, f), data, 0o644)
	}
	d, err := Open(filepath.Join(dir, "guy.ms3d"))
	if err != nil {
		t.Fatal(err)
	}
	if err := d.SaveAs(filepath.Join(dir, "again.ms3d")); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "again.ms3d")); !bytes.Equal(got, src) || d.Rebased() != nil {
		t.Errorf("saved in its own folder: %d bytes (want the %d of the original), rebased %v", len(got), len(src), d.Rebased())
	}
}
