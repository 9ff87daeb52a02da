package ui_test

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"

	"ms3dstudio/document"
	"ms3dstudio/model"
	"ms3dstudio/ui"
	"ms3dstudio/ui/hub"
	"ms3dstudio/ui/internal/edtest"
	"ms3dstudio/ui/internal/uitest"
	"ms3dstudio/ui/widgets"
)

// TestRecentListNotStattedOnEveryEdit is the regression test for Open
// Recent looking at every remembered file on the UI goroutine after every
// edit (the menu is rebuilt on each change).
func TestRecentListNotStattedOnEveryEdit(t *testing.T) {
	e, _, d := edtest.OpenEditor(t, uitest.SampleFile(t, nil))
	dir := t.TempDir()
	for i := 0; i < ui.MaxRecent; i++ {
		p := filepath.Join(dir, "m"+strconv.Itoa(i)+".ms3d")
		os.WriteFile(p, nil, 0o644)
		e.Recent.Add(p)
	}
	stats := 0
	e.Recent.SetStat(func(p string) (os.FileInfo, error) { stats++; return os.Stat(p) })
	for i := 0; i < 5; i++ {
		if err := d.Do(document.SetModelComment("edit " + strconv.Itoa(i))); err != nil {
			t.Fatal(err)
		}
	}
	if stats != 0 {
		t.Errorf("%d stats for 5 edits, want 0", stats)
	}
	if n := len(e.RecentMenu().Items); n != ui.MaxRecent+2 {
		t.Errorf("Open Recent has %d items, want %d files, a separator and Clear", n, ui.MaxRecent)
	}
}

// TestSpaceAfterChoosingMaterialPlays is the regression test for Space
// re-opening a drop-down (drawn at the window's corner) after a group's
// material was chosen in it, instead of playing: Space and the frame keys
// reach the editor wherever the focus is, except in a text field.
func TestSpaceAfterChoosingMaterialPlays(t *testing.T) {
	e, w, _ := edtest.OpenEditor(t, uitest.SampleFile(t, nil))
	e.Selection().Select(hub.Selection{Kind: hub.KindGroup, Index: 0})
	sel := uitest.Find(e.Properties.Object(), func(*widgets.KeySelect) bool { return true }) // the group's material
	test.Tap(sel)                                                                            // focuses it and opens its list
	pop := w.Canvas().Overlays().Top()
	if pop == nil {
		t.Fatal("the drop-down did not open")
	}
	for _, o := range test.LaidOutObjects(pop) {
		if tx, ok := o.(*canvas.Text); ok && tx.Text == sel.Options[0] {
			for _, m := range test.LaidOutObjects(pop) {
				if tp, ok := m.(fyne.Tappable); ok && m.Visible() && m.Position().Y <= tx.Position().Y && contains(m, tx) {
					test.Tap(tp)
					break
				}
			}
			break
		}
	}
	w.Canvas().Overlays().Remove(pop)
	c := w.Canvas()
	if c.Focused() == nil {
		t.Fatal("the drop-down does not have the focus (the test no longer shows the bug)")
	}
	frame := e.Timeline.Player.Frame()
	c.Focused().TypedKey(&fyne.KeyEvent{Name: fyne.KeyRight})
	if f := e.Timeline.Player.Frame(); f != frame+1 {
		t.Errorf("→ with the drop-down focused: frame %v, want %v", f, frame+1)
	}
	c.Focused().TypedKey(&fyne.KeyEvent{Name: fyne.KeySpace})
	if !e.Timeline.Playing() {
		t.Error("Space with the drop-down focused did not play")
	}
	if top := c.Overlays().Top(); top != nil {
		t.Error("Space opened a pop-up")
	}
	// Typing in a text field keeps its keys.
	e.Timeline.Pause()
	c.Focus(uitest.Find(e.Timeline.Object(), func(f fyne.Focusable) bool {
		_, entry := f.(interface{ SetPlaceHolder(string) })
		return entry
	}))
	c.Focused().TypedKey(&fyne.KeyEvent{Name: fyne.KeySpace})
	if e.Timeline.Playing() {
		t.Error("Space in the frame entry played")
	}
}

