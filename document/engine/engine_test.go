package engine

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"golang.org/x/image/bmp"

	"ms3dstudio/document/engine/enginetest"
	"ms3dstudio/formats/smd"
	"ms3dstudio/model"
	"ms3dstudio/model/sample"
	"ms3dstudio/model/texpath"
)

// paletted returns a w×h image of 256 colours.
func paletted(w, h int) *image.Paletted {
	pal := make(color.Palette, 256)
	for i := range pal {
		pal[i] = color.RGBA{uint8(i), uint8(255 - i), uint8(i / 2), 255}
	}
	img := image.NewPaletted(image.Rect(0, 0, w, h), pal)
	for i := range img.Pix {
		img.Pix[i] = uint8(i * 31)
	}
	return img
}

// setup writes the sample model's folder: its texture file under the name
// the material gives (replaced by data), and returns the model, a resolver
// for it on the real file system and the folder.
func setup(t *testing.T, texName string, data []byte) (*model.Model, *texpath.Resolver, string) {
	t.Helper()
	dir := t.TempDir()
	m := sample.Model()
	m.Materials[0].Texture = model.Str(texName)
	if data != nil {
		if err := os.WriteFile(filepath.Join(dir, texName), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	res, err := texpath.NewOS(filepath.Join(dir, "tentacle.ms3d"))
	if err != nil {
		t.Fatal(err)
	}
	return m, res, dir
}

// TestGoldSrcTextureFiles: the file behind the material is judged, and
// described as it is.
func TestGoldSrcTextureFiles(t *testing.T) {
	rgba := sample.Texture()
	translucent := image.NewNRGBA(image.Rect(0, 0, 8, 8))
	for i := range translucent.Pix {
		translucent.Pix[i] = 0x80
	}
	for _, tc := range []struct {
		name, file string
		data       []byte
		want       string // in the message; "" for no finding
	}{
		{"png", "skin.png", enginetest.PNG(t, rgba), "a PNG 256×256 RGB, which GoldSrc's studiomdl does not load: studiomdl reads only BMP files"},
		{"png with alpha", "skin.png", enginetest.PNG(t, translucent), "a PNG 8×8 RGBA"},
		{"24-bit bmp", "skin.bmp", enginetest.BMP(t, rgba), "a 24-bit BMP 256×256, which GoldSrc's studiomdl does not load: it has 24 bits per pixel and studiomdl reads only 8"},
		{"32-bit bmp", "skin.bmp", enginetest.BMP(t, translucent), "a 32-bit BMP 8×8"},
		{"8-bit bmp", "skin.bmp", enginetest.BMP(t, paletted(64, 30)), ""},
		{"8-bit bmp, odd width", "skin.bmp", enginetest.BMP(t, paletted(61, 7)), ""},
		{"8-bit bmp named .dib", "skin.dib", enginetest.BMP(t, paletted(64, 64)), `the file is named "skin.dib" and studiomdl loads only names ending in .bmp`},
		{"png named .bmp", "skin.bmp", enginetest.PNG(t, rgba), "a PNG 256×256 RGB"},
		{"missing", "skin.bmp", nil, `texture "skin.bmp" is missing`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, res, _ := setup(t, tc.file, tc.data)
			got := model.WithCode(Validate(m, smd.GoldSrc, res), model.CodeEngineTexture)
			if tc.want == "" {
				if len(got) != 0 {
					t.Fatalf("findings %v, want none", got)
				}
				return
			}
			if len(got) != 1 || !strings.Contains(got[0].Message, tc.want) || got[0].Where != model.At(model.PartMaterial, 0) {
				t.Fatalf("findings %v, want one for material 0 saying %q", got, tc.want)
			}
			// Source takes any texture: no such finding for it.
			if src := model.WithCode(Validate(m, smd.Source, res), model.CodeEngineTexture); len(src) != 0 {
				t.Errorf("Source profile: %v", src)
			}
		})
	}
}

// TestGoldSrcBMPHeaders: every field LoadBMP checks, in a valid 8-bit BMP
// changed one at a time.
func TestGoldSrcBMPHeaders(t *testing.T) {
	valid := enginetest.BMP(t, paletted(16, 4))
	put32 := func(off int, v uint32) func([]byte) []byte {
		return func(b []byte) []byte { binary.LittleEndian.PutUint32(b[off:], v); return b }
	}
	put16 := func(off int, v uint16) func([]byte) []byte {
		return func(b []byte) []byte { binary.LittleEndian.PutUint16(b[off:], v); return b }
	}
	for _, tc := range []struct {
		name   string
		change func([]byte) []byte
		want   string
	}{
		{"valid", func(b []byte) []byte { return b }, ""},
		{"reserved", put16(6, 1), "reserved fields are not 0"},
		{"V4 header", put32(14, 108), "108-byte BITMAPV4HEADER"},
		{"OS/2 header", put32(14, 12), "12-byte OS/2 1.x header"},
		{"planes", put16(26, 2), "2 colour planes"},
		{"4 bits", put16(28, 4), "4 bits per pixel"},
		{"RLE8", put32(30, 1), "compressed (RLE8)"},
		{"palette too big", put32(46, 300), "palette has 300 entries"},
		{"palette of 16", func(b []byte) []byte { return put32(10, 14+40+64)(put32(46, 16)(b)) }, ""},
		{"top-down", put32(22, uint32(0x100000000-4)), "bottom-up rows"},
		{"pixel offset", put32(10, 14+40+1024+16), "pixels start at byte 1094, not right after the palette (byte 1078)"},
		{"file size too big", put32(2, 1<<20), "more than the file's"},
		{"file size short", put32(2, 100), "short of the 1142 its rows need"},
		{"cut", func(b []byte) []byte { return b[:20] }, "cut short"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			data := tc.change(bytes.Clone(valid))
			tf, err := InspectTexture(fstest.MapFS{"t.bmp": {Data: data}}, "t.bmp")
			if err != nil {
				t.Fatal(err)
			}
			got := strings.Join(tf.Problems, "; ")
			if tc.want == "" && got != "" || !strings.Contains(got, tc.want) {
				t.Fatalf("problems %q, want %q", got, tc.want)
			}
		})
	}
}

