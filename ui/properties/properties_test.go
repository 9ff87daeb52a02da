package properties_test

import (
	"os"
	"strconv"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"ms3dstudio/document"
	"ms3dstudio/model"
	"ms3dstudio/ui"
	"ms3dstudio/ui/hub"
	"ms3dstudio/ui/internal/edtest"
	"ms3dstudio/ui/internal/uitest"
	"ms3dstudio/ui/widgets"
)

// TestPropertyEdits edits through the property panel and checks that the
// edits reach the document, undo through the Edit menu, and that refused
// values show a message.
func TestPropertyEdits(t *testing.T) {
	e, w, d := edtest.OpenEditor(t, uitest.CopyCorpus(t, "lesson31_bcb6/Data/Model.ms3d"))
	m := d.Model()
	p := e.Properties
	undo := uitest.MenuItem(t, e.Menu(), "Edit", "Undo")
	redo := uitest.MenuItem(t, e.Menu(), "Edit", "Redo")

	e.Selection().Select(hub.Selection{Kind: hub.KindJoint, Index: 0})
	uitest.SetAndSubmit(p.Entry("Name"), "root")
	if m.Joints[0].Name != "root" || m.Joints[1].Parent != "root" {
		t.Fatalf("rename: %q, child parent %q", m.Joints[0].Name, m.Joints[1].Parent)
	}
	if !strings.HasPrefix(w.Title(), ui.ModifiedMark+"Model.ms3d — ") {
		t.Errorf("title %q", w.Title())
	}
	if undo.Label != "Undo Rename joint" || undo.Disabled {
		t.Errorf("undo item %q disabled %v", undo.Label, undo.Disabled)
	}
	if !strings.HasPrefix(e.Outline.Text("joint/0"), "root — ") {
		t.Errorf("outline label %q", e.Outline.Text("joint/0"))
	}
	undo.Action()
	if m.Joints[0].Name != "joint1" || p.Entry("Name").Text != "joint1" || d.Modified() {
		t.Fatalf("undo: name %q, entry %q", m.Joints[0].Name, p.Entry("Name").Text)
	}
	if w.Title() != "Model.ms3d — MS3D Studio" {
		t.Errorf("title after undo %q", w.Title())
	}
	redo.Action()
	if m.Joints[0].Name != "root" {
		t.Fatal("redo")
	}

	// A refused name shows a message and changes nothing.
	name := p.Entry("Name")
	uitest.SetAndSubmit(name, strings.Repeat("x", 33))
	if !name.Message.Visible() || !strings.Contains(name.Message.Text, "at most 32") || m.Joints[0].Name != "root" {
		t.Fatalf("long name: message %q visible %v", name.Message.Text, name.Message.Visible())
	}
	// Focus loss commits too.
	w.Canvas().Focus(name)
	name.SetText("base")
	w.Canvas().Unfocus()
	if m.Joints[0].Name != "base" {
		t.Fatalf("focus loss did not commit: %q", m.Joints[0].Name)
	}

	uitest.SetAndSubmit(p.Entry("Rest position"), "1 2 3")
	if m.Joints[0].Position != [3]float32{1, 2, 3} {
		t.Errorf("rest position %v", m.Joints[0].Position)
	}
	rp := p.Entry("Rest rotation")
	uitest.SetAndSubmit(rp, "1 2")
	if !strings.Contains(rp.Message.Text, "3 numbers") {
		t.Errorf("bad rotation message %q", rp.Message.Text)
	}
	// A multi-line entry commits on focus loss (Enter is a new line).
	cm := p.Entry("Comment")
	w.Canvas().Focus(cm)
	cm.SetText("the root\nof all")
	w.Canvas().Unfocus()
	if c, _ := model.CommentFor(m.Comments.Joints, 0); c != "the root\r\nof all" {
		t.Errorf("joint comment %q", c)
	}

	// Keys: select the second rotation key of joint 4 and move it.
	e.Selection().Select(hub.Selection{Kind: hub.KindJoint, Index: 3})
	kw := p.Keys(document.RotationKey)
	kw.List.Select(1)
	if kw.Time.Text != widgets.FormatFloat(m.Joints[3].RotationKeys[1].Time) {
		t.Fatalf("key editor shows time %q", kw.Time.Text)
	}
	kw.Time.SetText("0.5")
	kw.Value.SetText("0.1 0.2 0.3")
	test.Tap(kw.Set)
	if k := m.Joints[3].RotationKeys[1]; k.Time != 0.5 || k.Value != [3]float32{0.1, 0.2, 0.3} {
		t.Fatalf("set key gave %v", k)
	}
	kw = p.Keys(document.RotationKey)
	kw.Time.SetText("0.75")
	test.Tap(kw.Add)
	if n := len(m.Joints[3].RotationKeys); n != 4 || m.Joints[3].RotationKeys[2].Time != 0.75 {
		t.Fatalf("add key gave %v", m.Joints[3].RotationKeys)
	}
	kw = p.Keys(document.RotationKey)
	kw.List.Select(0)
	test.Tap(kw.Del)
	if n := len(m.Joints[3].RotationKeys); n != 3 {
		t.Fatalf("delete key left %d", n)
	}
	kw = p.Keys(document.PositionKey)
	kw.Time.SetText("-1")
	test.Tap(kw.Add)
	if v, _ := p.Value("Position keys message"); !strings.Contains(v, "≥ 0") {
		t.Errorf("bad key time message %q", v)
	}

	// Material edits.
	e.Selection().Select(hub.Selection{Kind: hub.KindMaterial, Index: 0})
	uitest.SetAndSubmit(p.Entry("Diffuse"), "1 0 0 1")
	uitest.SetAndSubmit(p.Entry("Shininess"), "32")
	uitest.SetAndSubmit(p.Entry("Transparency"), "0.5")
	uitest.SetAndSubmit(p.Entry("Texture"), "Wood.bmp")
	mt := m.Materials[0]
	if mt.Diffuse != [4]float32{1, 0, 0, 1} || mt.Shininess != 32 || mt.Transparency != 0.5 || mt.Texture != "Wood.bmp" {
		t.Fatalf("material %+v", mt)
	}
	if r := d.Remaps(); len(r) != 1 || r[0].New != "Wood.bmp" {
		t.Fatalf("remaps %v", r)
	}
	if v, _ := p.Value("Texture file"); v != "missing" {
		t.Errorf("texture file %q", v)
	}
	tr := p.Entry("Transparency")
	uitest.SetAndSubmit(tr, "2")
	if !tr.Message.Visible() || m.Materials[0].Transparency != 0.5 {
		t.Errorf("transparency 2 accepted or silent: %q", tr.Message.Text)
	}

	// Model-level edits.
	e.Selection().Select(hub.Selection{Kind: hub.KindModel, Index: -1})
	uitest.SetAndSubmit(p.Entry("FPS"), "30")
	uitest.SetAndSubmit(p.Entry("Total frames"), "48")
	if m.FPS != 30 || m.TotalFrames != 48 || e.Timeline.Player.TotalFrames() != 48 || e.Timeline.Player.FPS() != 30 {
		t.Fatalf("fps %v frames %d, timeline %v %d", m.FPS, m.TotalFrames, e.Timeline.Player.FPS(), e.Timeline.Player.TotalFrames())
	}
	if v, _ := p.Value("Version"); v != "4" {
		t.Errorf("version %q", v)
	}

	// Everything undoes back to the original bytes.
	for d.CanUndo() {
		e.Undo()
	}
	orig, _ := os.ReadFile(uitest.CorpusPath(t, "lesson31_bcb6/Data/Model.ms3d"))
	now, _ := d.Encode()
	if string(orig) != string(now) {
		t.Fatal("undoing every edit did not restore the file's bytes")
	}
}

