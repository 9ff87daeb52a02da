package ui_test

import (
	"os"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"path/filepath"
	"strings"
	"testing"

	"ms3dstudio/document"
	"ms3dstudio/formats/max3ds"
	"ms3dstudio/internal/corpus"
	"ms3dstudio/ui"
	"ms3dstudio/ui/internal/edtest"
	"ms3dstudio/ui/internal/uitest"
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
	dlg := e.ShowExportDialog()
	dlg.Name.SetText("crate.glb")
	test.Tap(dlg.ExportButton)
	if st, err := os.Stat(glb); err != nil || st.Size() < 500 {
		t.Fatalf("export: %v; shown:\n%s", err, uitest.OverlayText(w))
	}
}

// TestExportFromTheEditor: File ▸ Export… (Ctrl+E) opens in the model's
// folder with the format last exported to, and poses static formats at the
// timeline's frame.
func TestExportFromTheEditor(t *testing.T) {
	e, w, _ := edtest.NewEditor(t)
	in := uitest.CopyCorpus(t, "lesson31_bcb6/Data/Model.ms3d")
	edtest.Open(t, e, in)
	edtest.SeekFrame(e, 7)
	w.Canvas().(fyne.Shortcutable).TypedShortcut(ui.Ctrl(fyne.KeyE))
	uitest.OverlayButton(t, w, "Export") // Ctrl+E showed the dialog
	dlg := e.ShowExportDialog()
	if dlg.Path() != filepath.Join(filepath.Dir(in), "Model.glb") {
		t.Errorf("Export offers %s, want Model.glb beside the model", dlg.Path())
	}
	if err := dlg.SetFormat(".obj"); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(dlg.Pose.Selected, "(7)") {
		t.Errorf("the OBJ pose is %q, want the current frame 7", dlg.Pose.Selected)
	}
	test.Tap(dlg.ExportButton)
	obj := filepath.Join(filepath.Dir(in), "Model.obj")
	if _, err := os.Stat(obj); err != nil {
		t.Fatalf("no OBJ written: %v; shown:\n%s", err, uitest.OverlayText(w))
	}
	if again := e.ShowExportDialog(); again.Format.Selected != dlg.Format.Selected {
		t.Errorf("the next export offers %q, want the format last exported to", again.Format.Selected)
	}
}
