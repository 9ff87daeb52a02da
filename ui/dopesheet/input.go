package dopesheet

import (
	"math"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"

	"ms3dstudio/model/animedit"
	"ms3dstudio/ui/widgets"
)

// keyAt returns the key under pos, if any.
func (d *DopeSheet) keyAt(pos fyne.Position) (keyID, bool) {
	i := d.rowAt(pos.Y)
	if i < 0 || pos.X < dopeNameW || d.m == nil {
		return keyID{}, false
	}
	j := d.rows[i].joint
	best, bestD := keyID{}, float32(dopeHitR)
	found := false
	for _, kind := range []animedit.Kind{animedit.Rotation, animedit.Position} {
		y := d.keyY(i, kind)
		for _, k := range animedit.Keys(d.m, j, kind) {
			dx := d.xOf(float64(k.Time)*d.fps) - pos.X
			dy := y - pos.Y
			if dd := float32(math.Hypot(float64(dx), float64(dy))); dd <= bestD {
				best, bestD, found = keyID{j, kind, k.Time}, dd, true
			}
		}
	}
	return best, found
}

// keysIn returns the keys whose marks lie in the rectangle a–b.
func (d *DopeSheet) keysIn(a, b fyne.Position) []keyID {
	x0, x1 := min(a.X, b.X), max(a.X, b.X)
	y0, y1 := min(a.Y, b.Y), max(a.Y, b.Y)
	var out []keyID
	for i := d.scroll; i < len(d.rows) && d.m != nil; i++ {
		j := d.rows[i].joint
		for _, kind := range []animedit.Kind{animedit.Rotation, animedit.Position} {
			y := d.keyY(i, kind)
			if y+dopeKeyR < y0 || y-dopeKeyR > y1 {
				continue
			}
			for _, k := range animedit.Keys(d.m, j, kind) {
				if x := d.xOf(float64(k.Time) * d.fps); x+dopeKeyR >= x0 && x-dopeKeyR <= x1 {
					out = append(out, keyID{j, kind, k.Time})
				}
			}
		}
	}
	return out
}

// MouseDown remembers the modifiers (Shift adds to the selection, Alt
// moves by sub-frames) and takes the keyboard focus.
func (d *DopeSheet) MouseDown(ev *desktop.MouseEvent) {
	d.mods, d.press = ev.Modifier, ev.Position
	if c := fyne.CurrentApp().Driver().CanvasForObject(d); c != nil {
		c.Focus(d)
	}
}

// MouseUp is part of desktop.Mouseable.
func (d *DopeSheet) MouseUp(*desktop.MouseEvent) {}

// Tapped selects a key, a joint or a frame.
func (d *DopeSheet) Tapped(ev *fyne.PointEvent) {
	p := ev.Position
	switch {
	case p.Y < dopeHeaderH && p.X >= dopeNameW:
		d.seek(p.X)
	case p.X < dopeNameW:
		i := d.rowAt(p.Y)
		if i < 0 {
			return
		}
		r := d.rows[i]
		if r.children && p.X < float32(r.depth*dopeIndent+dopeIndent+4) {
			d.SetCollapsed(r.joint, !d.collapsed[r.joint])
			return
		}
		if d.OnSelectJoint != nil {
			d.OnSelectJoint(r.joint)
		}
	default:
		id, ok := d.keyAt(p)
		add := d.mods&fyne.KeyModifierShift != 0
		if !add {
			clear(d.selected)
		}
		if ok {
			if add && d.selected[id] {
				delete(d.selected, id)
			} else {
				d.selected[id] = true
			}
		}
		d.raster.Refresh()
	}
}

func (d *DopeSheet) seek(x float32) {
	if d.OnSeek != nil {
		d.OnSeek(math.Max(math.Round(d.frameAt(x)), 0))
	}
}

