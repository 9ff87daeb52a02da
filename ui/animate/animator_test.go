package animate_test

import (
	"math"
	"slices"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"github.com/go-gl/mathgl/mgl32"

	"ms3dstudio/document"
	"ms3dstudio/model"
	"ms3dstudio/model/anim"
	"ms3dstudio/model/anim/animtest"
	"ms3dstudio/model/animedit"
	"ms3dstudio/ui"
	"ms3dstudio/ui/animate"
	"ms3dstudio/ui/hub"
	"ms3dstudio/ui/internal/edtest"
)

// TestGizmoDragIsOneCommand: a drag of the Z ring of "root" by 90° with
// auto-key writes one key in one undoable command, and the hand ends up
// where a hand computation puts it.
func TestGizmoDragIsOneCommand(t *testing.T) {
	e, vp, d := edtest.NewPoseEditor(t)
	e.Anim.SetPoseMode(true)
	if !vp.PoseMode {
		t.Fatal("pose mode did not reach the viewport")
	}
	e.Selection().Select(hub.Selection{Kind: hub.KindJoint, Index: 0})
	if vp.Gizmo != 0 || vp.Arrows {
		t.Fatalf("gizmo at %d (move %v), want at joint 0 without arrows", vp.Gizmo, vp.Arrows)
	}
	e.Anim.SetAutoKey(true)
	edtest.SeekFrame(e, 8)
	z := [3]float32{0, 0, 1}
	vp.OnGizmo(animate.GizmoDrag{Phase: animate.GizmoStart, Joint: 0, Axis: z})
	for _, deg := range []float64{10, 40, 90} {
		vp.OnGizmo(animate.GizmoDrag{Phase: animate.GizmoMove, Joint: 0, Axis: z, Angle: float32(deg * math.Pi / 180)})
	}
	if !e.Anim.Unkeyed() || d.CanUndo() {
		t.Fatal("a drag in progress must be a preview, not a command")
	}
	vp.OnGizmo(animate.GizmoDrag{Phase: animate.GizmoEnd, Joint: 0, Axis: z, Angle: math.Pi / 2})
	if h := d.History(); len(h) != 1 {
		t.Fatalf("history %v, want one command", h)
	}
	// Rz(90°) at the root: the hand at (2, 0, 0) goes to (0, 2, 0).
	if got := animtest.OriginAt(d.Model(), 2, 8); got.Sub(mgl32.Vec3{0, 2, 0}).Len() > 1e-4 {
		t.Errorf("hand at frame 8 = %v, want (0, 2, 0)", got)
	}
	if got := e.Anim.RotationFields()[2].Text; got != "90" {
		t.Errorf("Z rotation field shows %q, want 90", got)
	}
	d.Undo()
	if got := animtest.OriginAt(d.Model(), 2, 8); got.Sub(mgl32.Vec3{2, 0, 0}).Len() > 1e-4 {
		t.Errorf("after undo the hand is at %v", got)
	}
}

// TestUnkeyedPose: without auto-key a drag leaves an unkeyed pose that
// the app's pose path shows; scrubbing away discards it; Set Key keys it.
func TestUnkeyedPose(t *testing.T) {
	previews := 0
	e, vp, d := edtest.NewPoseEditor(t, func(c *ui.Config) { c.OnPreview = func() { previews++ } })
	previews = 0
	e.Anim.SetPoseMode(true)
	e.Selection().Select(hub.Selection{Kind: hub.KindJoint, Index: 0})
	edtest.SeekFrame(e, 8)
	z := [3]float32{0, 0, 1}
	vp.OnGizmo(animate.GizmoDrag{Phase: animate.GizmoStart, Joint: 0, Axis: z})
	vp.OnGizmo(animate.GizmoDrag{Phase: animate.GizmoMove, Joint: 0, Axis: z, Angle: math.Pi / 2})
	vp.OnGizmo(animate.GizmoDrag{Phase: animate.GizmoEnd, Joint: 0, Axis: z, Angle: math.Pi / 2})
	if !e.Anim.Unkeyed() || d.CanUndo() || previews == 0 {
		t.Fatalf("unkeyed %v, undo %v, previews %d", e.Anim.Unkeyed(), d.CanUndo(), previews)
	}
	if e.Anim.KeyedLabel().Text == "" {
		t.Error("no not-keyed mark")
	}
	// The app's pose path shows the preview.
	sk, _ := anim.NewSkeleton(d.Model())
	g := make([]mgl32.Mat4, sk.Len())
	sk.Pose(8.0/24, g)
	e.Anim.ApplyPreview(sk, g)
	if got := g[2].Col(3).Vec3(); got.Sub(mgl32.Vec3{0, 2, 0}).Len() > 1e-4 {
		t.Errorf("previewed hand at %v, want (0, 2, 0)", got)
	}
	// Scrubbing away discards it.
	edtest.SeekFrame(e, 9)
	if e.Anim.Unkeyed() || e.Anim.KeyedLabel().Text != "" {
		t.Error("scrubbing did not discard the unkeyed pose")
	}
	// Posed again and keyed.
	edtest.SeekFrame(e, 8)
	vp.OnGizmo(animate.GizmoDrag{Phase: animate.GizmoStart, Joint: 0, Axis: z})
	vp.OnGizmo(animate.GizmoDrag{Phase: animate.GizmoEnd, Joint: 0, Axis: z, Angle: math.Pi / 2})
	e.Anim.SetKey(false)
	if e.Anim.Unkeyed() || len(d.History()) != 1 {
		t.Fatalf("after Set Key: unkeyed %v, history %v", e.Anim.Unkeyed(), d.History())
	}
	if got := animtest.OriginAt(d.Model(), 2, 8); got.Sub(mgl32.Vec3{0, 2, 0}).Len() > 1e-4 {
		t.Errorf("keyed hand at %v, want (0, 2, 0)", got)
	}
}

