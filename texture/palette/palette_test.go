package palette

import (
	"errors"
	"image"
	"image/color"
	"math"
	"slices"
	"strings"
	"testing"

	"ms3dstudio/formats/teximage"
	"ms3dstudio/internal/hostile"
)

// distinct returns the distinct opaque colours of img.
func distinct(img image.Image) map[color.RGBA]bool {
	out := map[color.RGBA]bool{}
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			c := color.NRGBAModel.Convert(img.At(x, y)).(color.NRGBA)
			out[color.RGBA{c.R, c.G, c.B, 0xff}] = true
		}
	}
	return out
}

// samePixels fails unless every pixel of got has the colour of want's.
func samePixels(t *testing.T, want image.Image, got *image.Paletted) {
	t.Helper()
	b := want.Bounds()
	if got.Bounds() != b {
		t.Fatalf("bounds %v, want %v", got.Bounds(), b)
	}
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			w := color.NRGBAModel.Convert(want.At(x, y)).(color.NRGBA)
			g := color.NRGBAModel.Convert(got.At(x, y)).(color.NRGBA)
			if w.R != g.R || w.G != g.G || w.B != g.B {
				t.Fatalf("pixel (%d,%d) = %v, want %v", x, y, g, w)
			}
		}
	}
}

func TestTwoColoursExact(t *testing.T) {
	img := image.NewRGBA(image.Rect(0, 0, 16, 9))
	red, blue := color.RGBA{200, 10, 10, 255}, color.RGBA{0, 0, 255, 255}
	for y := 0; y < 9; y++ {
		for x := 0; x < 16; x++ {
			c := red
			if (x+y)%3 == 0 {
				c = blue
			}
			img.SetRGBA(x, y, c)
		}
	}
	r := quantize(t, img, 256)
	if !r.Exact || r.Colors != 2 || len(r.Image.Palette) != 2 || r.Translucent {
		t.Fatalf("exact %v, colours %d, palette %d, translucent %v; want an exact 2-colour palette", r.Exact, r.Colors, len(r.Image.Palette), r.Translucent)
	}
	samePixels(t, img, r.Image)
}

// TestAtMost256Lossless: an image of exactly 256 colours, and one of 200
// with an odd origin, come out pixel for pixel.
func TestAtMost256Lossless(t *testing.T) {
	for _, n := range []int{200, 256} {
		img := image.NewNRGBA(image.Rect(-3, 5, 61, 37))
		i := 0
		for y := img.Rect.Min.Y; y < img.Rect.Max.Y; y++ {
			for x := img.Rect.Min.X; x < img.Rect.Max.X; x++ {
				k := (i * 7919) % n // every colour used, scattered
				img.SetNRGBA(x, y, color.NRGBA{uint8(k), uint8(255 - k), uint8(k * 3), 255})
				i++
			}
		}
		if got := len(distinct(img)); got != n {
			t.Fatalf("test image has %d colours, want %d", got, n)
		}
		r := quantize(t, img, 256)
		if !r.Exact || r.Colors != n || len(r.Image.Palette) != n {
			t.Fatalf("%d colours: exact %v, colours %d, palette %d", n, r.Exact, r.Colors, len(r.Image.Palette))
		}
		samePixels(t, img, r.Image)
	}
}

// gradient is a 256×256 image with red along x and green along y: 65,536
// colours.
func gradient() *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, 256, 256))
	for y := 0; y < 256; y++ {
		for x := 0; x < 256; x++ {
			img.SetRGBA(x, y, color.RGBA{uint8(x), uint8(y), 96, 255})
		}
	}
	return img
}

// TestGradientErrorBounded: the 65,536-colour gradient quantised to 256
// colours stays close: every source colour has a palette colour within a
// few levels (a perfect 16×16 grid would be 7.5 away per channel at
// worst), each pixel is off by little on average, and dithering keeps the
// local average (8×8 blocks) within about a level of the source inside the
// image. Blocks on the border may be off by up to half a cell: palette
// colours are box means, so the extremes 0 and 255 are not in the palette
// and no dithering reaches them.
func TestGradientErrorBounded(t *testing.T) {
	img := gradient()
	r := quantize(t, img, 256)
	if r.Exact || r.Colors != 257 || len(r.Image.Palette) > 256 {
		t.Fatalf("exact %v, colours %d, palette %d", r.Exact, r.Colors, len(r.Image.Palette))
	}
	worst := 0.0
	for y := 0; y < 256; y += 3 {
		for x := 0; x < 256; x += 3 {
			best := math.Inf(1)
			for _, p := range r.Image.Palette {
				c := p.(color.RGBA)
				d := math.Max(math.Abs(float64(c.R)-float64(x)), math.Abs(float64(c.G)-float64(y)))
				d = math.Max(d, math.Abs(float64(c.B)-96))
				best = math.Min(best, d)
			}
			worst = math.Max(worst, best)
		}
	}
	var perPixel, block, border float64
	for by := 0; by < 256; by += 8 {
		for bx := 0; bx < 256; bx += 8 {
			var sr, sg, wr, wg float64
			for y := by; y < by+8; y++ {
				for x := bx; x < bx+8; x++ {
					c := r.Image.Palette[r.Image.ColorIndexAt(x, y)].(color.RGBA)
					sr += float64(c.R)
					sg += float64(c.G)
					wr += float64(x)
					wg += float64(y)
					perPixel += (math.Abs(float64(c.R)-float64(x)) + math.Abs(float64(c.G)-float64(y)) + math.Abs(float64(c.B)-96)) / 3
				}
			}
			d := math.Max(math.Abs(sr-wr), math.Abs(sg-wg)) / 64
			if bx == 0 || by == 0 || bx == 248 || by == 248 {
				border = math.Max(border, d)
			} else {
				block = math.Max(block, d)
			}
		}
	}
	perPixel /= 256 * 256
	t.Logf("palette %d colours; nearest palette colour at most %.1f levels away; mean pixel error %.2f; worst 8×8 block mean off by %.2f inside, %.2f on the border", len(r.Image.Palette), worst, perPixel, block, border)
	if worst > 12 {
		t.Errorf("a source colour is %.1f levels from the nearest palette colour, want ≤ 12", worst)
	}
	if perPixel > 6 {
		t.Errorf("mean pixel error %.2f levels, want ≤ 6", perPixel)
	}
	if block > 1.5 {
		t.Errorf("an 8×8 block's mean is off by %.2f levels, want ≤ 1.5", block)
	}
	if border > 8 {
		t.Errorf("an 8×8 block on the border is off by %.2f levels, want ≤ 8", border)
	}
}