// TestGoldSrcTextureSize: studiomdl's skin buffer of 640×480 bytes, the
// width rounded up to 4, with the 768-byte palette; chrome skins are 64×64
// whatever the file.
func TestGoldSrcTextureSize(t *testing.T) {
	for _, tc := range []struct {
		file string
		w, h int
		want bool
	}{
		{"skin.bmp", 512, 512, false},
		{"skin.bmp", 640, 478, false}, // 305,920 + 768
		{"skin.bmp", 640, 480, true},
		{"skin.bmp", 637, 479, true}, // 640 × 479 + 768 = 307,328
		{"skin.bmp", 1024, 1024, true},
		{"chrome_skin.bmp", 1024, 1024, false},
	} {
		m, res, _ := setup(t, tc.file, enginetest.BMP(t, paletted(tc.w, tc.h)))
		fs := Validate(m, smd.GoldSrc, res)
		if got := len(model.WithCode(fs, model.CodeEngineTextureSize)) == 1; got != tc.want {
			t.Errorf("%s %d×%d: size finding %v, want %v (%v)", tc.file, tc.w, tc.h, got, tc.want, fs)
		}
		if n := len(model.WithCode(fs, model.CodeEngineTexture)); n != 0 {
			t.Errorf("%s %d×%d: %d format findings for an 8-bit BMP", tc.file, tc.w, tc.h, n)
		}
	}
}

