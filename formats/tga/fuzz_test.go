package tga

import (
	"testing"

	"ms3dstudio/internal/decodetest"
)

// FuzzDecode checks that no input makes Decode or DecodeConfig panic, hang
// or allocate without bound, that errors are typed, and that a decoded image
// agrees with DecodeConfig. Seeds are in testdata/fuzz/FuzzDecode: small
// images of every variant, written by the test writer.
func FuzzDecode(f *testing.F) {
	f.Fuzz(decoder.CheckFuzzInput)
}

// decoder is the package as the shared decoder tests see it.
var decoder = decodetest.Decoder[format]{Decode: Decode, DecodeConfig: DecodeConfig, TooLarge: ErrTooLarge}
