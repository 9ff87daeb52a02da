package teximage

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/image/bmp"

	"ms3dstudio/formats/dds"
	"ms3dstudio/formats/pcx"
	"ms3dstudio/formats/tga"
	"ms3dstudio/internal/corpus"
	"ms3dstudio/internal/hostile"
)

// TestCorpus decodes every texture in the shared corpus. The sizes were
// read with file(1), independently of any Go decoder.
func TestCorpus(t *testing.T) {
	want := map[string][2]int{
		"3ds/assimp-nonbsd/jeep1.jpg":                                            {512, 512},
		"3ds/assimp-nonbsd/m_rifl.bmp":                                           {256, 256},
		"3ds/assimp-nonbsd/mp5sil.bmp":                                           {256, 256},
		"3ds/assimp-uvtransform/UVTRANSF.PNG":                                    {512, 512},
		"3ds/assimp-uvtransform/UVTransformTestImg.png":                          {512, 512},
		"3ds/assimp/CWALL02.jpg":                                                 {800, 446},
		"3ds/assimp/IMAGE1.jpg":                                                  {400, 300},
		"3ds/assimp/IMAGE2.jpg":                                                  {800, 608},
		"3ds/assimp/test.png":                                                    {512, 512},
		"3ds/blitz3d/MeshFX/skin.bmp":                                            {256, 256},
		"3ds/blitz3d/TunnelRun/floor1.bmp":                                       {256, 256},
		"3ds/blitz3d/TunnelRun/stone04.bmp":                                      {256, 256},
		"3ds/blitz3d/TunnelRun/tex0.bmp":                                         {256, 256},
		"3ds/blitz3d/TunnelRun/tex1.bmp":                                         {256, 256},
		"3ds/blitz3d/TunnelRun/tex2.bmp":                                         {32, 32},
		"3ds/blitz3d/emerald_gate/gate1.bmp":                                     {128, 128},
		"3ds/blitz3d/emerald_gate/stone.bmp":                                     {128, 128},
		"3ds/blitz3d/hearse/hearse.jpg":                                          {256, 256},
		"3ds/blitz3d/makbot/Panels.jpg":                                          {256, 256},
		"3ds/blitz3d/makbot/blshine.jpg":                                         {128, 64},
		"3ds/blitz3d/makbot/dkshine.jpg":                                         {256, 128},
		"3ds/blitz3d/makbot/flare.bmp":                                           {16, 16},
		"3ds/blitz3d/rallycar/rallycar.jpg":                                      {256, 256},
		"3ds/blitz3d/warrior/warrior.jpg":                                        {256, 256},
		"3ds/blitz3d/wood-crate/wcrate.jpg":                                      {256, 256},
		"b3d/minetest_game/mods/player_api/models/character.png":                 {64, 32},
		"gltf/glTF-Sample-Assets-OLD/Models/BoxTextured/glTF/CesiumLogoFlat.png": {256, 256},
		"gltf/glTF-Sample-Assets-OLD/Models/CesiumMan/glTF/CesiumMan_img0.jpg":   {1024, 1024},
		"md2/assimp/test/models/MD2/faerie2.bmp":                                 {220, 193},
		"md2/assimp/test/models/MD2/sydney.bmp":                                  {308, 193},
		"md3/assimp/test/models-nonbsd/MD3/water_can.tga":                        {256, 128},
		"obj/assimp/test/models/OBJ/SpiderTex.jpg":                               {249, 250},
		"obj/assimp/test/models/OBJ/drkwood2.jpg":                                {768, 768},
		"obj/assimp/test/models/OBJ/engineflare1.jpg":                            {128, 128},
		"obj/assimp/test/models/OBJ/wal67ar_small.jpg":                           {250, 250},
		"obj/assimp/test/models/OBJ/wal69ar_small.jpg":                           {250, 250},
		"ms3d/GLScene/Samples/media/ashwood.jpg":                                 {256, 256},
		"ms3d/assimp/test/models/MS3D/jeep1.jpg":                                 {512, 512},
		"ms3d/blitz3d/_release/samples/zenith/scare/models/level/crate.png":      {64, 32},
		"ms3d/blitz3d/_release/samples/zenith/scare/models/level/st1.png":        {32, 32},
		"ms3d/blitz3d/_release/samples/zenith/scare/models/level/st2.png":        {32, 32},
		"ms3d/blitz3d/_release/samples/zenith/scare/models/level/wall.png":       {512, 512},
		"ms3d/blitz3d/_release/samples/zenith/scare/models/pistol/gun.png":       {297, 208},
		"ms3d/blitz3d/_release/samples/zenith/scare/models/player/guy.png":       {512, 512},
		"ms3d/nehe-opengl/bcb6/lesson31_bcb6/Data/Wood.bmp":                      {128, 128},
	}
	dir := corpus.Dir(t)
	found := 0
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || FormatOf(p) == "" {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		rel = filepath.ToSlash(rel)
		size, ok := want[rel]
		if !ok {
			t.Errorf("%s: a texture the test does not know", rel)
			return nil
		}
		found++
		img, err := DecodeFile(p)
		if err != nil {
			t.Errorf("%s: %v", rel, err)
			return nil
		}
		if b := img.Bounds(); b.Dx() != size[0] || b.Dy() != size[1] {
			t.Errorf("%s: %v, want %d×%d", rel, b, size[0], size[1])
		}
		cfg, format, err := DecodeFileConfig(p)
		if err != nil || cfg.Width != size[0] || cfg.Height != size[1] || format != FormatOf(p) {
			t.Errorf("%s: DecodeFileConfig = %d×%d %q, %v", rel, cfg.Width, cfg.Height, format, err)
		}
		// The image is not blank: textures have more than one colour.
		if uniform(img) {
			t.Errorf("%s: every pixel has the same colour", rel)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if found != len(want) {
		t.Errorf("found %d textures, want %d", found, len(want))
	}
}

func uniform(img image.Image) bool {
	b := img.Bounds()
	first := img.At(b.Min.X, b.Min.Y)
	r0, g0, b0, a0 := first.RGBA()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bb, a := img.At(x, y).RGBA()
			if r != r0 || g != g0 || bb != b0 || a != a0 {
				return false
			}
		}
	}
	return true
}

