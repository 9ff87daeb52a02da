package texture

import (
	"image"
	"image/color"
	"os"
	"path/filepath"
	"testing"

	"ms3dstudio/internal/hostile"
	"ms3dstudio/model"
	"ms3dstudio/model/texpath"
)

// withAlphaByAt is WithAlpha as it was: every pixel through At and the
// colour models.
func withAlphaByAt(img, a image.Image) *image.NRGBA {
	var b image.Rectangle
	if img == nil {
		img, b = image.NewUniform(color.White), a.Bounds()
	} else {
		b = img.Bounds()
	}
	ab := a.Bounds()
	useAlpha := hasTransparency(a)
	out := image.NewNRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	for y := 0; y < b.Dy(); y++ {
		ay := ab.Min.Y + y*ab.Dy()/b.Dy()
		for x := 0; x < b.Dx(); x++ {
			c := color.NRGBAModel.Convert(img.At(b.Min.X+x, b.Min.Y+y)).(color.NRGBA)
			ac := a.At(ab.Min.X+x*ab.Dx()/b.Dx(), ay)
			if useAlpha {
				c.A = color.NRGBAModel.Convert(ac).(color.NRGBA).A
			} else {
				c.A = color.GrayModel.Convert(ac).(color.Gray).Y
			}
			out.SetNRGBA(x, y, c)
		}
	}
	return out
}

// TestWithAlphaMatchesAt combines textures and alpha maps of every kind
// the decoders return, of different sizes and offset bounds, exactly as
// reading each pixel through At did.
func TestWithAlphaMatchesAt(t *testing.T) {
	fill := func(img interface{ Set(x, y int, c color.Color) }, r image.Rectangle, alpha bool) {
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				a := uint8(255)
				if alpha {
					a = uint8(x * y * 7)
				}
				img.Set(x, y, color.NRGBA{uint8(x * 37), uint8(y * 91), uint8(x + y*3), a})
			}
		}
	}
	r := image.Rect(3, 2, 40, 29)
	nrgba, rgba, gray, n64 := image.NewNRGBA(r), image.NewRGBA(r), image.NewGray(r), image.NewNRGBA64(r)
	for _, m := range []interface{ Set(x, y int, c color.Color) }{nrgba, rgba, gray, n64} {
		fill(m, r, true)
	}
	ycc := image.NewYCbCr(r, image.YCbCrSubsampleRatio420)
	for i := range ycc.Y {
		ycc.Y[i] = uint8(i * 13)
	}
	for i := range ycc.Cb {
		ycc.Cb[i], ycc.Cr[i] = uint8(i*5), uint8(255-i*3)
	}
	pal := image.NewPaletted(image.Rect(0, 0, 11, 7), color.Palette{color.NRGBA{9, 8, 7, 255}, color.NRGBA{200, 100, 0, 128}, color.Gray{77}})
	for i := range pal.Pix {
		pal.Pix[i] = uint8(i % 3)
	}
	opaqueMap := image.NewNRGBA(image.Rect(0, 0, 16, 9))
	fill(opaqueMap, opaqueMap.Rect, false)
	images := []image.Image{nil, nrgba, rgba, gray, n64, ycc, pal}
	maps := []image.Image{opaqueMap, nrgba, gray, pal, ycc}
	for _, img := range images {
		for _, a := range maps {
			got, want := WithAlpha(img, a), withAlphaByAt(img, a)
			if got.Rect != want.Rect || string(got.Pix) != string(want.Pix) {
				t.Errorf("texture %T, alpha map %T: the pixels differ from At's", img, a)
			}
		}
	}
}

// TestLoadAlphaMapBomb loads a material whose texture is a run-length
// encoded TGA of 4096×4096 pixels and whose alpha map is a PNG of that
// size: the alpha map is kept as one byte a pixel and no pixel is boxed,
// so loading allocates the two decoded images, the alpha and the result
// and little more (a texture and alpha map of 16384×4096 and 8192×8192
// ran out of memory under a 2 GB address-space limit).
func TestLoadAlphaMapBomb(t *testing.T) {
	dir := t.TempDir()
	for name, data := range map[string][]byte{"skin.tga": hostile.RLETGA(4096, 4096), "alpha.png": hostile.PNG(4096, 4096, 8)} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	m := hostile.TexturedModel("skin.tga")
	m.Materials[0].AlphaMap = model.Str("alpha.png")
	res, err := texpath.NewOS(filepath.Join(dir, "m.ms3d"))
	if err != nil {
		t.Fatal(err)
	}
	var r Result
	_, n := hostile.Allocated(func() { r = Load(m, res) })
	if len(r.Findings) != 0 {
		t.Fatal(r.Findings)
	}
	if c := r.Images[0].(*image.NRGBA).NRGBAAt(4095, 4095); c != (color.NRGBA{0xc0, 0x80, 0x40, 0}) {
		t.Errorf("the last pixel is %v, want the TGA's colour with the PNG's alpha 0", c)
	}
	const px = 4096 * 4096
	if limit := uint64(4*px + 4*px + px + 4*px + 8<<20); n > limit {
		t.Errorf("loading allocated %d MiB, want at most %d MiB (both images, the alpha, the result and 8 MiB)", n>>20, limit>>20)
	}
}
