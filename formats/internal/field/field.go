// Package field reads and writes the fixed-size, NUL-terminated name
// fields of binary model formats (the skin, frame, surface, tag and
// shader names of Quake's MD2 and MD3).
package field

import (
	"bytes"
	"fmt"
	"strings"
)

// Read returns the name a field holds: its bytes before the first NUL,
// or all of them, with terminated false, when it has none (a reader that
// expects the NUL reads on past the field).
func Read(field []byte) (name string, terminated bool) {
	if n := bytes.IndexByte(field, 0); n >= 0 {
		return string(field[:n]), true
	}
	return string(field), false
}

// Check says why s does not fit a field of size bytes with its NUL, or
// returns nil.
func Check(s string, size int) error {
	if strings.IndexByte(s, 0) >= 0 {
		return fmt.Errorf("name %q holds a NUL byte", s)
	}
	if len(s) >= size {
		return fmt.Errorf("name %q is %d bytes, the field holds %d and a NUL", s, len(s), size-1)
	}
	return nil
}

// Append appends s padded with NULs to size bytes; s must fit (Check).
func Append(buf []byte, s string, size int) []byte {
	buf = append(buf, s...)
	return append(buf, make([]byte, size-len(s))...)
}