// TestFixQuantisesTexture: a PNG becomes an 8-bit BMP beside it that
// golang.org/x/image/bmp decodes as a paletted image of at most 256
// colours, the material names it, and the finding is gone.
func TestFixQuantisesTexture(t *testing.T) {
	m, res, dir := setup(t, "tex/skin.png", nil)
	if err := os.Mkdir(filepath.Join(dir, "tex"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "tex", "skin.png"), enginetest.PNG(t, sample.Texture()), 0o644); err != nil {
		t.Fatal(err)
	}
	m.Materials = append(m.Materials, m.Materials[0]) // two materials, one file
	last := len(m.Materials) - 1
	changes, copies, problems := Fix(m, smd.GoldSrc, res)
	texChanges := 0
	for _, c := range changes {
		if c.Code == model.CodeEngineTexture {
			texChanges++
		}
	}
	if len(problems) != 0 || len(copies) != 1 || texChanges != 2 {
		t.Fatalf("changes %v, copies %d, problems %v; want 2 texture changes, 1 copy", changes, len(copies), problems)
	}
	c := copies[0]
	if want := filepath.Join(dir, "tex", "skin.bmp"); c.Target != want || c.Exists || len(c.Materials) != 2 {
		t.Fatalf("copy to %s (exists %v, materials %v), want %s for both materials", c.Target, c.Exists, c.Materials, want)
	}
	if _, err := os.Stat(c.Target); err == nil {
		t.Fatal("Fix wrote the copy; only Write should")
	}
	for _, i := range []int{0, last} {
		if got := m.Materials[i].Texture; got != "tex/skin.bmp" {
			t.Errorf("material %d names %q, want tex/skin.bmp", i, got)
		}
	}
	if err := c.Write(); err != nil {
		t.Fatal(err)
	}
	img := enginetest.ReadBMP(t, c.Target)
	p, ok := img.(*image.Paletted)
	if !ok || len(p.Palette) > 256 || p.Bounds() != sample.Texture().Bounds() {
		t.Fatalf("decoded %T with bounds %v, want a paletted 256×256 image", img, img.Bounds())
	}
	t.Logf("%s: %d colours, exact %v, %d bytes", c.Target, c.Colors, c.Exact, len(c.Data))
	if left := model.WithCode(Validate(m, smd.GoldSrc, res), model.CodeEngineTexture); len(left) != 0 {
		t.Fatalf("after the fix: %v", left)
	}
	// A second run finds nothing to do.
	if changes, copies, _ := Fix(m, smd.GoldSrc, res); len(changes)+len(copies) != 0 {
		t.Fatalf("second run: %v", changes)
	}
}

// TestFixKeepsOtherFiles: a 24-bit skin.bmp is not overwritten by its own
// copy, nor is a different skin.bmp beside skin.png; the same copy already
// there is reused.
func TestFixKeepsOtherFiles(t *testing.T) {
	src := paletted(32, 32) // ≤ 256 colours: the copy is exact
	rgb := image.NewRGBA(src.Bounds())
	for y := 0; y < 32; y++ {
		for x := 0; x < 32; x++ {
			rgb.Set(x, y, src.At(x, y))
		}
	}
	t.Run("24-bit bmp", func(t *testing.T) {
		orig := enginetest.BMP(t, rgb)
		m, res, dir := setup(t, "skin.bmp", orig)
		_, copies, _ := Fix(m, smd.GoldSrc, res)
		if len(copies) != 1 || copies[0].Target != filepath.Join(dir, "skin_8bit.bmp") || !copies[0].Exact {
			t.Fatalf("copies %+v, want an exact skin_8bit.bmp", copies)
		}
		if err := copies[0].Write(); err != nil {
			t.Fatal(err)
		}
		if got, _ := os.ReadFile(filepath.Join(dir, "skin.bmp")); !bytes.Equal(got, orig) {
			t.Fatal("skin.bmp changed")
		}
		img, err := bmp.Decode(bytes.NewReader(copies[0].Data))
		if err != nil {
			t.Fatal(err)
		}
		for y := 0; y < 32; y++ {
			for x := 0; x < 32; x++ {
				a, b := color.RGBAModel.Convert(img.At(x, y)), color.RGBAModel.Convert(rgb.At(x, y))
				if a != b {
					t.Fatalf("pixel (%d,%d) %v, want %v", x, y, a, b)
				}
			}
		}
	})
	t.Run("another skin.bmp", func(t *testing.T) {
		m, res, dir := setup(t, "skin.png", enginetest.PNG(t, rgb))
		other := enginetest.BMP(t, paletted(8, 8))
		if err := os.WriteFile(filepath.Join(dir, "skin.bmp"), other, 0o644); err != nil {
			t.Fatal(err)
		}
		_, copies, _ := Fix(m, smd.GoldSrc, res)
		if len(copies) != 1 || filepath.Base(copies[0].Target) != "skin_8bit.bmp" {
			t.Fatalf("copies %+v, want skin_8bit.bmp", copies)
		}
		if err := copies[0].Write(); err != nil {
			t.Fatal(err)
		}
		if got, _ := os.ReadFile(filepath.Join(dir, "skin.bmp")); !bytes.Equal(got, other) {
			t.Fatal("the other skin.bmp changed")
		}
		// Run again on a fresh model: the copy is there and reused.
		m2 := sample.Model()
		m2.Materials[0].Texture = "skin.png"
		_, again, _ := Fix(m2, smd.GoldSrc, res)
		if len(again) != 1 || again[0].Target != copies[0].Target || !again[0].Exists {
			t.Fatalf("second run: %+v, want the existing %s reused", again, copies[0].Target)
		}
	})
}

