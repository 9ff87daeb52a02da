package widgets

import (
	"testing"
)

func TestTickStep(t *testing.T) {
	for _, c := range []struct {
		frames int
		width  float32
		want   int
	}{{24, 600, 1}, {2133, 800, 20}, {1, 100, 1}, {100, 0, 1}} {
		if got := TickStep(c.frames, c.width, 6); got != c.want {
			t.Errorf("tickStep(%d, %v) = %d, want %d", c.frames, c.width, got, c.want)
		}
	}
}
