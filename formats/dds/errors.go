package dds

import "ms3dstudio/internal/imageerr"

// FormatError reports input that is not a valid DDS image. Msg says what is
// wrong; Err, when not nil, is the underlying error (io.ErrUnexpectedEOF for
// input cut short). Error returns "dds: invalid format: " and the message.
type FormatError = imageerr.FormatError[format]

// UnsupportedError reports a valid DDS variant this package does not read.
// Variant names it, for example "DXGI format BC7_UNORM (98)" or "cube map"; Error returns
// "dds: unsupported variant: " and the variant.
type UnsupportedError = imageerr.UnsupportedError[format]

// format names DDS in the messages of FormatError and UnsupportedError.
type format struct{}

// Name returns "dds".
func (format) Name() string { return "dds" }
