package timeline

import (
	"image"
	"image/color"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"

	"ms3dstudio/ui/internal/uitest"
)

// bestShift returns the offset of b against a with the fewest differing
// pixels, and that count (for a failure message).
func bestShift(a, b image.Image) (dx, dy, n int) {
	n = -1
	for y := -3; y <= 3; y++ {
		for x := -3; x <= 3; x++ {
			sb := shifted{b, x, y}
			if d, _ := uitest.InkDiff(a, sb, 48); n < 0 || d < n {
				dx, dy, n = x, y, d
			}
		}
	}
	return dx, dy, n
}

type shifted struct {
	image.Image
	dx, dy int
}

func (s shifted) At(x, y int) color.Color {
	return s.Image.At(x+s.dx, y+s.dy)
}

// TestFrameFieldLooksTheSamePlayingAndStill: the frame entry shows a
// frame during playback (the live text over the empty entry) exactly as
// it shows it paused (the entry's own text): starting or stopping
// playback moves no pixel. Clicking into it while playing puts the frame
// into the entry for typing.
func TestFrameFieldLooksTheSamePlayingAndStill(t *testing.T) {
	test.NewTempApp(t)
	f := newFrameField()
	size := fyne.NewSize(90, f.entry.MinSize().Height)
	w := test.NewTempWindow(t, container.NewWithoutLayout(f))
	w.SetPadded(false)
	w.Resize(size)
	f.Resize(size)
	f.show("12.50", false)
	still := w.Canvas().Capture()
	f.show("12.50", true)
	if f.entry.Text != "" || !f.live.Visible() || f.Shown() != "12.50" {
		t.Fatalf("playing: entry %q, live text shown %v, Shown %q", f.entry.Text, f.live.Visible(), f.Shown())
	}
	playing := w.Canvas().Capture()
	diff, ink := uitest.InkDiff(still, playing, 48)
	if ink < 30 || diff > ink/20 {
		dx, dy, n := bestShift(still, playing)
		t.Errorf("playing, %d of the %d ink pixels differ from the paused entry (best shift %d,%d: %d)", diff, ink, dx, dy, n)
	}
	f.show("13.00", true)
	if d, _ := uitest.InkDiff(playing, w.Canvas().Capture(), 48); d < 10 {
		t.Errorf("a new frame while playing changed %d pixels", d)
	}
	w.Canvas().Focus(f.entry)
	if f.entry.Text != "13.00" || f.live.Visible() {
		t.Errorf("focused while playing: entry %q, live text shown %v", f.entry.Text, f.live.Visible())
	}
	f.show("14", false)
	if f.entry.Text != "14" || f.Shown() != "14" {
		t.Errorf("paused: entry %q, Shown %q", f.entry.Text, f.Shown())
	}
}
