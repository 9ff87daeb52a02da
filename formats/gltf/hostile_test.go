package gltf

import (
	"image"
	"image/color"
	"testing"
	"testing/fstest"

	qgltf "github.com/qmuntal/gltf"

	"ms3dstudio/internal/hostile"
	"ms3dstudio/model"
	"ms3dstudio/model/texpath"
)

// alphaByAt is alphaOf as it was: every pixel through At.
func alphaByAt(img image.Image) alphaKind {
	kind := alphaOpaque
	r := img.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			kind = max(kind, alphaOfColor(img.At(x, y)))
		}
	}
	return kind
}

// TestAlphaOf classifies the images the decoders return through their
// pixels as At does, without a colour boxed for each pixel: a 2048×2048
// image with transparent pixels allocates almost nothing (At allocated
// 16 MiB for it; an 8192×8192 texture took seconds).
func TestAlphaOf(t *testing.T) {
	r := image.Rect(0, 0, 2048, 2048)
	nrgba, rgba, n64 := image.NewNRGBA(r), image.NewRGBA(r), image.NewNRGBA64(r)
	pal := image.NewPaletted(r, color.Palette{color.NRGBA{1, 2, 3, 255}, color.NRGBA{0, 0, 0, 0}, color.NRGBA{9, 9, 9, 128}})
	gray := image.NewGray(r)
	set := func(a uint8) {
		for _, m := range []interface{ Set(x, y int, c color.Color) }{nrgba, rgba, n64} {
			m.Set(7, 9, color.NRGBA{200, 100, 50, a})
		}
	}
	for _, c := range []struct {
		name string
		prep func()
		want alphaKind
	}{
		{"transparent everywhere", func() {}, alphaBinary},
		{"one pixel half transparent", func() { set(128) }, alphaPartial},
		{"one pixel opaque", func() { set(255) }, alphaBinary},
	} {
		c.prep()
		for _, img := range []image.Image{nrgba, rgba, n64} {
			if got, ref := alphaOf(img), alphaByAt(img); got != c.want || ref != c.want {
				t.Errorf("%s, %T: alphaOf %d, At %d, want %d", c.name, img, got, ref, c.want)
			}
		}
	}
	for i, want := range []alphaKind{alphaOpaque, alphaBinary, alphaPartial} {
		pal.Pix[5] = uint8(i)
		if got := alphaOf(pal); got != want || got != alphaByAt(pal) {
			t.Errorf("paletted with entry %d: %d, At %d", i, got, alphaByAt(pal))
		}
	}
	if got := alphaOf(gray); got != alphaOpaque {
		t.Errorf("grey: %d", got)
	}
	set(0)
	_, n := hostile.Allocated(func() {
		for _, img := range []image.Image{nrgba, rgba, n64, pal} {
			alphaOf(img)
		}
	})
	if n > 64<<10 {
		t.Errorf("alphaOf allocated %d KiB for four 2048×2048 images", n>>10)
	}
}

// TestPNGPastBudgetEmbedded exports a material whose texture is a 16-bit
// RGBA PNG of 16384×4096 (512 MiB of pixels, past the budget): the file
// is embedded as it is, with the alpha mode its colour type allows and a
// note saying why, without decoding a pixel (decoding it ran out of memory
// under a 2 GB address-space limit).
func TestPNGPastBudgetEmbedded(t *testing.T) {
	m := grid(2, 2, 1)
	m.Materials[0].Texture = "big.png"
	data := hostile.PNG(16384, 4096, 16)
	opt := Options{Resolver: texpath.New(fstest.MapFS{"big.png": {Data: data}}, ".")}
	var doc *qgltf.Document
	var findings []model.Finding
	var err error
	_, n := hostile.Allocated(func() { doc, _, findings, err = build(m, opt, &embedSink{}) })
	if err != nil {
		t.Fatal(err)
	}
	if len(doc.Images) != 1 || doc.Materials[0].AlphaMode != qgltf.AlphaBlend {
		t.Errorf("%d images, alpha mode %v; want the PNG embedded, blended", len(doc.Images), doc.Materials[0].AlphaMode)
	}
	if len(findings) != 1 || findings[0].Code != model.CodeTextureTooLarge || findings[0].Severity != model.Info {
		t.Errorf("findings %v, want one note that the texture is past the budget", findings)
	}
	if n > 16*uint64(len(data))+4<<20 {
		t.Errorf("the export allocated %d MiB", n>>20)
	}
}
