package pcx

import "ms3dstudio/internal/imageerr"

// FormatError reports input that is not a valid PCX image. Msg says what is
// wrong; Err, when not nil, is the underlying error (io.ErrUnexpectedEOF for
// input cut short). Error returns "pcx: invalid format: " and the message.
type FormatError = imageerr.FormatError[format]

// UnsupportedError reports a valid PCX variant this package does not read.
// Variant names it, for example "2-bit CGA pixels"; Error returns
// "pcx: unsupported variant: " and the variant.
type UnsupportedError = imageerr.UnsupportedError[format]

// format names PCX in the messages of FormatError and UnsupportedError.
type format struct{}

// Name returns "pcx".
func (format) Name() string { return "pcx" }
