package widgets

import (
	"math"
	"strconv"
)

// FrameText formats a frame the one way the timeline's label and entry, the
// status bar and the dope sheet show it: a whole frame without decimals
// (within 0.005 of a frame, as float32 key times are not exact multiples of
// 1/fps), any other with two.
func FrameText(f float64) string {
	if r := math.Round(f); math.Abs(f-r) < 0.005 {
		return strconv.Itoa(int(r))
	}
	return strconv.FormatFloat(f, 'f', 2, 64)
}

// TickStep returns the frame step that puts ticks at least minPx apart.
func TickStep(frames int, width float32, minPx float32) int {
	if frames <= 1 || width <= 0 {
		return 1
	}
	px := width / float32(frames-1)
	for _, s := range []int{1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000, 20000, 50000, 100000, 200000, 500000} {
		if px*float32(s) >= minPx {
			return s
		}
	}
	return 1000000
}
