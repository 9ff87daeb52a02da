package widgets

import (
	"fmt"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"

	"ms3dstudio/ui/internal/uitest"
)

// TestLiveTextLooksLikeAText draws the timeline's label through a
// LiveText and, in the same place, as the canvas.Text Fyne would draw
// (monospace, the theme's size, after the padding, centred in the
// height): the two pictures agree on all but a few edge pixels. A
// different time changes the picture, and setting the same text again
// leaves the raster as it is.
func TestLiveTextLooksLikeAText(t *testing.T) {
	test.NewTempApp(t)
	l := NewLiveText("9999.99 / 99999 · 9999.999 s")
	size := l.MinSize()
	w := test.NewTempWindow(t, container.NewWithoutLayout(l))
	w.SetPadded(false)
	w.Resize(size)
	l.Resize(size)
	s := fmt.Sprintf("%s / %d · %.3f s", FrameText(46.8), 48, 45.8/24)
	l.Set(s)
	got := w.Canvas().Capture()

	ref := canvas.NewText(s, theme.Color(theme.ColorNameForeground))
	ref.TextStyle.Monospace = true
	lineH := fyne.MeasureText("0", theme.TextSize(), ref.TextStyle).Height
	ref.Move(fyne.NewPos(theme.Padding(), (size.Height-lineH)/2))
	ref.Resize(fyne.NewSize(size.Width, lineH))
	w.SetContent(container.NewWithoutLayout(ref))
	w.Resize(size)
	want := w.Canvas().Capture()
	diff, ink := uitest.InkDiff(want, got, 48)
	if ink < 200 || diff > ink/20 {
		t.Errorf("%q: %d of the text's %d ink pixels differ from Fyne's canvas.Text", s, diff, ink)
	}

	w.SetContent(container.NewWithoutLayout(l))
	w.Resize(size)
	l.Resize(size)
	l.Set(fmt.Sprintf("%s / %d · %.3f s", FrameText(47.2), 48, 46.2/24))
	other := w.Canvas().Capture()
	if d, _ := uitest.InkDiff(got, other, 48); d < 20 {
		t.Errorf("another time changed only %d pixels", d)
	}
	if l.Text == s {
		t.Errorf("Text is still %q", s)
	}
	before := l.img
	l.Set(l.Text)
	w.Canvas().Capture()
	if l.img != before {
		t.Error("setting the same text made a new image")
	}
}
