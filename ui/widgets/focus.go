package widgets

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// Keyboard focus. Fyne gives a key to the focused widget and only when
// nothing has the focus to the canvas's handler (Editor.TypedKey). Choosing
// a material in a drop-down or ticking a check box focuses it, and then Space
// re-opened the drop-down (drawn at the window's corner) or ticked the box
// again instead of playing. The drop-downs, check boxes, lists and the tree
// of the main window are therefore the types below: they keep the keys they
// need to be worked from the keyboard (Up/Down, Tab, Return, Escape) and hand
// every other key to the canvas's handler, so that Space and the frame keys
// work wherever the focus is except in a text field.

// keepsKey reports whether a focused drop-down, check box, list or tree
// keeps key k for itself.
func keepsKey(k fyne.KeyName) bool {
	switch k {
	case fyne.KeyUp, fyne.KeyDown, fyne.KeyTab, fyne.KeyEscape, fyne.KeyReturn, fyne.KeyEnter:
		return true
	}
	return false
}

// forwardKey passes ev to the canvas's own key handler (the editor's), as if
// nothing had the focus, unless o keeps the key; it reports whether it did.
func forwardKey(o fyne.CanvasObject, ev *fyne.KeyEvent) bool {
	if keepsKey(ev.Name) {
		return false
	}
	a := fyne.CurrentApp()
	if a == nil {
		return false
	}
	if c := a.Driver().CanvasForObject(o); c != nil && c.OnTypedKey() != nil {
		c.OnTypedKey()(ev)
	}
	return true
}

// ForwardRune passes the character r to the canvas's own rune handler (the
// editor's), as if nothing had the focus.
func ForwardRune(o fyne.CanvasObject, r rune) {
	a := fyne.CurrentApp()
	if a == nil {
		return
	}
	if c := a.Driver().CanvasForObject(o); c != nil && c.OnTypedRune() != nil {
		c.OnTypedRune()(r)
	}
}

// KeySelect is a drop-down that never catches Space or the frame keys.
type KeySelect struct{ widget.Select }

// NewKeySelect returns a drop-down like widget.NewSelect whose focus lets the
// editor's keys through (see forwardKey). Put the KeySelect itself in
// containers (Fyne keeps one renderer per widget it is given); a field may
// keep &s.Select for calling its methods.
func NewKeySelect(options []string, changed func(string)) *KeySelect {
	s := &KeySelect{}
	s.OnChanged, s.Options, s.PlaceHolder = changed, options, widget.NewSelect(nil, nil).PlaceHolder
	s.ExtendBaseWidget(s)
	return s
}

// TypedKey keeps Up and Down (they open the list) and forwards the rest.
func (s *KeySelect) TypedKey(ev *fyne.KeyEvent) {
	if !forwardKey(s, ev) {
		s.Select.TypedKey(ev)
	}
}

// KeyCheck is a check box that Space does not toggle once it has the focus
// (Return does), and that has Fyne paint its focus ring only while it shows.
type KeyCheck struct{ widget.Check }

// NewKeyCheck returns a check box like widget.NewCheck whose focus lets the
// editor's keys through.
func NewKeyCheck(label string, changed func(bool)) *KeyCheck {
	c := &KeyCheck{}
	c.Text, c.OnChanged = label, changed
	c.ExtendBaseWidget(c)
	return c
}

// TypedKey ticks or clears the box on Return and forwards every key but
// Tab, Return and Escape.
func (c *KeyCheck) TypedKey(ev *fyne.KeyEvent) {
	if forwardKey(c, ev) {
		return
	}
	if (ev.Name == fyne.KeyReturn || ev.Name == fyne.KeyEnter) && !c.Disabled() {
		c.SetChecked(!c.Checked)
		return
	}
	c.Check.TypedKey(ev)
}

// TypedRune passes characters on to the window's handler: Fyne's check box
// ticks itself on ' ', which reaches a focused widget after the Space key
// itself, so Space both played and toggled the focused box.
func (c *KeyCheck) TypedRune(r rune) { ForwardRune(c, r) }

// CreateRenderer is the check box's, with its focus ring hidden while it is
// transparent (neither hovered nor focused): Fyne paints a circle even when
// it is fully transparent, on every frame (under llvmpipe 60–140 µs each,
// see tools/benchbare), and the editor shows six check boxes.
func (c *KeyCheck) CreateRenderer() fyne.WidgetRenderer {
	r := &checkRenderer{WidgetRenderer: c.Check.CreateRenderer()}
	for _, o := range r.Objects() {
		if ring, ok := o.(*canvas.Circle); ok {
			r.ring = ring
			break
		}
	}
	r.hideIdleRing()
	return r
}

// checkRenderer wraps a check box's renderer to hide its idle focus ring.
type checkRenderer struct {
	fyne.WidgetRenderer
	ring *canvas.Circle
}

// Refresh lets the check box set its ring's colour, then hides the ring
// if that is transparent or the background (its colour before the first
// refresh).
func (r *checkRenderer) Refresh() {
	r.WidgetRenderer.Refresh()
	r.hideIdleRing()
}

func (r *checkRenderer) hideIdleRing() {
	if r.ring == nil {
		return
	}
	idle := r.ring.FillColor == nil
	if !idle {
		_, _, _, a := r.ring.FillColor.RGBA()
		idle = a == 0 || sameColor(r.ring.FillColor, theme.Color(theme.ColorNameBackground))
	}
	r.ring.Hidden = idle
}

// sameColor reports whether a and b are the same colour.
func sameColor(a, b color.Color) bool {
	ar, ag, ab, aa := a.RGBA()
	br, bg, bb, ba := b.RGBA()
	return ar == br && ag == bg && ab == bb && aa == ba
}

// KeyList is a list that keeps Up and Down for moving through its rows.
type KeyList struct{ widget.List }

// NewKeyList returns a list like widget.NewList whose focus lets the editor's
// keys through.
func NewKeyList(length func() int, create func() fyne.CanvasObject, update func(widget.ListItemID, fyne.CanvasObject)) *KeyList {
	l := &KeyList{}
	l.Length, l.CreateItem, l.UpdateItem = length, create, update
	l.ExtendBaseWidget(l)
	return l
}

// TypedKey keeps Up and Down and forwards the rest.
func (l *KeyList) TypedKey(ev *fyne.KeyEvent) {
	if !forwardKey(l, ev) {
		l.List.TypedKey(ev)
	}
}

// KeyTree is a tree that keeps Up and Down for moving through its nodes
// (branches open and close with a click).
type KeyTree struct{ widget.Tree }

// NewKeyTree returns a tree like widget.NewTree whose focus lets the editor's
// keys through.
func NewKeyTree(children func(widget.TreeNodeID) []widget.TreeNodeID, isBranch func(widget.TreeNodeID) bool,
	create func(bool) fyne.CanvasObject, update func(widget.TreeNodeID, bool, fyne.CanvasObject)) *KeyTree {
	t := &KeyTree{}
	t.ChildUIDs, t.IsBranch, t.CreateNode, t.UpdateNode = children, isBranch, create, update
	t.ExtendBaseWidget(t)
	return t
}

// TypedKey keeps Up and Down and forwards the rest.
func (t *KeyTree) TypedKey(ev *fyne.KeyEvent) {
	if !forwardKey(t, ev) {
		t.Tree.TypedKey(ev)
	}
}
