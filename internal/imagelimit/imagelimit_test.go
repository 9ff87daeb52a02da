package imagelimit

import (
	"errors"
	"testing"
)

// TestCheck checks Check and Exceeds at the limits' edges and past them,
// with sizes whose product overflows 32 bits.
func TestCheck(t *testing.T) {
	tooLarge := errors.New("x: image too large")
	for _, c := range []struct {
		w, h int64
		ok   bool
	}{
		{0, 0, true}, {MaxSide, MaxPixels / MaxSide, true}, {MaxSide, MaxSide, false},
		{MaxSide + 1, 1, false}, {1, MaxSide + 1, false}, {4294967295, 4294967295, false}, {8192, 8192, true}, {8192, 8193, false},
	} {
		err := Check(c.w, c.h, tooLarge)
		if (err == nil) != c.ok || (err != nil && !errors.Is(err, tooLarge)) {
			t.Errorf("Check(%d, %d) = %v", c.w, c.h, err)
		}
		if Exceeds(c.w, c.h) == c.ok {
			t.Errorf("Exceeds(%d, %d) = %v", c.w, c.h, !c.ok)
		}
	}
	if got, want := Check(20000, 2, tooLarge).Error(), "x: image too large: 20000×2 pixels (the limits are 16384 on a side and 67108864 in all)"; got != want {
		t.Errorf("message %q, want %q", got, want)
	}
}
