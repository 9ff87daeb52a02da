package tga

import (
	"bytes"
	"errors"
	"image"
	"testing"
)

// FuzzDecode checks that no input makes Decode or DecodeConfig panic, hang
// or allocate without bound, that errors are typed, and that a decoded image
// agrees with DecodeConfig. Seeds are in testdata/fuzz/FuzzDecode: small
// images of every variant, written by the test writer.
func FuzzDecode(f *testing.F) {
	f.Fuzz(func(t *testing.T, data []byte) {
		cfg, cerr := DecodeConfig(bytes.NewReader(data))
		img, err := Decode(bytes.NewReader(data))
		if err != nil {
			var fe *FormatError
			var ue *UnsupportedError
			if !errors.As(err, &fe) && !errors.As(err, &ue) && !errors.Is(err, ErrTooLarge) {
				t.Fatalf("untyped error %T: %v", err, err)
			}
			return
		}
		if cerr != nil {
			t.Fatalf("Decode succeeded but DecodeConfig failed: %v", cerr)
		}
		if img.Bounds() != image.Rect(0, 0, cfg.Width, cfg.Height) {
			t.Fatalf("bounds %v, DecodeConfig says %d×%d", img.Bounds(), cfg.Width, cfg.Height)
		}
		if !sameModel(cfg.ColorModel, img.ColorModel()) {
			t.Fatalf("colour model %T, DecodeConfig says %T", img.ColorModel(), cfg.ColorModel)
		}
	})
}
