package timeline_test

import (
	"image/color"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"

	"ms3dstudio/document"
	"ms3dstudio/ui"
	"ms3dstudio/ui/hub"
	"ms3dstudio/ui/internal/edtest"
	"ms3dstudio/ui/internal/uitest"
	"ms3dstudio/ui/timeline"
	"ms3dstudio/ui/widgets"
)

// TestTimelineWidget drives the timeline with a made-up clock.
func TestTimelineWidget(t *testing.T) {
	var got []float32
	e, w, _ := edtest.OpenEditor(t, uitest.CorpusPath(t, "lesson31_bcb6/Data/Model.ms3d"), // 24 fps, 24 frames
		func(c *ui.Config) { c.OnTime = func(t float32) { got = append(got, t) } })
	got = nil
	tl := e.Timeline
	play, first, _, prevFrame, nextFrame, nextKey, last := tl.Buttons()
	if tl.Player.TotalFrames() != 24 || tl.Player.FPS() != 24 {
		t.Fatalf("animation %d frames at %v", tl.Player.TotalFrames(), tl.Player.FPS())
	}
	e.TypedKey(fyne.KeySpace)
	if !tl.Playing() || !strings.HasSuffix(play.Icon.Name(), "media-pause.svg") {
		t.Fatalf("space did not play (icon %s)", play.Icon.Name())
	}
	t0 := time.Unix(1000, 0)
	tl.Tick(t0)
	tl.Tick(t0.Add(500 * time.Millisecond))
	if f := tl.Player.Frame(); f < 12.99 || f > 13.01 {
		t.Fatalf("after 0.5 s at 24 fps: frame %v, want 13", f)
	}
	if len(got) != 1 || got[0] != float32(tl.Time()) {
		t.Fatalf("OnTime calls %v", got)
	}
	if !strings.HasPrefix(e.Status.Time.Text, "frame 13 / 24") {
		t.Errorf("status time %q", e.Status.Time.Text)
	}
	if !strings.HasPrefix(tl.Label().Text, "13 / 24") {
		t.Errorf("label %q", tl.Label().Text)
	}
	e.TypedKey(fyne.KeySpace)
	if tl.Playing() || tl.FrameShown() != "13" {
		t.Fatalf("pause: playing %v frame entry %q", tl.Playing(), tl.FrameShown())
	}
	tl.FrameEntry().SetText("5")
	tl.FrameEntry().OnSubmitted("5")
	if f := tl.Player.Frame(); f < 4.999 || f > 5.001 {
		t.Fatalf("frame entry gave %v", f)
	}
	test.Tap(nextKey)
	if f := tl.Player.Frame(); f < 7.99 || f > 8.01 {
		t.Fatalf("next key from 5 went to frame %v, want 8", f)
	}
	test.Tap(last)
	test.Tap(prevFrame)
	if f := tl.Player.Frame(); f < 22.99 || f > 23.01 {
		t.Fatalf("prev frame from the last: %v", f)
	}
	test.Tap(first)
	test.Tap(nextFrame)
	if f := tl.Player.Frame(); f < 1.99 || f > 2.01 {
		t.Fatalf("next frame from the first: %v", f)
	}
	// Scrubbing: a tap in the middle of the ruler.
	r := tl.Ruler()
	mid := r.XAt(12.5)
	test.TapAt(r, fyne.NewPos(mid, 10))
	if f := tl.Player.Frame(); f < 12.4 || f > 12.6 {
		t.Fatalf("tap at the middle went to frame %v", f)
	}
	if x := r.Head().Position1.X; x < mid-0.5 || x > mid+0.5 {
		t.Errorf("play head at %v, want %v", x, mid)
	}
	// Without loop, playing stops at the end.
	tl.Loop().SetChecked(false)
	tl.Speed().SetSelected("4×")
	tl.Play()
	tl.Tick(t0)
	tl.Tick(t0.Add(2 * time.Second))
	if tl.Playing() || tl.Player.Frame() != 24 {
		t.Fatalf("clamped playback: playing %v frame %v", tl.Playing(), tl.Player.Frame())
	}
	if tl.Player.Speed() != 4 {
		t.Errorf("speed %v", tl.Player.Speed())
	}
	_ = w
}