// TestPoseFieldsAndMove: typed degrees key the joint; the arm, which has a
// position key, gets move arrows, and a move drag keys a position.
func TestPoseFieldsAndMove(t *testing.T) {
	e, vp, d := edtest.NewPoseEditor(t)
	e.Anim.SetAutoKey(true)
	e.Anim.SetPoseMode(true)
	e.Selection().Select(hub.Selection{Kind: hub.KindJoint, Index: 1})
	if !vp.Arrows {
		t.Error("no move arrows for a joint with position keys")
	}
	edtest.SeekFrame(e, 6)
	e.Anim.RotationFields()[2].SetText("90")
	e.Anim.RotationFields()[2].OnSubmitted("90")
	// The arm turns 90° about Z: the hand goes from (2,0,0) to (1,1,0).
	if got := animtest.OriginAt(d.Model(), 2, 6); got.Sub(mgl32.Vec3{1, 1, 0}).Len() > 1e-4 {
		t.Errorf("hand at %v, want (1, 1, 0)", got)
	}
	x := [3]float32{1, 0, 0}
	vp.OnGizmo(animate.GizmoDrag{Phase: animate.GizmoStart, Joint: 1, Move: true, Axis: x})
	vp.OnGizmo(animate.GizmoDrag{Phase: animate.GizmoEnd, Joint: 1, Move: true, Axis: x, Distance: 0.5})
	if got := animtest.OriginAt(d.Model(), 1, 6); got.Sub(mgl32.Vec3{1.5, 0, 0}).Len() > 1e-4 {
		t.Errorf("moved arm at %v, want (1.5, 0, 0)", got)
	}
	if n := len(d.History()); n != 2 {
		t.Errorf("%d commands, want 2", n)
	}
	// Bad typed input: a message, nothing changed.
	e.Anim.RotationFields()[0].SetText("NaN")
	e.Anim.RotationFields()[0].OnSubmitted("NaN")
	if n := len(d.History()); n != 2 {
		t.Errorf("NaN typed: %d commands", n)
	}
}

// TestCopyPasteKeys copies a key to another frame and to another joint,
// and refuses to paste onto a model without the joint.
func TestCopyPasteKeys(t *testing.T) {
	e, _, d := edtest.NewPoseEditor(t)
	e.Selection().Select(hub.Selection{Kind: hub.KindJoint, Index: 1})
	edtest.SeekFrame(e, 12)
	e.Anim.Copy()
	edtest.SeekFrame(e, 16)
	e.Anim.Paste()
	if n := len(d.Model().Joints[1].RotationKeys); n != 3 {
		t.Fatalf("arm has %d rotation keys after paste, want 3", n)
	}
	e.Selection().Select(hub.Selection{Kind: hub.KindJoint, Index: 2})
	e.Anim.Paste()
	if n := len(d.Model().Joints[2].RotationKeys); n != 1 {
		t.Errorf("hand has %d rotation keys after paste onto it, want 1", n)
	}
	// A clip of a joint the model lacks.
	other := &model.Model{FPS: 24, Joints: []model.Joint{{Name: model.Str("tail"), RotationKeys: []model.Key{{Time: 0.5}}}}}
	c, err := animedit.Copy(other, animedit.AllKeys(other, nil))
	if err != nil {
		t.Fatal(err)
	}
	e.Anim.SetClip(c)
	e.Selection().Select(hub.Selection{Kind: hub.KindModel, Index: -1})
	before := len(d.History())
	e.Anim.Paste()
	if len(d.History()) != before {
		t.Error("pasting keys of a missing joint was recorded")
	}
	if top := edtest.WindowOf(e).Canvas().Overlays().Top(); top == nil {
		t.Error("no message for pasting onto a missing joint")
	}
}

