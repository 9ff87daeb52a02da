package ui

import (
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"ms3dstudio/document"
	"ms3dstudio/model"
)

// jointIndex returns the index of the joint called name.
func jointIndex(t *testing.T, m *model.Model, name string) int {
	t.Helper()
	for i, j := range m.Joints {
		if j.Name.Text() == model.Str(name) {
			return i
		}
	}
	t.Fatalf("no joint %q", name)
	return -1
}

// TestOutlineWoman4 checks the tree on a real file: 31 joints in their
// hierarchy (Hips the root, LHipJoint under Hips …), groups with triangle
// counts and materials, materials with texture state.
func TestOutlineWoman4(t *testing.T) {
	e, _, _ := newTestEditor(t)
	d := openDoc(t, e, corpusPath(t, "Woman4.ms3d"))
	o, m := e.Outline, d.Model()
	top := o.ChildUIDs("")
	if !slices.Equal(top, []string{nodeModel, nodeGroups, nodeMaterials, nodeJoints}) {
		t.Fatalf("top nodes %v", top)
	}
	hips := jointIndex(t, m, "Hips")
	if roots := o.ChildUIDs(nodeJoints); !slices.Equal(roots, []string{uidOf(Selection{KindJoint, hips})}) {
		t.Fatalf("joint roots %v, want only Hips (%d)", roots, hips)
	}
	if got := o.Text(nodeJoints); got != "Joints (31)" {
		t.Errorf("joints node %q", got)
	}
	// Walk the tree: every joint appears once, under its parent.
	seen := map[string]string{}
	var walk func(uid, parent string)
	walk = func(uid, parent string) {
		if _, dup := seen[uid]; dup {
			t.Fatalf("%s appears twice", uid)
		}
		seen[uid] = parent
		for _, c := range o.ChildUIDs(uid) {
			walk(c, uid)
		}
	}
	walk(nodeJoints, "")
	if len(seen) != 32 {
		t.Fatalf("tree holds %d joints, want 31", len(seen)-1)
	}
	for child, parent := range map[string]string{"LHipJoint": "Hips", "RHipJoint": "Hips", "LowerBack": "Hips"} {
		c, p := jointIndex(t, m, child), jointIndex(t, m, parent)
		if got := seen[uidOf(Selection{KindJoint, c})]; got != uidOf(Selection{KindJoint, p}) {
			t.Errorf("%s is under %s, want %s", child, got, parent)
		}
	}
	j := m.Joints[hips]
	want := "Hips — " + itoa(len(j.RotationKeys)) + " rot, " + itoa(len(j.PositionKeys)) + " pos keys"
	if got := o.Text(uidOf(Selection{KindJoint, hips})); got != want {
		t.Errorf("Hips label %q, want %q", got, want)
	}
	g0 := o.Text("group/0")
	if !strings.Contains(g0, itoa(len(m.Groups[0].Triangles))+" triangles") || !strings.Contains(g0, materialName(m, int(m.Groups[0].Material))) {
		t.Errorf("group label %q", g0)
	}
	for i, mt := range m.Materials {
		got := o.Text(uidOf(Selection{KindMaterial, i}))
		if mt.Texture.Text() != "" && !strings.Contains(got, mt.Texture.Display()) {
			t.Errorf("material %d label %q lacks its texture %q", i, got, mt.Texture.Display())
		}
		found := e.tex.Lookup(mt.Texture).Found
		if mt.Texture.Text() != "" && strings.HasSuffix(got, "✓") != found {
			t.Errorf("material %d label %q, found %v", i, got, found)
		}
	}
	if !o.IsBranch(uidOf(Selection{KindJoint, hips})) || o.IsBranch("group/0") {
		t.Error("branch flags")
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// TestSelectionSync selects through the tree, the hub and the viewport and
// checks that each follows.
func TestSelectionSync(t *testing.T) {
	e, _, vp := newTestEditor(t)
	d := openDoc(t, e, corpusPath(t, "Woman4.ms3d"))
	m := d.Model()
	hand := jointIndex(t, m, "LeftHand")
	e.Outline.Tree.Select(uidOf(Selection{KindJoint, hand}))
	if got := e.hub.Current(); got != (Selection{KindJoint, hand}) {
		t.Fatalf("tree selection gave %v", got)
	}
	if vp.joint != hand || vp.group != -1 {
		t.Errorf("viewport highlights joint %d group %d", vp.joint, vp.group)
	}
	if got := e.Properties.Entry("Name"); got == nil || got.Text != "LeftHand" {
		t.Fatalf("properties show %v", got)
	}
	// The timeline ticks are the selected joint's keys.
	var times []float64
	for _, k := range m.Joints[hand].RotationKeys {
		times = append(times, float64(k.Time))
	}
	if len(e.Timeline.Player.Keys()) == 0 || len(e.Timeline.Player.Keys()) > len(m.Joints[hand].RotationKeys)+len(m.Joints[hand].PositionKeys) {
		t.Errorf("timeline has %d keys for a joint with %d+%d", len(e.Timeline.Player.Keys()), len(m.Joints[hand].RotationKeys), len(m.Joints[hand].PositionKeys))
	}

	// Selecting in the hub opens the branches above the joint.
	e.Outline.Tree.CloseAllBranches()
	e.hub.Select(Selection{KindJoint, hand})
	e.hub.Select(Selection{KindGroup, 1})
	if vp.group != 1 || vp.joint != -1 {
		t.Errorf("viewport highlights group %d joint %d", vp.group, vp.joint)
	}
	e.hub.Select(Selection{KindJoint, hand})
	h := m.ResolveHierarchy()
	for p := h.Parent[hand]; p >= 0; p = h.Parent[p] {
		if !e.Outline.Tree.IsBranchOpen(uidOf(Selection{KindJoint, p})) {
			t.Errorf("branch of %s is closed", m.Joints[p].Name)
		}
	}
	// A pick in the viewport selects.
	vp.pick(model.PartGroup, 2)
	if got := e.hub.Current(); got != (Selection{KindGroup, 2}) {
		t.Fatalf("pick gave %v", got)
	}
	vp.pick(model.PartVertex, 7)
	if v, ok := e.Properties.Value("Position"); !ok || v != fmtFloats(m.Vertices[7].Position[:]...) {
		t.Errorf("vertex position shown %q", v)
	}
	// With nothing selected, the timeline shows every joint's keys.
	e.hub.Select(None)
	if n := len(e.Timeline.Player.Keys()); n < len(times) {
		t.Errorf("all-joint keys %d fewer than one joint's %d", n, len(times))
	}
}

// TestPropertyEdits edits through the property panel and checks that the
// edits reach the document, undo through the Edit menu, and that refused
// values show a message.
func TestPropertyEdits(t *testing.T) {
	e, w, _ := newTestEditor(t)
	d := openDoc(t, e, copyCorpus(t, "lesson31_bcb6/Data/Model.ms3d"))
	m := d.Model()
	p := e.Properties

	e.hub.Select(Selection{KindJoint, 0})
	setAndSubmit(p.Entry("Name"), "root")
	if m.Joints[0].Name != "root" || m.Joints[1].Parent != "root" {
		t.Fatalf("rename: %q, child parent %q", m.Joints[0].Name, m.Joints[1].Parent)
	}
	if !strings.HasPrefix(w.Title(), ModifiedMark+"Model.ms3d — ") {
		t.Errorf("title %q", w.Title())
	}
	if e.undoItem.Label != "Undo Rename joint" || e.undoItem.Disabled {
		t.Errorf("undo item %q disabled %v", e.undoItem.Label, e.undoItem.Disabled)
	}
	if !strings.HasPrefix(e.Outline.Text("joint/0"), "root — ") {
		t.Errorf("outline label %q", e.Outline.Text("joint/0"))
	}
	e.undoItem.Action()
	if m.Joints[0].Name != "joint1" || p.Entry("Name").Text != "joint1" || d.Modified() {
		t.Fatalf("undo: name %q, entry %q", m.Joints[0].Name, p.Entry("Name").Text)
	}
	if w.Title() != "Model.ms3d — MS3D Studio" {
		t.Errorf("title after undo %q", w.Title())
	}
	e.redoItem.Action()
	if m.Joints[0].Name != "root" {
		t.Fatal("redo")
	}

	// A refused name shows a message and changes nothing.
	name := p.Entry("Name")
	setAndSubmit(name, strings.Repeat("x", 33))
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

	setAndSubmit(p.Entry("Rest position"), "1 2 3")
	if m.Joints[0].Position != [3]float32{1, 2, 3} {
		t.Errorf("rest position %v", m.Joints[0].Position)
	}
	rp := p.Entry("Rest rotation")
	setAndSubmit(rp, "1 2")
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
	e.hub.Select(Selection{KindJoint, 3})
	kw := p.keyWidgets[document.RotationKey]
	kw.list.Select(1)
	if kw.time.Text != fmtF(m.Joints[3].RotationKeys[1].Time) {
		t.Fatalf("key editor shows time %q", kw.time.Text)
	}
	kw.time.SetText("0.5")
	kw.value.SetText("0.1 0.2 0.3")
	test.Tap(kw.set)
	if k := m.Joints[3].RotationKeys[1]; k.Time != 0.5 || k.Value != [3]float32{0.1, 0.2, 0.3} {
		t.Fatalf("set key gave %v", k)
	}
	kw = p.keyWidgets[document.RotationKey]
	kw.time.SetText("0.75")
	test.Tap(kw.add)
	if n := len(m.Joints[3].RotationKeys); n != 4 || m.Joints[3].RotationKeys[2].Time != 0.75 {
		t.Fatalf("add key gave %v", m.Joints[3].RotationKeys)
	}
	kw = p.keyWidgets[document.RotationKey]
	kw.list.Select(0)
	test.Tap(kw.del)
	if n := len(m.Joints[3].RotationKeys); n != 3 {
		t.Fatalf("delete key left %d", n)
	}
	kw = p.keyWidgets[document.PositionKey]
	kw.time.SetText("-1")
	test.Tap(kw.add)
	if v, _ := p.Value("Position keys message"); !strings.Contains(v, "≥ 0") {
		t.Errorf("bad key time message %q", v)
	}

	// Material edits.
	e.hub.Select(Selection{KindMaterial, 0})
	setAndSubmit(p.Entry("Diffuse"), "1 0 0 1")
	setAndSubmit(p.Entry("Shininess"), "32")
	setAndSubmit(p.Entry("Transparency"), "0.5")
	setAndSubmit(p.Entry("Texture"), "Wood.bmp")
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
	setAndSubmit(tr, "2")
	if !tr.Message.Visible() || m.Materials[0].Transparency != 0.5 {
		t.Errorf("transparency 2 accepted or silent: %q", tr.Message.Text)
	}

	// Model-level edits.
	e.hub.Select(Selection{KindModel, -1})
	setAndSubmit(p.Entry("FPS"), "30")
	setAndSubmit(p.Entry("Total frames"), "48")
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
	orig, _ := os.ReadFile(corpusPath(t, "lesson31_bcb6/Data/Model.ms3d"))
	now, _ := d.Encode()
	if string(orig) != string(now) {
		t.Fatal("undoing every edit did not restore the file's bytes")
	}
}

// TestGroupProperties shows a group's fields and changes its material with
// the select.
func TestGroupProperties(t *testing.T) {
	e, _, _ := newTestEditor(t)
	d := openDoc(t, e, corpusPath(t, "Woman4.ms3d"))
	m := d.Model()
	e.hub.Select(Selection{KindGroup, 0})
	p := e.Properties
	if v, _ := p.Value("Triangles"); v != itoa(len(m.Groups[0].Triangles)) {
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
	sel := p.materialSelect
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
	e.hub.Select(Selection{KindModel, -1})
	for _, f := range []string{"Version", "Counts", "Current time", "Trailing bytes", "Model extra", "Joint colours"} {
		if _, ok := p.Value(f); !ok {
			t.Errorf("model field %s missing", f)
		}
	}
	if v, _ := p.Value("Trailing bytes"); !strings.HasPrefix(v, itoa(len(m.Trailing))+" bytes") {
		t.Errorf("trailing %q", v)
	}
}

// TestProblemsSelect lists Woman4's findings and selects the element of
// one.
func TestProblemsSelect(t *testing.T) {
	e, _, _ := newTestEditor(t)
	d := openDoc(t, e, corpusPath(t, "Woman4.ms3d"))
	fs := e.Problems.Findings()
	if len(fs) == 0 || len(fs) != len(d.Findings()) {
		t.Fatalf("%d findings listed, document has %d", len(fs), len(d.Findings()))
	}
	idx := -1
	for i, f := range fs {
		if f.Where.Part == model.PartJoint && f.Where.Index >= 0 {
			idx = i
			break
		}
	}
	if idx < 0 {
		t.Fatalf("no joint finding in %v", fs)
	}
	e.Problems.List.Select(idx)
	if got, want := e.hub.Current(), (Selection{KindJoint, fs[idx].Where.Index}); got != want {
		t.Fatalf("selecting %v selected %v", fs[idx], got)
	}
	if !strings.Contains(e.Status.Findings.Text, "error") {
		t.Errorf("status findings %q", e.Status.Findings.Text)
	}
	want := itoa(len(d.Model().Vertices)) + " vertices · " + itoa(len(d.Model().Triangles)) + " triangles"
	if !strings.HasPrefix(e.Status.Counts.Text, want) || !strings.Contains(e.Status.Counts.Text, "31 joints · 15 fps") {
		t.Errorf("status counts %q", e.Status.Counts.Text)
	}
	for _, c := range []struct {
		loc  model.Location
		want Selection
	}{
		{model.At(model.PartTriangle, 4), Selection{KindTriangle, 4}},
		{model.At(model.PartVertexExtra, 9), Selection{KindVertex, 9}},
		{model.At(model.PartHeader, -1), Selection{KindModel, -1}},
		{model.At(model.PartGroup, -1), Selection{KindModel, -1}},
	} {
		if got := SelectionFor(c.loc); got != c.want {
			t.Errorf("SelectionFor(%v) = %v", c.loc, got)
		}
	}
}

// TestViewActions checks that the app's View actions appear in the menu and
// run from their keys.
func TestViewActions(t *testing.T) {
	a := test.NewTempApp(t)
	w := test.NewTempWindow(t, nil)
	wire, framed := false, 0
	e := NewEditor(Config{Window: w, Prefs: a.Preferences(), View: []ViewAction{
		{Label: "Wireframe", Key: fyne.KeyW, Checked: func() bool { return wire }, Run: func() { wire = !wire }},
		{Label: "Frame all", Key: fyne.KeyF, Run: func() { framed++ }},
	}})
	e.Install()
	e.TypedKey(fyne.KeyW)
	e.TypedKey(fyne.KeyF)
	if !wire || framed != 1 || !e.viewItems[0].Checked {
		t.Fatalf("wire %v framed %d checked %v", wire, framed, e.viewItems[0].Checked)
	}
	var labels []string
	for _, m := range e.Menu().Items {
		labels = append(labels, m.Label)
	}
	if !slices.Equal(labels, []string{"File", "Edit", "View", "Animate", "Materials", "Help"}) {
		t.Fatalf("menus %v", labels)
	}
	view := e.Menu().Items[2]
	if view.Items[len(view.Items)-1].Label != "Frame all" {
		t.Errorf("view menu %v", view.Items)
	}
	if w.Title() != AppName {
		t.Errorf("title without document %q", w.Title())
	}
}

// TestFocusMovesToNextField clicks from one edited field to the next: the
// first commits as it loses the focus, the panel is rebuilt after the focus
// moved, and the focus lands on the rebuilt copy of the second field (a
// regression test: rebuilding inside FocusLost handed the focus to a field
// that was no longer shown).
func TestFocusMovesToNextField(t *testing.T) {
	e, w, _ := newTestEditor(t)
	var queue []func()
	e.Properties.post = func(f func()) { queue = append(queue, f) }
	d := openDoc(t, e, corpusPath(t, "lesson31_bcb6/Data/Model.ms3d"))
	e.hub.Select(Selection{KindMaterial, 0})
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
