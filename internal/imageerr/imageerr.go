// Package imageerr holds the typed errors of the texture decoders
// (formats/tga, formats/dds, formats/pcx), written once for all three.
//
// Each decoder has its own FormatError and UnsupportedError, as each of
// golang.org/x/image's decoders has: it instantiates the types here with a
// Format of its own (an empty struct whose Name gives the prefix of the
// messages), so that errors.As tells a DDS error from a TGA one while the
// fields and messages stay the same in every decoder.
package imageerr

import "io"

// Format names a decoder. Name returns the prefix of its error messages,
// the format's name in lower case ("tga"); it is called on the zero value.
type Format interface {
	Name() string
}

// FormatError reports input that is not a valid image of format F. Msg
// says what is wrong; Err, when not nil, is the underlying error
// (io.ErrUnexpectedEOF for input cut short).
type FormatError[F Format] struct {
	Msg string
	Err error
}

// Error returns the format's name, "invalid format: " and the message, then
// the underlying error: "tga: invalid format: reading the header: unexpected
// EOF".
func (e *FormatError[F]) Error() string {
	var f F
	if e.Err != nil {
		return f.Name() + ": invalid format: " + e.Msg + ": " + e.Err.Error()
	}
	return f.Name() + ": invalid format: " + e.Msg
}

// Unwrap returns the underlying error.
func (e *FormatError[F]) Unwrap() error { return e.Err }

// UnsupportedError reports a valid variant of format F that its decoder
// does not read. Variant names it, for example "cube map".
type UnsupportedError[F Format] struct {
	Variant string
}

// Error returns the format's name, "unsupported variant: " and the variant:
// "dds: unsupported variant: cube map".
func (e *UnsupportedError[F]) Error() string {
	var f F
	return f.Name() + ": unsupported variant: " + e.Variant
}

// NoEOF turns io.EOF, which means that the input ended before a field that
// must be there, into io.ErrUnexpectedEOF; it returns other errors as they
// are.
func NoEOF(err error) error {
	if err == io.EOF {
		return io.ErrUnexpectedEOF
	}
	return err
}
