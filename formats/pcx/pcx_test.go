package pcx

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"image"
	"image/color"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/iotest"

	"ms3dstudio/internal/decodetest"
	"ms3dstudio/internal/hostile"
)

// goldens pairs each test file (testdata/make.sh says how it was made) with
// the PNG golden ImageMagick decoded from it, and the image type Decode must
// return.
// The 1-bit one-plane files are compared with mono-as-pal8's golden.
var goldens = []struct {
	file, kind string
}{
	{"im-pal8", "*image.Paletted"},
	{"im-rgb24", "*image.NRGBA"},
	{"im-rgba32", "*image.NRGBA"},
	{"mono", "*image.Paletted"},
	{"mono-colours", "*image.Paletted"},
	{"mono-as-pal8", "*image.Paletted"},
	{"ega-planes3", "*image.Paletted"},
	{"ega-planes4", "*image.Paletted"},
	{"nibble4", "*image.Paletted"},
	{"pal8-raw", "*image.Paletted"},
	{"pal8-cross-lines", "*image.Paletted"},
	{"rgb24-cross-lines", "*image.NRGBA"},
}

func readPNG(t testing.TB, name string) image.Image {
	return decodetest.ReadPNG(t, filepath.Join("testdata", name))
}

// TestDecodeGoldens decodes every test file and compares it pixel for pixel
// with ImageMagick's decoding of the same file.
func TestDecodeGoldens(t *testing.T) {
	for _, g := range goldens {
		t.Run(g.file, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join("testdata", g.file+".pcx"))
			if err != nil {
				t.Fatal(err)
			}
			got, err := Decode(bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			if k := fmt.Sprintf("%T", got); k != g.kind {
				t.Errorf("Decode returned %s, want %s", k, g.kind)
			}
			golden := g.file + ".png"
			if strings.HasPrefix(g.file, "mono") {
				golden = "mono-as-pal8.png"
			}
			compare(t, got, readPNG(t, golden))
			// A reader that does not tell its length takes the other path.
			plain, err := Decode(iotest.OneByteReader(bytes.NewReader(data)))
			if err != nil {
				t.Fatal(err)
			}
			compare(t, plain, got)
			cfg, err := DecodeConfig(bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			if cfg.Width != got.Bounds().Dx() || cfg.Height != got.Bounds().Dy() || !decodetest.SameModel(cfg.ColorModel, got.ColorModel()) {
				t.Errorf("DecodeConfig = %d×%d %T, Decode gave %v %T", cfg.Width, cfg.Height, cfg.ColorModel, got.Bounds(), got.ColorModel())
			}
		})
	}
}

// compare checks every pixel of got against want, both as NRGBA.
func compare(t *testing.T, got, want image.Image) {
	t.Helper()
	if got.Bounds() != want.Bounds() {
		t.Fatalf("bounds %v, want %v", got.Bounds(), want.Bounds())
	}
	bad := 0
	b := want.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			g := color.NRGBAModel.Convert(got.At(x, y)).(color.NRGBA)
			w := color.NRGBAModel.Convert(want.At(x, y)).(color.NRGBA)
			if g.A == 0 && w.A == 0 {
				continue // colour under full transparency is not kept
			}
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
	tests := []struct {
		name string
		data []byte
		want [][]color.NRGBA // rows, top first
	}{
		{"8-bit run of 3 and a literal", cat(hdr(5, 1, 8, 1, 0, 0, 3, 0, 4, 1, nil), []byte{0xc3, 5, 9}, pal256()),
			[][]color.NRGBA{{{5, 250, 7, 255}, {5, 250, 7, 255}, {5, 250, 7, 255}, {9, 246, 7, 255}}}},
		{"8-bit run byte 0xc1 stands for a byte with the top bits set", cat(hdr(5, 1, 8, 1, 0, 0, 1, 0, 2, 1, nil), []byte{0xc1, 0xc8, 0xc1, 0xff}, pal256()),
			[][]color.NRGBA{{{200, 55, 7, 255}, {255, 0, 7, 255}}}},
		{"8-bit grey-scale without a palette", cat(hdr(5, 1, 8, 1, 0, 0, 1, 0, 2, 2, nil), []byte{7, 0xc1, 200}),
			[][]color.NRGBA{{{7, 7, 7, 255}, {200, 200, 200, 255}}}},
		{"24-bit planes", cat(hdr(5, 1, 8, 3, 0, 0, 1, 1, 2, 1, nil), []byte{0xc1, 255, 0, 0xc2, 0, 0, 0xc1, 255, 0xc2, 0, 0xc2, 255, 0xc2, 0}),
			[][]color.NRGBA{{red, blue}, {green, green}}},
		{"32-bit planes", cat(hdr(5, 0, 8, 4, 0, 0, 0, 0, 1, 1, nil), []byte{1, 2, 3, 4}), [][]color.NRGBA{{{1, 2, 3, 4}}}},
		{"1-bit is black and white whatever the palette", cat(hdr(5, 1, 1, 1, 0, 0, 9, 0, 2, 1, ega), []byte{0b10100000, 0b01000000}),
			[][]color.NRGBA{{white, black, white, black, black, black, black, black, black, white}}},
		{"1-bit four planes", cat(hdr(5, 0, 1, 4, 0, 0, 3, 0, 1, 1, ega), []byte{0b1000_0000, 0b0100_0000, 0b0010_0000, 0b0001_0000}),
			[][]color.NRGBA{{red, green, white, black}}},
		{"4-bit one plane", cat(hdr(5, 0, 4, 1, 0, 0, 2, 0, 2, 1, ega), []byte{0x12, 0x40}),
			[][]color.NRGBA{{red, green, white}}},
		{"window offset", cat(hdr(5, 1, 8, 1, 100, 200, 100, 201, 2, 1, nil), []byte{0xc4, 1}, pal256()),
			[][]color.NRGBA{{{1, 254, 7, 255}}, {{1, 254, 7, 255}}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Decode(bytes.NewReader(tc.data))
			if err != nil {
				t.Fatal(err)
			}
			want := image.NewNRGBA(image.Rect(0, 0, len(tc.want[0]), len(tc.want)))
			for y, row := range tc.want {
				for x, c := range row {
					want.SetNRGBA(x, y, c)
				}
			}
			compare(t, got, want)
		})
	}
}

