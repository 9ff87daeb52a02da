package ui_test

import (
	"fmt"
	"slices"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"ms3dstudio/model"
	"ms3dstudio/ui"
	"ms3dstudio/ui/hub"
	"ms3dstudio/ui/internal/edtest"
	"ms3dstudio/ui/internal/uitest"
	"ms3dstudio/ui/widgets"
)

// jointNode is the outline's node of joint j (its ChildUIDs).
func jointNode(j int) string { return fmt.Sprintf("%s/%d", model.PartJoint, j) }

// TestSelectionSync selects through the tree, the hub and the viewport and
// checks that each follows.
func TestSelectionSync(t *testing.T) {
	e, _, vp := edtest.NewEditor(t)
	d := edtest.Open(t, e, uitest.CorpusPath(t, "Woman4.ms3d"))
	m := d.Model()
	hand := uitest.JointIndex(t, m, "LeftHand")
	e.Outline.Tree.Select(jointNode(hand))
	if got := e.Selection().Current(); got != (hub.Selection{Kind: hub.KindJoint, Index: hand}) {
		t.Fatalf("tree selection gave %v", got)
	}
	if vp.Joint != hand || vp.Group != -1 {
		t.Errorf("viewport highlights joint %d group %d", vp.Joint, vp.Group)
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
	e.Selection().Select(hub.Selection{Kind: hub.KindJoint, Index: hand})
	e.Selection().Select(hub.Selection{Kind: hub.KindGroup, Index: 1})
	if vp.Group != 1 || vp.Joint != -1 {
		t.Errorf("viewport highlights group %d joint %d", vp.Group, vp.Joint)
	}
	e.Selection().Select(hub.Selection{Kind: hub.KindJoint, Index: hand})
	h := m.ResolveHierarchy()
	for p := h.Parent[hand]; p >= 0; p = h.Parent[p] {
		if !e.Outline.Tree.IsBranchOpen(jointNode(p)) {
			t.Errorf("branch of %s is closed", m.Joints[p].Name)
		}
	}
	// A pick in the viewport selects.
	vp.Pick(model.PartGroup, 2)
	if got := e.Selection().Current(); got != (hub.Selection{Kind: hub.KindGroup, Index: 2}) {
		t.Fatalf("pick gave %v", got)
	}
	vp.Pick(model.PartVertex, 7)
	if v, ok := e.Properties.Value("Position"); !ok || v != widgets.FormatFloats(m.Vertices[7].Position[:]...) {
		t.Errorf("vertex position shown %q", v)
	}
	// With nothing selected, the timeline shows every joint's keys.
	e.Selection().Select(hub.None)
	if n := len(e.Timeline.Player.Keys()); n < len(times) {
		t.Errorf("all-joint keys %d fewer than one joint's %d", n, len(times))
	}
}

// TestViewActions checks that the app's View actions appear in the menu and
// run from their keys.
func TestViewActions(t *testing.T) {
	a := test.NewTempApp(t)
	w := test.NewTempWindow(t, nil)
	wire, framed := false, 0
	e := ui.NewEditor(ui.Config{Window: w, Prefs: a.Preferences(), View: []ui.ViewAction{
		{Label: "Wireframe", Key: fyne.KeyW, Checked: func() bool { return wire }, Run: func() { wire = !wire }},
		{Label: "Frame all", Key: fyne.KeyF, Run: func() { framed++ }},
	}})
	e.Install()
	e.TypedKey(fyne.KeyW)
	e.TypedKey(fyne.KeyF)
	if !wire || framed != 1 || !e.ViewItems()[0].Checked {
		t.Fatalf("wire %v framed %d checked %v", wire, framed, e.ViewItems()[0].Checked)
	}
	var labels []string
	for _, m := range e.Menu().Items {
		labels = append(labels, m.Label)
	}
	if !slices.Equal(labels, []string{"File", "Edit", "View", "Animate", "Model", "Materials", "Help"}) {
		t.Fatalf("menus %v", labels)
	}
	view := e.Menu().Items[2]
	if view.Items[len(view.Items)-1].Label != "Frame all" {
		t.Errorf("view menu %v", view.Items)
	}
	if w.Title() != ui.AppName {
		t.Errorf("title without document %q", w.Title())
	}
}