// sample is a small image with distinct pixels.
func sample() *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, 6, 4))
	for y := 0; y < 4; y++ {
		for x := 0; x < 6; x++ {
			// Smooth, so that JPEG's chroma subsampling stays within a few
			// levels.
			img.SetNRGBA(x, y, color.NRGBA{uint8(100 + x*6), uint8(80 + y*8), uint8(120 + x + y), 255})
		}
	}
	return img
}

func encoded(t *testing.T, format string, img image.Image) []byte {
	t.Helper()
	var b bytes.Buffer
	var err error
	switch format {
	case PNG:
		err = png.Encode(&b, img)
	case JPEG:
		err = jpeg.Encode(&b, img, &jpeg.Options{Quality: 100})
	case GIF:
		// A palette with exactly the image's colours keeps GIF lossless.
		r := img.Bounds()
		var pal color.Palette
		p := image.NewPaletted(r, nil)
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				c := img.At(x, y)
				i := slices.IndexFunc(pal, func(q color.Color) bool { return q == c })
				if i < 0 {
					i = len(pal)
					pal = append(pal, c)
				}
				p.Pix[p.PixOffset(x, y)] = uint8(i)
			}
		}
		p.Palette = pal
		err = gif.Encode(&b, p, nil)
	case BMP:
		err = bmp.Encode(&b, img)
	case TGA:
		// A 24-bit top-left TGA, written by hand.
		r := img.Bounds()
		b.Write([]byte{0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, byte(r.Dx()), 0, byte(r.Dy()), 0, 24, 0x20})
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				c := color.NRGBAModel.Convert(img.At(x, y)).(color.NRGBA)
				b.Write([]byte{c.B, c.G, c.R})
			}
		}
	}
	if err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestDecodeByExtension: each format under its own extension, any case, and
