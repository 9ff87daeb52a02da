package dds

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"image/color"
	"os"
	"strings"
	"testing"

	"ms3dstudio/internal/decodetest"
)

// goldens pairs each test file (testdata/make.sh says how it was made) with
// the PNG golden ImageMagick decoded from it, and the image type Decode must
// return.
//
// ImageMagick scales 5- and 6-bit channels to 8 bits rounding down (255·v/31);
// Direct3D's UNORM rule, which Decode follows, rounds to nearest, so files
// with such channels are allowed a difference of 1 (TestDecodeHandWritten
// pins the exact values).
var goldens = []decodetest.Golden{
	{File: "im-dxt1.dds", PNG: "im-dxt1.png", Kind: "*image.NRGBA"},
	{File: "im-dxt5.dds", PNG: "im-dxt5.png", Kind: "*image.NRGBA"},
	{File: "im-dxt5-mipmaps.dds", PNG: "im-dxt5-mipmaps.png", Kind: "*image.NRGBA"},
	{File: "im-bgra.dds", PNG: "im-bgra.png", Kind: "*image.NRGBA"},
	{File: "im-bgr.dds", PNG: "im-bgr.png", Kind: "*image.NRGBA"},
	{File: "bc1-alpha.dds", PNG: "bc1-alpha.png", Kind: "*image.NRGBA"},
	{File: "bc2.dds", PNG: "bc2.png", Kind: "*image.NRGBA"},
	{File: "bc3-odd.dds", PNG: "bc3-odd.png", Kind: "*image.NRGBA"},
	{File: "dx10-bc1.dds", PNG: "bc1-alpha.png", Kind: "*image.NRGBA"},
	{File: "dx10-bc3.dds", PNG: "bc3-odd.png", Kind: "*image.NRGBA"},
	{File: "r5g6b5.dds", PNG: "r5g6b5.png", Kind: "*image.NRGBA", Slack: 1},
	{File: "a1r5g5b5.dds", PNG: "a1r5g5b5.png", Kind: "*image.NRGBA", Slack: 1},
	{File: "a4r4g4b4.dds", PNG: "a4r4g4b4.png", Kind: "*image.NRGBA"},
	{File: "r8g8b8.dds", PNG: "r8g8b8.png", Kind: "*image.NRGBA"},
	{File: "x8r8g8b8.dds", PNG: "x8r8g8b8.png", Kind: "*image.NRGBA"},
	{File: "a8r8g8b8.dds", PNG: "a8r8g8b8.png", Kind: "*image.NRGBA"},
	{File: "a8b8g8r8.dds", PNG: "a8r8g8b8.png", Kind: "*image.NRGBA"},
	{File: "l8.dds", PNG: "l8.png", Kind: "*image.Gray"},
}

