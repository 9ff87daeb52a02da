package timeline_test

import (
	"strconv"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"

	"ms3dstudio/ui/internal/edtest"
	"ms3dstudio/ui/internal/uitest"
	"ms3dstudio/ui/timeline"
	"ms3dstudio/ui/widgets"
)

// TestRulerNumbersFramesInItsRaster: the timeline's ruler draws its frame
// numbers into its raster (Fyne repaints each text object on every frame
// of playback, about 70 µs of CPU each under llvmpipe) at the places the
// labels had: after the ruler's long ticks (or, for a number that would
// not fit, before it), 26 points above its bottom. (The dope sheet's half
// of the old TestRulerAndDopeSheetNumberFramesInTheirRasters is
// TestDopeSheetNumbersFramesInItsRaster.)
func TestRulerNumbersFramesInItsRaster(t *testing.T) {
	e, _, _ := edtest.OpenEditor(t, uitest.CorpusPath(t, "lesson31_bcb6/Data/Model.ms3d")) // 24 frames
	r := e.Timeline.Ruler()
	for _, o := range r.Parts() {
		if _, ok := o.(*canvas.Text); ok {
			t.Errorf("a text %v among the ruler's objects", o.Size())
		}
	}
	size := r.MarksSize()
	img := r.DrawMarks(int(size.Width), int(size.Height))
	n := e.Timeline.Player.TotalFrames()
	major := widgets.TickStep(n, size.Width-2*timeline.RulerPad, 60)
	var frames []int
	for f := 1; f <= n; f = timeline.NextTick(f, major) {
		frames = append(frames, f)
	}
	uitest.CheckNumbers(t, "ruler", img, frames, func(f int) (float32, float32) {
		x := r.XAt(float64(f)) + 2
		if w := fyne.MeasureText(strconv.Itoa(f), theme.CaptionTextSize(), fyne.TextStyle{}).Width; x+w > size.Width {
			x -= 4 + w // the last ends at its tick, inside the ruler
		}
		return x, size.Height - 26
	})
}