// under a lying extension (the signature wins; TGA, which has none, is found
// by its header).
func TestDecodeByExtension(t *testing.T) {
	src := sample()
	tests := []struct {
		name, format string
		lossless     bool
	}{
		{"a.png", PNG, true}, {"A.PNG", PNG, true}, {`C:\tex\b.Png`, PNG, true},
		{"c.jpg", JPEG, false}, {"c.JPEG", JPEG, false}, {"c.jpe", JPEG, false},
		{"d.bmp", BMP, true}, {"D.BMP", BMP, true},
		{"e.tga", TGA, true}, {"E.TGA", TGA, true},
		{"f.gif", GIF, true},
		// Lying extensions.
		{"really-png.bmp", PNG, true}, {"really-jpeg.tga", JPEG, false}, {"really-bmp.jpg", BMP, true},
		{"really-tga.png", TGA, true}, {"really-tga.bmp", TGA, true}, {"no-extension", PNG, true}, {"tga-no-extension", TGA, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			data := encoded(t, tc.format, src)
			img, err := Decode(tc.name, bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			if img.Bounds() != src.Rect {
				t.Fatalf("bounds %v, want %v", img.Bounds(), src.Rect)
			}
			if got := Detect(tc.name, data[:min(len(data), headLen)]); got != tc.format {
				t.Errorf("Detect = %q, want %q", got, tc.format)
			}
			cfg, format, err := DecodeConfig(tc.name, bytes.NewReader(data))
			if err != nil || format != tc.format || cfg.Width != 6 || cfg.Height != 4 {
				t.Errorf("DecodeConfig = %+v %q %v", cfg, format, err)
			}
			// Pixel for pixel for the lossless formats; JPEG within its error.
			tol := 0
			if !tc.lossless {
				tol = 12
			}
			for y := 0; y < 4; y++ {
				for x := 0; x < 6; x++ {
					g := color.NRGBAModel.Convert(img.At(x, y)).(color.NRGBA)
					w := src.NRGBAAt(x, y)
					if diff(g.R, w.R) > tol || diff(g.G, w.G) > tol || diff(g.B, w.B) > tol || g.A != w.A {
						t.Fatalf("pixel (%d, %d) = %v, want %v", x, y, g, w)
					}
				}
			}
		})
	}
}

func diff(a, b uint8) int {
	if a > b {
		return int(a - b)
	}
	return int(b - a)
}

// TestTGAMatchesPackage: through teximage a TGA decodes exactly as
// formats/tga decodes it.
func TestTGAMatchesPackage(t *testing.T) {
	data := encoded(t, TGA, sample())
	a, err := Decode("x.tga", bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	b, err := tga.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.(*image.NRGBA).Pix, b.(*image.NRGBA).Pix) {
		t.Error("pixels differ")
	}
}

// bmpFile builds a BMP with a 40-byte info header and the given fields,
// followed by pixel bytes.
func bmpFile(w, h int32, bpp uint16, compression uint32, pixels []byte) []byte {
	b := make([]byte, 54)
	copy(b, "BM")
	binary.LittleEndian.PutUint32(b[2:], uint32(54+len(pixels)))
	binary.LittleEndian.PutUint32(b[10:], 54)
	binary.LittleEndian.PutUint32(b[14:], 40)
	binary.LittleEndian.PutUint32(b[18:], uint32(w))
	binary.LittleEndian.PutUint32(b[22:], uint32(h))
	binary.LittleEndian.PutUint16(b[26:], 1)
	binary.LittleEndian.PutUint16(b[28:], bpp)
	binary.LittleEndian.PutUint32(b[30:], compression)
	return append(b, pixels...)
}

