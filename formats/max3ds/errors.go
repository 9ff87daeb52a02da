package max3ds

import "fmt"

// FormatError reports input that is not a 3DS file this package can read,
// with the chunk id and the byte offset where reading failed.
type FormatError struct {
	Chunk  uint16
	Offset int64
	Msg    string
}

// Error formats the error as "max3ds: chunk 0x4d4d at offset 0x0: ...".
func (e *FormatError) Error() string {
	return fmt.Sprintf("max3ds: chunk %#04x at offset %#x: %s", e.Chunk, e.Offset, e.Msg)
}
