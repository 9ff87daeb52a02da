package md3

import "ms3dstudio/formats/internal/binread"

// FormatError reports input that is not an MD3 file this package can read:
// the part being read ("" for the header, "surface 2" …) and the byte offset where reading failed. Its Error formats
// it as "md3: surface 1 at offset 0x2a4: ...".
type FormatError = binread.FormatError[format]

// format names MD3 in the messages of FormatError.
type format struct{}

// Name returns "md3".
func (format) Name() string { return "md3" }

// errorf returns a *FormatError for part at off, its message formatted
// from msg and args.
func errorf(part string, off int64, msg string, args ...any) error {
	return binread.Errorf[format](part, off, msg, args...)
}
