package dds

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
//
// ImageMagick scales 5- and 6-bit channels to 8 bits rounding down (255·v/31);
// Direct3D's UNORM rule, which Decode follows, rounds to nearest, so files
// with such channels are allowed a difference of 1 (TestDecodeHandWritten
// pins the exact values).
var goldens = []struct {
	file, golden, kind string
	slack              uint8
}{
	{"im-dxt1.dds", "im-dxt1.png", "*image.NRGBA", 0},
	{"im-dxt5.dds", "im-dxt5.png", "*image.NRGBA", 0},
	{"im-dxt5-mipmaps.dds", "im-dxt5-mipmaps.png", "*image.NRGBA", 0},
	{"im-bgra.dds", "im-bgra.png", "*image.NRGBA", 0},
	{"im-bgr.dds", "im-bgr.png", "*image.NRGBA", 0},
	{"bc1-alpha.dds", "bc1-alpha.png", "*image.NRGBA", 0},
	{"bc2.dds", "bc2.png", "*image.NRGBA", 0},
	{"bc3-odd.dds", "bc3-odd.png", "*image.NRGBA", 0},
	{"dx10-bc1.dds", "bc1-alpha.png", "*image.NRGBA", 0},
	{"dx10-bc3.dds", "bc3-odd.png", "*image.NRGBA", 0},
	{"r5g6b5.dds", "r5g6b5.png", "*image.NRGBA", 1},
	{"a1r5g5b5.dds", "a1r5g5b5.png", "*image.NRGBA", 1},
	{"a4r4g4b4.dds", "a4r4g4b4.png", "*image.NRGBA", 0},
	{"r8g8b8.dds", "r8g8b8.png", "*image.NRGBA", 0},
	{"x8r8g8b8.dds", "x8r8g8b8.png", "*image.NRGBA", 0},
	{"a8r8g8b8.dds", "a8r8g8b8.png", "*image.NRGBA", 0},
	{"a8b8g8r8.dds", "a8r8g8b8.png", "*image.NRGBA", 0},
	{"l8.dds", "l8.png", "*image.Gray", 0},
}

func readPNG(t testing.TB, name string) image.Image {
	return decodetest.ReadPNG(t, filepath.Join("testdata", name))
}

// TestDecodeGoldens decodes every test file and compares it pixel for pixel
// with ImageMagick's decoding of the same file.
func TestDecodeGoldens(t *testing.T) {
	for _, g := range goldens {
		t.Run(g.file, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join("testdata", g.file))
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
			compare(t, got, readPNG(t, g.golden), g.slack)
			// A reader that does not tell its length takes the other path.
			plain, err := Decode(iotest.OneByteReader(bytes.NewReader(data)))
			if err != nil {
				t.Fatal(err)
			}
			compare(t, plain, got, 0)
			cfg, err := DecodeConfig(bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			if cfg.Width != got.Bounds().Dx() || cfg.Height != got.Bounds().Dy() || cfg.ColorModel != got.ColorModel() {
				t.Errorf("DecodeConfig = %d×%d %v, Decode gave %v %v", cfg.Width, cfg.Height, cfg.ColorModel, got.Bounds(), got.ColorModel())
			}
		})
	}
}

