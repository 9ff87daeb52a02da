package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"ms3dstudio/document"
	"ms3dstudio/formats/ms3d"
	"ms3dstudio/model"
	"ms3dstudio/model/sample"
)

// sampleFile writes the built-in sample model (or m, when given) to a
// temporary .ms3d file.
func sampleFile(t *testing.T, m *model.Model) string {
	t.Helper()
	if m == nil {
		m = sample.Model()
	}
	data, err := ms3d.Encode(m)
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), "sample.ms3d")
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// shownTexts returns the texts of the visible labels under o.
func shownTexts(o fyne.CanvasObject) string {
	var b strings.Builder
	for _, c := range test.LaidOutObjects(o) {
		if l, ok := c.(*widget.Label); ok && l.Visible() {
			b.WriteString(l.Text + "\n")
		}
	}
	return b.String()
}

// TestRecentListNotStattedOnEveryEdit is the regression test for Open
// Recent looking at every remembered file on the UI goroutine after every
// edit (the menu is rebuilt on each change).
func TestRecentListNotStattedOnEveryEdit(t *testing.T) {
	e, _, _ := newTestEditor(t)
	d := openDoc(t, e, sampleFile(t, nil))
	dir := t.TempDir()
	for i := 0; i < MaxRecent; i++ {
		p := filepath.Join(dir, "m"+itoa(i)+".ms3d")
		os.WriteFile(p, nil, 0o644)
		e.Recent.Add(p)
	}
	stats := 0
	e.Recent.stat = func(p string) (os.FileInfo, error) { stats++; return os.Stat(p) }
	for i := 0; i < 5; i++ {
		if err := d.Do(document.SetModelComment("edit " + itoa(i))); err != nil {
			t.Fatal(err)
		}
	}
	if stats != 0 {
		t.Errorf("%d stats for 5 edits, want 0", stats)
	}
	if n := len(e.recentMenu.Items); n != MaxRecent+2 {
		t.Errorf("Open Recent has %d items, want %d files, a separator and Clear", n, MaxRecent)
	}
}

// TestMaterialModeErrorIsShown is the regression test for the material's
// mode check boxes dropping the command's error: a refused edit showed
// nothing (and indexed past the end of the materials first).
func TestMaterialModeErrorIsShown(t *testing.T) {
	e, _, _ := newTestEditor(t)
	d := openDoc(t, e, sampleFile(t, nil))
	e.Selection().Select(Selection{Kind: KindMaterial, Index: 0})
	var chk *widget.Check
	for _, o := range test.LaidOutObjects(e.Properties.Object()) {
		if c, ok := o.(*keyCheck); ok && c.Text == "Has alpha" {
			chk = &c.Check
		}
	}
	if chk == nil {
		t.Fatal("no Has alpha check box")
	}
	// The material went away under the panel (as after an edit the panel
	// has not caught up with): the command refuses.
	d.Model().Materials = nil
	chk.SetChecked(!chk.Checked)
	if got := shownTexts(e.Properties.Object()); !strings.Contains(got, "material 0") {
		t.Errorf("the refusal is not shown; the panel shows:\n%s", got)
	}
}

// TestOpenAt25FPSStartsAtFrame1 is the regression test for a 25 fps model
// opening at frame 1.04: the time of frame 1 at the default 24 fps was
// kept.
func TestOpenAt25FPSStartsAtFrame1(t *testing.T) {
	e, _, _ := newTestEditor(t)
	m := sample.Model()
	m.FPS = 25
	openDoc(t, e, sampleFile(t, m))
	tl := e.Timeline
	if f := tl.Player.Frame(); f != 1 {
		t.Errorf("opened at frame %v, want 1", f)
	}
	checkTimeShown(t, e)
}

// TestFrameEntryFollowsPlayback is the regression test for the frame entry
// standing still while playing: the label, the entry and the status bar
// show the same frame on every tick, after scrubbing and after a pause.
func TestFrameEntryFollowsPlayback(t *testing.T) {
	e, _, _ := newTestEditor(t)
	openDoc(t, e, sampleFile(t, nil))
	tl := e.Timeline
	tl.Play()
	now := time.Now()
	tl.Tick(now)
	for i := 1; i <= 5; i++ {
		tl.Tick(now.Add(time.Duration(i) * 37 * time.Millisecond))
		if tl.Player.Frame() <= 1 {
			t.Fatalf("tick %d: still at frame %v", i, tl.Player.Frame())
		}
		checkTimeShown(t, e)
	}
	tl.Pause()
	checkTimeShown(t, e)
	tl.seekX(tl.ruler.xAt(3))
	checkTimeShown(t, e)
	if tl.frame.Shown() != "3" {
		t.Errorf("scrubbed to frame 3, entry shows %q", tl.frame.Shown())
	}
}

// checkTimeShown checks that the timeline's entry and label and the status
// bar show the player's frame.
func checkTimeShown(t *testing.T, e *Editor) {
	t.Helper()
	p := e.Timeline.Player
	want := FrameText(p.Frame())
	if got := e.Timeline.frame.Shown(); got != want {
		t.Errorf("frame %v: entry %q, want %q", p.Frame(), got, want)
	}
	if got := e.Timeline.label.Text; !strings.HasPrefix(got, want+" / ") {
		t.Errorf("frame %v: label %q, want it to start with %q", p.Frame(), got, want)
	}
	if got := e.Status.Time.Text; !strings.HasPrefix(got, "frame "+want+" / ") {
		t.Errorf("frame %v: status %q, want frame %s", p.Frame(), got, want)
	}
}

// TestSpaceAfterChoosingMaterialPlays is the regression test for Space
// re-opening a drop-down (drawn at the window's corner) after a group's
// material was chosen in it, instead of playing: Space and the frame keys
// reach the editor wherever the focus is, except in a text field.
func TestSpaceAfterChoosingMaterialPlays(t *testing.T) {
	e, w, _ := newTestEditor(t)
	openDoc(t, e, sampleFile(t, nil))
	e.Selection().Select(Selection{Kind: KindGroup, Index: 0})
	sel := e.Properties.materialSelect
	test.Tap(sel) // focuses it and opens its list
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
	c.Focus(e.Timeline.frame.entry)
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
	e, _, vp := newTestEditor(t)
	openDoc(t, e, sampleFile(t, nil))
	g := Selection{Kind: KindGroup, Index: 1}
	e.Selection().Select(g)
	vp.pick(model.PartFile, -1)
	if s := e.Selection().Current(); s != g {
		t.Errorf("a click on nothing selected %v", s)
	}
	vp.pick(model.PartGroup, 0)
	if s := e.Selection().Current(); s != (Selection{Kind: KindGroup, Index: 0}) {
		t.Errorf("a hit selected %v", s)
	}
}

// TestKeymapDialog checks Help ▸ Keyboard Shortcuts lists the keys.
func TestKeymapDialog(t *testing.T) {
	e, w, _ := newTestEditor(t)
	e.ShowKeymap()
	got := overlayText(w)
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
	e, w, _ := newTestEditor(t)
	openDoc(t, e, sampleFile(t, nil))
	c := w.Canvas()
	for _, chk := range []*keyCheck{e.Timeline.loop, e.Anim.poseCheck} {
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
func ringOf(t *testing.T, chk *keyCheck) *canvas.Circle {
	t.Helper()
	for _, o := range test.WidgetRenderer(chk).Objects() {
		if r, ok := o.(*canvas.Circle); ok {
			return r
		}
	}
	t.Fatalf("%q: no focus ring", chk.Text)
	return nil
}
