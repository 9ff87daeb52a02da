package viewport

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
)

// FocusHint is what the viewport shows in its corner while it has the
// keyboard focus: the arrow keys orbit then, where elsewhere ← and → step
// frames (Alt+arrows orbit wherever the focus is).
const FocusHint = "arrows orbit · Esc leaves"

// focusMark is the frame and hint drawn while the viewport has the focus,
// so that a user can tell what the arrow keys will do.
type focusMark struct {
	frame *canvas.Rectangle
	hint  *canvas.Text
}

func newFocusMark() focusMark {
	f := canvas.NewRectangle(color.Transparent)
	f.StrokeColor = theme.Color(theme.ColorNameFocus)
	f.StrokeWidth = 2
	h := canvas.NewText(FocusHint, theme.Color(theme.ColorNameForeground))
	h.TextSize = theme.CaptionTextSize()
	m := focusMark{frame: f, hint: h}
	m.show(false)
	return m
}

func (m focusMark) objects() []fyne.CanvasObject { return []fyne.CanvasObject{m.frame, m.hint} }

func (m focusMark) layout(s fyne.Size) {
	m.frame.Move(fyne.NewPos(0, 0))
	m.frame.Resize(s)
	p := theme.Padding()
	m.hint.Move(fyne.NewPos(p, s.Height-m.hint.MinSize().Height-p))
}

func (m focusMark) show(on bool) {
	if on {
		m.frame.Show()
		m.hint.Show()
	} else {
		m.frame.Hide()
		m.hint.Hide()
	}
}

// Focused reports whether the viewport has the keyboard focus (and so shows
// FocusHint).
func (v *View) Focused() bool { return v.focused }
