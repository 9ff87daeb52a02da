package ui

import (
	"image"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"

	"ms3dstudio/model"
	"ms3dstudio/model/animedit"
)

// TestDragOntoKeysAsksFirst: on the nehe lesson's Model.ms3d, dragging
// joint4's keys at frame 8 onto frame 24, where it has keys too, marks those
// keys in red while dragging, then asks before replacing them (the drop
// replaced them without a word); Cancel keeps every key, Replace moves them
// with an undo item that says what it replaced, and Undo brings them back.
func TestDragOntoKeysAsksFirst(t *testing.T) {
	e, w, _ := newTestEditor(t)
	d := openDoc(t, e, copyCorpus(t, "nehe-opengl/bcb6/lesson31_bcb6/Data/Model.ms3d"))
	m := d.Model()
	j4 := animedit.FindJoint(m, "joint4")
	ds := e.Anim.Dope
	w.Content().Refresh()
	ds.ppf, ds.first, ds.userZoomed = 20, 0, true
	row := slices.Index(ds.Rows(), j4)
	if row < 0 {
		t.Fatal("joint4 has no row")
	}
	before := slices.Clone(m.Joints[j4].RotationKeys)
	at := func(f float64) fyne.Position { return fyne.NewPos(ds.xOf(f), ds.keyY(row, animedit.Rotation)) }
	var marked []animedit.KeyRef
	drag := func() {
		// A box around joint4's keys at frame 8, then a drag of one of them 16 frames right.
		from, to := fyne.NewPos(ds.xOf(7.5), ds.keyY(row, animedit.Rotation)-6), fyne.NewPos(ds.xOf(8.5), ds.keyY(row, animedit.Position)+6)
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
		marked = slices.Clone(e.Anim.Dope.preview.Move(ds.dragFrames))
		if len(marked) != 2 {
			t.Fatalf("while dragging onto frame 24, %d keys are marked, want joint4's 2", len(marked))
		}
		if got := ds.CollisionText(); got != "dropping here replaces 2 keys" {
			t.Errorf("the dope sheet says %q while dragging onto keys", got)
		}
		if !hasColour(ds.draw(int(ds.Size().Width), int(ds.Size().Height)), dopeCollide) {
			t.Error("no red mark on the keys the drop would replace")
		}
		ds.DragEnd()
	}
	drag()
	if txt := overlayText(w); !strings.Contains(txt, "joint4 rotation key at frame 24") {
		t.Fatalf("the drop does not ask, or names no key: %q", txt)
	}
	if !slices.Equal(m.Joints[j4].RotationKeys, before) {
		t.Fatal("the keys changed before the user answered")
	}
	test.Tap(overlayButton(t, w, "Cancel"))
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
	test.Tap(overlayButton(t, w, "Replace"))
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

// TestPasteOntoKeysAsksFirst: pasting keys onto frames that hold other keys
// asks before replacing them.
func TestPasteOntoKeysAsksFirst(t *testing.T) {
	e, _, d := newPoseEditor(t)
	m := d.Model()
	e.Anim.SetClip(&animedit.Clip{Keys: []animedit.ClipKey{{Joint: model.Str("arm"), Kind: animedit.Rotation, Value: [3]float32{0, 0, 1}}}})
	e.hub.Select(Selection{Kind: KindJoint, Index: 1})
	seekFrame(e, 12) // arm has a rotation key there
	e.Anim.Paste()
	win := e.win
	if txt := overlayText(win); !strings.Contains(txt, "arm rotation key at frame 12") {
		t.Fatalf("paste onto a key does not ask: %q", txt)
	}
	test.Tap(overlayButton(t, win, "Replace"))
	if got := m.Joints[1].RotationKeys[1].Value; got != [3]float32{0, 0, 1} || d.UndoLabel() != "Paste keys, replacing 1 key" {
		t.Errorf("after Replace: key %v, undo item %q", got, d.UndoLabel())
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
