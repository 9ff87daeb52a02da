package timeline

import (
	"testing"
	"time"

	"fyne.io/fyne/v2/test"
)

// TestTimelineTicker runs the timeline's own ticker goroutine, with the
// test goroutine standing in for Fyne's: ticks arrive, at most one waits at
// a time, playback advances by real time, and Stop ends the goroutine.
func TestTimelineTicker(t *testing.T) {
	test.NewTempApp(t)
	tl := New()
	queue := make(chan func(), 8)
	tl.post = func(f func()) { queue <- f }
	tl.SetAnimation(24, 1000)
	start := time.Now()
	tl.Play()
	for i := 0; i < 6; i++ {
		select {
		case f := <-queue:
			if len(queue) != 0 {
				t.Fatal("ticks queued up behind one another")
			}
			f()
		case <-time.After(2 * time.Second):
			t.Fatal("no tick")
		}
	}
	elapsed := time.Since(start).Seconds()
	if got := tl.Time() - 1.0/24; got <= 0 || got > elapsed+0.01 {
		t.Fatalf("played %.3f s in %.3f s of wall time", got, elapsed)
	}
	tl.Stop()
	if tl.stop != nil || tl.Playing() {
		t.Fatal("Stop left the ticker running")
	}
	// A tick already queued does nothing once stopped.
	select {
	case f := <-queue:
		before := tl.Time()
		f()
		if tl.Time() != before {
			t.Fatal("a tick after Stop moved the clock")
		}
	case <-time.After(50 * time.Millisecond):
	}
}

// recordingPacer is a FramePacer that keeps the callbacks it is given.
type recordingPacer struct{ next, shown func() }

func (p *recordingPacer) PaceFrames(next, shown func()) { p.next, p.shown = next, shown }

// TestTickerPostsNothingWhilePaced: while a pacer keeps paced playback
// going, the ticker goroutine posts no tick (it would do nothing, and one
// always waiting in Fyne's queue delayed everything else posted to the UI
// goroutine); once the pacer stalls for PacerStall, ticks come again.
func TestTickerPostsNothingWhilePaced(t *testing.T) {
	test.NewTempApp(t)
	tl := New()
	pacer := &recordingPacer{}
	tl.Pacer = pacer
	queue := make(chan func(), 8)
	tl.post = func(f func()) { queue <- f }
	tl.SetAnimation(24, 1000)
	tl.Play()
	defer tl.Stop()
	if pacer.next == nil {
		t.Fatal("Play did not hand the clock to the pacer")
	}
	for end := time.Now().Add(300 * time.Millisecond); time.Now().Before(end); time.Sleep(20 * time.Millisecond) {
		pacer.next() // the viewport shows frames
		select {
		case <-queue:
			t.Fatal("the ticker posted a tick while paced playback went on")
		default:
		}
	}
	select {
	case f := <-queue:
		f()
	case <-time.After(PacerStall + 2*time.Second):
		t.Fatal("no tick after the pacer stalled")
	}
}