// TestShiftAddsJoint: a joint picked with Shift joins the selection.
func TestShiftAddsJoint(t *testing.T) {
	e, vp, _ := edtest.NewPoseEditor(t)
	e.Selection().Select(hub.Selection{Kind: hub.KindJoint, Index: 0})
	vp.Shift = true
	e.Selection().Select(hub.Selection{Kind: hub.KindJoint, Index: 2})
	if got := e.Anim.Selected(); len(got) != 2 || got[0] != 2 || got[1] != 0 {
		t.Errorf("selection %v, want [2 0]", got)
	}
	if len(vp.Selected) != 2 {
		t.Errorf("%d selected joints marked", len(vp.Selected))
	}
	vp.Shift = false
	e.Selection().Select(hub.Selection{Kind: hub.KindJoint, Index: 1})
	if got := e.Anim.Selected(); len(got) != 1 || got[0] != 1 {
		t.Errorf("selection %v, want [1]", got)
	}
}

// TestPlaybackRangeFromMenu: the range set in the dope sheet reaches the
// player.
func TestPlaybackRangeFromMenu(t *testing.T) {
	e, _, _ := edtest.NewPoseEditor(t)
	edtest.SeekFrame(e, 5)
	e.Anim.SetRangeEnd(true)
	edtest.SeekFrame(e, 10)
	e.Anim.SetRangeEnd(false)
	if in, out := e.Timeline.Player.Range(); in != 5 || out != 10 {
		t.Errorf("range %g–%g, want 5–10", in, out)
	}
}

// TestSkeletonEdits adds a child joint, reparents and deletes it, each one
// undoable command.
func TestSkeletonEdits(t *testing.T) {
	e, _, d := edtest.NewPoseEditor(t)
	e.Selection().Select(hub.Selection{Kind: hub.KindJoint, Index: 2})
	e.Anim.AddChildJoint()
	m := d.Model()
	if len(m.Joints) != 4 || m.Joints[3].Parent.Display() != "hand" {
		t.Fatalf("joints %d, new parent %q", len(m.Joints), m.Joints[len(m.Joints)-1].Parent.Display())
	}
	if got := animtest.OriginAt(m, 3, 1); got.Sub(mgl32.Vec3{2, 0, 0}).Len() > 1e-4 {
		t.Errorf("new joint at %v, want at its parent (2, 0, 0)", got)
	}
	if s := e.Selection().Current(); s.Kind != hub.KindJoint || s.Index != 3 {
		t.Errorf("selection %v after adding", s)
	}
	e.Anim.DeleteJoint()
	if len(d.Model().Joints) != 3 {
		t.Errorf("%d joints after delete", len(d.Model().Joints))
	}
	d.Undo()
	d.Undo()
	if len(d.Model().Joints) != 3 || d.CanUndo() {
		t.Error("undo did not restore the skeleton")
	}
}

