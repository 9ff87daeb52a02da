package apptest

import (
	"fmt"
	"image"
	"os"
	"runtime"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/app"
	"github.com/go-gl/mathgl/mgl32"

	"ms3dstudio/formats/ms3d"
	"ms3dstudio/internal/corpus"
	"ms3dstudio/internal/testenv"
	"ms3dstudio/model"
	"ms3dstudio/model/anim"
	"ms3dstudio/viewport"
	"ms3dstudio/viewport/internal/glr"
	"ms3dstudio/viewport/internal/gltest"
)

var theApp fyne.App

// TestMain runs the Fyne application on the main thread and the tests on
// another goroutine. A window that is never shown keeps the application
// running while test windows come and go.
//
// Without a display (or when GLFW cannot start on it) the tests skip, or in
// CI and with MS3D_REQUIRE_GL=1 fail: GLFW is tried first, because Fyne's
// driver cannot report that it failed.
func TestMain(m *testing.M) {
	if os.Getenv("DISPLAY") == "" {
		noDisplay = "no DISPLAY: run under xvfb-run"
		os.Exit(m.Run())
	}
	runtime.LockOSThread()
	if err := gltest.Start(); err != nil {
		noDisplay = err.Error()
		os.Exit(m.Run())
	}
	// GLFW stays initialised for Fyne, whose glfw.Init then returns at once:
	// terminating here closed the process's only X connection, and an Xvfb
	// started without -noreset resets when its last client leaves, so Fyne's
	// reconnection a moment later could fail (1 in 6 here) and panic in
	// initCursors.
	theApp = app.NewWithID("ms3dstudio.viewport.apptest")
	theApp.NewWindow("keep-alive")
	code := make(chan int, 1)
	go func() {
		code <- m.Run()
		fyne.Do(theApp.Quit)
	}()
	theApp.Run()
	os.Exit(<-code)
}

// noDisplay says why there is no application.
var noDisplay string

func requireDisplay(t testing.TB) {
	t.Helper()
	if theApp == nil {
		testenv.Missing(t, "MS3D_REQUIRE_GL", "%s", noDisplay)
	}
}

func woman(t testing.TB) *model.Model {
	t.Helper()
	m, _, err := ms3d.ReadFile(corpus.Dir(t) + "/ms3d/GLScene/Samples/media/Woman4.ms3d")
	if err != nil {
		t.Fatal(err)
	}
	return m
}

type session struct {
	w       fyne.Window
	v       *viewport.View
	closeFn func()
}

func open(t testing.TB, m *model.Model, w, h float32) *session {
	t.Helper()
	s := &session{}
	fyne.DoAndWait(func() {
		s.w = theApp.NewWindow("viewport apptest")
		s.v = viewport.New()
		s.v.SetModel(m, nil)
		s.w.SetContent(s.v)
		s.w.SetPadded(false)
		s.w.Resize(fyne.NewSize(w, h))
		s.closeFn = func() {
			s.v.Stop()
			s.w.Close()
		}
		s.w.SetCloseIntercept(s.closeFn)
		s.w.Show()
	})
	return s
}

func (s *session) stats() viewport.Stats {
	var st viewport.Stats
	fyne.DoAndWait(func() { st = s.v.Stats() })
	return st
}