// Dragged moves the selected keys, draws a selection box, or scrubs.
func (d *DopeSheet) Dragged(ev *fyne.DragEvent) {
	if d.dragMode == dragNone {
		switch id, ok := d.keyAt(d.press); {
		case d.press.Y < dopeHeaderH:
			d.dragMode = dragScrub
		case ok:
			if !d.selected[id] {
				if d.mods&fyne.KeyModifierShift == 0 {
					clear(d.selected)
				}
				d.selected[id] = true
			}
			d.dragMode = dragMove
		case d.press.X >= dopeNameW:
			d.dragMode = dragBox
		case d.rowAt(d.press.Y) >= 0:
			d.dragMode = dragReparent
		default:
			return
		}
	}
	d.dragNow = ev.Position
	switch d.dragMode {
	case dragScrub:
		d.seek(ev.Position.X)
	case dragMove:
		f := float64(ev.Position.X-d.press.X) / d.ppf
		if d.mods&fyne.KeyModifierAlt == 0 {
			f = math.Round(f)
		}
		if f != d.dragFrames || d.preview == nil {
			d.dragFrames = f
			d.updateCollisions()
		}
	}
	d.raster.Refresh()
}

// updateCollisions finds the keys that the key drag in progress would
// replace if dropped now, marks them and reports them (OnCollide).
func (d *DopeSheet) updateCollisions() {
	if d.preview == nil {
		d.preview = animedit.NewRetimePreview(d.m, d.SelectedKeys())
	}
	var hit []animedit.KeyRef
	if d.dragFrames != 0 {
		hit = d.preview.Move(d.dragFrames)
	}
	if len(hit) == 0 && len(d.collide) == 0 {
		return
	}
	clear(d.collide)
	for _, r := range hit {
		if d.collide == nil {
			d.collide = map[keyID]bool{}
		}
		d.collide[keyID{r.Joint, r.Kind, r.Time}] = true
	}
}

// CollisionText says what the key drag in progress would replace if
// dropped now ("" when nothing): the sheet writes it in its header, in
// red, beside the marks.
func (d *DopeSheet) CollisionText() string {
	if len(d.collide) == 0 {
		return ""
	}
	return "dropping here replaces " + widgets.Plural(len(d.collide), "key")
}

// endCollisions forgets the marks of a key drag that ended.
func (d *DopeSheet) endCollisions() {
	d.preview = nil
	clear(d.collide)
}

// DragEnd finishes a move or a box selection.
func (d *DopeSheet) DragEnd() {
	mode := d.dragMode
	d.dragMode = dragNone
	if mode == dragMove {
		d.endCollisions()
	}
	switch mode {
	case dragMove:
		f := d.dragFrames
		d.dragFrames = 0
		if f != 0 && d.OnMove != nil && len(d.selected) > 0 {
			refs := d.SelectedKeys()
			// The moved keys stay selected at their new times.
			clear(d.selected)
			for _, r := range refs {
				d.selected[keyID{r.Joint, r.Kind, float32((float64(r.Time)*d.fps + f) / d.fps)}] = true
			}
			d.OnMove(refs, f)
		}
	case dragReparent:
		from, to := d.rowAt(d.press.Y), d.rowAt(d.dragNow.Y)
		if from < 0 || d.OnReparent == nil || d.dragNow.Y < dopeHeaderH {
			break // dropped on the header: nothing
		}
		j, parent := d.rows[from].joint, -1
		if to >= 0 {
			parent = d.rows[to].joint
		}
		if parent != j {
			d.OnReparent(j, parent)
		}
	case dragBox:
		if d.mods&fyne.KeyModifierShift == 0 {
			clear(d.selected)
		}
		for _, id := range d.keysIn(d.press, d.dragNow) {
			d.selected[id] = true
		}
	}
	d.raster.Refresh()
}

// Scrolled scrolls the rows; with Shift it pans time, with Ctrl it zooms
// time about the pointer.
func (d *DopeSheet) Scrolled(ev *fyne.ScrollEvent) {
	mods := d.mods
	if drv, ok := fyne.CurrentApp().Driver().(desktop.Driver); ok {
		mods = drv.CurrentKeyModifiers()
	}
	dy := float64(ev.Scrolled.DY) / wheelStep
	switch {
	case mods&fyne.KeyModifierControl != 0:
		d.Zoom(math.Pow(1.25, dy), ev.Position.X)
	case mods&fyne.KeyModifierShift != 0 || ev.Scrolled.DX != 0:
		d.Pan(-(dy + float64(ev.Scrolled.DX)/wheelStep) * 40 / d.ppf)
	default:
		d.scroll = min(max(d.scroll-int(math.Round(dy)), 0), max(len(d.rows)-d.visibleRows(), 0))
		d.Refresh()
	}
}