// TestFixUnboned: vertices without a bone are bound to the nearest joint,
// logged, and the finding is gone.
func TestFixUnboned(t *testing.T) {
	m := sample.Model()
	var inf [4]model.Influence
	unboned := 0
	for v := range m.Vertices {
		if v == 3 || v == 40 {
			for k := range m.Vertices[v].Bones {
				m.Vertices[v].Bones[k] = model.NoBone
			}
		}
		if m.Influences(v, &inf) == 0 {
			unboned++
		}
	}
	want := fmt.Sprintf("%d vertices", unboned)
	if got := model.WithCode(smd.ValidateFor(m, smd.GoldSrc), model.CodeEngineUnboned); len(got) != 1 || !strings.Contains(got[0].Message, want) {
		t.Fatalf("before: %v, want %s", got, want)
	}
	changes, _, _ := Fix(m, smd.Source, nil)
	if len(changes) != 1 || changes[0].Code != model.CodeEngineUnboned || changes[0].Where != model.At(model.PartVertex, 3) || !strings.Contains(changes[0].Message, want) {
		t.Fatalf("changes %v", changes)
	}
	if got := model.WithCode(smd.ValidateFor(m, smd.GoldSrc), model.CodeEngineUnboned); len(got) != 0 {
		t.Fatalf("after: %v", got)
	}
}

// FuzzInspectTexture: any bytes, under any of the names a texture has,
// are described without a panic, and a file studiomdl would load has a
// size.
func FuzzInspectTexture(f *testing.F) {
	valid := enginetest.BMP(f, paletted(16, 4))
	f.Add(valid, "t.bmp")
	for _, off := range []int{2, 10, 14, 18, 22, 26, 28, 30, 46} {
		b := bytes.Clone(valid)
		binary.LittleEndian.PutUint32(b[off:], 0xfffffff0)
		f.Add(b, "t.bmp")
	}
	f.Add(valid[:40], "t.bmp")
	var p bytes.Buffer
	if err := png.Encode(&p, paletted(3, 3)); err != nil {
		f.Fatal(err)
	}
	f.Add(p.Bytes(), "t.png")
	f.Add([]byte("not an image"), "t.tga")
	f.Fuzz(func(t *testing.T, data []byte, name string) {
		if name == "" || strings.ContainsAny(name, "/\x00") {
			return
		}
		tf, err := InspectTexture(fstest.MapFS{name: {Data: data}}, name)
		if err != nil {
			return
		}
		if tf.String() == "" {
			t.Fatal("empty description")
		}
		if len(tf.Problems) == 0 && (tf.Width <= 0 || tf.Height <= 0 || tf.Format != "bmp") {
			t.Fatalf("loadable but %+v", tf)
		}
	})
}

// TestFixable: a vertex without a bone is fixable for either engine when
// the model has joints; a PNG texture only for GoldSrc, and only when the
// file is there; nothing without an engine.
func TestFixable(t *testing.T) {
	var p bytes.Buffer
	if err := png.Encode(&p, paletted(4, 4)); err != nil {
		t.Fatal(err)
	}
	m, res, _ := setup(t, "skin.png", p.Bytes())
	unboned := model.Finding{Code: model.CodeEngineUnboned, Where: model.At(model.PartVertex, 0)}
	texture := model.Finding{Code: model.CodeEngineTexture, Where: model.At(model.PartMaterial, 0)}
	for _, c := range []struct {
		p    smd.Profile
		f    model.Finding
		want bool
	}{
		{smd.GoldSrc, unboned, true},
		{smd.Source, unboned, true},
		{smd.GoldSrc, texture, true},
		{smd.Source, texture, false},
		{"", unboned, false},
	} {
		if got := Fixable(m, c.p, res, c.f); got != c.want {
			t.Errorf("Fixable(%q, %s) = %v, want %v", c.p, c.f.Code, got, c.want)
		}
	}
	missing, res2, _ := setup(t, "gone.png", nil)
	if Fixable(missing, smd.GoldSrc, res2, texture) {
		t.Error("a missing texture counts as fixable")
	}
	if !IsCode(model.CodeEngineTexture) || IsCode(model.CodeKeysShort) {
		t.Error("IsCode does not tell the engine codes")
	}
	for _, c := range FixCodes() {
		if !IsCode(c) {
			t.Errorf("FixCodes lists %s, not an engine code", c)
		}
	}
}
