package timeline_test

import (
	"testing"
	"time"

	"ms3dstudio/ui/internal/edtest"
)

// BenchmarkTimelineTick measures one playback frame of the timeline on
// Woman4 (2133 frames, ticks for every joint's keys): advancing the clock,
// moving the play head and setting the label. This is all the UI work a
// playing frame costs.
func BenchmarkTimelineTick(b *testing.B) {
	e := edtest.Woman4Editor(b, true)
	e.Timeline.Play()
	now := time.Unix(0, 0)
	e.Timeline.Tick(now)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		now = now.Add(time.Second / 60)
		e.Timeline.Tick(now)
	}
}
