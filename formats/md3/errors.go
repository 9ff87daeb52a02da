package md3

import "fmt"

// FormatError reports input that is not an MD3 file this package can read:
// the part being read ("" for the header, "surface 2" …) and the byte
// offset where reading failed.
type FormatError struct {
	Part   string
	Offset int64
	Msg    string
}

// Error formats the error as "md3: surface 1 at offset 0x2a4: ...".
func (e *FormatError) Error() string {
	if e.Part == "" {
		return fmt.Sprintf("md3: at offset %#x: %s", e.Offset, e.Msg)
	}
	return fmt.Sprintf("md3: %s at offset %#x: %s", e.Part, e.Offset, e.Msg)
}
