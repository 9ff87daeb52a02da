// Package decodetest holds what the tests of the image decoders
// (formats/tga, formats/dds, formats/pcx, formats/teximage) check the same
// way, for tests only: the typed error a bad input must give, what a fuzz
// input must not break, goldens read from PNG. (What a decode allocates is
// internal/hostile.Allocated.)
package decodetest

import (
	"bytes"
	"errors"
	"image"
	"image/color"
	"image/png"
	"io"
	"os"
	"strings"
	"testing"
)

// ReadPNG decodes the PNG file at path (a golden).
func ReadPNG(tb testing.TB, path string) image.Image {
	tb.Helper()
	f, err := os.Open(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		tb.Fatal(err)
	}
	return img
}

// SameModel compares colour models; palettes (slices) by their entries.
func SameModel(a, b color.Model) bool {
	p, ok1 := a.(color.Palette)
	q, ok2 := b.(color.Palette)
	if !ok1 && !ok2 {
		return a == b
	}
	if !ok1 || !ok2 || len(p) != len(q) {
		return false
	}
	for i := range p {
		if p[i] != q[i] {
			return false
		}
	}
	return true
}

// CheckError checks the error of a decode that must fail: with unsupported
// set, a U (the decoder's *UnsupportedError) whose variant (as variant
// gives it) contains unsupported; otherwise an F (its *FormatError) whose
// message contains msg. Either way it wraps io.ErrUnexpectedEOF exactly
// when eof, and its message starts with the decoder's prefix ("dds: ").
func CheckError[U, F error](t *testing.T, err error, prefix, unsupported, msg string, eof bool, variant func(U) string) {
	t.Helper()
	if err == nil {
		t.Fatal("Decode succeeded")
	}
	var ue U
	var fe F
	switch {
	case unsupported != "":
		if !errors.As(err, &ue) || !strings.Contains(variant(ue), unsupported) {
			t.Errorf("err = %v, want an UnsupportedError naming %q", err, unsupported)
		}
	case !errors.As(err, &fe) || !strings.Contains(err.Error(), msg):
		t.Errorf("err = %v, want a FormatError containing %q", err, msg)
	}
	if errors.Is(err, io.ErrUnexpectedEOF) != eof {
		t.Errorf("err = %v: errors.Is(io.ErrUnexpectedEOF) = %v, want %v", err, !eof, eof)
	}
	if !strings.HasPrefix(err.Error(), prefix) {
		t.Errorf("err = %q lacks the %s prefix", err, strings.TrimSpace(prefix))
	}
}

// Decoder is an image decoder under test.
type Decoder struct {
	Decode       func(io.Reader) (image.Image, error)
	DecodeConfig func(io.Reader) (image.Config, error)
	// Typed reports whether err is one the decoder documents (its
	// *FormatError, *UnsupportedError or ErrTooLarge).
	Typed func(err error) bool
}

// CheckFuzzInput is the body of a decoder's fuzz target: no input may make
// Decode or DecodeConfig panic or give an untyped error, and an image
// Decode returns must have the size and colour model DecodeConfig gives.
func (d Decoder) CheckFuzzInput(t *testing.T, data []byte) {
	cfg, cerr := d.DecodeConfig(bytes.NewReader(data))
	img, err := d.Decode(bytes.NewReader(data))
	if err != nil {
		if !d.Typed(err) {
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
	if !SameModel(cfg.ColorModel, img.ColorModel()) {
		t.Fatalf("colour model %T, DecodeConfig says %T", img.ColorModel(), cfg.ColorModel)
	}
}