func (s *session) waitShown(t testing.TB, n int) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for s.stats().FramesShown < n {
		var err error
		fyne.DoAndWait(func() { err = s.v.Err() })
		if err != nil {
			t.Fatal(err)
		}
		if time.Now().After(deadline) {
			t.Fatalf("only %d frames shown", s.stats().FramesShown)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// close runs the close intercept on Fyne's goroutine, as a click on the
// window's close button does, and fails on a deadlock.
func (s *session) close(t testing.TB) {
	t.Helper()
	done := make(chan struct{})
	fyne.Do(func() {
		s.closeFn()
		close(done)
	})
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("closing the window did not return: deadlock between Stop and the render goroutine")
	}
}

// TestFramesReachTheWindow: the window's own framebuffer (read back by
// Fyne) shows the model, not just the background.
func TestFramesReachTheWindow(t *testing.T) {
	requireDisplay(t)
	s := open(t, woman(t), 400, 300)
	// Playing, the view draws frame after frame: the paint that took the
	// first one has finished once the second is taken.
	fyne.DoAndWait(func() { s.v.SetPlaying(true) })
	s.waitShown(t, 2)
	var img image.Image
	fyne.DoAndWait(func() { img = s.w.Canvas().Capture() })
	bg := glr.Background
	drawn := 0
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			d := abs(int(r>>8)-int(bg.R)) + abs(int(g>>8)-int(bg.G)) + abs(int(bl>>8)-int(bg.B))
			if d > 30 {
				drawn++
			}
		}
	}
	if drawn < b.Dx()*b.Dy()/50 {
		t.Errorf("only %d of %d window pixels differ from the background", drawn, b.Dx()*b.Dy())
	}
	s.close(t)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// TestCloseWhilePlaying closes the window while the renderer draws as fast
// as frames are shown, several times, then checks the application still
// runs.
func TestCloseWhilePlaying(t *testing.T) {
	requireDisplay(t)
	m := woman(t)
	for i := 0; i < 3; i++ {
		s := open(t, m, 640, 480)
		fyne.DoAndWait(func() { s.v.SetPlaying(true) })
		s.waitShown(t, 3)
		s.close(t)
	}
	// Closing before the first frame (the renderer may still be creating
	// its window) must not deadlock either.
	s := open(t, m, 320, 240)
	s.close(t)
	ran := make(chan struct{})
	fyne.Do(func() { close(ran) })
	select {
	case <-ran:
	case <-time.After(5 * time.Second):
		t.Fatal("the application stopped serving fyne.Do after the closes")
	}
}

// BenchmarkFrameRateInApp plays Woman4 in the real application as the
// editor does, paced to the frames shown (View.PaceFrames: each frame's
// pose is set when the one before has gone to the screen), at the two
// window sizes the application targets. An op is one frame shown, so ns/op
// is the time between frames; fps, the GL time a frame (render-ms) and the
// time from a pose to its frame on the screen (latency-ms) are reported
// beside it. The frames are counted as the pacer asks for them, not by the
// clock.
func BenchmarkFrameRateInApp(b *testing.B) {
	requireDisplay(b)
	m := woman(b)
	skel, _ := anim.NewSkeleton(m)
	for _, size := range [][2]float32{{800, 600}, {1280, 800}} {
		b.Run(fmt.Sprintf("%.0fx%.0f", size[0], size[1]), func(b *testing.B) {
			s := open(b, m, size[0], size[1])
			defer s.close(b)
			global, skin := make([]mgl32.Mat4, skel.Len()), make([]mgl32.Mat4, skel.Len())
			frames := make(chan struct{}, 1<<20) // never full: one send a frame
			var at float32
			next := func() {
				at += 1.0 / 24
				skel.Pose(at, global)
				skel.SkinMatrices(global, skin)
				s.v.SetPose(global, skin)
				frames <- struct{}{}
			}
			fyne.DoAndWait(func() { s.v.PaceFrames(next, nil) })
			defer fyne.DoAndWait(func() { s.v.PaceFrames(nil, nil) })
			frame := func() {
				select {
				case <-frames:
				case <-time.After(20 * time.Second): // a guard: frames come every few ms
					var err error
					fyne.DoAndWait(func() { err = s.v.Err() })
					b.Fatalf("no frame shown for 20 s (%v)", err)
				}
			}
			for range 5 { // the window is up and the renderer warm
				frame()
			}
			fyne.DoAndWait(s.v.ResetStats)
			for b.Loop() {
				frame()
			}
			st := s.stats()
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "fps")
			b.ReportMetric(float64(st.MeanRender.Microseconds())/1000, "render-ms")
			b.ReportMetric(float64(st.MeanLatency.Microseconds())/1000, "latency-ms")
		})
	}
}
