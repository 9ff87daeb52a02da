package timeline_test

import (
	"strings"
	"testing"
	"time"

	"ms3dstudio/model/sample"
	"ms3dstudio/ui"
	"ms3dstudio/ui/internal/edtest"
	"ms3dstudio/ui/internal/uitest"
	"ms3dstudio/ui/widgets"
)

// TestOpenAt25FPSStartsAtFrame1 is the regression test for a 25 fps model
// opening at frame 1.04: the time of frame 1 at the default 24 fps was
// kept.
func TestOpenAt25FPSStartsAtFrame1(t *testing.T) {
	e, _, _ := edtest.NewEditor(t)
	m := sample.Model()
	m.FPS = 25
	edtest.Open(t, e, uitest.SampleFile(t, m))
	tl := e.Timeline
	if f := tl.Player.Frame(); f != 1 {
		t.Errorf("opened at frame %v, want 1", f)
	}
	checkTimeShown(t, e)
}

// TestFrameEntryFollowsPlayback is the regression test for the frame entry
// standing still while playing: the label, the entry and the status bar
// show the same frame on every tick, after scrubbing and after a pause.
func TestFrameEntryFollowsPlayback(t *testing.T) {
	e, _, _ := edtest.OpenEditor(t, uitest.SampleFile(t, nil))
	tl := e.Timeline
	tl.Play()
	now := time.Now()
	tl.Tick(now)
	for i := 1; i <= 5; i++ {
		tl.Tick(now.Add(time.Duration(i) * 37 * time.Millisecond))
		if tl.Player.Frame() <= 1 {
			t.Fatalf("tick %d: still at frame %v", i, tl.Player.Frame())
		}
		checkTimeShown(t, e)
	}
	tl.Pause()
	checkTimeShown(t, e)
	tl.SeekX(tl.Ruler().XAt(3))
	checkTimeShown(t, e)
	if tl.FrameShown() != "3" {
		t.Errorf("scrubbed to frame 3, entry shows %q", tl.FrameShown())
	}
}

// checkTimeShown checks that the timeline's entry and label and the status
// bar show the player's frame.
func checkTimeShown(t *testing.T, e *ui.Editor) {
	t.Helper()
	p := e.Timeline.Player
	want := widgets.FrameText(p.Frame())
	if got := e.Timeline.FrameShown(); got != want {
		t.Errorf("frame %v: entry %q, want %q", p.Frame(), got, want)
	}
	if got := e.Timeline.Label().Text; !strings.HasPrefix(got, want+" / ") {
		t.Errorf("frame %v: label %q, want it to start with %q", p.Frame(), got, want)
	}
	if got := e.Status.Time.Text; !strings.HasPrefix(got, "frame "+want+" / ") {
		t.Errorf("frame %v: status %q, want frame %s", p.Frame(), got, want)
	}
}