// TestTimelineOnTime checks that OnTime reports each new time once: after
// a new document (even at the same time), on steps, and not when only the
// selection or the key ticks change.
func TestTimelineOnTime(t *testing.T) {
	a := test.NewTempApp(t)
	w := test.NewTempWindow(t, nil)
	var events []string
	e := edtest.Install(w, ui.Config{Prefs: a.Preferences(),
		OnPlaying:  func(on bool) { events = append(events, "playing "+strconv.FormatBool(on)) },
		OnDocument: func(d *document.Document) { events = append(events, "doc") },
		OnTime:     func(t float32) { events = append(events, "time "+strconv.FormatFloat(float64(t), 'g', 4, 32)) },
	})
	events = nil
	edtest.Open(t, e, uitest.CorpusPath(t, "lesson31_bcb6/Data/Model.ms3d"))
	e.Selection().Select(hub.Selection{Kind: hub.KindJoint, Index: 3})
	e.Selection().Select(hub.Selection{Kind: hub.KindGroup, Index: 0})
	e.TypedKey(fyne.KeyRight)
	e.TypedKey(fyne.KeySpace)
	edtest.Open(t, e, uitest.CorpusPath(t, "lesson31_bcb6/Data/Model.ms3d"))
	// A new document starts at its first frame.
	want := []string{"doc", "time 0.04167", "time 0.08333", "playing true", "playing false", "doc", "time 0.04167"}
	if !slices.Equal(events, want) {
		t.Fatalf("events %v, want %v", events, want)
	}
}

// TestRulerKeyTicks checks the ruler draws one tick per key frame of the
// selected joint (NeHe joint 4: frames 1, 8 and 24).
func TestRulerKeyTicks(t *testing.T) {
	e, _, _ := edtest.OpenEditor(t, uitest.CorpusPath(t, "lesson31_bcb6/Data/Model.ms3d"))
	e.Selection().Select(hub.Selection{Kind: hub.KindJoint, Index: 3})
	r := e.Timeline.Ruler()
	r.Refresh()
	// The ticks are pixels of the ruler's raster: find the runs of key
	// colour along a row through the key ticks.
	size := r.MarksSize()
	img := r.DrawMarks(int(size.Width), int(size.Height))
	key := color.RGBAModel.Convert(theme.Color(theme.ColorNamePrimary))
	var xs []float32
	in := false
	for x := 0; x < int(size.Width); x++ {
		on := img.At(x, 5) == key
		if on && !in {
			xs = append(xs, float32(x)+1) // the tick is 2 px wide, centred on its frame
		}
		in = on
	}
	if len(xs) != 3 {
		t.Fatalf("%d key ticks, want 3", len(xs))
	}
	for i, f := range []float64{1, 8, 24} {
		if want := r.XAt(f); xs[i] < want-1 || xs[i] > want+1 {
			t.Errorf("key tick %d at x %v, want %v", i, xs[i], want)
		}
	}
}

// TestRulerLayoutIsIdempotent pins the fix for a busy loop: the ruler used
// to rebuild and refresh itself on every layout pass, which made Fyne lay
// out and paint the window again on every frame (57 % of a core while
// idle). A layout at an unchanged size must leave everything as it is.
func TestRulerLayoutIsIdempotent(t *testing.T) {
	e, _, _ := edtest.OpenEditor(t, uitest.CorpusPath(t, "lesson31_bcb6/Data/Model.ms3d"))
	r := e.Timeline.Ruler()
	size := r.MarksSize()
	builds := r.Builds()
	r.Layout(size)
	if r.Builds() != builds {
		t.Fatal("a layout at the same size rebuilt the ruler")
	}
	r.Layout(size.Add(fyne.NewSize(10, 0)))
	if r.Builds() != builds+1 {
		t.Fatal("a layout at a new size did not rebuild the ruler")
	}
}

// pacingViewport is a fake viewport that paces playback (timeline.FramePacer):
// the test plays its frames by calling next and shown.
type pacingViewport struct {
	*edtest.FakeViewport
	next, shown func()
	calls       int
}

func (v *pacingViewport) PaceFrames(next, shown func()) {
	v.next, v.shown = next, shown
	v.calls++
}

