package dds

import (
	"bytes"
	"path/filepath"
	"testing"

	"ms3dstudio/internal/decodetest"
	"ms3dstudio/internal/fuzzseeds"
)

// FuzzDecode checks that no input makes Decode or DecodeConfig panic, hang
// or allocate without bound, that errors are typed, and that a decoded image
// agrees with DecodeConfig. Seeds are in testdata/fuzz/FuzzDecode: the
// smaller test files (TestFuzzSeeds keeps them in step) and hand-written
// headers of each variant.
func FuzzDecode(f *testing.F) {
	f.Fuzz(decoder.CheckFuzzInput)
}

// decoder is the package as the shared decoder tests see it.
var decoder = decodetest.Decoder[format]{Decode: Decode, DecodeConfig: DecodeConfig, TooLarge: ErrTooLarge}

// handSeeds are variants the test files lack, written as the hand-written
// tests write them.
func handSeeds() map[string][]byte {
	return map[string][]byte{
		"a8l8":         cat(rgbHdr(2, 2, FlagLuminance|FlagAlphaPixels, 16, 0xff, 0, 0, 0xff00), []byte{1, 2, 3, 4, 5, 6, 7, 8}),
		"a8":           cat(rgbHdr(2, 1, FlagAlpha, 8, 0, 0, 0, 0xff), []byte{0, 99}),
		"a2r10g10b10":  cat(rgbHdr(1, 1, FlagRGB|FlagAlphaPixels, 32, 0x3ff00000, 0xffc00, 0x3ff, 0xc0000000), le32(1<<30|1023<<20|512<<10|2)),
		"dx10-rgba8":   cat(dx10Hdr(2, 1, 28, DimensionTexture2D, 0, 1), []byte{1, 2, 3, 4, 5, 6, 7, 8}),
		"dx10-b5g5r5":  cat(dx10Hdr(1, 1, 86, DimensionTexture2D, 0, 1), le16(0x801f)),
		"dxt3-3x5":     cat(fourCCHdr(3, 5, "DXT3"), bytes.Repeat([]byte{0x0f, 0x18, 0, 0, 0, 0, 0, 0, 0x1f, 0, 0, 0xf8, 0xe4, 0, 0, 0}, 2)),
		"huge-dxt5":    cat(fourCCHdr(65535, 65535, "DXT5"), make([]byte, 72)),
		"cube-map":     hdr(4, 4, FlagFourCC, fourCC("DXT1"), 0, 0, 0, 0, 0, Caps2CubeMap, 0),
		"dx10-bc7":     dx10Hdr(4, 4, 98, DimensionTexture2D, 0, 1),
		"mask-overlap": rgbHdr(1, 1, FlagRGB, 32, 0xff00, 0xff00, 0xff, 0),
	}
}

// TestFuzzSeeds checks that the fuzz corpus holds every test file and hand
// seed as they are now, besides the inputs the fuzz engine saved when the
// target failed (internal/fuzzseeds); go test -run TestFuzzSeeds
// -update-seeds rewrites it.
func TestFuzzSeeds(t *testing.T) {
	seeds := handSeeds()
	fuzzseeds.AddFiles(t, seeds, filepath.Join("testdata", "*.dds"))
	fuzzseeds.Sync(t, filepath.Join("testdata", "fuzz", "FuzzDecode"), seeds)
}
