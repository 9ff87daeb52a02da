package timeline

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"ms3dstudio/ui/widgets"
)

// frameField is the timeline's frame entry. While playback runs it shows
// the frame through a LiveText drawn over the empty entry: an entry given
// a new text every frame cost Fyne 2–3 ms of CPU a frame under llvmpipe
// (its text shaped, rasterised and uploaded as a new texture, its rows
// laid out again). When playback stops, or the user clicks into it, the
// entry shows the frame itself, for typing.
type frameField struct {
	widget.BaseWidget
	entry *focusEntry
	live  *widgets.LiveText
	obj   fyne.CanvasObject
	// shown is the frame shown, by the entry or, while it is visible (the
	// entry then empty), the live text.
	shown string
}

// focusEntry is an entry that reports when it gains the focus.
type focusEntry struct {
	widget.Entry
	onFocus func()
}

// FocusGained implements fyne.Focusable.
func (e *focusEntry) FocusGained() {
	if e.onFocus != nil {
		e.onFocus()
	}
	e.Entry.FocusGained()
}

func newFrameField() *frameField {
	f := &frameField{entry: &focusEntry{}}
	f.entry.ExtendBaseWidget(f.entry)
	// Where Fyne's entry draws its text: the theme's inner padding from
	// its left edge (TestFrameFieldLooksTheSamePlayingAndStill).
	f.live = widgets.NewLiveTextAt("99999.99", fyne.TextStyle{}, theme.InnerPadding())
	f.live.Hide()
	f.entry.onFocus = func() {
		if f.live.Visible() {
			f.still(f.shown)
		}
	}
	f.obj = container.NewStack(f.entry, f.live)
	f.ExtendBaseWidget(f)
	return f
}

// show shows frame text s: while playing, through the live text;
// otherwise in the entry. Not while the user types in it (see focused).
func (f *frameField) show(s string, playing bool) {
	if playing {
		if !f.live.Visible() {
			f.entry.SetText("")
			f.live.Show()
		}
		f.live.Set(s)
		f.shown = s
		return
	}
	f.still(s)
}

// still shows s in the entry and hides the live text.
func (f *frameField) still(s string) {
	if f.live.Visible() {
		f.live.Hide()
	}
	if f.entry.Text != s {
		f.entry.SetText(s)
	}
	f.shown = s
}

// Shown returns the frame text shown, by the entry or the live text.
func (f *frameField) Shown() string { return f.shown }

// focused reports whether the entry has the keyboard focus.
func (f *frameField) focused() bool {
	a := fyne.CurrentApp()
	if a == nil {
		return false
	}
	c := a.Driver().CanvasForObject(f.entry)
	return c != nil && c.Focused() == fyne.Focusable(f.entry)
}

// CreateRenderer implements fyne.Widget.
func (f *frameField) CreateRenderer() fyne.WidgetRenderer { return widget.NewSimpleRenderer(f.obj) }
