package ui_test

import (
	"fmt"
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
	e, w, d := edtest.OpenEditor(t, in)
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
	in := uitest.CopyCorpus(t, "lesson31_bcb6/Data/Model.ms3d")
	e, w, _ := edtest.OpenEditor(t, in)
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

// TestOpenModernFormats opens a glTF, a binary glTF, an OBJ and two B3D
// files of the corpus as File ▸ Open and a drop do: each is an import, and
// the outline, the timeline and the clips show what was read (a glTF
// animation is a clip).
func TestOpenModernFormats(t *testing.T) {
	for _, c := range []struct {
		path     string
		animated bool
		clips    int
	}{
		{"gltf/glTF-Sample-Assets-OLD/Models/CesiumMan/glTF/CesiumMan.gltf", true, 1},
		{"gltf/glTF-Sample-Assets-OLD/Models/BoxAnimated/glTF-Binary/BoxAnimated.glb", true, 1},
		{"gltf/glTF-Sample-Assets-OLD/Models/BoxTextured/glTF/BoxTextured.gltf", false, 0},
		{"obj/assimp/test/models/OBJ/spider.obj", false, 0},
		{"b3d/minetest_game/mods/player_api/models/character.b3d", true, 0},
		{"b3d/assimp/test/models/B3D/WusonBlitz.b3d", false, 0},
	} {
		t.Run(filepath.Base(c.path), func(t *testing.T) {
			e, _, d := edtest.OpenEditor(t, filepath.Join(corpus.Dir(t), c.path))
			m := d.Model()
			if d.Imported() == nil || !strings.Contains(ui.Title(d), "imported from") {
				t.Errorf("title %q: not shown as an import", ui.Title(d))
			}
			var top []string
			for _, uid := range e.Outline.ChildUIDs("") {
				top = append(top, e.Outline.Text(uid))
			}
			want := fmt.Sprintf("Groups (%d) Materials (%d) Joints (%d)", len(m.Groups), len(m.Materials), len(m.Joints))
			if got := strings.Join(top[1:], " "); got != want || len(m.Groups) == 0 {
				t.Errorf("outline shows %q, the model has %q", got, want)
			}
			if n := len(e.Outline.ChildUIDs(e.Outline.ChildUIDs("")[1])); n != len(m.Groups) {
				t.Errorf("outline lists %d groups of %d", n, len(m.Groups))
			}
			if got := e.Timeline.Player.TotalFrames(); got != int(m.TotalFrames) && !(m.TotalFrames == 0 && got <= 1) {
				t.Errorf("timeline has %d frames, the model %d", got, m.TotalFrames)
			}
			if c.animated && e.Timeline.Player.TotalFrames() < 2 {
				t.Errorf("an animated model shows %d frames", e.Timeline.Player.TotalFrames())
			}
			if n := len(e.Clips.Clips()); n != c.clips {
				t.Errorf("clips panel lists %d clips, want %d", n, c.clips)
			}
		})
	}
}
