package pcx

import (
	"bytes"
	"encoding/binary"
	"errors"
	"image"
	"image/color"
	"strings"
	"testing"

	"ms3dstudio/internal/decodetest"
)

// goldens pairs each test file (testdata/make.sh says how it was made) with
// the PNG golden ImageMagick decoded from it, and the image type Decode must
// return.
// The 1-bit one-plane files are compared with mono-as-pal8's golden.
var goldens = []decodetest.Golden{
	{File: "im-pal8.pcx", PNG: "im-pal8.png", Kind: "*image.Paletted"},
	{File: "im-rgb24.pcx", PNG: "im-rgb24.png", Kind: "*image.NRGBA"},
	{File: "im-rgba32.pcx", PNG: "im-rgba32.png", Kind: "*image.NRGBA"},
	{File: "mono.pcx", PNG: "mono-as-pal8.png", Kind: "*image.Paletted"},
	{File: "mono-colours.pcx", PNG: "mono-as-pal8.png", Kind: "*image.Paletted"},
	{File: "mono-as-pal8.pcx", PNG: "mono-as-pal8.png", Kind: "*image.Paletted"},
	{File: "ega-planes3.pcx", PNG: "ega-planes3.png", Kind: "*image.Paletted"},
	{File: "ega-planes4.pcx", PNG: "ega-planes4.png", Kind: "*image.Paletted"},
	{File: "nibble4.pcx", PNG: "nibble4.png", Kind: "*image.Paletted"},
	{File: "pal8-raw.pcx", PNG: "pal8-raw.png", Kind: "*image.Paletted"},
	{File: "pal8-cross-lines.pcx", PNG: "pal8-cross-lines.png", Kind: "*image.Paletted"},
	{File: "rgb24-cross-lines.pcx", PNG: "rgb24-cross-lines.png", Kind: "*image.NRGBA"},
}

// TestDecodeGoldens decodes every test file and compares it pixel for pixel
// with ImageMagick's decoding of the same file.
func TestDecodeGoldens(t *testing.T) { decoder.CheckGoldens(t, goldens) }

// hdr builds a 128-byte header, independent of the test files' generator.
func hdr(version, encoding, bits, planes uint8, xmin, ymin, xmax, ymax, bytesPerLine, paletteInfo uint16, pal16 []byte) []byte {
	b := make([]byte, HeaderSize)
	b[0], b[1], b[2], b[3] = Manufacturer, version, encoding, bits
	for i, v := range []uint16{xmin, ymin, xmax, ymax} {
		binary.LittleEndian.PutUint16(b[4+2*i:], v)
	}
	copy(b[16:64], pal16)
	b[65] = planes
	binary.LittleEndian.PutUint16(b[66:], bytesPerLine)
	binary.LittleEndian.PutUint16(b[68:], paletteInfo)
	return b
}

func cat(parts ...[]byte) []byte { return bytes.Join(parts, nil) }

// pal256 is a 256-colour palette with its marker: entry i is (i, 255−i, 7).
func pal256() []byte {
	b := []byte{PaletteMarker}
	for i := 0; i < 256; i++ {
		b = append(b, byte(i), byte(255-i), 7)
	}
	return b
}

