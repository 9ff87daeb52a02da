package main

import (
	"fmt"
	"math"
	"ms3dstudio/internal/cputime"
	"ms3dstudio/viewport"
	"os"
	"time"

	"fyne.io/fyne/v2"
)

// benchmark plays the document's animation in the window for d once the
// first frame is on screen (or, for a model without keys, turns the camera
// a degree every 60th of a second), then prints
//
//	fps=<frames shown per second> render_ms=<mean GL time> frame_ms=<mean change-to-shown time> cpu_ms=<process CPU per frame>
//
// on stdout; the viewport size, the time to the first frame and how quickly
// the UI goroutine answers during playback on stderr; and quits with status
// 0 (1 when no frame was shown within 30 s).
func (s *studio) benchmark(d time.Duration) {
	start := time.Now()
	go func() {
		var first time.Duration
		for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(5 * time.Millisecond) {
			var shown int
			fyne.DoAndWait(func() { shown = s.view.Stats().FramesShown })
			if shown > 0 {
				first = time.Since(start)
				break
			}
			if time.Now().After(deadline) {
				fmt.Fprintln(os.Stderr, "benchmark: no frame was shown in 30 s")
				fyne.Do(func() { s.quit(1) })
				return
			}
		}
		var t0 time.Time
		var cpu0 time.Duration
		var animated bool
		stopTurning := func() {}
		fyne.DoAndWait(func() {
			if s.skel != nil {
				_, _, animated = s.skel.KeyRange()
			}
			s.ed.Timeline.Player.SetLoop(true)
			s.ed.Timeline.Play()
			s.view.ResetStats()
			t0 = time.Now()
			cpu0, _ = cputime.Process()
		})
		if !animated {
			// Playing a model without keys changes nothing, so nothing
			// would be drawn: turn the camera instead, a degree on each of
			// the toolkit's ticks (60 Hz), where a user's drag arrives (the
			// toolkit reads input on its tick, just before it paints). A
			// goroutine's own 60 Hz ticker, posting through fyne.Do, used
			// to land at random between ticks: half its turns waited a
			// tick more, which no drag does.
			fmt.Fprintln(os.Stderr, "benchmark: the model has no keys; turning the camera instead of playing")
			turn := viewport.ToolkitTicks(func() { s.view.Orbit(math.Pi/180, 0) })
			fyne.DoAndWait(func() { turn(true) })
			stopTurning = func() { turn(false) }
		}
		// While it plays, measure how long the UI goroutine takes to run a
		// posted function: the delay any input would see.
		var worst, total time.Duration
		n := 0
		for end := t0.Add(d); time.Now().Before(end); time.Sleep(50 * time.Millisecond) {
			asked := time.Now()
			fyne.DoAndWait(func() {})
			lag := time.Since(asked)
			worst, total, n = max(worst, lag), total+lag, n+1
		}
		fyne.DoAndWait(func() {
			st := s.view.Stats()
			secs := time.Since(t0).Seconds()
			// CPU per frame counts every thread of the process, the GL
			// driver's too: unlike fps it barely moves when other
			// programs load the machine.
			cpuPerFrame := "-"
			if cpu1, ok := cputime.Process(); ok && st.FramesShown > 0 {
				cpuPerFrame = fmt.Sprintf("%.1f", float64((cpu1-cpu0).Microseconds())/1000/float64(st.FramesShown))
			}
			fmt.Printf("fps=%.1f render_ms=%.2f frame_ms=%.2f cpu_ms=%s\n", float64(st.FramesShown)/secs,
				float64(st.MeanRender.Microseconds())/1000, float64(st.MeanLatency.Microseconds())/1000, cpuPerFrame)
			fmt.Fprintf(os.Stderr, "benchmark: viewport %dx%d px, %d frames rendered, %d shown in %.2f s; first frame %.0f ms after start\n",
				st.Size[0], st.Size[1], st.FramesRendered, st.FramesShown, secs, float64(first.Milliseconds()))
			if n > 0 {
				fmt.Fprintf(os.Stderr, "benchmark: UI goroutine answered a posted call in %.1f ms on average, %.1f ms at worst (%d samples)\n",
					float64(total.Microseconds())/float64(n)/1000, float64(worst.Microseconds())/1000, n)
			}
			s.ed.Timeline.Pause()
			stopTurning()
			s.quit(0)
		})
	}()
}
