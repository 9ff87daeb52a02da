// Package decodetest holds what the tests of the image decoders
// (formats/tga, formats/dds, formats/pcx) check the same way, for tests
// only: goldens read from PNG and compared pixel by pixel, hand-written
// files decoded to exact pixels, the typed error a bad input must give,
// the allocation a huge header may cause, and what a fuzz input must not
// break.
package decodetest

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/iotest"

	"ms3dstudio/internal/hostile"
	"ms3dstudio/internal/imageerr"
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

// Within returns a pixel comparison for Compare that lets each channel
// differ by slack.
func Within(slack uint8) func(got, want color.NRGBA) bool {
	d := func(x, y uint8) uint8 { return max(x, y) - min(x, y) }
	return func(a, b color.NRGBA) bool {
		return d(a.R, b.R) <= slack && d(a.G, b.G) <= slack && d(a.B, b.B) <= slack && d(a.A, b.A) <= slack
	}
}

// Compare checks every pixel of got against want, both as NRGBA, with
// same; pixels that are fully transparent in both are not compared, as
// the colour under full transparency is not kept by every writer nor by
// NRGBA conversion of premultiplied goldens. It reports the first five
// pixels that differ and their count.
func Compare(t *testing.T, got, want image.Image, same func(got, want color.NRGBA) bool) {
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
				continue
			}
			if !same(g, w) {
				if bad < 5 {
					t.Errorf("pixel (%d, %d) = %v, want %v", x, y, g, w)
				}
				bad++
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d pixels differ", bad, b.Dx()*b.Dy())
	}
}

// Decoder is an image decoder under test; F is the format its errors
// name (internal/imageerr).
type Decoder[F imageerr.Format] struct {
	Decode       func(io.Reader) (image.Image, error)
	DecodeConfig func(io.Reader) (image.Config, error)
	// TooLarge is the decoder's ErrTooLarge.
	TooLarge error
}

// Typed reports whether err is one the decoder documents: its
// *FormatError, its *UnsupportedError or its ErrTooLarge.
func (d Decoder[F]) Typed(err error) bool {
	var fe *imageerr.FormatError[F]
	var ue *imageerr.UnsupportedError[F]
	return errors.As(err, &fe) || errors.As(err, &ue) || errors.Is(err, d.TooLarge)
}

// CheckFuzzInput is the body of a decoder's fuzz target: no input may make
// Decode or DecodeConfig panic or give an untyped error, and an image
// Decode returns must have the size and colour model DecodeConfig gives.
func (d Decoder[F]) CheckFuzzInput(t *testing.T, data []byte) {
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

// Golden is a test file and the PNG another program decoded it to, both
// in the package's testdata folder.
type Golden struct {
	File, PNG string
	// Kind is the type of image Decode must return ("*image.NRGBA").
	Kind string
	// Slack is how far each channel may be from the golden's.
	Slack uint8
}

// CheckGoldens decodes every golden's file in a subtest and compares it
// with the PNG (Compare, within the slack); decoding through a reader
// that does not tell its length must give the same pixels, and
// DecodeConfig the same size and colour model.
func (d Decoder[F]) CheckGoldens(t *testing.T, goldens []Golden) {
	for _, g := range goldens {
		t.Run(g.File, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join("testdata", g.File))
			if err != nil {
				t.Fatal(err)
			}
			got, err := d.Decode(bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			if k := fmt.Sprintf("%T", got); k != g.Kind {
				t.Errorf("Decode returned %s, want %s", k, g.Kind)
			}
			Compare(t, got, ReadPNG(t, filepath.Join("testdata", g.PNG)), Within(g.Slack))
			plain, err := d.Decode(iotest.OneByteReader(bytes.NewReader(data)))
			if err != nil {
				t.Fatal(err)
			}
			Compare(t, plain, got, Within(0))
			cfg, err := d.DecodeConfig(bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			if cfg.Width != got.Bounds().Dx() || cfg.Height != got.Bounds().Dy() || !SameModel(cfg.ColorModel, got.ColorModel()) {
				t.Errorf("DecodeConfig = %d×%d %T, Decode gave %v %T", cfg.Width, cfg.Height, cfg.ColorModel, got.Bounds(), got.ColorModel())
			}
		})
	}
}

// Pixels is a file written by hand and the pixels it holds, worked out by
// hand: rows, top first.
type Pixels struct {
	Name string
	Data []byte
	Want [][]color.NRGBA
}

// CheckPixels decodes every case in a subtest and checks each pixel's
// colour and alpha exactly, the colour of transparent pixels included.
func (d Decoder[F]) CheckPixels(t *testing.T, cases []Pixels) {
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			got, err := d.Decode(bytes.NewReader(c.Data))
			if err != nil {
				t.Fatal(err)
			}
			if b := image.Rect(0, 0, len(c.Want[0]), len(c.Want)); got.Bounds() != b {
				t.Fatalf("bounds %v, want %v", got.Bounds(), b)
			}
			for y, row := range c.Want {
				for x, w := range row {
					if g := color.NRGBAModel.Convert(got.At(x, y)).(color.NRGBA); g != w {
						t.Errorf("pixel (%d, %d) = %v, want %v", x, y, g, w)
					}
				}
			}
		})
	}
}

