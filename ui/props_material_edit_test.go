package ui

import (
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// panelObjects returns the property panel's laid-out widgets.
func panelObjects(e *Editor) []fyne.CanvasObject { return test.LaidOutObjects(e.Properties.Object()) }

func panelButton(t *testing.T, e *Editor, text string) *widget.Button {
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
	e, w, _ := newTestEditor(t)
	d := openDoc(t, e, copyCorpus(t, "lesson31_bcb6/Data/Model.ms3d"))
	e.hub.Select(Selection{Kind: KindMaterial, Index: 0})
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
	if got := rgbaOf(colorOf([4]float32{1, 0, 0, 1}), [4]float32{0, 0, 0, 0.5}); got != [4]float32{1, 0, 0, 0.5} {
		t.Errorf("picked colour %v", got)
	}

	test.Tap(panelButton(t, e, "Duplicate"))
	if len(d.Model().Materials) != n+1 || d.UndoLabel() != "Duplicate material" {
		t.Fatalf("%d materials after duplicate", len(d.Model().Materials))
	}
	// Assign the copy to every group, then delete it: the groups get
	// material 0 back.
	e.hub.Select(Selection{Kind: KindMaterial, Index: n})
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
	test.Tap(overlayButton(t, w, "Delete"))
	if len(d.Model().Materials) != n || d.Model().Groups[0].Material != 0 {
		t.Errorf("after delete: %d materials, group 0 uses %d", len(d.Model().Materials), d.Model().Groups[0].Material)
	}
	d.Undo()
	if len(d.Model().Materials) != n+1 || int(d.Model().Groups[0].Material) != n {
		t.Error("undo did not bring the material back")
	}

	before := len(d.Model().Materials)
	e.newMaterial()
	if len(d.Model().Materials) != before+1 || e.hub.Current() != (Selection{Kind: KindMaterial, Index: before}) {
		t.Error("New Material")
	}
}

func TestMaterialsMenuOpensTextures(t *testing.T) {
	e, w, _ := newTestEditor(t)
	openDoc(t, e, copyCorpus(t, "lesson31_bcb6/Data/Model.ms3d"))
	var found *fyne.MenuItem
	for _, m := range e.Menu().Items {
		if m.Label == "Materials" {
			found = m.Items[0]
		}
	}
	if found == nil || found.Label != "Textures…" || found.Shortcut == nil {
		t.Fatalf("Materials ▸ Textures… missing: %+v", found)
	}
	td := e.showTextures()
	for !td.Idle() {
		time.Sleep(time.Millisecond)
	}
	if !containsText(overlayText(w), " path") {
		t.Errorf("dialog text:\n%s", overlayText(w))
	}
}

func containsText(s, sub string) bool { return strings.Contains(s, sub) }
