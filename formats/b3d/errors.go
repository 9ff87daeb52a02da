package b3d

import "fmt"

// FormatError reports input that is not a B3D file this package can read:
// the chunk being read (its four-letter tag, "" before the first) and the
// byte offset where reading failed.
type FormatError struct {
	Chunk  string
	Offset int64
	Msg    string
}

// Error formats the error as "b3d: chunk BRUS at offset 0x1a2f: ...".
func (e *FormatError) Error() string {
	if e.Chunk == "" {
		return fmt.Sprintf("b3d: at offset %#x: %s", e.Offset, e.Msg)
	}
	return fmt.Sprintf("b3d: chunk %s at offset %#x: %s", e.Chunk, e.Offset, e.Msg)
}