// Bad is an input Decode must refuse, and how.
type Bad struct {
	Name string
	Data []byte
	// Unsupported, when not empty, is part of the variant the
	// *UnsupportedError must name; when empty the error is a
	// *FormatError.
	Unsupported string
	// Msg is part of the *FormatError's message.
	Msg string
	// EOF is whether the error wraps io.ErrUnexpectedEOF.
	EOF bool
}

// CheckBad decodes every case in a subtest and checks its error: the
// *UnsupportedError or *FormatError the case names, wrapping
// io.ErrUnexpectedEOF exactly when the case says, with a message that
// starts with the format's name ("dds: ").
func (d Decoder[F]) CheckBad(t *testing.T, cases []Bad) {
	var f F
	prefix := f.Name() + ": "
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			_, err := d.Decode(bytes.NewReader(c.Data))
			if err == nil {
				t.Fatal("Decode succeeded")
			}
			var ue *imageerr.UnsupportedError[F]
			var fe *imageerr.FormatError[F]
			switch {
			case c.Unsupported != "":
				if !errors.As(err, &ue) || !strings.Contains(ue.Variant, c.Unsupported) {
					t.Errorf("err = %v, want an UnsupportedError naming %q", err, c.Unsupported)
				}
			case !errors.As(err, &fe) || !strings.Contains(err.Error(), c.Msg):
				t.Errorf("err = %v, want a FormatError containing %q", err, c.Msg)
			}
			if errors.Is(err, io.ErrUnexpectedEOF) != c.EOF {
				t.Errorf("err = %v: errors.Is(io.ErrUnexpectedEOF) = %v, want %v", err, !c.EOF, c.EOF)
			}
			if !strings.HasPrefix(err.Error(), prefix) {
				t.Errorf("err = %q lacks the %s prefix", err, strings.TrimSpace(prefix))
			}
		})
	}
}

// Huge is a header that claims a huge image over a few bytes of data.
type Huge struct {
	Name string
	Data []byte
	// TooLarge is whether the error is the decoder's ErrTooLarge (the size
	// is over the limits) rather than one for the data that is missing.
	TooLarge bool
	// MaxKiB is the most Decode may allocate.
	MaxKiB uint64
	// Msg is part of the error's message.
	Msg string
}

// CheckHuge decodes every case in a subtest, from a reader that tells its
// length and from one that does not: each must fail as the case says
// without allocating more than it allows, while DecodeConfig reports the
// size without judging it.
func (d Decoder[F]) CheckHuge(t *testing.T, cases []Huge) {
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			for _, r := range []io.Reader{bytes.NewReader(c.Data), struct{ io.Reader }{bytes.NewReader(c.Data)}} {
				var err error
				_, n := hostile.Allocated(func() { _, err = d.Decode(r) })
				if err == nil || errors.Is(err, d.TooLarge) != c.TooLarge || !strings.Contains(err.Error(), c.Msg) {
					t.Fatalf("%T: err = %v, want too large %v containing %q", r, err, c.TooLarge, c.Msg)
				}
				if n > c.MaxKiB<<10 {
					t.Errorf("%T: Decode allocated %d KiB, want at most %d", r, n>>10, c.MaxKiB)
				}
			}
			if _, err := d.DecodeConfig(bytes.NewReader(c.Data)); err != nil {
				t.Errorf("DecodeConfig: %v", err)
			}
		})
	}
}
