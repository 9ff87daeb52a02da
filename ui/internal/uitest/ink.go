package uitest

import (
	"image"
	"image/color"
	"strconv"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
)

// InkDiff counts the pixels of a and b that differ by more than tol in
// any channel, and the pixels of a that differ from its top-left pixel
// (the ink).
func InkDiff(a, b image.Image, tol int) (diff, ink int) {
	bg := a.At(0, 0)
	br, bgG, bb, _ := bg.RGBA()
	for y := a.Bounds().Min.Y; y < a.Bounds().Max.Y; y++ {
		for x := a.Bounds().Min.X; x < a.Bounds().Max.X; x++ {
			r1, g1, b1, _ := a.At(x, y).RGBA()
			r2, g2, b2, _ := b.At(x, y).RGBA()
			d := max(absDiff(r1, r2), absDiff(g1, g2), absDiff(b1, b2)) >> 8
			if d > uint32(tol) {
				diff++
			}
			if max(absDiff(r1, br), absDiff(g1, bgG), absDiff(b1, bb))>>8 > uint32(tol) {
				ink++
			}
		}
	}
	return diff, ink
}

// absDiff returns |a − b|.
func absDiff(a, b uint32) uint32 {
	if a > b {
		return a - b
	}
	return b - a
}

// InkBounds returns how many pixels of img inside r are within 64 of c in
// every channel, and the bounds of those pixels.
func InkBounds(img image.Image, r image.Rectangle, c color.Color) (n int, box image.Rectangle) {
	cr, cg, cb, _ := c.RGBA()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			pr, pg, pb, _ := img.At(x, y).RGBA()
			if max(absDiff(pr, cr), absDiff(pg, cg), absDiff(pb, cb))>>8 <= 64 {
				n++
				box = box.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	return n, box
}

// CheckNumbers checks that img shows each number of frames at its place:
// ink of the foreground colour in the box from (x, y) as wide and high as
// Fyne measures the caption text, starting in its first half, and no ink
// between that box and the next number's.
func CheckNumbers(t *testing.T, what string, img image.Image, frames []int, at func(f int) (x, y float32)) {
	t.Helper()
	fg := theme.Color(theme.ColorNameForeground)
	if len(frames) < 3 {
		t.Fatalf("%s: %d numbered frames, want at least 3", what, len(frames))
	}
	for i, f := range frames {
		x, y := at(f)
		ts := fyne.MeasureText(strconv.Itoa(f), theme.CaptionTextSize(), fyne.TextStyle{})
		r := image.Rect(int(x), int(y), int(x+ts.Width)+1, int(y+ts.Height)+1)
		n, box := InkBounds(img, r, fg)
		if n < 6 || box.Min.X > r.Min.X+int(ts.Width)/2 || box.Max.X > r.Max.X+2 {
			t.Errorf("%s: frame %d's number: %d ink pixels spanning %v, want the %v-wide text", what, f, n, box, ts.Width)
		}
		if i+1 < len(frames) {
			nx, _ := at(frames[i+1])
			gap := image.Rect(r.Max.X+2, r.Min.Y, int(nx)-2, r.Max.Y)
			if n, box := InkBounds(img, gap, fg); gap.Dx() > 0 && n > 0 {
				t.Errorf("%s: %d ink pixels at %v between the numbers of frames %d and %d", what, n, box, f, frames[i+1])
			}
		}
	}
}