// wheelStep is one wheel notch as Fyne reports it on X11.
const wheelStep = 25

// Zoom scales time by factor about x (units per frame between 0.05 and
// 200).
func (d *DopeSheet) Zoom(factor float64, x float32) {
	f := d.frameAt(x)
	d.ppf = min(max(d.ppf*factor, 0.05), 200)
	d.first = f - float64(x-dopeNameW)/d.ppf
	d.userZoomed = true
	d.viewChanged()
}

// Pan moves the view by frames frames.
func (d *DopeSheet) Pan(frames float64) {
	d.first += frames
	d.userZoomed = true
	d.viewChanged()
}

// FrameAll zooms and pans time so that the whole animation fits the key
// area again (the F key while the sheet has the focus), and keeps it fitted
// as the sheet is resized.
func (d *DopeSheet) FrameAll() {
	d.userZoomed = false
	d.fit()
	d.viewChanged()
}

// viewChanged redraws the sheet after a zoom or pan and tells the timeline
// that follows its axis.
func (d *DopeSheet) viewChanged() {
	d.Refresh()
	if d.OnView != nil {
		d.OnView()
	}
}

// FrameX is part of TimeAxis: the x of frame f in obj's coordinates.
func (d *DopeSheet) FrameX(f float64, obj fyne.CanvasObject) (float32, bool) {
	dx, ok := d.offsetTo(obj)
	return dx + d.xOf(f), ok
}

// FrameAtX is part of TimeAxis: the frame at x in obj's coordinates.
func (d *DopeSheet) FrameAtX(x float32, obj fyne.CanvasObject) (float64, bool) {
	dx, ok := d.offsetTo(obj)
	return d.frameAt(x - dx), ok
}

// offsetTo returns how far right of obj's left edge the sheet's left edge
// is in the window. While the sheet is not shown (another tab is) the last
// offset seen is kept: the layout does not move between tabs.
func (d *DopeSheet) offsetTo(obj fyne.CanvasObject) (float32, bool) {
	if d.Size().Width <= dopeNameW {
		return 0, false
	}
	if a := fyne.CurrentApp(); a != nil && d.Visible() {
		drv := a.Driver()
		if p := drv.AbsolutePositionForObject(d); p != (fyne.Position{}) {
			d.axisOffset = p.X - drv.AbsolutePositionForObject(obj).X
		}
	}
	return d.axisOffset, true
}

// FocusGained is part of fyne.Focusable.
func (d *DopeSheet) FocusGained() { d.focused = true }

// FocusLost is part of fyne.Focusable.
func (d *DopeSheet) FocusLost() { d.focused = false }

// TypedRune passes characters on to the window's handler.
func (d *DopeSheet) TypedRune(r rune) { widgets.ForwardRune(d, r) }

// TypedKey deletes the selected keys with Delete or Backspace; other keys
// go to the window's handler.
func (d *DopeSheet) TypedKey(ev *fyne.KeyEvent) {
	if d.DeleteSelected(ev.Name) {
		return
	}
	if ev.Name == fyne.KeyF {
		d.FrameAll()
		return
	}
	if c := fyne.CurrentApp().Driver().CanvasForObject(d); c != nil && c.OnTypedKey() != nil {
		c.OnTypedKey()(ev)
	}
}

// DeleteSelected deletes the selected keys when k is Delete or Backspace
// and keys are selected; it reports whether it did.
func (d *DopeSheet) DeleteSelected(k fyne.KeyName) bool {
	if (k != fyne.KeyDelete && k != fyne.KeyBackspace) || len(d.selected) == 0 || d.OnDelete == nil {
		return false
	}
	refs := d.SelectedKeys()
	clear(d.selected)
	d.OnDelete(refs)
	d.raster.Refresh()
	return true
}