// TestGroupProperties shows a group's fields and changes its material with
// the select.
func TestGroupProperties(t *testing.T) {
	e, _, d := edtest.OpenEditor(t, uitest.CorpusPath(t, "Woman4.ms3d"))
	m := d.Model()
	e.Selection().Select(hub.Selection{Kind: hub.KindGroup, Index: 0})
	p := e.Properties
	if v, _ := p.Value("Triangles"); v != strconv.Itoa(len(m.Groups[0].Triangles)) {
		t.Errorf("triangles %q", v)
	}
	if v, ok := p.Value("Bones used"); !ok || !strings.Contains(v, ":") {
		t.Errorf("bones used %q", v)
	}
	if _, ok := p.Value("Vertices"); !ok {
		t.Error("no vertex summary")
	}
	for _, f := range []string{"Name", "Comment"} {
		if p.Entry(f) == nil {
			t.Errorf("no %s entry", f)
		}
	}
	// Choosing another material in the select goes through the document.
	sel := p.MaterialSelect()
	if sel.SelectedIndex() != int(m.Groups[0].Material)+1 {
		t.Fatalf("select shows %d for material %d", sel.SelectedIndex(), m.Groups[0].Material)
	}
	old := m.Groups[0].Material
	sel.SetSelectedIndex(0) // "none"
	if m.Groups[0].Material != -1 || !d.Modified() {
		t.Fatalf("group material %d", m.Groups[0].Material)
	}
	d.Undo()
	if m.Groups[0].Material != old {
		t.Fatal("undo of the material choice")
	}
	// Model view: every model-level field.
	e.Selection().Select(hub.Selection{Kind: hub.KindModel, Index: -1})
	for _, f := range []string{"Version", "Counts", "Current time", "Trailing bytes", "Model extra", "Joint colours"} {
		if _, ok := p.Value(f); !ok {
			t.Errorf("model field %s missing", f)
		}
	}
	if v, _ := p.Value("Trailing bytes"); !strings.HasPrefix(v, strconv.Itoa(len(m.Trailing))+" bytes") {
		t.Errorf("trailing %q", v)
	}
}

// TestFocusMovesToNextField clicks from one edited field to the next: the
// first commits as it loses the focus, the panel is rebuilt after the focus
// moved, and the focus lands on the rebuilt copy of the second field (a
// regression test: rebuilding inside FocusLost handed the focus to a field
// that was no longer shown).
func TestFocusMovesToNextField(t *testing.T) {
	e, w, _ := edtest.NewEditor(t)
	var queue []func()
	e.Properties.Post = func(f func()) { queue = append(queue, f) }
	d := edtest.Open(t, e, uitest.CorpusPath(t, "lesson31_bcb6/Data/Model.ms3d"))
	e.Selection().Select(hub.Selection{Kind: hub.KindMaterial, Index: 0})
	p := e.Properties
	shin, tr := p.Entry("Shininess"), p.Entry("Transparency")
	c := w.Canvas()
	c.Focus(shin)
	shin.SetText("12")
	c.Focus(tr) // commits Shininess
	if d.Model().Materials[0].Shininess != 12 || len(queue) != 1 {
		t.Fatalf("shininess %v, %d rebuilds queued", d.Model().Materials[0].Shininess, len(queue))
	}
	if p.Entry("Transparency") != tr {
		t.Fatal("the panel was rebuilt inside FocusLost")
	}
	queue[0]()
	if p.Entry("Transparency") == tr || c.Focused() != fyne.Focusable(p.Entry("Transparency")) {
		t.Fatalf("focus on %v after the rebuild", c.Focused())
	}
	if v := p.Entry("Shininess").Text; v != "12" {
		t.Errorf("rebuilt shininess shows %q", v)
	}
}
