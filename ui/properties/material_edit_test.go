package properties_test

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"ms3dstudio/ui"
	"ms3dstudio/ui/hub"
	"ms3dstudio/ui/internal/edtest"
	"ms3dstudio/ui/internal/uitest"
	"ms3dstudio/ui/properties"
)

// panelObjects returns the property panel's laid-out widgets.
func panelObjects(e *ui.Editor) []fyne.CanvasObject {
	return test.LaidOutObjects(e.Properties.Object())
}

func panelButton(t *testing.T, e *ui.Editor, text string) *widget.Button {
	t.Helper()
	for _, o := range panelObjects(e) {
		if b, ok := o.(*widget.Button); ok && b.Text == text {
			return b
		}
	}
	t.Fatalf("no %q button in the panel", text)
	return nil
}

func TestMaterialEditors(t *testing.T) {
	e, w, d := edtest.OpenEditor(t, uitest.CopyCorpus(t, "lesson31_bcb6/Data/Model.ms3d"))
	e.Selection().Select(hub.Selection{Kind: hub.KindMaterial, Index: 0})
	n := len(d.Model().Materials)

	var sliders []*widget.Slider
	for _, o := range panelObjects(e) {
		if s, ok := o.(*widget.Slider); ok {
			sliders = append(sliders, s)
		}
	}
	if len(sliders) != 2 {
		t.Fatalf("%d sliders", len(sliders))
	}
	sliders[0].OnChangeEnded(50)
	sliders[1].OnChangeEnded(0.25)
	mt := d.Model().Materials[0]
	if mt.Shininess != 50 || mt.Transparency != 0.25 || d.UndoLabel() != "Set transparency" {
		t.Errorf("shininess %v, transparency %v, undo %q", mt.Shininess, mt.Transparency, d.UndoLabel())
	}
	d.Undo()
	d.Undo()
	if mt := d.Model().Materials[0]; mt.Shininess == 50 || mt.Transparency == 0.25 {
		t.Error("undo did not restore the sliders' fields")
	}

	test.Tap(panelButton(t, e, "Diffuse…"))
	if w.Canvas().Overlays().Top() == nil {
		t.Fatal("no colour picker")
	}
	w.Canvas().Overlays().Remove(w.Canvas().Overlays().Top())
	if got := properties.RGBAOf(properties.ColorOf([4]float32{1, 0, 0, 1}), [4]float32{0, 0, 0, 0.5}); got != [4]float32{1, 0, 0, 0.5} {
		t.Errorf("picked colour %v", got)
	}

	test.Tap(panelButton(t, e, "Duplicate"))
	if len(d.Model().Materials) != n+1 || d.UndoLabel() != "Duplicate material" {
		t.Fatalf("%d materials after duplicate", len(d.Model().Materials))
	}
	// Assign the copy to every group, then delete it: the groups get
	// material 0 back.
	e.Selection().Select(hub.Selection{Kind: hub.KindMaterial, Index: n})
	for _, o := range panelObjects(e) {
		if cg, ok := o.(*widget.CheckGroup); ok {
			cg.SetSelected(cg.Options)
		}
	}
	test.Tap(panelButton(t, e, "Assign to checked groups"))
	for g, gr := range d.Model().Groups {
		if int(gr.Material) != n {
			t.Errorf("group %d uses %d", g, gr.Material)
		}
	}
	test.Tap(panelButton(t, e, "Delete…"))
	var sel *widget.Select
	for _, o := range test.LaidOutObjects(w.Canvas().Overlays().Top()) {
		if s, ok := o.(*widget.Select); ok {
			sel = s
		}
	}
	if sel == nil {
		t.Fatal("no replacement choice")
	}
	sel.SetSelectedIndex(1) // material 0
	test.Tap(uitest.OverlayButton(t, w, "Delete"))
	if len(d.Model().Materials) != n || d.Model().Groups[0].Material != 0 {
		t.Errorf("after delete: %d materials, group 0 uses %d", len(d.Model().Materials), d.Model().Groups[0].Material)
	}
	d.Undo()
	if len(d.Model().Materials) != n+1 || int(d.Model().Groups[0].Material) != n {
		t.Error("undo did not bring the material back")
	}

	before := len(d.Model().Materials)
	uitest.MenuItem(t, e.Menu(), "Materials", "New Material").Action()
	if len(d.Model().Materials) != before+1 || e.Selection().Current() != (hub.Selection{Kind: hub.KindMaterial, Index: before}) {
		t.Error("New Material")
	}
}