func TestDeterministic(t *testing.T) {
	a, b := quantize(t, gradient(), 256), quantize(t, gradient(), 256)
	if !slices.Equal(a.Image.Pix, b.Image.Pix) || len(a.Image.Palette) != len(b.Image.Palette) {
		t.Fatal("two runs on the same image differ")
	}
	for i := range a.Image.Palette {
		if a.Image.Palette[i] != b.Image.Palette[i] {
			t.Fatalf("palette entry %d: %v and %v", i, a.Image.Palette[i], b.Image.Palette[i])
		}
	}
}

// TestTranslucentAlphaDropped: alpha is reported and dropped; the colours
// are the unpremultiplied ones.
func TestTranslucentAlphaDropped(t *testing.T) {
	img := image.NewNRGBA(image.Rect(0, 0, 4, 1))
	img.SetNRGBA(0, 0, color.NRGBA{255, 0, 0, 255})
	img.SetNRGBA(1, 0, color.NRGBA{0, 255, 0, 128})
	img.SetNRGBA(2, 0, color.NRGBA{0, 0, 255, 255})
	img.SetNRGBA(3, 0, color.NRGBA{0, 255, 0, 128})
	r := quantize(t, img, 256)
	if !r.Translucent || !r.Exact || len(r.Image.Palette) != 3 {
		t.Fatalf("translucent %v, exact %v, palette %d", r.Translucent, r.Exact, len(r.Image.Palette))
	}
	if c := r.Image.At(1, 0).(color.RGBA); c != (color.RGBA{0, 255, 0, 255}) {
		t.Errorf("half-transparent green became %v, want opaque green", c)
	}
}

// TestFewerColoursThanAsked: a palette never has more entries than the
// image has colours, and n is clamped.
func TestFewerColoursThanAsked(t *testing.T) {
	img := gradient()
	for _, n := range []int{-5, 0, 1, 2, 16, 1000} {
		r := quantize(t, img, n)
		want := min(max(n, 1), MaxColors)
		if len(r.Image.Palette) > want || len(r.Image.Palette) == 0 {
			t.Errorf("n=%d: palette of %d, want 1–%d", n, len(r.Image.Palette), want)
		}
	}
	if got := MedianCut(image.NewRGBA(image.Rect(0, 0, 0, 0)), 256); len(got) != 1 {
		t.Errorf("empty image: palette of %d, want 1", len(got))
	}
}

func BenchmarkQuantize512(b *testing.B) {
	img := image.NewRGBA(image.Rect(0, 0, 512, 512))
	for y := 0; y < 512; y++ {
		for x := 0; x < 512; x++ {
			img.SetRGBA(x, y, color.RGBA{uint8(x), uint8(y), uint8(x ^ y), 255})
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Quantize(img, 256); err != nil {
			b.Fatal(err)
		}
	}
}

// quantize is Quantize for images within the budget.
func quantize(t *testing.T, img image.Image, n int) Result {
	t.Helper()
	r, err := Quantize(img, n)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestQuantizeBudget: an image whose copies would take more than the
// memory budget is refused before they are made, with the size named.
func TestQuantizeBudget(t *testing.T) {
	for _, r := range []image.Rectangle{image.Rect(0, 0, 8192, 8192), image.Rect(-1<<40, -1<<40, 1<<40, 1<<40)} {
		src := &image.Paletted{Rect: r, Palette: color.Palette{color.White}} // no pixels: they are never read
		var err error
		_, n := hostile.Allocated(func() { _, err = Quantize(src, 256) })
		if !errors.Is(err, teximage.ErrTooLarge) || !strings.Contains(err.Error(), "quantising") {
			t.Errorf("%v: %v, want the budget refused", r, err)
		}
		if n > 1<<20 {
			t.Errorf("%v: allocated %d KiB before refusing", r, n>>10)
		}
	}
}