// TestDecodeHandWritten decodes files written byte by byte from the
// technical reference, with the pixels worked out by hand.
func TestDecodeHandWritten(t *testing.T) {
	red, green, blue, white, black := color.NRGBA{255, 0, 0, 255}, color.NRGBA{0, 255, 0, 255}, color.NRGBA{0, 0, 255, 255}, color.NRGBA{255, 255, 255, 255}, color.NRGBA{0, 0, 0, 255}
	ega := []byte{0, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255}
	tests := []decodetest.Pixels{
		{Name: "8-bit run of 3 and a literal", Data: cat(hdr(5, 1, 8, 1, 0, 0, 3, 0, 4, 1, nil), []byte{0xc3, 5, 9}, pal256()),
			Want: [][]color.NRGBA{{{5, 250, 7, 255}, {5, 250, 7, 255}, {5, 250, 7, 255}, {9, 246, 7, 255}}}},
		{Name: "8-bit run byte 0xc1 stands for a byte with the top bits set", Data: cat(hdr(5, 1, 8, 1, 0, 0, 1, 0, 2, 1, nil), []byte{0xc1, 0xc8, 0xc1, 0xff}, pal256()),
			Want: [][]color.NRGBA{{{200, 55, 7, 255}, {255, 0, 7, 255}}}},
		{Name: "8-bit grey-scale without a palette", Data: cat(hdr(5, 1, 8, 1, 0, 0, 1, 0, 2, 2, nil), []byte{7, 0xc1, 200}),
			Want: [][]color.NRGBA{{{7, 7, 7, 255}, {200, 200, 200, 255}}}},
		{Name: "24-bit planes", Data: cat(hdr(5, 1, 8, 3, 0, 0, 1, 1, 2, 1, nil), []byte{0xc1, 255, 0, 0xc2, 0, 0, 0xc1, 255, 0xc2, 0, 0xc2, 255, 0xc2, 0}),
			Want: [][]color.NRGBA{{red, blue}, {green, green}}},
		{Name: "32-bit planes", Data: cat(hdr(5, 0, 8, 4, 0, 0, 0, 0, 1, 1, nil), []byte{1, 2, 3, 4}), Want: [][]color.NRGBA{{{1, 2, 3, 4}}}},
		{Name: "1-bit is black and white whatever the palette", Data: cat(hdr(5, 1, 1, 1, 0, 0, 9, 0, 2, 1, ega), []byte{0b10100000, 0b01000000}),
			Want: [][]color.NRGBA{{white, black, white, black, black, black, black, black, black, white}}},
		{Name: "1-bit four planes", Data: cat(hdr(5, 0, 1, 4, 0, 0, 3, 0, 1, 1, ega), []byte{0b1000_0000, 0b0100_0000, 0b0010_0000, 0b0001_0000}),
			Want: [][]color.NRGBA{{red, green, white, black}}},
		{Name: "4-bit one plane", Data: cat(hdr(5, 0, 4, 1, 0, 0, 2, 0, 2, 1, ega), []byte{0x12, 0x40}),
			Want: [][]color.NRGBA{{red, green, white}}},
		{Name: "window offset", Data: cat(hdr(5, 1, 8, 1, 100, 200, 100, 201, 2, 1, nil), []byte{0xc4, 1}, pal256()),
			Want: [][]color.NRGBA{{{1, 254, 7, 255}}, {{1, 254, 7, 255}}}},
	}
	decoder.CheckPixels(t, tests)
}

func TestDecodeErrors(t *testing.T) {
	p8 := hdr(5, 1, 8, 1, 0, 0, 1, 1, 2, 1, nil)
	tests := []decodetest.Bad{
		{Name: "empty", Msg: "header", EOF: true},
		{Name: "header cut short", Data: p8[:60], Msg: "header", EOF: true},
		{Name: "wrong magic", Data: cat([]byte{0x0b}, p8[1:]), Msg: "first byte 0x0b, not 0x0a"},
		{Name: "a BMP", Data: cat([]byte("BM"), make([]byte, 200)), Msg: "first byte 0x42"},
		{Name: "empty window", Data: hdr(5, 1, 8, 1, 5, 0, 4, 0, 2, 1, nil), Msg: "image window (5, 0)–(4, 0) is empty"},
		{Name: "encoding 2", Data: hdr(5, 2, 8, 1, 0, 0, 0, 0, 2, 1, nil), Msg: "encoding 2"},
		{Name: "line too short", Data: hdr(5, 1, 8, 3, 0, 0, 9, 0, 8, 1, nil), Msg: "8 bytes per plane line cannot hold 10 pixels"},
		{Name: "no scan lines", Data: p8, Msg: "0 bytes of scan lines cannot hold the 4", EOF: true},
		{Name: "scan lines cut short", Data: cat(p8, []byte{0xc3, 1}), Msg: "cut short at line 1 of 2", EOF: true},
		{Name: "run cut short", Data: cat(p8, []byte{1, 2, 3, 0xc1}), Msg: "cut short at line 1", EOF: true},
		{Name: "uncompressed cut short", Data: cat(hdr(5, 0, 8, 3, 0, 0, 1, 1, 2, 1, nil), make([]byte, 11)), Msg: "11 bytes of scan lines cannot hold the 12", EOF: true},
		{Name: "no palette", Data: cat(p8, []byte{1, 2, 3, 4}), Msg: "without the 256-colour palette"},
		{Name: "palette marker missing", Data: cat(p8, []byte{1, 2, 3, 4}, []byte{0}, pal256()[1:]), Msg: "without the 256-colour palette"},
		{Name: "2-bit CGA", Data: hdr(5, 1, 2, 1, 0, 0, 0, 0, 2, 1, nil), Unsupported: "2-bit CGA"},
		{Name: "4-bit 4 planes", Data: hdr(5, 1, 4, 4, 0, 0, 0, 0, 2, 1, nil), Unsupported: "4 plane(s) of 4-bit"},
		{Name: "8-bit 2 planes", Data: hdr(5, 1, 8, 2, 0, 0, 0, 0, 2, 1, nil), Unsupported: "2 plane(s) of 8-bit"},
		{Name: "1-bit 5 planes", Data: hdr(5, 1, 1, 5, 0, 0, 0, 0, 2, 1, nil), Unsupported: "5 plane(s) of 1-bit"},
		{Name: "0 planes", Data: hdr(5, 1, 8, 0, 0, 0, 0, 0, 2, 1, nil), Unsupported: "0 plane(s)"},
	}
	decoder.CheckBad(t, tests)
}

