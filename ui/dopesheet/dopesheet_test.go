package dopesheet_test

import (
	"math"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"

	"ms3dstudio/model/anim/animtest"
	"ms3dstudio/model/animedit"
	"ms3dstudio/ui/dopesheet"
	"ms3dstudio/ui/hub"
	"ms3dstudio/ui/internal/edtest"
)

// TestDopeSheet covers the dope sheet: rows, click and box selection,
// dragging keys in time (one command, undoable), and deleting with the
// Delete key.
func TestDopeSheet(t *testing.T) {
	e, _, d := edtest.NewPoseEditor(t)
	ds := e.Anim.Dope
	ds.Resize(fyne.NewSize(900, 200))
	ds.SetView(10, 0, false)
	if got := ds.Rows(); len(got) != 3 || got[0] != 0 || got[2] != 2 {
		t.Fatalf("rows %v", got)
	}
	at := func(row int, kind animedit.Kind, frame float64) fyne.Position {
		return fyne.NewPos(ds.XOf(frame), ds.KeyY(row, kind))
	}
	click := func(p fyne.Position, mods fyne.KeyModifier) {
		ds.MouseDown(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: p}, Button: desktop.MouseButtonPrimary, Modifier: mods})
		ds.Tapped(&fyne.PointEvent{Position: p})
	}
	drag := func(from, to fyne.Position, mods fyne.KeyModifier) {
		ds.MouseDown(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: from}, Button: desktop.MouseButtonPrimary, Modifier: mods})
		ds.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: from.Add(fyne.NewDelta(2, 0))}, Dragged: fyne.NewDelta(2, 0)})
		ds.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: to}, Dragged: fyne.NewDelta(to.X-from.X-2, to.Y-from.Y)})
		ds.DragEnd()
	}
	click(at(1, animedit.Rotation, 12), 0)
	if got := ds.SelectedKeys(); len(got) != 1 || got[0].Joint != 1 || got[0].Kind != animedit.Rotation || got[0].Time != 12.0/24 {
		t.Fatalf("selected %v, want arm's rotation key at frame 12", got)
	}
	click(at(1, animedit.Position, 4), fyne.KeyModifierShift)
	if got := ds.SelectedKeys(); len(got) != 2 {
		t.Fatalf("shift-click: %d keys selected, want 2", len(got))
	}
	click(fyne.NewPos(ds.XOf(20), ds.KeyY(2, animedit.Rotation)), 0)
	if got := ds.SelectedKeys(); len(got) != 0 {
		t.Fatalf("click on nothing left %d keys selected", len(got))
	}
	// A box around frames 0–13 of the root and arm rows.
	drag(fyne.NewPos(ds.XOf(0.2), dopesheet.HeaderH+2), fyne.NewPos(ds.XOf(13), dopesheet.HeaderH+2*dopesheet.RowH-2), 0)
	if got := ds.SelectedKeys(); len(got) != 4 {
		t.Fatalf("box selected %v, want the 4 keys of root and arm", got)
	}
	// Drag the arm's frame-12 key 3.4 frames right: it snaps to 3 frames.
	click(at(1, animedit.Rotation, 12), 0)
	drag(at(1, animedit.Rotation, 12), at(1, animedit.Rotation, 15.4), 0)
	keys := d.Model().Joints[1].RotationKeys
	if h := d.History(); len(h) != 1 || math.Abs(float64(keys[1].Time)*24-15) > 1e-3 {
		t.Fatalf("history %v, key at frame %g; want one move to 15", h, keys[1].Time*24)
	}
	if got := ds.SelectedKeys(); len(got) != 1 || math.Abs(float64(got[0].Time)*24-15) > 1e-3 {
		t.Errorf("the moved key is not selected at its new time: %v", got)
	}
	// With Alt the move is sub-frame.
	drag(at(1, animedit.Rotation, 15), at(1, animedit.Rotation, 15.5), fyne.KeyModifierAlt)
	if got := d.Model().Joints[1].RotationKeys[1].Time * 24; math.Abs(float64(got)-15.5) > 1e-3 {
		t.Errorf("alt-drag: key at frame %g, want 15.5", got)
	}
	d.Undo()
	d.Undo()
	if got := d.Model().Joints[1].RotationKeys[1].Time * 24; math.Abs(float64(got)-12) > 1e-3 {
		t.Errorf("after undo the key is at frame %g, want 12", got)
	}
	// Delete.
	click(at(1, animedit.Position, 4), 0)
	ds.TypedKey(&fyne.KeyEvent{Name: fyne.KeyDelete})
	if n := len(d.Model().Joints[1].PositionKeys); n != 0 {
		t.Errorf("%d position keys after Delete", n)
	}
	// Collapsing the root hides its subtree; subtree-only shows the arm's.
	ds.SetCollapsed(0, true)
	if got := ds.Rows(); len(got) != 1 {
		t.Errorf("collapsed rows %v", got)
	}
	ds.SetCollapsed(0, false)
	e.Selection().Select(hub.Selection{Kind: hub.KindJoint, Index: 1})
	ds.SetSubtreeOnly(true)
	if got := ds.Rows(); len(got) != 2 || got[0] != 1 {
		t.Errorf("subtree rows %v, want [1 2]", got)
	}
	// A click in the header scrubs.
	ds.Tapped(&fyne.PointEvent{Position: fyne.NewPos(ds.XOf(5), 5)})
	if f := e.Timeline.Player.Frame(); math.Abs(f-5) > 1e-6 {
		t.Errorf("header click went to frame %g, want 5", f)
	}
	// Zoom about a point keeps the frame under it.
	x := ds.XOf(10)
	ds.Zoom(2, x)
	if f := ds.FrameAt(x); math.Abs(f-10) > 1e-6 {
		t.Errorf("zoom moved frame 10 to %g", f)
	}
	// Drawing works at any size.
	if img := ds.Draw(900, 200); img.Bounds().Dx() != 900 {
		t.Error("draw")
	}
}