// TestDecodeGoldens decodes every test file and compares it pixel for pixel
// with ImageMagick's decoding of the same file.
func TestDecodeGoldens(t *testing.T) { decoder.CheckGoldens(t, goldens) }

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
	tests := []decodetest.Pixels{
		{Name: "R5G6B5 rounds to nearest", Data: cat(rgbHdr(3, 1, FlagRGB, 16, 0xf800, 0x07e0, 0x001f, 0), le16(0xf800, 26<<11|1<<5|16, 0xffff)),
			Want: [][]color.NRGBA{{red, {214, 4, 132, 255}, white}}},
		{Name: "A1R5G5B5", Data: cat(rgbHdr(2, 1, FlagRGB|FlagAlphaPixels, 16, 0x7c00, 0x03e0, 0x001f, 0x8000), le16(0x801f, 0x7c00)),
			Want: [][]color.NRGBA{{blue, {255, 0, 0, 0}}}},
		{Name: "X1R5G5B5 ignores the top bit", Data: cat(rgbHdr(1, 1, FlagRGB, 16, 0x7c00, 0x03e0, 0x001f, 0x8000), le16(0x03e0)),
			Want: [][]color.NRGBA{{green}}},
		{Name: "A4R4G4B4", Data: cat(rgbHdr(1, 1, FlagRGB|FlagAlphaPixels, 16, 0x0f00, 0x00f0, 0x000f, 0xf000), le16(0x8f10)),
			Want: [][]color.NRGBA{{{255, 17, 0, 136}}}},
		{Name: "A2R10G10B10", Data: cat(rgbHdr(1, 1, FlagRGB|FlagAlphaPixels, 32, 0x3ff00000, 0xffc00, 0x3ff, 0xc0000000), le32(1<<30|1023<<20|512<<10|2)),
			Want: [][]color.NRGBA{{{255, 128, 0, 85}}}},
		{Name: "L8", Data: cat(rgbHdr(2, 1, FlagLuminance, 8, 0xff, 0, 0, 0), []byte{7, 200}),
			Want: [][]color.NRGBA{{{7, 7, 7, 255}, {200, 200, 200, 255}}}},
		{Name: "A8L8", Data: cat(rgbHdr(1, 1, FlagLuminance|FlagAlphaPixels, 16, 0xff, 0, 0, 0xff00), []byte{9, 100}),
			Want: [][]color.NRGBA{{{9, 9, 9, 100}}}},
		{Name: "A4L4", Data: cat(rgbHdr(1, 1, FlagLuminance|FlagAlphaPixels, 8, 0x0f, 0, 0, 0xf0), []byte{0x3f}),
			Want: [][]color.NRGBA{{{255, 255, 255, 51}}}},
		{Name: "A8 is black with alpha", Data: cat(rgbHdr(2, 1, FlagAlpha, 8, 0, 0, 0, 0xff), []byte{0, 99}),
			Want: [][]color.NRGBA{{clear, {0, 0, 0, 99}}}},
		{Name: "R8G8B8 (B, G, R bytes)", Data: cat(rgbHdr(1, 2, FlagRGB, 24, 0xff0000, 0xff00, 0xff, 0), []byte{0, 0, 255, 255, 0, 0}),
			Want: [][]color.NRGBA{{red}, {blue}}},
		{Name: "DX10 R8G8B8A8", Data: cat(dx10Hdr(1, 1, 28, DimensionTexture2D, 0, 1), []byte{1, 2, 3, 4}), Want: [][]color.NRGBA{{{1, 2, 3, 4}}}},
		{Name: "DX10 B8G8R8X8", Data: cat(dx10Hdr(1, 1, 88, DimensionTexture2D, 0, 1), []byte{1, 2, 3, 4}), Want: [][]color.NRGBA{{{3, 2, 1, 255}}}},
		{Name: "DX10 B5G6R5", Data: cat(dx10Hdr(1, 1, 85, DimensionTexture2D, 0, 1), le16(0x07e0)), Want: [][]color.NRGBA{{green}}},
		{Name: "DX10 array size 0 is one texture", Data: cat(dx10Hdr(1, 1, 28, DimensionTexture2D, 0, 0), []byte{1, 2, 3, 4}), Want: [][]color.NRGBA{{{1, 2, 3, 4}}}},
		// c0 = red > c1 = blue: four colours, 2/3 and 1/3 of the way.
		{Name: "DXT1 four colours, 2×2 of one block", Data: cat(fourCCHdr(2, 2, "DXT1"), le16(0xf800, 0x001f), []byte{0b0100, 0b1110, 0, 0}),
			Want: [][]color.NRGBA{{red, blue}, {{170, 0, 85, 255}, {85, 0, 170, 255}}}},
		// c0 = blue < c1 = red: three colours and transparent black.
		{Name: "DXT1 one-bit alpha", Data: cat(fourCCHdr(4, 1, "DXT1"), le16(0x001f, 0xf800), []byte{0b11100100, 0, 0, 0}),
			Want: [][]color.NRGBA{{blue, red, {127, 0, 127, 255}, clear}}},
		// DXT3: the same colour block reads as four colours; alpha 0xf, 0x0, 0x8, 0x1.
		{Name: "DXT3 four colours and explicit alpha", Data: cat(fourCCHdr(4, 1, "DXT3"), []byte{0x0f, 0x18, 0, 0, 0, 0, 0, 0}, le16(0x001f, 0xf800), []byte{0b11100100, 0, 0, 0}),
			Want: [][]color.NRGBA{{blue, {255, 0, 0, 0}, {85, 0, 170, 136}, {170, 0, 85, 17}}}},
		// DXT5, a0 = 255 > a1 = 0: codes 0, 1, 2 (6/7·255 = 218), 7 (1/7·255 = 36).
		{Name: "DXT5 eight alphas", Data: cat(fourCCHdr(4, 1, "DXT5"), []byte{255, 0, 0b10_001_000, 0b1110, 0, 0, 0, 0}, le16(0xffff, 0xffff), []byte{0, 0, 0, 0}),
			Want: [][]color.NRGBA{{white, {255, 255, 255, 0}, {255, 255, 255, 218}, {255, 255, 255, 36}}}},
		// DXT5, a0 = 0 ≤ a1 = 250: codes 2 (1/5·250 = 50), 5 (200), 6 (0), 7 (255).
		{Name: "DXT5 six alphas, 0 and 255", Data: cat(fourCCHdr(4, 1, "DXT5"), []byte{0, 250, 0b10_101_010, 0b1111, 0, 0, 0, 0}, le16(0xffff, 0xffff), []byte{0, 0, 0, 0}),
			Want: [][]color.NRGBA{{{255, 255, 255, 50}, {255, 255, 255, 200}, {255, 255, 255, 0}, white}}},
	}
	decoder.CheckPixels(t, tests)
}