// compare checks every pixel of got against want, both as NRGBA, allowing
// each channel to differ by slack.
func compare(t *testing.T, got, want image.Image, slack uint8) {
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
				// Colour under full transparency is not kept by NRGBA
				// conversion of premultiplied goldens.
				continue
			}
			if !near(g, w, slack) {
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

func near(a, b color.NRGBA, slack uint8) bool {
	d := func(x, y uint8) uint8 { return max(x, y) - min(x, y) }
	return d(a.R, b.R) <= slack && d(a.G, b.G) <= slack && d(a.B, b.B) <= slack && d(a.A, b.A) <= slack
}

// hdr builds the signature and header of a w×h texture with the given pixel
// format, independent of the test files' generator.
func hdr(w, h uint32, flags, fourcc, bits, r, g, b, a, caps2, depth uint32) []byte {
	out := []byte(Magic)
	for _, v := range []uint32{124, 0x100f, h, w, 0, depth, 1} {
		out = binary.LittleEndian.AppendUint32(out, v)
	}
	out = append(out, make([]byte, 44)...)
	for _, v := range []uint32{32, flags, fourcc, bits, r, g, b, a, 0x1000, caps2, 0, 0, 0} {
		out = binary.LittleEndian.AppendUint32(out, v)
	}
	return out
}

// rgbHdr is hdr for uncompressed pixels.
func rgbHdr(w, h, flags, bits, r, g, b, a uint32) []byte {
	return hdr(w, h, flags, 0, bits, r, g, b, a, 0, 0)
}

// fourCCHdr is hdr for a FourCC format.
func fourCCHdr(w, h uint32, code string) []byte {
	return hdr(w, h, FlagFourCC, fourCC(code), 0, 0, 0, 0, 0, 0, 0)
}

// dx10Hdr is the header of a DX10 texture.
func dx10Hdr(w, h, format, dim, misc, array uint32) []byte {
	out := fourCCHdr(w, h, "DX10")
	for _, v := range []uint32{format, dim, misc, array, 0} {
		out = binary.LittleEndian.AppendUint32(out, v)
	}
	return out
}

func cat(parts ...[]byte) []byte { return bytes.Join(parts, nil) }

func le16(v ...uint16) []byte {
	var b []byte
	for _, x := range v {
		b = binary.LittleEndian.AppendUint16(b, x)
	}
	return b
}

func le32(v ...uint32) []byte {
	var b []byte
	for _, x := range v {
		b = binary.LittleEndian.AppendUint32(b, x)
	}
	return b
}

// TestDecodeHandWritten decodes files written byte by byte from the DDS
// guide and the block-compression rules, with the pixels worked out by hand.
func TestDecodeHandWritten(t *testing.T) {
	red, green, blue, white, clear := color.NRGBA{255, 0, 0, 255}, color.NRGBA{0, 255, 0, 255}, color.NRGBA{0, 0, 255, 255}, color.NRGBA{255, 255, 255, 255}, color.NRGBA{0, 0, 0, 0}
	tests := []struct {
		name string
		data []byte
		want [][]color.NRGBA // rows, top first
	}{
		{"R5G6B5 rounds to nearest", cat(rgbHdr(3, 1, FlagRGB, 16, 0xf800, 0x07e0, 0x001f, 0), le16(0xf800, 26<<11|1<<5|16, 0xffff)),
			[][]color.NRGBA{{red, {214, 4, 132, 255}, white}}},
		{"A1R5G5B5", cat(rgbHdr(2, 1, FlagRGB|FlagAlphaPixels, 16, 0x7c00, 0x03e0, 0x001f, 0x8000), le16(0x801f, 0x7c00)),
			[][]color.NRGBA{{blue, {255, 0, 0, 0}}}},
		{"X1R5G5B5 ignores the top bit", cat(rgbHdr(1, 1, FlagRGB, 16, 0x7c00, 0x03e0, 0x001f, 0x8000), le16(0x03e0)),
			[][]color.NRGBA{{green}}},
		{"A4R4G4B4", cat(rgbHdr(1, 1, FlagRGB|FlagAlphaPixels, 16, 0x0f00, 0x00f0, 0x000f, 0xf000), le16(0x8f10)),
			[][]color.NRGBA{{{255, 17, 0, 136}}}},
		{"A2R10G10B10", cat(rgbHdr(1, 1, FlagRGB|FlagAlphaPixels, 32, 0x3ff00000, 0xffc00, 0x3ff, 0xc0000000), le32(1<<30|1023<<20|512<<10|2)),
			[][]color.NRGBA{{{255, 128, 0, 85}}}},
		{"L8", cat(rgbHdr(2, 1, FlagLuminance, 8, 0xff, 0, 0, 0), []byte{7, 200}),
			[][]color.NRGBA{{{7, 7, 7, 255}, {200, 200, 200, 255}}}},
		{"A8L8", cat(rgbHdr(1, 1, FlagLuminance|FlagAlphaPixels, 16, 0xff, 0, 0, 0xff00), []byte{9, 100}),
			[][]color.NRGBA{{{9, 9, 9, 100}}}},
		{"A4L4", cat(rgbHdr(1, 1, FlagLuminance|FlagAlphaPixels, 8, 0x0f, 0, 0, 0xf0), []byte{0x3f}),
			[][]color.NRGBA{{{255, 255, 255, 51}}}},
		{"A8 is black with alpha", cat(rgbHdr(2, 1, FlagAlpha, 8, 0, 0, 0, 0xff), []byte{0, 99}),
			[][]color.NRGBA{{clear, {0, 0, 0, 99}}}},
		{"R8G8B8 (B, G, R bytes)", cat(rgbHdr(1, 2, FlagRGB, 24, 0xff0000, 0xff00, 0xff, 0), []byte{0, 0, 255, 255, 0, 0}),
			[][]color.NRGBA{{red}, {blue}}},
		{"DX10 R8G8B8A8", cat(dx10Hdr(1, 1, 28, DimensionTexture2D, 0, 1), []byte{1, 2, 3, 4}), [][]color.NRGBA{{{1, 2, 3, 4}}}},
		{"DX10 B8G8R8X8", cat(dx10Hdr(1, 1, 88, DimensionTexture2D, 0, 1), []byte{1, 2, 3, 4}), [][]color.NRGBA{{{3, 2, 1, 255}}}},
		{"DX10 B5G6R5", cat(dx10Hdr(1, 1, 85, DimensionTexture2D, 0, 1), le16(0x07e0)), [][]color.NRGBA{{green}}},
		{"DX10 array size 0 is one texture", cat(dx10Hdr(1, 1, 28, DimensionTexture2D, 0, 0), []byte{1, 2, 3, 4}), [][]color.NRGBA{{{1, 2, 3, 4}}}},
		// c0 = red > c1 = blue: four colours, 2/3 and 1/3 of the way.
		{"DXT1 four colours, 2×2 of one block", cat(fourCCHdr(2, 2, "DXT1"), le16(0xf800, 0x001f), []byte{0b0100, 0b1110, 0, 0}),
			[][]color.NRGBA{{red, blue}, {{170, 0, 85, 255}, {85, 0, 170, 255}}}},
		// c0 = blue < c1 = red: three colours and transparent black.
		{"DXT1 one-bit alpha", cat(fourCCHdr(4, 1, "DXT1"), le16(0x001f, 0xf800), []byte{0b11100100, 0, 0, 0}),
			[][]color.NRGBA{{blue, red, {127, 0, 127, 255}, clear}}},
		// DXT3: the same colour block reads as four colours; alpha 0xf, 0x0, 0x8, 0x1.
		{"DXT3 four colours and explicit alpha", cat(fourCCHdr(4, 1, "DXT3"), []byte{0x0f, 0x18, 0, 0, 0, 0, 0, 0}, le16(0x001f, 0xf800), []byte{0b11100100, 0, 0, 0}),
			[][]color.NRGBA{{blue, {255, 0, 0, 0}, {85, 0, 170, 136}, {170, 0, 85, 17}}}},
		// DXT5, a0 = 255 > a1 = 0: codes 0, 1, 2 (6/7·255 = 218), 7 (1/7·255 = 36).
		{"DXT5 eight alphas", cat(fourCCHdr(4, 1, "DXT5"), []byte{255, 0, 0b10_001_000, 0b1110, 0, 0, 0, 0}, le16(0xffff, 0xffff), []byte{0, 0, 0, 0}),
			[][]color.NRGBA{{white, {255, 255, 255, 0}, {255, 255, 255, 218}, {255, 255, 255, 36}}}},
		// DXT5, a0 = 0 ≤ a1 = 250: codes 2 (1/5·250 = 50), 5 (200), 6 (0), 7 (255).
		{"DXT5 six alphas, 0 and 255", cat(fourCCHdr(4, 1, "DXT5"), []byte{0, 250, 0b10_101_010, 0b1111, 0, 0, 0, 0}, le16(0xffff, 0xffff), []byte{0, 0, 0, 0}),
			[][]color.NRGBA{{{255, 255, 255, 50}, {255, 255, 255, 200}, {255, 255, 255, 0}, white}}},
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
			compareExact(t, got, want)
		})
	}
}

