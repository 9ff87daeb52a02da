package ui_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"ms3dstudio/document"
	"ms3dstudio/formats/max3ds"
	"ms3dstudio/internal/corpus"
	"ms3dstudio/ui"
	"ms3dstudio/ui/internal/edtest"
)

// TestOpen3DS opens a .3ds file in the editor: the title says it is an
// import, the import options re-import live, Save writes an .ms3d beside it
// instead of overwriting the .3ds, and Export writes a .glb.
func TestOpen3DS(t *testing.T) {
	src := filepath.Join(corpus.Dir(t), "3ds", "blitz3d", "wood-crate", "wcrate1.3ds")
	dir := t.TempDir()
	in := filepath.Join(dir, "wcrate1.3ds")
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(in, data, 0o644); err != nil {
		t.Fatal(err)
	}
	e, w, _ := edtest.NewEditor(t)
	d := edtest.Open(t, e, in)
	if d.Imported() == nil || !strings.Contains(ui.Title(d), "imported from 3DS") || !d.Modified() {
		t.Fatalf("title %q, imported %v, modified %v", ui.Title(d), d.Imported(), d.Modified())
	}
	if len(d.Model().Triangles) != 12 {
		t.Fatalf("%d triangles, want the crate's 12", len(d.Model().Triangles))
	}
	e.Properties.OnReimport(document.OpenOptions{Pivot: max3ds.PivotApply})
	nd := e.Document()
	if nd == d || nd.Imported().Options.Pivot != max3ds.PivotApply || nd.Imported().Info.PivotRule != "apply" {
		t.Fatalf("re-import with pivot apply: %+v", nd.Imported())
	}
	e.SaveTo(in, nil) // the user typed the .3ds name
	if got, _ := os.ReadFile(in); string(got) != string(data) {
		t.Fatal("Save overwrote the .3ds file")
	}
	if _, err := os.Stat(filepath.Join(dir, "wcrate1.ms3d")); err != nil {
		t.Fatalf("no .ms3d written: %v", err)
	}
	if e.Document().Imported() != nil || strings.Contains(ui.Title(e.Document()), "imported") {
		t.Error("still an import after saving as MS3D")
	}
	glb := filepath.Join(dir, "crate.glb")
	if err := e.ExportTo(glb); err != nil {
		t.Fatal(err)
	}
	if st, err := os.Stat(glb); err != nil || st.Size() < 500 {
		t.Fatalf("export: %v", err)
	}
	_ = w
}
