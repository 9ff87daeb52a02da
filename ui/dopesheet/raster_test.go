package dopesheet_test

import (
	"image"
	"image/color"
	"strconv"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"

	"ms3dstudio/ui/dopesheet"
	"ms3dstudio/ui/internal/edtest"
	"ms3dstudio/ui/internal/uitest"
	"ms3dstudio/ui/widgets"
)

// TestDopeSheetNumbersFramesInItsRaster: the dope sheet draws its frame
// numbers into its raster (Fyne repaints each text object on every frame
// of playback, about 70 µs of CPU each under llvmpipe) at the places the
// labels had: 2 points into its header after its grid lines. (The ruler's
// half of the old TestRulerAndDopeSheetNumberFramesInTheirRasters is
// TestRulerNumbersFramesInItsRaster.)
func TestDopeSheetNumbersFramesInItsRaster(t *testing.T) {
	e, _, _ := edtest.OpenEditor(t, uitest.CorpusPath(t, "lesson31_bcb6/Data/Model.ms3d")) // 24 frames
	ds := e.Anim.Dope
	ds.Resize(fyne.NewSize(900, 200))
	ds.SetView(20, 0, false)
	ds.Refresh()
	for _, o := range ds.Parts() {
		if t2, ok := o.(*canvas.Text); ok {
			if _, err := strconv.Atoi(t2.Text); err == nil {
				t.Errorf("the frame number %q is a text object", t2.Text)
			}
		}
	}
	dimg := ds.Draw(900, 200)
	step := widgets.TickStep(int((900-dopesheet.NameW)/ds.PPF())+1, 900-dopesheet.NameW, 50)
	var frames []int
	for f := 1; ds.XOf(float64(f)) <= 900-30; f++ {
		if f == 1 || f%step == 0 {
			frames = append(frames, f)
		}
	}
	uitest.CheckNumbers(t, "dope sheet", dimg, frames, func(f int) (float32, float32) {
		return ds.XOf(float64(f)) + 2, 2
	})
}

// TestDopeSheetRasterIsOpaqueRGBA: the dope sheet's generator hands Fyne an
// *image.RGBA, which it uploads as it is (any other type it converts on
// every refresh), and that is exact only because every pixel is opaque: the
// picture must equal the one painted, pixel for pixel, including a
// selection box and the shaded playback range drawn with partial alpha.
func TestDopeSheetRasterIsOpaqueRGBA(t *testing.T) {
	e, _, _ := edtest.NewPoseEditor(t)
	ds := e.Anim.Dope
	ds.Resize(fyne.NewSize(900, 200))
	ds.SetRange(3, 8)
	ds.BoxDrag(fyne.NewPos(300, 30), fyne.NewPos(500, 90))
	img, ok := ds.Draw(900, 200).(*image.RGBA)
	if !ok {
		t.Fatalf("the generator returns %T, want *image.RGBA", ds.Draw(900, 200))
	}
	want := ds.Paint(900, 200)
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