// compareExact compares colour and alpha, including the colour of
// transparent pixels.
func compareExact(t *testing.T, got image.Image, want *image.NRGBA) {
	t.Helper()
	if got.Bounds() != want.Rect {
		t.Fatalf("bounds %v, want %v", got.Bounds(), want.Rect)
	}
	for y := 0; y < want.Rect.Dy(); y++ {
		for x := 0; x < want.Rect.Dx(); x++ {
			var g color.NRGBA
			if n, ok := got.(*image.NRGBA); ok {
				g = n.NRGBAAt(x, y)
			} else {
				g = color.NRGBAModel.Convert(got.At(x, y)).(color.NRGBA)
			}
			if w := want.NRGBAAt(x, y); g != w {
				t.Errorf("pixel (%d, %d) = %v, want %v", x, y, g, w)
			}
		}
	}
}

func TestDecodeErrors(t *testing.T) {
	dxt1 := fourCCHdr(8, 8, "DXT1")
	badSize := bytes.Clone(dxt1)
	badSize[4] = 100
	badPF := bytes.Clone(dxt1)
	badPF[4+72] = 24
	tests := []struct {
		name        string
		data        []byte
		unsupported string // substring of the UnsupportedError variant, or ""
		msg         string // substring of the error
		eof         bool   // errors.Is(err, io.ErrUnexpectedEOF)
	}{
		{"empty", nil, "", "header", true},
		{"signature only", []byte(Magic), "", "header", true},
		{"header cut short", dxt1[:100], "", "header", true},
		{"wrong magic", cat([]byte("DDS\x00"), dxt1[4:]), "", `signature "DDS\x00"`, false},
		{"a PNG", cat([]byte("\x89PNG\r\n\x1a\n"), make([]byte, 200)), "", "signature", false},
		{"header size 100", badSize, "", "header size 100", false},
		{"pixel format size 24", badPF, "", "pixel format size 24", false},
		{"DX10 header cut short", fourCCHdr(1, 1, "DX10"), "", "DX10 header", true},
		{"blocks cut short", cat(dxt1, make([]byte, 31)), "", "cut short: 31 of 32 bytes", true},
		{"no pixels", dxt1, "", "cut short: 0 of 32", true},
		{"pixels cut short", cat(rgbHdr(2, 2, FlagRGB, 24, 0xff0000, 0xff00, 0xff, 0), make([]byte, 11)), "", "cut short: 11 of 12", true},
		{"no pixel kind", rgbHdr(1, 1, 0, 32, 0xff, 0, 0, 0), "", "pixel format flags 0x0 name no kind", false},
		{"all masks zero", rgbHdr(1, 1, FlagRGB, 32, 0, 0, 0, 0), "", "every channel mask zero", false},
		{"mask outside the pixel", rgbHdr(1, 1, FlagRGB, 16, 0xff0000, 0xff00, 0xff, 0), "", "red mask 0xff0000 has bits outside a 16-bit pixel", false},
		{"overlapping masks", rgbHdr(1, 1, FlagRGB, 32, 0xff00, 0xff00, 0xff, 0), "", "green mask 0xff00 overlaps", false},
		{"DX10 dimension 7", dx10Hdr(1, 1, 71, 7, 0, 1), "", "DX10 resource dimension 7", false},
		{"DXT2", fourCCHdr(4, 4, "DXT2"), `FourCC "DXT2" (premultiplied alpha)`, "", false},
		{"DXT4", fourCCHdr(4, 4, "DXT4"), `"DXT4"`, "", false},
		{"ATI2", fourCCHdr(4, 4, "ATI2"), `FourCC "ATI2"`, "", false},
		{"D3DFMT A16B16G16R16F", hdr(4, 4, FlagFourCC, 113, 0, 0, 0, 0, 0, 0, 0), "FourCC D3DFMT_A16B16G16R16F (113)", "", false},
		{"unknown D3DFMT", hdr(4, 4, FlagFourCC, 7, 0, 0, 0, 0, 0, 0, 0), "FourCC 0x00000007", "", false},
		{"BC7", dx10Hdr(4, 4, 98, DimensionTexture2D, 0, 1), "DXGI format BC7_UNORM (98)", "", false},
		{"BC5", dx10Hdr(4, 4, 83, DimensionTexture2D, 0, 1), "DXGI format BC5_UNORM (83)", "", false},
		{"unnamed DXGI format", dx10Hdr(4, 4, 200, DimensionTexture2D, 0, 1), "DXGI format 200", "", false},
		{"DX10 cube map", dx10Hdr(4, 4, 71, DimensionTexture2D, MiscTextureCube, 1), "cube map", "", false},
		{"DX10 volume", dx10Hdr(4, 4, 71, DimensionTexture3D, 0, 1), "volume texture", "", false},
		{"DX10 array", dx10Hdr(4, 4, 71, DimensionTexture2D, 0, 6), "texture array of 6", "", false},
		{"cube map", hdr(4, 4, FlagFourCC, fourCC("DXT1"), 0, 0, 0, 0, 0, Caps2CubeMap|0xfc00, 0), "cube map", "", false},
		{"volume", hdr(4, 4, FlagFourCC, fourCC("DXT1"), 0, 0, 0, 0, 0, Caps2Volume, 4), "volume texture (depth 4)", "", false},
		{"YUV", rgbHdr(1, 1, FlagYUV, 32, 0xff, 0xff00, 0xff0000, 0), "YUV", "", false},
		{"bump map", rgbHdr(1, 1, FlagBumpDuDv, 16, 0xff, 0xff00, 0, 0), "bump-map", "", false},
		{"12-bit pixels", rgbHdr(1, 1, FlagRGB, 12, 0xf00, 0xf0, 0xf, 0), "12-bit uncompressed", "", false},
		{"scattered mask", rgbHdr(1, 1, FlagRGB, 16, 0x0505, 0x00f0, 0, 0), "red mask 0x505 with bits that are not contiguous", "", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Decode(bytes.NewReader(tc.data))
			decodetest.CheckError[*UnsupportedError, *FormatError](t, err, "dds: ", tc.unsupported, tc.msg, tc.eof, func(u *UnsupportedError) string { return u.Variant })
			// DecodeConfig refuses what the header alone shows to be wrong.
			if _, cerr := DecodeConfig(bytes.NewReader(tc.data)); cerr == nil && !strings.Contains(err.Error(), "cut short") {
				t.Errorf("DecodeConfig accepted it")
			}
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
		maxKiB  uint64
		wantMsg string
	}{
		{"65535×65535 DXT5 in 200 bytes", cat(fourCCHdr(65535, 65535, "DXT5"), make([]byte, 72)), true, 64, "65535×65535"},
		{"4294967295×4294967295 A8R8G8B8", cat(rgbHdr(0xffffffff, 0xffffffff, FlagRGB|FlagAlphaPixels, 32, 0xff0000, 0xff00, 0xff, 0xff000000), make([]byte, 64)), true, 64, "4294967295×4294967295"},
		{"16384×16384 DX10 BC1", cat(dx10Hdr(16384, 16384, 71, DimensionTexture2D, 0, 1), make([]byte, 64)), true, 64, "16384×16384"},
		{"16385×1 L8", cat(rgbHdr(16385, 1, FlagLuminance, 8, 0xff, 0, 0, 0), make([]byte, 16385)), true, 64, "16385×1"},
		{"8192×8192 A8R8G8B8 over 64 bytes", cat(rgbHdr(8192, 8192, FlagRGB|FlagAlphaPixels, 32, 0xff0000, 0xff00, 0xff, 0xff000000), make([]byte, 64)), false, 64, "cut short: 64 of 268435456"},
		{"8192×8192 DXT1 over 64 bytes", cat(fourCCHdr(8192, 8192, "DXT1"), make([]byte, 64)), false, 64, "cut short: 64 of 33554432"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var err error
			for _, r := range []io.Reader{bytes.NewReader(tc.data), struct{ io.Reader }{bytes.NewReader(tc.data)}} {
				_, n := hostile.Allocated(func() { _, err = Decode(r) })
				if err == nil || errors.Is(err, ErrTooLarge) != tc.tooBig || !strings.Contains(err.Error(), tc.wantMsg) {
					t.Fatalf("%T: err = %v, want too large %v containing %q", r, err, tc.tooBig, tc.wantMsg)
				}
				if n > tc.maxKiB<<10 {
					t.Errorf("%T: Decode allocated %d KiB, want at most %d", r, n>>10, tc.maxKiB)
				}
			}
			// DecodeConfig reports the size without judging it.
			if _, err := DecodeConfig(bytes.NewReader(tc.data)); err != nil {
				t.Errorf("DecodeConfig: %v", err)
			}
		})
	}
}

