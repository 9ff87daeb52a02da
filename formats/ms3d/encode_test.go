package ms3d

import (
	"errors"
	"testing"
)

// TestEncodeSizeMismatchIsAnError is the regression test for the encoder
// panicking on its internal size check, which on Save took the app and the
// user's unsaved work down: a buffer too long or too short for what is
// written is an *InternalError and no bytes.
func TestEncodeSizeMismatchIsAnError(t *testing.T) {
	m := richModel(3)
	size, err := EncodedSize(m)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{size - 1, size + 1, 0} {
		data, err := encodeSized(m, n)
		var ie *InternalError
		if !errors.As(err, &ie) || data != nil {
			t.Errorf("buffer of %d for %d bytes: %d bytes, error %v; want an *InternalError", n, size, len(data), err)
		}
	}
	if data, err := encodeSized(m, size); err != nil || len(data) != size {
		t.Errorf("right size: %d bytes, %v", len(data), err)
	}
}