func TestUnsupported(t *testing.T) {
	rle8 := bmpFile(2, 2, 8, 1, []byte{2, 0, 0, 0, 2, 1, 0, 1})
	binary.LittleEndian.PutUint32(rle8[10:], 54+1024) // a palette would follow
	tests := []struct {
		name, file string
		data       []byte
		format     string
		variant    string
	}{
		{"bmp RLE8", "wood.bmp", rle8, BMP, "RLE8 compression"},
		{"bmp RLE4", "wood.bmp", bmpFile(2, 2, 4, 2, make([]byte, 8)), BMP, "RLE4 compression"},
		{"bmp 16-bit", "wood.bmp", bmpFile(2, 2, 16, 0, make([]byte, 8)), BMP, "16 bits per pixel"},
		{"bmp 16-bit bit fields", "wood.bmp", bmpFile(2, 2, 16, 3, make([]byte, 20)), BMP, "BI_BITFIELDS colour masks with 16 bits per pixel"},
		{"bmp OS/2", "wood.bmp", func() []byte {
			b := bmpFile(2, 2, 24, 0, make([]byte, 16))
			binary.LittleEndian.PutUint32(b[14:], 12)
			return b
		}(), BMP, "OS/2 1.x"},
		{"bmp pixel gap", "wood.bmp", func() []byte {
			b := bmpFile(1, 1, 24, 0, make([]byte, 8))
			binary.LittleEndian.PutUint32(b[10:], 58)
			return b
		}(), BMP, "pixel data at offset 58"},
		{"tga huffman", "skin.tga", []byte{0, 1, 32, 0, 0, 2, 0, 24, 0, 0, 0, 0, 1, 0, 1, 0, 8, 0}, TGA, "image type 32"},
		{"png bit depth 3", "a.png", pngWithIHDR(4, 4, 3, 0), PNG, "bit depth 3"},
		{"jpeg arithmetic coding", "a.jpg", []byte{0xff, 0xd8, 0xff, 0xc9, 0, 11, 8, 0, 1, 0, 1, 1, 1, 0x11, 0}, JPEG, "marker"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Decode(tc.file, bytes.NewReader(tc.data))
			var ue *UnsupportedError
			if !errors.As(err, &ue) || ue.Format != tc.format || !strings.Contains(ue.Variant, tc.variant) {
				t.Fatalf("err = %v, want an UnsupportedError for %s naming %q", err, tc.format, tc.variant)
			}
			if !strings.Contains(err.Error(), tc.file) {
				t.Errorf("err = %q does not name the file", err)
			}
		})
	}
}

// pngWithIHDR returns a PNG signature and an IHDR chunk (with a correct
// CRC) and nothing else.
func pngWithIHDR(w, h uint32, depth, colorType byte) []byte {
	chunk := []byte("IHDR")
	chunk = binary.BigEndian.AppendUint32(chunk, w)
	chunk = binary.BigEndian.AppendUint32(chunk, h)
	chunk = append(chunk, depth, colorType, 0, 0, 0)
	b := []byte("\x89PNG\r\n\x1a\n")
	b = binary.BigEndian.AppendUint32(b, 13)
	b = append(b, chunk...)
	return binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(chunk))
}

// TestDecodeTooLarge: headers claiming huge images are refused before the
// decoders allocate them, in every format.
func TestDecodeTooLarge(t *testing.T) {
	tests := []struct {
		name, file string
		data       []byte
	}{
		{"png 100000×100000", "a.png", append(pngWithIHDR(100000, 100000, 8, 6), make([]byte, 64)...)},
		{"png 20000×1", "a.png", append(pngWithIHDR(20000, 1, 8, 0), make([]byte, 64)...)},
		{"bmp 30000×30000", "a.bmp", bmpFile(30000, 30000, 24, 0, make([]byte, 64))},
		{"bmp 9000×9000", "a.bmp", bmpFile(9000, 9000, 32, 0, make([]byte, 64))},
		{"tga 65535×65535", "a.tga", []byte{0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 32, 0}},
		{"jpeg 60000×60000", "a.jpg", []byte{0xff, 0xd8, 0xff, 0xc0, 0, 11, 8, 0xea, 0x60, 0xea, 0x60, 1, 1, 0x11, 0, // SOF0
			0xff, 0xda, 0, 8, 1, 1, 0, 0, 0x3f, 0}}, // SOS
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var err error
			_, n := hostile.Allocated(func() { _, err = Decode(tc.file, bytes.NewReader(tc.data)) })
			if !errors.Is(err, ErrTooLarge) {
				t.Fatalf("err = %v, want ErrTooLarge", err)
			}
			if n > 1<<20 {
				t.Errorf("allocated %d KiB", n>>10)
			}
		})
	}
}