func TestDecodeErrors(t *testing.T) {
	p8 := hdr(5, 1, 8, 1, 0, 0, 1, 1, 2, 1, nil)
	tests := []struct {
		name        string
		data        []byte
		unsupported string // substring of the UnsupportedError variant, or ""
		msg         string // substring of the error
		eof         bool   // errors.Is(err, io.ErrUnexpectedEOF)
	}{
		{"empty", nil, "", "header", true},
		{"header cut short", p8[:60], "", "header", true},
		{"wrong magic", cat([]byte{0x0b}, p8[1:]), "", "first byte 0x0b, not 0x0a", false},
		{"a BMP", cat([]byte("BM"), make([]byte, 200)), "", "first byte 0x42", false},
		{"empty window", hdr(5, 1, 8, 1, 5, 0, 4, 0, 2, 1, nil), "", "image window (5, 0)–(4, 0) is empty", false},
		{"encoding 2", hdr(5, 2, 8, 1, 0, 0, 0, 0, 2, 1, nil), "", "encoding 2", false},
		{"line too short", hdr(5, 1, 8, 3, 0, 0, 9, 0, 8, 1, nil), "", "8 bytes per plane line cannot hold 10 pixels", false},
		{"no scan lines", p8, "", "0 bytes of scan lines cannot hold the 4", true},
		{"scan lines cut short", cat(p8, []byte{0xc3, 1}), "", "cut short at line 1 of 2", true},
		{"run cut short", cat(p8, []byte{1, 2, 3, 0xc1}), "", "cut short at line 1", true},
		{"uncompressed cut short", cat(hdr(5, 0, 8, 3, 0, 0, 1, 1, 2, 1, nil), make([]byte, 11)), "", "11 bytes of scan lines cannot hold the 12", true},
		{"no palette", cat(p8, []byte{1, 2, 3, 4}), "", "without the 256-colour palette", false},
		{"palette marker missing", cat(p8, []byte{1, 2, 3, 4}, []byte{0}, pal256()[1:]), "", "without the 256-colour palette", false},
		{"2-bit CGA", hdr(5, 1, 2, 1, 0, 0, 0, 0, 2, 1, nil), "2-bit CGA", "", false},
		{"4-bit 4 planes", hdr(5, 1, 4, 4, 0, 0, 0, 0, 2, 1, nil), "4 plane(s) of 4-bit", "", false},
		{"8-bit 2 planes", hdr(5, 1, 8, 2, 0, 0, 0, 0, 2, 1, nil), "2 plane(s) of 8-bit", "", false},
		{"1-bit 5 planes", hdr(5, 1, 1, 5, 0, 0, 0, 0, 2, 1, nil), "5 plane(s) of 1-bit", "", false},
		{"0 planes", hdr(5, 1, 8, 0, 0, 0, 0, 0, 2, 1, nil), "0 plane(s)", "", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Decode(bytes.NewReader(tc.data))
			decodetest.CheckError[*UnsupportedError, *FormatError](t, err, "pcx: ", tc.unsupported, tc.msg, tc.eof, func(u *UnsupportedError) string { return u.Variant })
		})
	}
}

// TestDecodeTooLarge: headers claiming huge images over a few bytes of data
// must fail without allocating the image.
func TestDecodeTooLarge(t *testing.T) {
	tests := []struct {
		name    string
		data    []byte
		tooBig  bool
		wantMsg string
	}{
		{"65536×65536 in 200 bytes", cat(hdr(5, 1, 1, 4, 0, 0, 65535, 65535, 8192, 1, nil), make([]byte, 72)), true, "65536×65536"},
		{"16385×1", cat(hdr(5, 1, 8, 1, 0, 0, 16384, 0, 16386, 1, nil), make([]byte, 72)), true, "16385×1"},
		{"8192×8192 over 64 bytes of runs", cat(hdr(5, 1, 8, 4, 0, 0, 8191, 8191, 8192, 1, nil), bytes.Repeat([]byte{0xff, 1}, 32)), false, "64 bytes of scan lines cannot hold the 268435456"},
		{"16384×4096 1-bit over 1000 bytes of runs", cat(hdr(5, 1, 1, 1, 0, 0, 16383, 4095, 2048, 1, nil), bytes.Repeat([]byte{0xff, 1}, 500)), false, "cannot hold"},
		{"8192×8192 uncompressed over 64 bytes", cat(hdr(5, 0, 8, 1, 0, 0, 8191, 8191, 8192, 1, nil), make([]byte, 64)), false, "64 bytes of scan lines cannot hold"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for _, r := range []io.Reader{bytes.NewReader(tc.data), struct{ io.Reader }{bytes.NewReader(tc.data)}} {
				var err error
				_, n := hostile.Allocated(func() { _, err = Decode(r) })
				if err == nil || errors.Is(err, ErrTooLarge) != tc.tooBig || !strings.Contains(err.Error(), tc.wantMsg) {
					t.Fatalf("%T: err = %v, want too large %v containing %q", r, err, tc.tooBig, tc.wantMsg)
				}
				if n > 64<<10 {
					t.Errorf("%T: Decode allocated %d KiB, want at most 64", r, n>>10)
				}
			}
		})
	}
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