// TestBinding selects vertices by group and by joint, assigns them to a
// joint and sets two weights (creating the vertex-extra block), each an
// undoable command that reports a Skin change.
func TestBinding(t *testing.T) {
	e, vp, d := edtest.NewPoseEditor(t)
	m := d.Model()
	none := [4]uint16{model.NoBone, model.NoBone, model.NoBone, model.NoBone}
	for i := range 4 {
		m.Vertices = append(m.Vertices, model.Vertex{Position: [3]float32{float32(i), 0, 0}, Bones: none})
	}
	m.Vertices[3].Bones[0] = 1
	m.Triangles = []model.Triangle{{Vertices: [3]uint32{0, 1, 2}}}
	m.Groups = []model.Group{{Name: model.Str("g"), Triangles: []uint32{0}, Material: -1}}
	var skins int
	d.Subscribe(func(ch document.Change) {
		if ch.What.Has(document.Skin) {
			skins++
		}
	})
	e.Selection().Select(hub.Selection{Kind: hub.KindGroup, Index: 0})
	e.Anim.SelectGroupVertices()
	if got := e.Anim.SelectedVertices(); !slices.Equal(got, []int{0, 1, 2}) {
		t.Fatalf("group vertices %v", got)
	}
	e.Selection().Select(hub.Selection{Kind: hub.KindJoint, Index: 2})
	if e.Anim.KeyedLabel().Text != "3 vertices selected" {
		t.Errorf("status %q", e.Anim.KeyedLabel().Text)
	}
	e.Anim.AssignToJoint()
	if m.Vertices[0].Bones[0] != 2 || skins != 1 {
		t.Fatalf("vertex 0 on bone %d, %d skin changes", m.Vertices[0].Bones[0], skins)
	}
	e.Selection().Select(hub.Selection{Kind: hub.KindJoint, Index: 1})
	e.Anim.SelectJointVertices()
	if got := e.Anim.SelectedVertices(); !slices.Equal(got, []int{3}) {
		t.Fatalf("joint vertices %v", got)
	}
	// Picked in the view: a click replaces, Shift adds.
	e.Anim.SetVertexSelect(true)
	vp.OnVerts([]int{1}, false)
	vp.OnVerts([]int{2, 1}, true)
	if got := e.Anim.SelectedVertices(); !slices.Equal(got, []int{1, 2}) || !slices.Equal(vp.Verts, got) {
		t.Fatalf("view picks %v (drawn %v), want [1 2]", got, vp.Verts)
	}
	vp.OnVerts([]int{3}, false)
	if err := e.Do(document.SetWeights(e.Anim.SelectedVertices(), []animedit.Weight{{Joint: 1, Weight: 1}, {Joint: 0, Weight: 1}})); err != nil {
		t.Fatal(err)
	}
	if m.VertexExtraSubVersion == 0 || skins != 2 {
		t.Errorf("vertex extra %d, %d skin changes", m.VertexExtraSubVersion, skins)
	}
	d.Undo()
	d.Undo()
	if m.Vertices[0].Bones[0] != model.NoBone || m.VertexExtraSubVersion != 0 {
		t.Error("undo did not restore the binding")
	}
}

// TestDeleteKeyNeedsASelection: Delete outside pose mode with no keys
// selected leaves the keys alone; in pose mode it deletes the selected
// joint's keys at the frame.
func TestDeleteKeyNeedsASelection(t *testing.T) {
	e, _, d := edtest.NewPoseEditor(t)
	edtest.SeekFrame(e, 12)
	e.Selection().Select(hub.Selection{Kind: hub.KindJoint, Index: 1})
	if e.Anim.TypedKey(fyne.KeyDelete) || d.CanUndo() {
		t.Fatal("Delete outside pose mode deleted keys")
	}
	e.Anim.SetPoseMode(true)
	if !e.Anim.TypedKey(fyne.KeyDelete) || len(d.Model().Joints[1].RotationKeys) != 1 {
		t.Errorf("Delete in pose mode: %d rotation keys left, want 1", len(d.Model().Joints[1].RotationKeys))
	}
}

// TestDragPoseField: dragging the Z letter of the rotation fields turns
// the joint live and keys it once on release with auto-key.
func TestDragPoseField(t *testing.T) {
	e, _, d := edtest.NewPoseEditor(t)
	e.Anim.SetAutoKey(true)
	e.Selection().Select(hub.Selection{Kind: hub.KindJoint, Index: 0})
	edtest.SeekFrame(e, 8)
	var z *animate.DragLabel
	for _, o := range test.LaidOutObjects(e.Anim.Object()) {
		if l, ok := o.(*animate.DragLabel); ok && l.Text == "Z" && z == nil {
			z = l
		}
	}
	if z == nil {
		t.Fatal("no Z drag label")
	}
	for range 3 {
		z.Dragged(&fyne.DragEvent{Dragged: fyne.NewDelta(60, 0)})
	}
	if !e.Anim.Unkeyed() || d.CanUndo() {
		t.Fatal("a field drag in progress must be a preview")
	}
	z.DragEnd()
	if len(d.History()) != 1 {
		t.Fatalf("history %v, want one command", d.History())
	}
	// 180 units × 0.5° = 90° about Z: the hand goes to (0, 2, 0).
	if got := animtest.OriginAt(d.Model(), 2, 8); got.Sub(mgl32.Vec3{0, 2, 0}).Len() > 1e-3 {
		t.Errorf("hand at %v, want (0, 2, 0)", got)
	}
}
