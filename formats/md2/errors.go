package md2

import "fmt"

// FormatError reports input that is not an MD2 file this package can read:
// the part being read ("" for the header) and the byte offset where
// reading failed.
type FormatError struct {
	Part   string
	Offset int64
	Msg    string
}

// Error formats the error as "md2: frames at offset 0x2690: ...".
func (e *FormatError) Error() string {
	if e.Part == "" {
		return fmt.Sprintf("md2: at offset %#x: %s", e.Offset, e.Msg)
	}
	return fmt.Sprintf("md2: %s at offset %#x: %s", e.Part, e.Offset, e.Msg)
}
