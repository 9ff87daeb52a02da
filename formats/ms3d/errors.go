package ms3d

import (
	"fmt"

	"ms3dstudio/model"
)

// FormatError reports input that is not an MS3D file this package can read,
// with the part, the element index (−1 for none) and the byte offset where
// reading failed.
type FormatError struct {
	Part   string
	Index  int
	Offset int64
	Msg    string
}

// Error formats the error as "ms3d: header: bad magic ... at offset 0x0".
func (e *FormatError) Error() string {
	return fmt.Sprintf("ms3d: %s: %s at offset %#x", model.At(e.Part, e.Index), e.Msg, e.Offset)
}

// LimitError reports a model that cannot be encoded because a value does not
// fit the file's fields (too many elements, a name longer than its field).
type LimitError struct {
	Part  string
	Index int
	Msg   string
}

// Error formats the error as "ms3d: group 3: name is 40 bytes, the field holds 32".
func (e *LimitError) Error() string {
	return fmt.Sprintf("ms3d: %s: %s", model.At(e.Part, e.Index), e.Msg)
}

// InternalError reports a bug in this package found while encoding (the
// bytes written disagree with EncodedSize). Nothing is returned with it, so
// a caller saving a file keeps the old one.
type InternalError struct {
	Msg string
}

// Error formats the error as "ms3d: internal error: encoded 10 bytes, computed 12".
func (e *InternalError) Error() string { return "ms3d: internal error: " + e.Msg }
