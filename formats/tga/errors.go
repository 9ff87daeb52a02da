package tga

import "ms3dstudio/internal/imageerr"

// FormatError reports input that is not a valid TGA image. Msg says what is
// wrong; Err, when not nil, is the underlying error (io.ErrUnexpectedEOF for
// input cut short). Error returns "tga: invalid format: " and the message.
type FormatError = imageerr.FormatError[format]

// UnsupportedError reports a valid TGA variant this package does not read.
// Variant names it, for example "image type 32 (Huffman and delta compressed)"; Error returns
// "tga: unsupported variant: " and the variant.
type UnsupportedError = imageerr.UnsupportedError[format]

// format names TGA in the messages of FormatError and UnsupportedError.
type format struct{}

// Name returns "tga".
func (format) Name() string { return "tga" }
