package dopesheet_test

import (
	"image"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"

	"ms3dstudio/model/animedit"
	"ms3dstudio/ui/dopesheet"
	"ms3dstudio/ui/internal/edtest"
	"ms3dstudio/ui/internal/uitest"
)

// TestDragOntoKeysAsksFirst: on the nehe lesson's Model.ms3d, dragging
// joint4's keys at frame 8 onto frame 24, where it has keys too, marks those
// keys in red while dragging, then asks before replacing them (the drop
// replaced them without a word); Cancel keeps every key, Replace moves them
// with an undo item that says what it replaced, and Undo brings them back.
func TestDragOntoKeysAsksFirst(t *testing.T) {
	e, w, d := edtest.OpenEditor(t, uitest.CopyCorpus(t, "nehe-opengl/bcb6/lesson31_bcb6/Data/Model.ms3d"))
	m := d.Model()
	j4 := animedit.FindJoint(m, "joint4")
	ds := e.Anim.Dope
	w.Content().Refresh()
	ds.SetView(20, 0, true)
	row := slices.Index(ds.Rows(), j4)
	if row < 0 {
		t.Fatal("joint4 has no row")
	}
	before := slices.Clone(m.Joints[j4].RotationKeys)
	at := func(f float64) fyne.Position { return fyne.NewPos(ds.XOf(f), ds.KeyY(row, animedit.Rotation)) }
	var marked []animedit.KeyRef
	drag := func() {
		// A box around joint4's keys at frame 8, then a drag of one of them 16 frames right.
		from, to := fyne.NewPos(ds.XOf(7.5), ds.KeyY(row, animedit.Rotation)-6), fyne.NewPos(ds.XOf(8.5), ds.KeyY(row, animedit.Position)+6)
		ds.MouseDown(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: from}, Button: desktop.MouseButtonPrimary})
		ds.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: to}, Dragged: fyne.NewDelta(to.X-from.X, to.Y-from.Y)})
		ds.DragEnd()
		if n := len(ds.SelectedKeys()); n != 2 {
			t.Fatalf("box selected %d keys, want joint4's 2 at frame 8", n)
		}
		ds.MouseDown(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: at(8)}, Button: desktop.MouseButtonPrimary})
		ds.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: at(24)}, Dragged: fyne.NewDelta(at(24).X-at(8).X, 0)})
		size := ds.Size()
		w.Content().Refresh()
		if ds.Size() != size {
			t.Errorf("the dope sheet went from %v to %v during the drag", size, ds.Size())
		}
		frames, preview := ds.Dragging()
		marked = slices.Clone(preview.Move(frames))
		if len(marked) != 2 {
			t.Fatalf("while dragging onto frame 24, %d keys are marked, want joint4's 2", len(marked))
		}
		if got := ds.CollisionText(); got != "dropping here replaces 2 keys" {
			t.Errorf("the dope sheet says %q while dragging onto keys", got)
		}
		if !hasColour(ds.Draw(int(ds.Size().Width), int(ds.Size().Height)), dopesheet.CollideColor) {
			t.Error("no red mark on the keys the drop would replace")
		}
		ds.DragEnd()
	}
	drag()
	if txt := uitest.OverlayText(w); !strings.Contains(txt, "joint4 rotation key at frame 24") {
		t.Fatalf("the drop does not ask, or names no key: %q", txt)
	}
	if !slices.Equal(m.Joints[j4].RotationKeys, before) {
		t.Fatal("the keys changed before the user answered")
	}
	test.Tap(uitest.OverlayButton(t, w, "Cancel"))
	if !slices.Equal(m.Joints[j4].RotationKeys, before) || d.CanUndo() {
		t.Fatalf("Cancel moved keys: %v, history %v", m.Joints[j4].RotationKeys, d.History())
	}
	if got := ds.SelectedKeys(); len(got) != 2 || animedit.FrameOf(m, got[0].Time) > 8.01 {
		t.Errorf("after Cancel the selection is %v, want the keys at frame 8", got)
	}
	if got := ds.CollisionText(); got != "" {
		t.Errorf("the dope sheet still says %q", got)
	}

	drag()
	test.Tap(uitest.OverlayButton(t, w, "Replace"))
	if got := d.UndoLabel(); got != "Move keys, replacing 2 keys" {
		t.Errorf("undo item %q", got)
	}
	keys := m.Joints[j4].RotationKeys
	if len(keys) != 2 || keys[1].Value != before[1].Value || animedit.FrameOf(m, keys[1].Time) < 23.99 {
		t.Errorf("after Replace joint4's rotation keys are %v", keys)
	}
	d.Undo()
	if !slices.Equal(m.Joints[j4].RotationKeys, before) {
		t.Errorf("undo left %v, want %v", m.Joints[j4].RotationKeys, before)
	}

	// A drop onto free frames asks nothing.
	ds.SelectKeys([]animedit.KeyRef{{Joint: j4, Kind: animedit.Rotation, Time: before[1].Time}})
	ds.MouseDown(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: at(8)}, Button: desktop.MouseButtonPrimary})
	ds.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: at(12)}, Dragged: fyne.NewDelta(at(12).X-at(8).X, 0)})
	ds.DragEnd()
	if w.Canvas().Overlays().Top() != nil || d.UndoLabel() != "Move keys" {
		t.Errorf("a move onto a free frame: dialog %v, undo item %q", w.Canvas().Overlays().Top() != nil, d.UndoLabel())
	}
}

func hasColour(img image.Image, c interface{ RGBA() (r, g, b, a uint32) }) bool {
	cr, cg, cb, _ := c.RGBA()
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bb, _ := img.At(x, y).RGBA()
			if r == cr && g == cg && bb == cb {
				return true
			}
		}
	}
	return false
}