// TestPacedPlaybackShowsTimeWithItsFrame: with a viewport that paces
// playback, the clock advances and the model is posed when the viewport can
// draw a frame, and the play head, labels and status move only when that
// frame is shown, so one repaint shows both; the ticker does nothing
// unless the viewport stalls.
func TestPacedPlaybackShowsTimeWithItsFrame(t *testing.T) {
	a := test.NewTempApp(t)
	w := test.NewTempWindow(t, nil)
	w.Resize(fyne.NewSize(1200, 800))
	vp := &pacingViewport{FakeViewport: edtest.NewFakeViewport()}
	var times []float32
	e := edtest.Install(w, ui.Config{Viewport: vp, Prefs: a.Preferences(),
		OnTime: func(t float32) { times = append(times, t) }})
	edtest.Open(t, e, uitest.CorpusPath(t, "lesson31_bcb6/Data/Model.ms3d")) // 24 fps, 24 frames
	tl := e.Timeline
	tl.Player.SetLoop(true)
	times = nil
	e.TypedKey(fyne.KeySpace)
	if !tl.Playing() || vp.next == nil || vp.shown == nil {
		t.Fatalf("playing %v, pacer next set %v", tl.Playing(), vp.next != nil)
	}
	label, status := tl.Label().Text, e.Status.Time.Text
	tl.Tick(time.Now().Add(100 * time.Millisecond)) // the ticker: the viewport paces
	vp.next()                                       // starts the clock
	time.Sleep(120 * time.Millisecond)
	vp.next()
	if len(times) != 1 || float64(times[0]) != float32Time(tl.Time()) || tl.Time() < 0.1 {
		t.Fatalf("OnTime calls %v at time %v: want one, with the new time", times, tl.Time())
	}
	if tl.Label().Text != label || e.Status.Time.Text != status {
		t.Fatalf("before its frame is shown the label (%q) or status (%q) moved", tl.Label().Text, e.Status.Time.Text)
	}
	vp.shown()
	frame := widgets.FrameText(tl.Player.Frame())
	if !strings.HasPrefix(tl.Label().Text, frame+" / 24") || !strings.HasPrefix(e.Status.Time.Text, "frame "+frame+" / 24") || tl.FrameShown() != frame {
		t.Fatalf("after shown: label %q, status %q, entry %q; want frame %s", tl.Label().Text, e.Status.Time.Text, tl.FrameShown(), frame)
	}
	// The dope sheet's current-frame line (its only line) is at the frame.
	ds := e.Anim.Dope
	head := uitest.Find(ds, func(*canvas.Line) bool { return true })
	if x, ok := ds.FrameX(tl.Player.Frame(), ds); !ok || head == nil || head.Position1.X < x-0.5 || head.Position1.X > x+0.5 {
		t.Errorf("dope sheet's frame line %v, want at frame %s (x %v)", head, frame, x)
	}
	// A stalled viewport (hidden, failed): the ticker takes over and asks
	// the viewport to pace again.
	// Then every tick advances playback, as without a pacer (the pacer is
	// asked once), until the viewport asks for a frame again.
	calls, n := vp.calls, len(times)
	for i := 1; i <= 3; i++ {
		tl.Tick(time.Now().Add(timeline.PacerStall + time.Duration(i)*100*time.Millisecond))
		if vp.calls != calls+1 || len(times) != n+i || !strings.HasPrefix(tl.Label().Text, widgets.FrameText(tl.Player.Frame())+" / 24") {
			t.Fatalf("stalled tick %d: pacer asked %d more times, %d OnTime calls, label %q", i, vp.calls-calls, len(times)-n, tl.Label().Text)
		}
	}
	vp.next()
	n = len(times)
	tl.Tick(time.Now().Add(50 * time.Millisecond))
	if len(times) != n {
		t.Error("a tick advanced playback after the viewport asked for a frame again")
	}
	e.TypedKey(fyne.KeySpace)
	if tl.Playing() || vp.next != nil {
		t.Errorf("pause: playing %v, pacer still set %v", tl.Playing(), vp.next != nil)
	}
}

func float32Time(t float64) float64 { return float64(float32(t)) }

// TestRulerPaintsOneLayer: the ruler's background is in its raster, with
// no rectangle behind it for Fyne to shade on every frame, and between the
// ticks the raster shows the input background.
func TestRulerPaintsOneLayer(t *testing.T) {
	e, _, _ := edtest.OpenEditor(t, uitest.CorpusPath(t, "lesson31_bcb6/Data/Model.ms3d"))
	r := e.Timeline.Ruler()
	for _, o := range r.Parts() {
		if _, ok := o.(*canvas.Rectangle); ok {
			t.Errorf("a %v rectangle among the ruler's objects", o.Size())
		}
	}
	size := r.MarksSize()
	img := r.DrawMarks(int(size.Width), int(size.Height))
	bg := color.RGBAModel.Convert(theme.Color(theme.ColorNameInputBackground))
	if got := img.At(1, 1); got != bg {
		t.Errorf("the ruler's top left pixel is %v, want the input background %v", got, bg)
	}
}