func TestDecodeErrors(t *testing.T) {
	dxt1 := fourCCHdr(8, 8, "DXT1")
	badSize := bytes.Clone(dxt1)
	badSize[4] = 100
	badPF := bytes.Clone(dxt1)
	badPF[4+72] = 24
	tests := []decodetest.Bad{
		{Name: "empty", Msg: "header", EOF: true},
		{Name: "signature only", Data: []byte(Magic), Msg: "header", EOF: true},
		{Name: "header cut short", Data: dxt1[:100], Msg: "header", EOF: true},
		{Name: "wrong magic", Data: cat([]byte("DDS\x00"), dxt1[4:]), Msg: `signature "DDS\x00"`},
		{Name: "a PNG", Data: cat([]byte("\x89PNG\r\n\x1a\n"), make([]byte, 200)), Msg: "signature"},
		{Name: "header size 100", Data: badSize, Msg: "header size 100"},
		{Name: "pixel format size 24", Data: badPF, Msg: "pixel format size 24"},
		{Name: "DX10 header cut short", Data: fourCCHdr(1, 1, "DX10"), Msg: "DX10 header", EOF: true},
		{Name: "blocks cut short", Data: cat(dxt1, make([]byte, 31)), Msg: "cut short: 31 of 32 bytes", EOF: true},
		{Name: "no pixels", Data: dxt1, Msg: "cut short: 0 of 32", EOF: true},
		{Name: "pixels cut short", Data: cat(rgbHdr(2, 2, FlagRGB, 24, 0xff0000, 0xff00, 0xff, 0), make([]byte, 11)), Msg: "cut short: 11 of 12", EOF: true},
		{Name: "no pixel kind", Data: rgbHdr(1, 1, 0, 32, 0xff, 0, 0, 0), Msg: "pixel format flags 0x0 name no kind"},
		{Name: "all masks zero", Data: rgbHdr(1, 1, FlagRGB, 32, 0, 0, 0, 0), Msg: "every channel mask zero"},
		{Name: "mask outside the pixel", Data: rgbHdr(1, 1, FlagRGB, 16, 0xff0000, 0xff00, 0xff, 0), Msg: "red mask 0xff0000 has bits outside a 16-bit pixel"},
		{Name: "overlapping masks", Data: rgbHdr(1, 1, FlagRGB, 32, 0xff00, 0xff00, 0xff, 0), Msg: "green mask 0xff00 overlaps"},
		{Name: "DX10 dimension 7", Data: dx10Hdr(1, 1, 71, 7, 0, 1), Msg: "DX10 resource dimension 7"},
		{Name: "DXT2", Data: fourCCHdr(4, 4, "DXT2"), Unsupported: `FourCC "DXT2" (premultiplied alpha)`},
		{Name: "DXT4", Data: fourCCHdr(4, 4, "DXT4"), Unsupported: `"DXT4"`},
		{Name: "ATI2", Data: fourCCHdr(4, 4, "ATI2"), Unsupported: `FourCC "ATI2"`},
		{Name: "D3DFMT A16B16G16R16F", Data: hdr(4, 4, FlagFourCC, 113, 0, 0, 0, 0, 0, 0, 0), Unsupported: "FourCC D3DFMT_A16B16G16R16F (113)"},
		{Name: "unknown D3DFMT", Data: hdr(4, 4, FlagFourCC, 7, 0, 0, 0, 0, 0, 0, 0), Unsupported: "FourCC 0x00000007"},
		{Name: "BC7", Data: dx10Hdr(4, 4, 98, DimensionTexture2D, 0, 1), Unsupported: "DXGI format BC7_UNORM (98)"},
		{Name: "BC5", Data: dx10Hdr(4, 4, 83, DimensionTexture2D, 0, 1), Unsupported: "DXGI format BC5_UNORM (83)"},
		{Name: "unnamed DXGI format", Data: dx10Hdr(4, 4, 200, DimensionTexture2D, 0, 1), Unsupported: "DXGI format 200"},
		{Name: "DX10 cube map", Data: dx10Hdr(4, 4, 71, DimensionTexture2D, MiscTextureCube, 1), Unsupported: "cube map"},
		{Name: "DX10 volume", Data: dx10Hdr(4, 4, 71, DimensionTexture3D, 0, 1), Unsupported: "volume texture"},
		{Name: "DX10 array", Data: dx10Hdr(4, 4, 71, DimensionTexture2D, 0, 6), Unsupported: "texture array of 6"},
		{Name: "cube map", Data: hdr(4, 4, FlagFourCC, fourCC("DXT1"), 0, 0, 0, 0, 0, Caps2CubeMap|0xfc00, 0), Unsupported: "cube map"},
		{Name: "volume", Data: hdr(4, 4, FlagFourCC, fourCC("DXT1"), 0, 0, 0, 0, 0, Caps2Volume, 4), Unsupported: "volume texture (depth 4)"},
		{Name: "YUV", Data: rgbHdr(1, 1, FlagYUV, 32, 0xff, 0xff00, 0xff0000, 0), Unsupported: "YUV"},
		{Name: "bump map", Data: rgbHdr(1, 1, FlagBumpDuDv, 16, 0xff, 0xff00, 0, 0), Unsupported: "bump-map"},
		{Name: "12-bit pixels", Data: rgbHdr(1, 1, FlagRGB, 12, 0xf00, 0xf0, 0xf, 0), Unsupported: "12-bit uncompressed"},
		{Name: "scattered mask", Data: rgbHdr(1, 1, FlagRGB, 16, 0x0505, 0x00f0, 0, 0), Unsupported: "red mask 0x505 with bits that are not contiguous"},
	}
	decoder.CheckBad(t, tests)
	// DecodeConfig refuses what the header alone shows to be wrong.
	for _, tc := range tests {
		_, err := Decode(bytes.NewReader(tc.Data))
		if _, cerr := DecodeConfig(bytes.NewReader(tc.Data)); cerr == nil && !strings.Contains(err.Error(), "cut short") {
			t.Errorf("%s: DecodeConfig accepted it", tc.Name)
		}
	}
}