// TestZeroSizedImages: DDS has no use for a texture without pixels, so a
// zero width or height is a format error, not an empty image.
func TestZeroSizedImages(t *testing.T) {
	for _, size := range [][2]uint32{{0, 0}, {0, 4}, {4, 0}} {
		for _, data := range [][]byte{fourCCHdr(size[0], size[1], "DXT1"), rgbHdr(size[0], size[1], FlagRGB, 24, 0xff0000, 0xff00, 0xff, 0)} {
			_, err := Decode(bytes.NewReader(cat(data, make([]byte, 64))))
			var fe *FormatError
			if !errors.As(err, &fe) || !strings.Contains(err.Error(), fmt.Sprintf("a %d×%d image", size[0], size[1])) {
				t.Errorf("%v: err = %v, want a FormatError naming the size", size, err)
			}
		}
	}
}

// TestDecodeStopsAtFirstLevel: the mipmap levels after the first are not
// read.
func TestDecodeStopsAtFirstLevel(t *testing.T) {
	data, err := os.ReadFile("testdata/im-dxt5-mipmaps.dds")
	if err != nil {
		t.Fatal(err)
	}
	r := bytes.NewReader(data)
	if _, err := Decode(r); err != nil {
		t.Fatal(err)
	}
	// 16×16: 256 bytes in the first level; 8×8, 4×4, 2×2 and 1×1 after it.
	if want := 64 + 16 + 16 + 16; r.Len() != want {
		t.Errorf("%d bytes left unread, want the %d of the smaller levels", r.Len(), want)
	}
}

// benchDXT5 builds a 1024×1024 DXT5 texture of pseudo-random blocks.
func benchDXT5() []byte {
	const n = 1024
	data := fourCCHdr(n, n, "DXT5")
	x := uint32(1)
	for i := 0; i < (n/4)*(n/4)*16; i++ {
		x = x*1664525 + 1013904223
		data = append(data, byte(x>>24))
	}
	return data
}

func BenchmarkDecode(b *testing.B) {
	for _, c := range []struct {
		name string
		data []byte
	}{
		{"dxt5-1024", benchDXT5()},
		{"dxt1-1024", cat(fourCCHdr(1024, 1024, "DXT1"), bytes.Repeat([]byte{0x1f, 0, 0, 0xf8, 0xe4, 0x1b, 0x39, 0x72}, 256*256))},
		{"a8r8g8b8-1024", cat(rgbHdr(1024, 1024, FlagRGB|FlagAlphaPixels, 32, 0xff0000, 0xff00, 0xff, 0xff000000), make([]byte, 4<<20))},
	} {
		b.Run(c.name, func(b *testing.B) {
			// Throughput in decoded RGBA bytes, as the standard library's
			// image benchmarks count it.
			b.SetBytes(4 << 20)
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Decode(bytes.NewReader(c.data)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
