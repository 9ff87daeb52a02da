package tga

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"testing"

	"ms3dstudio/internal/decodetest"
)

// testImage is 150×5 pixels: varied colours and alphas, a row of one colour
// (150 pixels: a run longer than one packet), and short runs.
func testImage() *image.NRGBA {
	const w, h = 150, 5
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			c := color.NRGBA{uint8(x*37 + y*11), uint8(y*53 + x*7), uint8(x*y*13 + 5), []uint8{0, 90, 200, 255}[(x+y)%4]}
			switch {
			case y == 1:
				c = color.NRGBA{10, 200, 30, 255}
			case y == 3 && x/4%2 == 0:
				c = color.NRGBA{250, 250, 0, 128}
			}
			img.SetNRGBA(x, y, c)
		}
	}
	return img
}

// expand5 is what a 5-bit channel reads back as.
func expand5(v uint8) uint8 { v >>= 3; return v<<3 | v>>2 }

// mapImage returns the test image as an image whose colours all come from
// a palette of n colours, with each pixel's palette index.
func mapImage(n int) (*image.NRGBA, []color.NRGBA, func(x, y int) int) {
	src := testImage()
	pal := make([]color.NRGBA, n)
	for i := range pal {
		pal[i] = color.NRGBA{uint8(i * 7), uint8(255 - i), uint8(i * 3), []uint8{255, 0, 60, 255}[i%4]}
	}
	idx := func(x, y int) int {
		c := src.NRGBAAt(x, y)
		return (int(c.R) + int(c.G)*3 + int(c.B)*5) % n
	}
	img := image.NewNRGBA(src.Rect)
	for y := 0; y < src.Rect.Dy(); y++ {
		for x := 0; x < src.Rect.Dx(); x++ {
			img.SetNRGBA(x, y, pal[idx(x, y)])
		}
	}
	return img, pal, idx
}

// expectation maps the source image to what a variant must decode to, and
// names the image type Decode must return.
type expectation struct {
	pixel func(c color.NRGBA) color.NRGBA
	kind  string
}

var (
	exact  = expectation{func(c color.NRGBA) color.NRGBA { return c }, "*image.NRGBA"}
	opaque = expectation{func(c color.NRGBA) color.NRGBA { c.A = 255; return c }, "*image.NRGBA"}
	rgb15  = expectation{func(c color.NRGBA) color.NRGBA { return color.NRGBA{expand5(c.R), expand5(c.G), expand5(c.B), 255} }, "*image.NRGBA"}
	rgb16a = expectation{func(c color.NRGBA) color.NRGBA {
		a := uint8(0)
		if c.A >= 0x80 {
			a = 255
		}
		return color.NRGBA{expand5(c.R), expand5(c.G), expand5(c.B), a}
	}, "*image.NRGBA"}
	grey8  = expectation{func(c color.NRGBA) color.NRGBA { return color.NRGBA{c.R, c.R, c.R, 255} }, "*image.Gray"}
	grey16 = expectation{func(c color.NRGBA) color.NRGBA { return color.NRGBA{c.R, c.R, c.R, c.A} }, "*image.NRGBA"}
)