// TestDecodeTooLarge: headers claiming huge images over a few bytes of data
// must fail without allocating the image.
func TestDecodeTooLarge(t *testing.T) {
	tests := []decodetest.Huge{
		{Name: "65535×65535 DXT5 in 200 bytes", Data: cat(fourCCHdr(65535, 65535, "DXT5"), make([]byte, 72)), TooLarge: true, MaxKiB: 64, Msg: "65535×65535"},
		{Name: "4294967295×4294967295 A8R8G8B8", Data: cat(rgbHdr(0xffffffff, 0xffffffff, FlagRGB|FlagAlphaPixels, 32, 0xff0000, 0xff00, 0xff, 0xff000000), make([]byte, 64)), TooLarge: true, MaxKiB: 64, Msg: "4294967295×4294967295"},
		{Name: "16384×16384 DX10 BC1", Data: cat(dx10Hdr(16384, 16384, 71, DimensionTexture2D, 0, 1), make([]byte, 64)), TooLarge: true, MaxKiB: 64, Msg: "16384×16384"},
		{Name: "16385×1 L8", Data: cat(rgbHdr(16385, 1, FlagLuminance, 8, 0xff, 0, 0, 0), make([]byte, 16385)), TooLarge: true, MaxKiB: 64, Msg: "16385×1"},
		{Name: "8192×8192 A8R8G8B8 over 64 bytes", Data: cat(rgbHdr(8192, 8192, FlagRGB|FlagAlphaPixels, 32, 0xff0000, 0xff00, 0xff, 0xff000000), make([]byte, 64)), MaxKiB: 64, Msg: "cut short: 64 of 268435456"},
		{Name: "8192×8192 DXT1 over 64 bytes", Data: cat(fourCCHdr(8192, 8192, "DXT1"), make([]byte, 64)), MaxKiB: 64, Msg: "cut short: 64 of 33554432"},
	}
	decoder.CheckHuge(t, tests)
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
