package md2

import "ms3dstudio/formats/internal/binread"

// FormatError reports input that is not an MD2 file this package can read:
// the part being read ("" for the header, "frames" …) and the byte offset where reading failed. Its Error formats
// it as "md2: frames at offset 0x2690: ...".
type FormatError = binread.FormatError[format]

// format names MD2 in the messages of FormatError.
type format struct{}

// Name returns "md2".
func (format) Name() string { return "md2" }

// errorf returns a *FormatError for part at off, its message formatted
// from msg and args.
func errorf(part string, off int64, msg string, args ...any) error {
	return binread.Errorf[format](part, off, msg, args...)
}
