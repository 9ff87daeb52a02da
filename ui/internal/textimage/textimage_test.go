package textimage

import (
	"image"
	"image/color"
	"math"
	"strconv"
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

// BenchmarkDrawTimeline draws the timeline's label into an image of its
// size, as LiveText does on every frame of playback.
func BenchmarkDrawTimeline(b *testing.B) {
	test.NewTempApp(b)
	var d Drawer
	img := image.NewRGBA(image.Rect(0, 0, 244, 25))
	for b.Loop() {
		clear(img.Pix)
		d.Draw(img, "46.80 / 48 · 1.950 s", 4, 4, 14, 1, fyne.TextStyle{Monospace: true}, color.White)
	}
}

// BenchmarkDrawDopeNumbers draws ten frame numbers across an image the
// size of the dope sheet, as it does whenever it is drawn again (a key
// edited, selected or dragged).
func BenchmarkDrawDopeNumbers(b *testing.B) {
	test.NewTempApp(b)
	var d Drawer
	img := image.NewRGBA(image.Rect(0, 0, 1272, 120))
	for b.Loop() {
		for i := range 10 {
			d.Draw(img, strconv.Itoa(5*i+5), 160+110*i, 2, 11, 1, fyne.TextStyle{}, color.White)
		}
	}
}

// TestGlyphCacheDrawsWhatShapingDraws: simple text drawn from the glyph
// cache (twice, so the second comes from cached tiles) matches the same
// text shaped and rasterised as a whole, at two scales and two pen
// positions within a pixel.
func TestGlyphCacheDrawsWhatShapingDraws(t *testing.T) {
	test.NewTempApp(t)
	var d Drawer
	for _, tc := range []struct {
		s     string
		style fyne.TextStyle
	}{{"46.80 / 48 · 1.950 s", fyne.TextStyle{Monospace: true}}, {"12.50", fyne.TextStyle{}}, {"1 5 10 120", fyne.TextStyle{}}} {
		for _, scale := range []float32{1, 1.5} {
			want := image.NewRGBA(image.Rect(0, 0, 300, 40))
			d.drawShaped(want, tc.s, 5, 5, 14, scale, tc.style, color.White)
			for range 2 {
				got := image.NewRGBA(want.Rect)
				d.Draw(got, tc.s, 5, 5, 14, scale, tc.style, color.White)
				diff, ink := 0, 0
				for i := 3; i < len(got.Pix); i += 4 {
					if want.Pix[i] > 0 {
						ink++
					}
					if dd := int(got.Pix[i]) - int(want.Pix[i]); dd > 24 || dd < -24 {
						diff++
					}
				}
				if ink < 50 || diff > ink/50 {
					t.Errorf("%q ×%v: %d of %d ink pixels differ from the shaped line", tc.s, scale, diff, ink)
				}
			}
		}
	}
	if len(d.tiles) == 0 {
		t.Error("no glyph was cached")
	}
}