// TestDopeSheetFollowsSelection: selecting a joint whose row is off the
// sheet scrolls it into view.
func TestDopeSheetFollowsSelection(t *testing.T) {
	e, _, _ := edtest.NewPoseEditor(t)
	ds := e.Anim.Dope
	ds.Resize(fyne.NewSize(600, dopesheet.HeaderH+dopesheet.RowH+2)) // one row shown
	e.Selection().Select(hub.Selection{Kind: hub.KindJoint, Index: 2})
	if ds.Scroll() != 2 {
		t.Errorf("scrolled to row %d, want 2", ds.Scroll())
	}
}

// TestDopeSheetReparentByDrag drags "hand" onto "root" (one undoable
// Reparent that keeps its place), then below the rows (a root).
func TestDopeSheetReparentByDrag(t *testing.T) {
	e, _, d := edtest.NewPoseEditor(t)
	ds := e.Anim.Dope
	ds.Resize(fyne.NewSize(900, 200))
	rowY := func(i int) float32 {
		return dopesheet.HeaderH + float32(i)*dopesheet.RowH + dopesheet.RowH/2
	}
	drag := func(from, to fyne.Position) {
		ds.MouseDown(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: from}, Button: desktop.MouseButtonPrimary})
		ds.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: to}, Dragged: fyne.NewDelta(to.X-from.X, to.Y-from.Y)})
		ds.DragEnd()
	}
	before := animtest.OriginAt(d.Model(), 2, 1)
	drag(fyne.NewPos(40, rowY(2)), fyne.NewPos(40, rowY(0)))
	m := d.Model()
	if p := m.Joints[2].Parent.Display(); p != "root" || len(d.History()) != 1 {
		t.Fatalf("hand's parent %q, history %v", p, d.History())
	}
	if got := animtest.OriginAt(m, 2, 1); got.Sub(before).Len() > 1e-4 {
		t.Errorf("hand moved from %v to %v", before, got)
	}
	if got := ds.Rows(); len(got) != 3 || got[2] != 2 {
		t.Errorf("rows %v after reparenting", got)
	}
	drag(fyne.NewPos(40, rowY(2)), fyne.NewPos(40, rowY(5)))
	if p := m.Joints[2].Parent.Display(); p != "" {
		t.Errorf("dropped below the rows: parent %q, want a root", p)
	}
	d.Undo()
	d.Undo()
	if p := m.Joints[2].Parent.Display(); p != "arm" {
		t.Errorf("after undo the parent is %q", p)
	}
}