// TestDecodeTooLarge: headers claiming huge images over a few bytes of data
// must fail without allocating the image.
func TestDecodeTooLarge(t *testing.T) {
	tests := []decodetest.Huge{
		{Name: "65536×65536 in 200 bytes", Data: cat(hdr(5, 1, 1, 4, 0, 0, 65535, 65535, 8192, 1, nil), make([]byte, 72)), TooLarge: true, MaxKiB: 64, Msg: "65536×65536"},
		{Name: "16385×1", Data: cat(hdr(5, 1, 8, 1, 0, 0, 16384, 0, 16386, 1, nil), make([]byte, 72), pal256()), TooLarge: true, MaxKiB: 64, Msg: "16385×1"},
		{Name: "8192×8192 over 64 bytes of runs", Data: cat(hdr(5, 1, 8, 4, 0, 0, 8191, 8191, 8192, 1, nil), bytes.Repeat([]byte{0xff, 1}, 32)), MaxKiB: 64, Msg: "64 bytes of scan lines cannot hold the 268435456"},
		{Name: "16384×4096 1-bit over 1000 bytes of runs", Data: cat(hdr(5, 1, 1, 1, 0, 0, 16383, 4095, 2048, 1, nil), bytes.Repeat([]byte{0xff, 1}, 500)), MaxKiB: 64, Msg: "cannot hold"},
		{Name: "8192×8192 uncompressed 8-bit over 64 bytes and the palette", Data: cat(hdr(5, 0, 8, 1, 0, 0, 8191, 8191, 8192, 1, nil), make([]byte, 64), pal256()), MaxKiB: 64, Msg: "cannot hold"},
		{Name: "8192×8192 uncompressed 24-bit over 64 bytes", Data: cat(hdr(5, 0, 8, 3, 0, 0, 8191, 8191, 8192, 1, nil), make([]byte, 64)), MaxKiB: 64, Msg: "64 bytes of scan lines cannot hold"},
	}
	decoder.CheckHuge(t, tests)
}

// TestZeroSizedImages: a PCX window is inclusive, so the smallest image is
// 1×1; a window whose end comes before its start is a format error.
func TestZeroSizedImages(t *testing.T) {
	img, err := Decode(bytes.NewReader(cat(hdr(5, 1, 8, 3, 7, 7, 7, 7, 2, 1, nil), []byte{1, 2, 3, 4, 5, 6})))
	if err != nil || img.Bounds() != image.Rect(0, 0, 1, 1) {
		t.Errorf("1×1 window: %v, %v", img, err)
	}
	for _, w := range [][4]uint16{{1, 0, 0, 0}, {0, 1, 0, 0}, {65535, 65535, 0, 0}} {
		_, err := Decode(bytes.NewReader(cat(hdr(5, 1, 8, 3, w[0], w[1], w[2], w[3], 2, 1, nil), make([]byte, 64))))
		var fe *FormatError
		if !errors.As(err, &fe) || !strings.Contains(err.Error(), "is empty") {
			t.Errorf("window %v: err = %v, want an empty-window FormatError", w, err)
		}
	}
}

// benchPCX builds a 1024×1024 8-bit paletted PCX image of short runs.
func benchPCX() []byte {
	data := hdr(5, 1, 8, 1, 0, 0, 1023, 1023, 1024, 1, nil)
	for y := 0; y < 1024; y++ {
		for x := 0; x < 1024; x += 4 {
			data = append(data, 0xc4, byte(x^y))
		}
	}
	return cat(data, pal256())
}

func BenchmarkDecode(b *testing.B) {
	data := benchPCX()
	b.SetBytes(4 << 20)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Decode(bytes.NewReader(data)); err != nil {
			b.Fatal(err)
		}
	}
}