func TestDecodeVariants(t *testing.T) {
	src := testImage()
	type tc struct {
		v      variant
		img    *image.NRGBA
		index  func(x, y int) int
		expect expectation
	}
	var cases []tc
	for _, rle := range []uint8{0, 8} {
		for _, o := range []struct {
			name         string
			top, rtl     bool
			rowPacketRLE bool
		}{{"bottom-left", false, false, false}, {"top-left", true, false, true}, {"bottom-right", false, true, false}, {"top-right", true, true, true}} {
			suffix := fmt.Sprintf(" %s rle=%v", o.name, rle != 0)
			add := func(v variant, img *image.NRGBA, index func(x, y int) int, e expectation) {
				v.name += suffix
				v.imageType += rle
				v.topToBottom, v.rightToLeft, v.rowPacket = o.top, o.rtl, o.rowPacketRLE
				cases = append(cases, tc{v, img, index, e})
			}
			add(variant{name: "true-colour 24", imageType: 2, pixelBits: 24}, src, nil, opaque)
			add(variant{name: "true-colour 32 alpha", imageType: 2, pixelBits: 32, alphaBits: 8}, src, nil, exact)
			add(variant{name: "true-colour 32 undeclared alpha", imageType: 2, pixelBits: 32}, src, nil, exact)
			add(variant{name: "true-colour 15", imageType: 2, pixelBits: 15}, src, nil, rgb15)
			add(variant{name: "true-colour 16 no alpha", imageType: 2, pixelBits: 16}, src, nil, rgb15)
			add(variant{name: "true-colour 16 alpha bit", imageType: 2, pixelBits: 16, alphaBits: 1}, src, nil, rgb16a)
			add(variant{name: "true-colour 24 with ID and unused map", imageType: 2, pixelBits: 24, id: []byte("MS3D Studio test"),
				withMap: true, palette: []color.NRGBA{{1, 2, 3, 4}, {5, 6, 7, 8}}, mapBits: 32}, src, nil, opaque)
			add(variant{name: "grey 8", imageType: 3, pixelBits: 8}, src, nil, grey8)
			add(variant{name: "grey 16", imageType: 3, pixelBits: 16, alphaBits: 8}, src, nil, grey16)
			for _, mb := range []uint8{15, 16, 24, 32} {
				img, pal, idx := mapImage(200)
				e := exact
				switch mb {
				case 15:
					e = rgb15
				case 16:
					e = expectation{rgb16a.pixel, ""}
				case 24:
					e = opaque
				}
				e.kind = "*image.Paletted"
				add(variant{name: fmt.Sprintf("colour-mapped 8 map %d", mb), imageType: 1, pixelBits: 8, palette: pal, mapBits: mb, mapFirst: 20, alphaBits: mb & 16 >> 4}, img, idx, e)
			}
			img, pal, idx := mapImage(700)
			add(variant{name: "colour-mapped 16 map 24", imageType: 1, pixelBits: 16, palette: pal, mapBits: 24, mapFirst: 300}, img, idx, opaque)
		}
	}
	for _, c := range cases {
		t.Run(c.v.name, func(t *testing.T) {
			data := encodeTGA(c.v, c.img, c.index)
			got, err := Decode(bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			if k := fmt.Sprintf("%T", got); k != c.expect.kind {
				t.Errorf("Decode returned %s, want %s", k, c.expect.kind)
			}
			compare(t, got, c.img, c.expect.pixel)
			cfg, err := DecodeConfig(bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			if cfg.Width != c.img.Rect.Dx() || cfg.Height != c.img.Rect.Dy() || !decodetest.SameModel(cfg.ColorModel, got.ColorModel()) {
				t.Errorf("DecodeConfig = %d×%d %T, want %v %T", cfg.Width, cfg.Height, cfg.ColorModel, got.Bounds().Size(), got.ColorModel())
			}
		})
	}
}

// compare checks every pixel of got against want mapped through pixel.
func compare(t *testing.T, got image.Image, want *image.NRGBA, pixel func(color.NRGBA) color.NRGBA) {
	t.Helper()
	if got.Bounds() != want.Rect {
		t.Fatalf("bounds %v, want %v", got.Bounds(), want.Rect)
	}
	bad := 0
	for y := want.Rect.Min.Y; y < want.Rect.Max.Y; y++ {
		for x := want.Rect.Min.X; x < want.Rect.Max.X; x++ {
			g := color.NRGBAModel.Convert(got.At(x, y)).(color.NRGBA)
			w := pixel(want.NRGBAAt(x, y))
			if g != w {
				if bad < 5 {
					t.Errorf("pixel (%d, %d) = %v, want %v", x, y, g, w)
				}
				bad++
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d pixels differ", bad)
	}
}

// TestDecodeHandWritten decodes files written byte by byte from the
// specification, independent of the test writer.
func TestDecodeHandWritten(t *testing.T) {
	red, green, blue, white := color.NRGBA{255, 0, 0, 255}, color.NRGBA{0, 255, 0, 255}, color.NRGBA{0, 0, 255, 255}, color.NRGBA{255, 255, 255, 255}
	tests := []decodetest.Pixels{
		{Name: "2×2 true-colour, bottom-left origin", Data: []byte{
			0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 2, 0, 24, 0,
			255, 0, 0, 0, 255, 0, // bottom row: blue, green (B, G, R order)
			0, 0, 255, 255, 255, 255, // top row: red, white
		}, Want: [][]color.NRGBA{{red, white}, {blue, green}}},
		{Name: "3×1 run-length, top-left origin", Data: []byte{
			0, 0, 10, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 0, 1, 0, 24, 0x20,
			0x81, 0, 0, 255, // a run of 2 red
			0x00, 255, 0, 0, // a literal of 1 blue
		}, Want: [][]color.NRGBA{{red, red, blue}}},
		{Name: "2×1 run-length colour-mapped, first entry 2", Data: []byte{
			3, 1, 9, 2, 0, 2, 0, 24, 0, 0, 0, 0, 2, 0, 1, 0, 8, 0x20,
			'a', 'b', 'c', // image ID
			0, 255, 0, 255, 255, 255, // entries 2 (green) and 3 (white)
			0x01, 3, 2, // a literal of 2: white, green
		}, Want: [][]color.NRGBA{{white, green}}},
		{Name: "1×2 16-bit, alpha bit", Data: []byte{
			0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 2, 0, 16, 0x21,
			0x00, 0xfc, // top: attribute set, red 31
			0x1f, 0x00, // bottom: attribute clear, blue 31
		}, Want: [][]color.NRGBA{{red}, {{0, 0, 255, 0}}}},
		{Name: "2×1 32-bit with zero alpha everywhere reads opaque", Data: []byte{
			0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 1, 0, 32, 0x28,
			0, 0, 255, 0, 255, 255, 255, 0,
		}, Want: [][]color.NRGBA{{red, white}}},
	}
	decoder.CheckPixels(t, tests)
}

func TestReadHeader(t *testing.T) {
	v := variant{imageType: 9, pixelBits: 8, alphaBits: 0, topToBottom: true, id: []byte("id!"), palette: []color.NRGBA{{1, 2, 3, 255}}, mapBits: 24, mapFirst: 7}
	img, _, _ := mapImage(1)
	data := encodeTGA(v, img, func(x, y int) int { return 0 })
	h, err := ReadHeader(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	want := Header{ImageType: 9, ColorMapType: 1, ColorMapFirst: 7, ColorMapLength: 1, ColorMapEntryBits: 24, XOrigin: 3, YOrigin: 4,
		Width: 150, Height: 5, PixelBits: 8, TopToBottom: true, ID: []byte("id!")}
	if fmt.Sprint(h) != fmt.Sprint(want) {
		t.Errorf("ReadHeader = %+v, want %+v", h, want)
	}
}

// header builds an 18-byte header.
func header(idLen, mapType, imageType uint8, mapFirst, mapLen uint16, mapBits uint8, w, h uint16, bits, desc uint8) []byte {
	return []byte{idLen, mapType, imageType, byte(mapFirst), byte(mapFirst >> 8), byte(mapLen), byte(mapLen >> 8), mapBits,
		0, 0, 0, 0, byte(w), byte(w >> 8), byte(h), byte(h >> 8), bits, desc}
}

func cat(parts ...[]byte) []byte { return bytes.Join(parts, nil) }

func TestDecodeErrors(t *testing.T) {
	rgb := header(0, 0, 2, 0, 0, 0, 2, 2, 24, 0)
	tests := []decodetest.Bad{
		{Name: "empty", Msg: "header", EOF: true},
		{Name: "header cut short", Data: rgb[:10], Msg: "header", EOF: true},
		{Name: "image ID cut short", Data: cat(header(20, 0, 2, 0, 0, 0, 1, 1, 24, 0), []byte("abc")), Msg: "image ID", EOF: true},
		{Name: "colour map cut short", Data: cat(header(0, 1, 1, 0, 4, 24, 1, 1, 8, 0), make([]byte, 11)), Msg: "colour map", EOF: true},
		{Name: "pixels cut short", Data: cat(rgb, make([]byte, 11)), Msg: "cut short: 11 of 12", EOF: true},
		{Name: "no image", Data: header(0, 0, 0, 0, 0, 0, 1, 1, 24, 0), Msg: "no image data"},
		{Name: "unknown type", Data: header(0, 0, 5, 0, 0, 0, 1, 1, 24, 0), Msg: "unknown image type 5"},
		{Name: "huffman", Data: header(0, 1, 32, 0, 2, 24, 1, 1, 8, 0), Unsupported: "image type 32"},
		{Name: "interleaved", Data: header(0, 0, 2, 0, 0, 0, 1, 1, 24, 0x40), Unsupported: "interleaved"},
		{Name: "map type 2", Data: header(0, 2, 2, 0, 0, 0, 1, 1, 24, 0), Msg: "colour map type 2"},
		{Name: "colour-mapped without a map", Data: header(0, 0, 1, 0, 0, 0, 1, 1, 8, 0), Msg: "without a colour map"},
		{Name: "12-bit map entries", Data: header(0, 1, 1, 0, 2, 12, 1, 1, 8, 0), Unsupported: "12-bit colour-map entries"},
		{Name: "32-bit indices", Data: header(0, 1, 1, 0, 2, 24, 1, 1, 32, 0), Unsupported: "32-bit indices"},
		{Name: "8-bit true colour", Data: header(0, 0, 2, 0, 0, 0, 1, 1, 8, 0), Unsupported: "true-colour image with 8-bit"},
		{Name: "24-bit grey", Data: header(0, 0, 3, 0, 0, 0, 1, 1, 24, 0), Unsupported: "grey-scale image with 24-bit"},
		{Name: "index below the map", Data: cat(header(0, 1, 1, 5, 2, 24, 2, 1, 8, 0x20), make([]byte, 6), []byte{5, 4}), Msg: "pixel (1, 0): colour index 4 is outside the colour map (entries 5 to 6)"},
		{Name: "index past the map", Data: cat(header(0, 1, 1, 0, 2, 24, 1, 1, 8, 0), make([]byte, 6), []byte{2}), Msg: "colour index 2"},
		{Name: "16-bit index past the map", Data: cat(header(0, 1, 1, 0, 2, 24, 1, 1, 16, 0), make([]byte, 6), []byte{2, 1}), Msg: "colour index 258"},
		{Name: "run-length packet overruns the image", Data: cat(header(0, 0, 10, 0, 0, 0, 2, 2, 24, 0), []byte{0x84, 1, 2, 3}), Msg: "covers 5 pixels, only 4 remain"},
		{Name: "literal packet overruns the image", Data: cat(header(0, 0, 11, 0, 0, 0, 1, 3, 8, 0), []byte{0x01, 1, 2, 0x01, 3, 4}), Msg: "covers 2 pixels, only 1 remain"},
		{Name: "run-length data cut short", Data: cat(header(0, 0, 10, 0, 0, 0, 2, 2, 24, 0), []byte{0x81, 1, 2, 3, 0x01, 1, 2, 3, 4}), Msg: "cut short at pixel 2", EOF: true},
		{Name: "run-length data cannot fill the image", Data: cat(header(0, 0, 10, 0, 0, 0, 1000, 1000, 24, 0), []byte{0xff, 1, 2, 3}), Msg: "cannot hold 1000000 pixels", EOF: true},
	}
	decoder.CheckBad(t, tests)
}

// TestDecodeTooLarge: headers claiming huge images over a few bytes of data
// must fail without allocating the image.
func TestDecodeTooLarge(t *testing.T) {
	tests := []decodetest.Huge{
		{Name: "65535×65535 true colour", Data: cat(header(0, 0, 2, 0, 0, 0, 65535, 65535, 32, 0), make([]byte, 64)), TooLarge: true, MaxKiB: 64, Msg: "65535×65535"},
		{Name: "16384×16384 run-length", Data: cat(header(0, 0, 10, 0, 0, 0, 16384, 16384, 32, 0), []byte{0xff, 1, 2, 3, 4}), TooLarge: true, MaxKiB: 64, Msg: "16384×16384"},
		{Name: "8192×8192 true colour over 64 bytes", Data: cat(header(0, 0, 2, 0, 0, 0, 8192, 8192, 32, 0), make([]byte, 64)), MaxKiB: 1100, Msg: "cut short: 64 of 268435456"},
		{Name: "8192×8192 run-length over 10 bytes", Data: cat(header(0, 0, 10, 0, 0, 0, 8192, 8192, 32, 0), []byte{0xff, 1, 2, 3, 4, 0xff, 1, 2, 3, 4}), MaxKiB: 1100, Msg: "cannot hold"},
		{Name: "16385×1", Data: cat(header(0, 0, 3, 0, 0, 0, 16385, 1, 8, 0), make([]byte, 16385)), TooLarge: true, MaxKiB: 64, Msg: "16385×1"},
	}
	decoder.CheckHuge(t, tests)
}

// TestZeroSizedImages: an image with no pixels decodes to an empty image.
func TestZeroSizedImages(t *testing.T) {
	for _, size := range [][2]uint16{{0, 0}, {0, 5}, {7, 0}} {
		for _, typ := range []uint8{2, 10} {
			img, err := Decode(bytes.NewReader(header(0, 0, typ, 0, 0, 0, size[0], size[1], 24, 0)))
			if err != nil {
				t.Errorf("%v type %d: %v", size, typ, err)
				continue
			}
			if b := img.Bounds(); b.Dx() != int(size[0]) || b.Dy() != int(size[1]) {
				t.Errorf("%v type %d: bounds %v", size, typ, b)
			}
		}
	}
}

// TestDecodeStopsAtImageEnd: bytes after uncompressed pixel data (a TGA 2.0
// footer) are not read.
func TestDecodeStopsAtImageEnd(t *testing.T) {
	data := cat(header(0, 0, 3, 0, 0, 0, 2, 1, 8, 0), []byte{1, 2}, []byte("\x00\x00\x00\x00\x00\x00\x00\x00TRUEVISION-XFILE.\x00"))
	r := bytes.NewReader(data)
	if _, err := Decode(r); err != nil {
		t.Fatal(err)
	}
	if r.Len() != 26 {
		t.Errorf("%d bytes left unread, want the 26-byte footer", r.Len())
	}
}

func TestDecodeConfigHeaderOnly(t *testing.T) {
	// The pixel data is not needed.
	cfg, err := DecodeConfig(bytes.NewReader(header(0, 0, 3, 0, 0, 0, 640, 480, 8, 0)))
	if err != nil || cfg.Width != 640 || cfg.Height != 480 || cfg.ColorModel != color.GrayModel {
		t.Errorf("DecodeConfig = %+v, %v", cfg, err)
	}
	cfg, err = DecodeConfig(bytes.NewReader(cat(header(0, 1, 1, 0, 2, 24, 4, 4, 8, 0), []byte{0, 0, 255, 0, 255, 0})))
	if p, ok := cfg.ColorModel.(color.Palette); err != nil || !ok || len(p) != 2 || p[0] != (color.NRGBA{255, 0, 0, 255}) {
		t.Errorf("DecodeConfig = %+v, %v; want a 2-colour palette", cfg, err)
	}
	if _, err := DecodeConfig(bytes.NewReader(header(0, 0, 33, 0, 0, 0, 1, 1, 8, 0))); err == nil {
		t.Error("DecodeConfig accepted image type 33")
	}
}

// benchImage is a 1024×1024 texture-like image: smooth gradients with flat
// patches, so that run-length encoding has something to do.
func benchImage() *image.NRGBA {
	const n = 1024
	img := image.NewNRGBA(image.Rect(0, 0, n, n))
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			c := color.NRGBA{uint8(x / 4), uint8(y / 4), uint8((x ^ y) / 8), 255}
			if (x/64+y/64)%3 == 0 {
				c = color.NRGBA{200, 180, 40, 255}
			}
			img.SetNRGBA(x, y, c)
		}
	}
	return img
}

func BenchmarkDecode(b *testing.B) {
	img := benchImage()
	pimg, pal, idx := func() (*image.NRGBA, []color.NRGBA, func(x, y int) int) {
		pal := make([]color.NRGBA, 256)
		for i := range pal {
			pal[i] = color.NRGBA{uint8(i), uint8(255 - i), uint8(i / 2), 255}
		}
		return img, pal, func(x, y int) int { return int(img.NRGBAAt(x, y).R) }
	}()
	for _, v := range []struct {
		variant
		img   *image.NRGBA
		index func(x, y int) int
	}{
		{variant{name: "rgb24", imageType: 2, pixelBits: 24}, img, nil},
		{variant{name: "rgba32", imageType: 2, pixelBits: 32, alphaBits: 8}, img, nil},
		{variant{name: "rle-rgba32", imageType: 10, pixelBits: 32, alphaBits: 8}, img, nil},
		{variant{name: "rle-rgb24", imageType: 10, pixelBits: 24}, img, nil},
		{variant{name: "rgb16", imageType: 2, pixelBits: 16}, img, nil},
		{variant{name: "rle-mapped8", imageType: 9, pixelBits: 8, palette: pal, mapBits: 24}, pimg, idx},
		{variant{name: "gray8", imageType: 3, pixelBits: 8}, img, nil},
	} {
		data := encodeTGA(v.variant, v.img, v.index)
		b.Run(v.name, func(b *testing.B) {
			// Throughput in decoded RGBA bytes, as the standard library's
			// image benchmarks count it.
			b.SetBytes(int64(len(v.img.Pix)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Decode(bytes.NewReader(data)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