func TestUnknownFormat(t *testing.T) {
	for _, name := range []string{"notes.txt", "noext", `C:\tex\skin.psd`} {
		_, err := Decode(name, strings.NewReader("just some text, not an image at all"))
		var ue *UnknownFormatError
		if !errors.As(err, &ue) || ue.Ext != strings.ToLower(filepath.Ext(strings.ReplaceAll(name, `\`, "/"))) {
			t.Errorf("%s: err = %v, want an UnknownFormatError", name, err)
		}
		if _, _, err := DecodeConfig(name, strings.NewReader("text")); !errors.As(err, &ue) {
			t.Errorf("%s: DecodeConfig err = %v", name, err)
		}
	}
}

func TestTruncated(t *testing.T) {
	for _, format := range []string{PNG, BMP, TGA, GIF, JPEG} {
		data := encoded(t, format, sample())
		_, err := Decode("x."+format, bytes.NewReader(data[:len(data)*2/3]))
		if err == nil {
			t.Errorf("%s: a file cut short decoded", format)
			continue
		}
		if !strings.HasPrefix(err.Error(), "teximage: x."+format+": ") {
			t.Errorf("%s: err = %q lacks the context", format, err)
		}
	}
	if _, err := DecodeFile(filepath.Join(t.TempDir(), "missing.png")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("DecodeFile of a missing file: %v", err)
	}
	if _, err := Decode("x.png", errReader{}); !errors.Is(err, io.ErrClosedPipe) {
		t.Errorf("a failing reader: %v", err)
	}
}

type errReader struct{}

func (errReader) Read([]byte) (int, error) { return 0, io.ErrClosedPipe }

func TestFormatOf(t *testing.T) {
	for name, want := range map[string]string{
		"a.png": PNG, "A.JPG": JPEG, "b.jpeg": JPEG, "c.Bmp": BMP, "d.TGA": TGA, "e.gif": GIF,
		`C:\dir.png\tex`: "", "dir.tga/": "", "x.psd": "", "": "", `..\Wood.bmp`: BMP,
	} {
		if got := FormatOf(name); got != want {
			t.Errorf("FormatOf(%q) = %q, want %q", name, got, want)
		}
	}
}

func BenchmarkDecodeFile(b *testing.B) {
	dir := corpus.Dir(b)
	for _, f := range []string{
		"ms3d/nehe-opengl/bcb6/lesson31_bcb6/Data/Wood.bmp",
		"ms3d/assimp/test/models/MS3D/jeep1.jpg",
		"ms3d/blitz3d/_release/samples/zenith/scare/models/player/guy.png",
	} {
		p := filepath.Join(dir, filepath.FromSlash(f))
		b.Run(filepath.Base(f), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := DecodeFile(p); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// endless repeats a pattern after a prefix, forever.
type endless struct {
	prefix, pattern []byte
	n               int64
}

func (e *endless) Read(p []byte) (int, error) {
	for i := range p {
		if e.n < int64(len(e.prefix)) {
			p[i] = e.prefix[e.n]
		} else {
			p[i] = e.pattern[(e.n-int64(len(e.prefix)))%int64(len(e.pattern))]
		}
		e.n++
	}
	return len(p), nil
}

// TestEndlessInput: an input that never ends is read only as far as an image
// of its declared size can need.
func TestEndlessInput(t *testing.T) {
	// A 100×100 TGA followed by endless bytes: decoded from the first
	// 30000 pixel bytes; the rest of the read is bounded.
	r := &endless{prefix: []byte{0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 100, 0, 100, 0, 24, 0}, pattern: []byte{7}}
	img, err := Decode("x.tga", r)
	if err != nil || img.Bounds().Dx() != 100 {
		t.Fatalf("Decode = %v, %v", img, err)
	}
	if max := int64(18 + 100*100*perPixel + slack + 4096); r.n > max {
		t.Errorf("read %d bytes, want at most %d", r.n, max)
	}
	// A JPEG whose metadata segments never end: the header search stops.
	seg := append([]byte{0xff, 0xe1, 0xff, 0xff}, make([]byte, 0xfffd)...)
	r = &endless{prefix: []byte{0xff, 0xd8}, pattern: seg}
	if _, err := Decode("x.jpg", r); err == nil {
		t.Fatal("an endless JPEG decoded")
	}
	if r.n > headerLimit+(1<<16) {
		t.Errorf("read %d bytes of JPEG headers, want at most about %d", r.n, headerLimit)
	}
}

// TestDDSAndPCX: DDS and PCX files decode by extension exactly as their
// packages decode them, a DDS by its signature whatever its extension, and
// their unsupported variants become an UnsupportedError naming the variant.
func TestDDSAndPCX(t *testing.T) {
	for _, tc := range []struct{ file, name, format string }{
		{"../dds/testdata/im-dxt5.dds", "skin.DDS", DDS},
		{"../dds/testdata/bc1-alpha.dds", `C:\skins\alpha.dds`, DDS},
		{"../dds/testdata/bc2.dds", "renamed.tga", DDS},
		{"../pcx/testdata/im-pal8.pcx", "wood.PCX", PCX},
		{"../pcx/testdata/ega-planes4.pcx", "ega.pcx", PCX},
	} {
		t.Run(tc.name, func(t *testing.T) {
			data, err := os.ReadFile(tc.file)
			if err != nil {
				t.Fatal(err)
			}
			img, err := Decode(tc.name, bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			var want image.Image
			if tc.format == DDS {
				want, err = dds.Decode(bytes.NewReader(data))
			} else {
				want, err = pcx.Decode(bytes.NewReader(data))
			}
			if err != nil {
				t.Fatal(err)
			}
			if img.Bounds() != want.Bounds() {
				t.Fatalf("bounds %v, want %v", img.Bounds(), want.Bounds())
			}
			for y := 0; y < want.Bounds().Dy(); y++ {
				for x := 0; x < want.Bounds().Dx(); x++ {
					if g, w := img.At(x, y), want.At(x, y); g != w {
						t.Fatalf("pixel (%d, %d) = %v, want %v", x, y, g, w)
					}
				}
			}
			cfg, format, err := DecodeConfig(tc.name, bytes.NewReader(data))
			if err != nil || format != tc.format || cfg.Width != want.Bounds().Dx() {
				t.Errorf("DecodeConfig = %+v %q %v", cfg, format, err)
			}
		})
	}
	bc7 := append([]byte("DDS |\x00\x00\x00"), make([]byte, 120+20)...)
	binary.LittleEndian.PutUint32(bc7[12:], 4)   // height
	binary.LittleEndian.PutUint32(bc7[16:], 4)   // width
	binary.LittleEndian.PutUint32(bc7[76:], 32)  // pixel format size
	binary.LittleEndian.PutUint32(bc7[80:], 4)   // DDPF_FOURCC
	copy(bc7[84:], "DX10")                       // FourCC
	binary.LittleEndian.PutUint32(bc7[128:], 98) // BC7_UNORM
	binary.LittleEndian.PutUint32(bc7[132:], 3)  // Texture2D
	cga := make([]byte, 128)
	cga[0], cga[1], cga[2], cga[3], cga[65], cga[66] = 0x0a, 5, 1, 2, 1, 2
	for _, tc := range []struct {
		name, file string
		data       []byte
		format     string
		variant    string
	}{
		{"dds BC7", "normal.dds", bc7, DDS, "BC7_UNORM"},
		{"pcx CGA", "old.pcx", cga, PCX, "2-bit CGA"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Decode(tc.file, bytes.NewReader(tc.data))
			var ue *UnsupportedError
			if !errors.As(err, &ue) || ue.Format != tc.format || !strings.Contains(ue.Variant, tc.variant) {
				t.Fatalf("err = %v, want an UnsupportedError for %s naming %q", err, tc.format, tc.variant)
			}
		})
	}
}
