package ui

import (
	"image"
	"image/color"
	"strconv"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"

	"ms3dstudio/ui/internal/uitest"
	"ms3dstudio/ui/widgets"
)

// TestRulerAndDopeSheetNumberFramesInTheirRasters: the timeline's ruler
// and the dope sheet draw their frame numbers into their rasters (Fyne
// repaints each text object on every frame of playback, about 70 µs of
// CPU each under llvmpipe) at the places the labels had: after the ruler's
// long ticks (or, for a number that would not fit, before it), 26 points
// above its bottom, and 2 points into the dope sheet's header after its
// grid lines.
func TestRulerAndDopeSheetNumberFramesInTheirRasters(t *testing.T) {
	e, _, _ := newTestEditor(t)
	openDoc(t, e, uitest.CorpusPath(t, "lesson31_bcb6/Data/Model.ms3d")) // 24 frames
	rr := e.Timeline.ruler.r
	for _, o := range rr.Objects() {
		if _, ok := o.(*canvas.Text); ok {
			t.Errorf("a text %v among the ruler's objects", o.Size())
		}
	}
	size := rr.size
	img := rr.drawMarks(int(size.Width), int(size.Height))
	n := e.Timeline.Player.TotalFrames()
	major := widgets.TickStep(n, size.Width-2*rulerPad, 60)
	var frames []int
	for f := 1; f <= n; f = nextTick(f, major) {
		frames = append(frames, f)
	}
	uitest.CheckNumbers(t, "ruler", img, frames, func(f int) (float32, float32) {
		x := rr.r.xAt(float64(f)) + 2
		if w := fyne.MeasureText(strconv.Itoa(f), theme.CaptionTextSize(), fyne.TextStyle{}).Width; x+w > size.Width {
			x -= 4 + w // the last ends at its tick, inside the ruler
		}
		return x, size.Height - 26
	})

	ds := e.Anim.Dope
	ds.Resize(fyne.NewSize(900, 200))
	ds.ppf, ds.first = 20, 0
	ds.Refresh()
	for _, o := range ds.objects {
		if t2, ok := o.(*canvas.Text); ok {
			if _, err := strconv.Atoi(t2.Text); err == nil {
				t.Errorf("the frame number %q is a text object", t2.Text)
			}
		}
	}
	dimg := ds.draw(900, 200)
	step := widgets.TickStep(int((900-dopeNameW)/ds.ppf)+1, 900-dopeNameW, 50)
	frames = frames[:0]
	for f := 1; ds.xOf(float64(f)) <= 900-30; f++ {
		if f == 1 || f%step == 0 {
			frames = append(frames, f)
		}
	}
	uitest.CheckNumbers(t, "dope sheet", dimg, frames, func(f int) (float32, float32) {
		return ds.xOf(float64(f)) + 2, 2
	})
}

// TestDopeSheetRasterIsOpaqueRGBA: the dope sheet's generator hands Fyne an
// *image.RGBA, which it uploads as it is (any other type it converts on
// every refresh), and that is exact only because every pixel is opaque: the
// picture must equal the one painted, pixel for pixel, including a
// selection box and the shaded playback range drawn with partial alpha.
func TestDopeSheetRasterIsOpaqueRGBA(t *testing.T) {
	e, _, _ := newPoseEditor(t)
	ds := e.Anim.Dope
	ds.Resize(fyne.NewSize(900, 200))
	ds.SetRange(3, 8)
	ds.dragMode, ds.press, ds.dragNow = dragBox, fyne.NewPos(300, 30), fyne.NewPos(500, 90)
	img, ok := ds.draw(900, 200).(*image.RGBA)
	if !ok {
		t.Fatalf("the generator returns %T, want *image.RGBA", ds.draw(900, 200))
	}
	want := ds.paint(900, 200)
	for y := range 200 {
		for x := range 900 {
			p := want.NRGBAAt(x, y)
			if p.A != 0xff {
				t.Fatalf("pixel (%d, %d) painted with alpha %d, want opaque", x, y, p.A)
			}
			if got := img.RGBAAt(x, y); got != color.RGBA(p) {
				t.Fatalf("pixel (%d, %d) = %v, painted %v", x, y, got, p)
			}
		}
	}
}
