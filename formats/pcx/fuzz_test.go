package pcx

import (
	"path/filepath"
	"testing"

	"ms3dstudio/internal/decodetest"
	"ms3dstudio/internal/fuzzseeds"
)

// FuzzDecode checks that no input makes Decode or DecodeConfig panic, hang
// or allocate without bound, that errors are typed, and that a decoded image
// agrees with DecodeConfig. Seeds are in testdata/fuzz/FuzzDecode: the test
// files (TestFuzzSeeds keeps them in step) and hand-written files.
func FuzzDecode(f *testing.F) {
	f.Fuzz(decoder.CheckFuzzInput)
}

// decoder is the package as the shared decoder tests see it.
var decoder = decodetest.Decoder[format]{Decode: Decode, DecodeConfig: DecodeConfig, TooLarge: ErrTooLarge}

// handSeeds are variants the test files lack, written as the hand-written
// tests write them.
func handSeeds() map[string][]byte {
	ega := []byte{0, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255}
	return map[string][]byte{
		"grey8":         cat(hdr(5, 1, 8, 1, 0, 0, 1, 0, 2, 2, nil), []byte{7, 0xc1, 200}),
		"rgba32-raw":    cat(hdr(5, 0, 8, 4, 0, 0, 0, 0, 1, 1, nil), []byte{1, 2, 3, 4}),
		"planes2":       cat(hdr(5, 0, 1, 2, 0, 0, 3, 0, 1, 1, ega), []byte{0b1000_0000, 0b0100_0000}),
		"window-offset": cat(hdr(5, 1, 8, 1, 100, 200, 100, 201, 2, 1, nil), []byte{0xc4, 1}, pal256()),
		"huge":          cat(hdr(5, 1, 1, 4, 0, 0, 65535, 65535, 8192, 1, nil), make([]byte, 72)),
		"cga":           hdr(5, 1, 2, 1, 0, 0, 0, 0, 2, 1, nil),
	}
}

// TestFuzzSeeds checks that the fuzz corpus holds every test file and hand
// seed as they are now, besides the inputs the fuzz engine saved when the
// target failed (internal/fuzzseeds); go test -run TestFuzzSeeds
// -update-seeds rewrites it.
func TestFuzzSeeds(t *testing.T) {
	seeds := handSeeds()
	fuzzseeds.AddFiles(t, seeds, filepath.Join("testdata", "*.pcx"))
	fuzzseeds.Sync(t, filepath.Join("testdata", "fuzz", "FuzzDecode"), seeds)
}
