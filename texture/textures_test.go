package texture

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"path/filepath"
	"testing"
	"testing/fstest"

	"ms3dstudio/formats/ms3d/ms3dtest"
	"ms3dstudio/internal/corpus"
	"ms3dstudio/model"
	"ms3dstudio/model/sample"
	"ms3dstudio/model/texpath"
)

func TestLoadCorpus(t *testing.T) {
	dir := filepath.Join(corpus.Dir(t), "ms3d")
	cases := []struct {
		file  string
		sizes []int // width per material, 0 for none
	}{
		{"assimp/test/models/MS3D/jeep1.ms3d", []int{512}},
		{"blitz3d/_release/samples/zenith/scare/models/level/crate.ms3d", []int{64, 0}},
		{"nehe-opengl/bcb6/lesson31_bcb6/Data/Model.ms3d", []int{128, 0}},
	}
	for _, c := range cases {
		path := filepath.Join(dir, c.file)
		m, res := ms3dtest.Read(t, path)
		r := Load(m, res)
		if len(r.Findings) != 0 {
			t.Errorf("%s: %v", c.file, r.Findings)
		}
		for i, w := range c.sizes {
			got := 0
			if r.Images[i] != nil {
				got = r.Images[i].Bounds().Dx()
			}
			if got != w {
				t.Errorf("%s material %d: width %d, want %d", c.file, i, got, w)
			}
		}
	}
}

func TestLoadSampleFromMemory(t *testing.T) {
	m := sample.Model()
	r := Load(m, texpath.New(sample.Files(), "."))
	if r.Images[0] == nil || r.Images[0].Bounds().Dx() != 256 || r.Images[1] != nil || len(r.Findings) != 0 {
		t.Fatalf("sample textures: %v %v", r.Images, r.Findings)
	}
}

func TestLoadReportsBadFiles(t *testing.T) {
	var good bytes.Buffer
	img := image.NewNRGBA(image.Rect(0, 0, 2, 2))
	img.Set(0, 0, color.NRGBA{255, 0, 0, 255})
	png.Encode(&good, img)
	// An RLE8 BMP header: the decoder does not handle it.
	rle := make([]byte, 54)
	copy(rle, "BM")
	rle[10] = 54
	rle[14] = 40
	rle[18], rle[22], rle[26], rle[28], rle[30] = 2, 2, 1, 8, 1
	fsys := fstest.MapFS{
		"good.png": {Data: good.Bytes()},
		"junk.png": {Data: []byte("this is not an image")},
		"rle.bmp":  {Data: rle},
	}
	m := &model.Model{Materials: []model.Material{{Texture: "good.png"}, {Texture: "junk.png"}, {Texture: "RLE.BMP"}, {Texture: "good.png"}, {Texture: "missing.png"}}}
	r := Load(m, texpath.New(fsys, "."))
	if r.Images[0] == nil || r.Images[3] != r.Images[0] {
		t.Fatal("good texture not loaded once and shared")
	}
	if r.Images[1] != nil || r.Images[2] != nil || r.Images[4] != nil {
		t.Fatal("bad textures produced images")
	}
	codes := map[model.Code]int{}
	for _, f := range r.Findings {
		codes[f.Code] = f.Where.Index
	}
	if codes[model.CodeTextureUnreadable] != 1 || codes[model.CodeTextureUnsupported] != 2 || len(r.Findings) != 2 {
		t.Fatalf("findings %v", r.Findings)
	}
	if got := Load(m, nil); len(got.Images) != 5 || got.Images[0] != nil {
		t.Fatal("nil resolver loaded something")
	}
}

func encodePNG(t *testing.T, img image.Image) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestLoadAlphaMap checks that an alpha map becomes the texture's alpha:
// a grey map by its grey level, a map with transparency by its alpha, a
// map of another size scaled, and a map without a texture over white.
func TestLoadAlphaMap(t *testing.T) {
	tex := image.NewNRGBA(image.Rect(0, 0, 4, 4))
	for i := range tex.Pix {
		tex.Pix[i] = 200
		if i%4 == 3 {
			tex.Pix[i] = 255
		}
	}
	grey := image.NewGray(image.Rect(0, 0, 2, 2)) // scaled up to 4×4
	grey.SetGray(1, 0, color.Gray{Y: 255})
	grey.SetGray(0, 1, color.Gray{Y: 100})
	trans := image.NewNRGBA(image.Rect(0, 0, 4, 4))
	trans.SetNRGBA(3, 3, color.NRGBA{0, 0, 0, 255})
	fsys := fstest.MapFS{
		"t.png":     {Data: encodePNG(t, tex)},
		"grey.png":  {Data: encodePNG(t, grey)},
		"trans.png": {Data: encodePNG(t, trans)},
	}
	m := &model.Model{Materials: []model.Material{
		{Texture: "t.png", AlphaMap: "grey.png"},
		{Texture: "t.png", AlphaMap: "trans.png"},
		{AlphaMap: "grey.png"},
		{Texture: "t.png", AlphaMap: "gone.png"},
	}}
	r := Load(m, texpath.New(fsys, "."))
	alpha := func(i, x, y int) uint8 { return color.NRGBAModel.Convert(r.Images[i].At(x, y)).(color.NRGBA).A }
	if alpha(0, 0, 0) != 0 || alpha(0, 2, 0) != 255 || alpha(0, 3, 1) != 255 || alpha(0, 1, 2) != 100 || r.Images[0].Bounds().Dx() != 4 {
		t.Errorf("grey alpha map: %d %d %d %d", alpha(0, 0, 0), alpha(0, 2, 0), alpha(0, 3, 1), alpha(0, 1, 2))
	}
	if c := color.NRGBAModel.Convert(r.Images[0].At(2, 0)).(color.NRGBA); c.R != 200 {
		t.Errorf("colour %v, want the texture's", c)
	}
	if alpha(1, 0, 0) != 0 || alpha(1, 3, 3) != 255 {
		t.Errorf("alpha map with alpha: %d %d", alpha(1, 0, 0), alpha(1, 3, 3))
	}
	if c := color.NRGBAModel.Convert(r.Images[2].At(1, 0)).(color.NRGBA); c != (color.NRGBA{255, 255, 255, 255}) || r.Images[2].Bounds().Dx() != 2 {
		t.Errorf("alpha map alone: %v", c)
	}
	if r.Images[3] == nil || alpha(3, 0, 0) != 255 {
		t.Error("a missing alpha map should leave the texture as it is")
	}
}