// contains reports whether the canvas object outer holds inner.
func contains(outer, inner fyne.CanvasObject) bool {
	for _, o := range test.LaidOutObjects(outer) {
		if o == inner {
			return true
		}
	}
	return false
}

// TestViewportClickOnNothingKeepsSelection is the regression test for a
// click on the viewport's background dropping the selection: only a hit
// changes it.
func TestViewportClickOnNothingKeepsSelection(t *testing.T) {
	e, _, vp := edtest.NewEditor(t)
	edtest.Open(t, e, uitest.SampleFile(t, nil))
	g := hub.Selection{Kind: hub.KindGroup, Index: 1}
	e.Selection().Select(g)
	vp.Pick(model.PartFile, -1)
	if s := e.Selection().Current(); s != g {
		t.Errorf("a click on nothing selected %v", s)
	}
	vp.Pick(model.PartGroup, 0)
	if s := e.Selection().Current(); s != (hub.Selection{Kind: hub.KindGroup, Index: 0}) {
		t.Errorf("a hit selected %v", s)
	}
}

// TestKeymapDialog checks Help ▸ Keyboard Shortcuts lists the keys.
func TestKeymapDialog(t *testing.T) {
	e, w, _ := edtest.NewEditor(t)
	e.ShowKeymap()
	got := uitest.OverlayText(w)
	for _, want := range []string{"Space", "play / pause", "Home, End", "Ctrl+Z, Ctrl+Y (Ctrl+Shift+Z)"} {
		if !strings.Contains(got, want) {
			t.Errorf("the dialog lacks %q:\n%s", want, got)
		}
	}
}

// TestSpaceOnAFocusedCheckBoxPlays is the regression test for Space on a
// focused check box (a click on one focuses it): the driver gives the
// focused widget the Space key and then the ' ' character, and Fyne's check
// box ticks itself on the character, so Space played and toggled the box.
// Return ticks it instead. The box's focus ring is painted only while it
// shows.
func TestSpaceOnAFocusedCheckBoxPlays(t *testing.T) {
	e, w, _ := edtest.OpenEditor(t, uitest.SampleFile(t, nil))
	c := w.Canvas()
	loop := uitest.Find(e.Timeline.Object(), func(c *widgets.KeyCheck) bool { return c.Text == "Loop" })
	pose := uitest.Find(e.Anim.Object(), func(c *widgets.KeyCheck) bool { return c.Text == "Pose mode" })
	for _, chk := range []*widgets.KeyCheck{loop, pose} {
		ring := ringOf(t, chk)
		if ring.Visible() {
			t.Errorf("%q: the focus ring is painted while the box is neither focused nor hovered", chk.Text)
		}
		test.Tap(chk)
		if c.Focused() != fyne.Focusable(chk) {
			t.Fatalf("%q: a click did not focus the box (the test no longer shows the bug)", chk.Text)
		}
		if !ring.Visible() {
			t.Errorf("%q: the focused box shows no focus ring", chk.Text)
		}
		on := chk.Checked
		e.Timeline.Pause()
		c.Focused().TypedKey(&fyne.KeyEvent{Name: fyne.KeySpace})
		c.Focused().TypedRune(' ')
		if !e.Timeline.Playing() {
			t.Errorf("%q: Space with the box focused did not play", chk.Text)
		}
		if chk.Checked != on {
			t.Errorf("%q: Space toggled the focused box", chk.Text)
		}
		e.Timeline.Pause()
		c.Focused().TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
		if chk.Checked == on {
			t.Errorf("%q: Return did not toggle the focused box", chk.Text)
		}
		c.Unfocus()
		if ring.Visible() {
			t.Errorf("%q: the focus ring stays painted after the focus left", chk.Text)
		}
	}
}

// ringOf returns a check box's focus ring (the circle in its renderer).
func ringOf(t *testing.T, chk *widgets.KeyCheck) *canvas.Circle {
	t.Helper()
	for _, o := range test.WidgetRenderer(chk).Objects() {
		if r, ok := o.(*canvas.Circle); ok {
			return r
		}
	}
	t.Fatalf("%q: no focus ring", chk.Text)
	return nil
}
