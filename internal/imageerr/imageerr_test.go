package imageerr

import (
	"errors"
	"fmt"
	"io"
	"testing"
)

type alpha struct{}

func (alpha) Name() string { return "alpha" }

type beta struct{}

func (beta) Name() string { return "beta" }

// TestMessages checks the messages of both types, with and without an
// underlying error.
func TestMessages(t *testing.T) {
	for _, c := range []struct {
		err  error
		want string
	}{
		{&FormatError[alpha]{Msg: "header size 100"}, "alpha: invalid format: header size 100"},
		{&FormatError[alpha]{Msg: "reading the header", Err: io.ErrUnexpectedEOF}, "alpha: invalid format: reading the header: unexpected EOF"},
		{&UnsupportedError[beta]{Variant: "cube map"}, "beta: unsupported variant: cube map"},
	} {
		if got := c.err.Error(); got != c.want {
			t.Errorf("Error() = %q, want %q", got, c.want)
		}
	}
}

// TestFormatsAreTold: errors.As finds a decoder's own errors through
// wrapping, and not another decoder's.
func TestFormatsAreTold(t *testing.T) {
	err := fmt.Errorf("texture: %w", &FormatError[alpha]{Msg: "cut short", Err: io.ErrUnexpectedEOF})
	var a *FormatError[alpha]
	if !errors.As(err, &a) || a.Msg != "cut short" {
		t.Errorf("errors.As(alpha) = %v, %v", a, err)
	}
	if !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Error("the underlying error is not unwrapped")
	}
	var b *FormatError[beta]
	if errors.As(err, &b) {
		t.Error("an alpha FormatError is taken for a beta one")
	}
	var u *UnsupportedError[alpha]
	if errors.As(err, &u) {
		t.Error("a FormatError is taken for an UnsupportedError")
	}
}

func TestNoEOF(t *testing.T) {
	other := errors.New("disk on fire")
	for in, want := range map[error]error{io.EOF: io.ErrUnexpectedEOF, io.ErrUnexpectedEOF: io.ErrUnexpectedEOF, other: other, nil: nil} {
		if got := NoEOF(in); got != want {
			t.Errorf("NoEOF(%v) = %v, want %v", in, got, want)
		}
	}
}
