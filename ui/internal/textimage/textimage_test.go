package textimage

import (
	"image"
	"image/color"
	"math"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
)

// TestWidthAndInkMatchFyne: Width agrees with Fyne's own measure of the
// same text to a hundredth of a pixel in the three styles the editor
// draws, and Draw puts ink only inside the line box it measures, from the
// start to the returned end.
func TestWidthAndInkMatchFyne(t *testing.T) {
	test.NewTempApp(t)
	var d Drawer
	for _, st := range []fyne.TextStyle{{}, {Monospace: true}, {Bold: true}} {
		for _, s := range []string{"1", "120", "46.80 / 48 · 1.950 s"} {
			for _, scale := range []float32{1, 2} {
				size := theme.CaptionTextSize()
				want := fyne.MeasureText(s, size, st)
				if got := d.Width(s, size, scale, st); math.Abs(float64(got-want.Width*scale)) > 0.01 {
					t.Errorf("%q %v ×%v: width %v, Fyne measures %v", s, st, scale, got, want.Width*scale)
				}
				w, h := int(want.Width*scale)+20, int(want.Height*scale)+20
				img := image.NewRGBA(image.Rect(0, 0, w, h))
				end := d.Draw(img, s, 10, 10, size, scale, st, color.White)
				if want := 10 + int(math.Ceil(float64(want.Width*scale))); end < want-1 || end > want+1 {
					t.Errorf("%q %v ×%v: Draw ends at %d, want %d", s, st, scale, end, want)
				}
				var ink image.Rectangle
				for y := 0; y < h; y++ {
					for x := 0; x < w; x++ {
						if img.RGBAAt(x, y).A > 0 {
							ink = ink.Union(image.Rect(x, y, x+1, y+1))
						}
					}
				}
				box := image.Rect(10, 10, end+1, 10+int(math.Ceil(float64(want.Height*scale)))+1)
				if ink.Empty() || !ink.In(box) {
					t.Errorf("%q %v ×%v: ink at %v, outside the line box %v", s, st, scale, ink, box)
				}
			}
		}
	}
}
