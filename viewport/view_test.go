package viewport

import (
	"image"
	"math"
	"slices"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/driver/desktop"
	"github.com/go-gl/mathgl/mgl32"

	"ms3dstudio/viewport/internal/scene"
	"ms3dstudio/viewport/internal/testmodel"
)

// TestPacingCoalesces: while a finished frame waits to be shown no new
// frame is drawn and no second refresh is queued, however many changes
// arrive; the next frame shows the latest state; idle draws nothing.
func TestPacingCoalesces(t *testing.T) {
	be := &fakeBackend{}
	v, w, q := newTestView(t, be, nil)
	refreshes := 0
	v.loop.refresh = func() { refreshes++; v.raster.Refresh() }
	paint(w, q) // first generator call: starts the renderer
	eventually(t, "the first frame", func() bool { return v.Stats().FramesRendered == 1 })

	toggle := func() {
		o := v.Options()
		o.Wireframe = !o.Wireframe
		v.SetOptions(o)
	}
	// A change made while the first frame waits for the screen is drawn at
	// once, ahead of the screen; it waits for the first to be taken.
	toggle()
	eventually(t, "a frame drawn ahead", func() bool { return renders(be) == 2 })
	// Changes made while that one waits are drawn into one frame, once it
	// went up: none is drawn before.
	for i := 0; i < 9; i++ {
		toggle()
	}
	time.Sleep(30 * time.Millisecond)
	if n := renders(be); n != 2 {
		t.Fatalf("%d frames drawn while two waited for the screen, want 2", n)
	}
	q.drain()
	if refreshes != 1 {
		t.Fatalf("%d raster refreshes before the first frame was painted, want 1", refreshes)
	}
	for i := 1; i <= 3; i++ {
		if got := redAt(paint(w, q)); int(got) != i {
			t.Errorf("paint %d shows frame %d, want %d", i, got, i)
		}
		if i < 3 {
			eventually(t, "the next refresh", func() bool { q.drain(); return refreshes == i+1 })
		}
	}
	_, _, last := be.state()
	if last.Overlays.Wireframe != v.Options().Wireframe {
		t.Error("the last frame does not show the latest options")
	}
	// Nothing changed: nothing more is drawn, nothing queued.
	time.Sleep(50 * time.Millisecond)
	paint(w, q)
	time.Sleep(20 * time.Millisecond)
	if n := renders(be); n != 3 || q.len() != 0 || refreshes != 3 {
		t.Errorf("idle: %d frames drawn, %d refreshes, %d functions queued; want 3, 3 and 0", n, refreshes, q.len())
	}
	st := v.Stats()
	if st.FramesRendered != 3 || st.FramesShown != 3 || st.Size != [2]int{200, 150} {
		t.Errorf("stats %+v", st)
	}
	if st.MeanLatency <= 0 {
		t.Errorf("mean latency %v, want > 0", st.MeanLatency)
	}
	v.ResetStats()
	if st := v.Stats(); st.FramesShown != 0 || st.FramesRendered != 0 || st.MeanRender != 0 {
		t.Errorf("after reset: %+v", st)
	}
}

// TestPlayingRendersContinuously: with SetPlaying a new frame follows each
// shown one without any change.
func TestPlayingRendersContinuously(t *testing.T) {
	be := &fakeBackend{}
	v, w, q := newTestView(t, be, nil)
	v.SetPlaying(true)
	for i := 1; i <= 5; i++ {
		paint(w, q)
		eventually(t, "a frame", func() bool { return v.Stats().FramesRendered >= i })
	}
	v.SetPlaying(false)
	paint(w, q)
	time.Sleep(30 * time.Millisecond)
	n := renders(be)
	paint(w, q)
	time.Sleep(30 * time.Millisecond)
	if renders(be) != n {
		t.Error("frames still drawn after SetPlaying(false)")
	}
}

// TestHiDPI: the frame is rendered at the raster's pixel size, not its
// size in Fyne units.
func TestHiDPI(t *testing.T) {
	be := &fakeBackend{}
	_, w, q := newTestView(t, be, nil)
	w.Canvas().(interface{ SetScale(float32) }).SetScale(2)
	paint(w, q)
	eventually(t, "a frame", func() bool { return renders(be) >= 1 })
	_, _, last := be.state()
	if last.Width != 400 || last.Height != 300 {
		t.Errorf("frame %d×%d at scale 2 for a 200×150 widget, want 400×300", last.Width, last.Height)
	}
	q.drain()
	if b := paint(w, q).Bounds(); b.Dx() != 400 {
		t.Errorf("capture %v", b)
	}
}

func TestStopBeforeWindowCreated(t *testing.T) {
	be := &fakeBackend{}
	main := &mainQueue{fns: make(chan func())}
	v, w, q := newTestView(t, be, main.run)
	paint(w, q) // the render goroutine now waits for the main thread
	eventually(t, "the request for the main thread", func() bool { return main.pending.Load() == 1 })
	done := make(chan struct{})
	go func() { v.Stop(); close(done) }()
	select {
	case <-done:
	case <-time.After(2 * time.Second):
		t.Fatal("Stop waited for a render goroutine that waits for the main thread: deadlock")
	}
	main.serveOne(t) // the creation request runs after Stop and creates nothing
	time.Sleep(20 * time.Millisecond)
	if _, calls, _ := be.state(); len(calls) != 0 {
		t.Errorf("calls after Stop before creation: %v", calls)
	}
	if err := v.Err(); err != nil {
		t.Errorf("Err() = %v after a clean stop", err)
	}
}

func TestStopReleasesThenDestroys(t *testing.T) {
	be := &fakeBackend{renderWait: 30 * time.Millisecond}
	v, w, q := newTestView(t, be, nil)
	paint(w, q)
	eventually(t, "drawing", func() bool { _, calls, _ := be.state(); return len(calls) == 2 })
	v.Stop() // may wait for the frame being drawn, no longer
	_, calls, _ := be.state()
	if want := []string{"create", "attach", "detach", "destroy"}; !slices.Equal(calls, want) {
		t.Errorf("calls %v, want %v", calls, want)
	}
	v.Stop()
	n := renders(be)
	v.SetOptions(Options{Wireframe: true})
	q.drain()
	paint(w, q)
	time.Sleep(50 * time.Millisecond)
	if renders(be) != n {
		t.Error("rendering after Stop")
	}
}

func TestStopNeverStarted(t *testing.T) {
	be := &fakeBackend{}
	v, w, q := newTestView(t, be, nil)
	v.Stop()
	paint(w, q) // must not start the renderer
	time.Sleep(20 * time.Millisecond)
	if _, calls, _ := be.state(); len(calls) != 0 {
		t.Errorf("calls %v", calls)
	}
}

func TestRendererErrorIsShown(t *testing.T) {
	be := &fakeBackend{attachErr: errNoGL}
	v, w, q := newTestView(t, be, nil)
	paint(w, q)
	eventually(t, "the error report", func() bool { q.drain(); return v.errMsg.Visible() })
	if v.Err() != errNoGL || !v.errMsg.Visible() || v.errMsg.Text == "" {
		t.Errorf("Err %v, message %q visible %v", v.Err(), v.errMsg.Text, v.errMsg.Visible())
	}
}

// reqCamera returns the camera the next frame will use.
func reqCamera(v *View) scene.Camera {
	v.loop.mu.Lock()
	defer v.loop.mu.Unlock()
	return v.loop.req.Camera
}

func TestSetModelFramesAndUploads(t *testing.T) {
	be := &fakeBackend{}
	v, w, q := newTestView(t, be, nil)
	m := testmodel.Bar()
	tex := []image.Image{image.NewNRGBA(image.Rect(0, 0, 2, 2))}
	v.SetModel(m, tex)
	tex[0] = nil // the View copied the slice
	cam := reqCamera(v)
	if cam.Target != (mgl32.Vec3{1, 0, 0}) || !(cam.Distance > 0) {
		t.Errorf("framed camera %+v, want the target at the bar's centre", cam)
	}
	paint(w, q)
	eventually(t, "a frame", func() bool { return v.Stats().FramesRendered == 1 })
	be.mu.Lock()
	meshes, textures := be.meshes, be.textures
	be.mu.Unlock()
	if meshes != 1 || len(textures) != 1 || textures[0] == nil {
		t.Errorf("uploads: %d meshes, textures %v", meshes, textures)
	}

	// The same model again keeps the camera the user chose.
	v.Dragged(&fyne.DragEvent{Dragged: fyne.Delta{DX: 30}})
	moved := reqCamera(v)
	v.SetModel(m, nil)
	if reqCamera(v) != moved {
		t.Error("SetModel with the same model moved the camera")
	}
	// Texture updates do not re-upload the mesh.
	q.drain()
	paint(w, q)
	eventually(t, "the second frame", func() bool { return v.Stats().FramesRendered == 2 })
	v.UpdateTextures([]image.Image{tex[0]})
	q.drain()
	paint(w, q)
	eventually(t, "the third frame", func() bool { return v.Stats().FramesRendered == 3 })
	be.mu.Lock()
	meshes = be.meshes
	be.mu.Unlock()
	if meshes != 2 {
		t.Errorf("%d mesh uploads, want 2 (SetModel twice, UpdateTextures none)", meshes)
	}
	// A different model is framed anew.
	other := testmodel.Quads(testmodel.Quad{X0: 10, Y0: 10, X1: 12, Y1: 12})
	v.SetModel(other, nil)
	if c := reqCamera(v); c.Target != (mgl32.Vec3{11, 11, 0}) || c.Yaw != moved.Yaw {
		t.Errorf("new model: camera %+v", c)
	}
	v.SetModel(nil, nil) // an empty model must not break anything
}

func near32(a, b float32) bool { return math.Abs(float64(a-b)) < 1e-4 }

func TestInputOrbitPanZoom(t *testing.T) {
	be := &fakeBackend{}
	v, _, _ := newTestView(t, be, nil)
	start := reqCamera(v)

	v.MouseDown(&desktop.MouseEvent{Button: desktop.MouseButtonPrimary})
	v.Dragged(&fyne.DragEvent{Dragged: fyne.Delta{DX: 10, DY: 20}})
	v.DragEnd()
	c := reqCamera(v)
	if !near32(c.Yaw, start.Yaw-0.1) || !near32(c.Pitch, start.Pitch+0.2) || c.Target != start.Target {
		t.Errorf("left drag: %+v", c)
	}

	// Middle drag pans: the target moves against the pointer by the
	// amount that keeps a point at its depth under the pointer.
	v.cam = scene.DefaultCamera()
	v.MouseDown(&desktop.MouseEvent{Button: desktop.MouseButtonTertiary})
	v.Dragged(&fyne.DragEvent{Dragged: fyne.Delta{DX: 15}})
	v.DragEnd()
	perUnit := 2 * 10 * float32(math.Tan(scene.FovY/2)) / 150
	c = reqCamera(v)
	if !near32(c.Target[0], -15*perUnit) || c.Target[1] != 0 || c.Yaw != 0 {
		t.Errorf("middle drag: %+v", c)
	}

	// Right drag arrives as mouse moves with the button held.
	v.cam = scene.DefaultCamera()
	v.setCamera()
	pos := func(x, y float32) desktop.MouseEvent {
		return desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: fyne.NewPos(x, y)}, Button: desktop.MouseButtonSecondary}
	}
	down, move := pos(50, 50), pos(50, 40)
	v.MouseDown(&down)
	v.MouseMoved(&move)
	c = reqCamera(v)
	if !near32(c.Target[1], -10*perUnit) || c.Target[0] != 0 {
		t.Errorf("right drag up 10 (the scene follows the pointer up): %+v", c)
	}
	up := pos(50, 40)
	v.MouseUp(&up)
	hover := desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: fyne.NewPos(90, 90)}}
	v.MouseMoved(&hover)
	if reqCamera(v) != c {
		t.Error("moving without a button moved the camera")
	}

	// Wheel: one notch up (+25) is 15 % closer; two down undo two.
	v.cam = scene.DefaultCamera()
	v.Scrolled(&fyne.ScrollEvent{Scrolled: fyne.Delta{DY: 25}})
	if c := reqCamera(v); !near32(c.Distance, 8.5) {
		t.Errorf("one notch: distance %v, want 8.5", c.Distance)
	}
	v.Scrolled(&fyne.ScrollEvent{Scrolled: fyne.Delta{DY: -50}})
	if c := reqCamera(v); !near32(c.Distance, 10/0.85) {
		t.Errorf("two notches back: distance %v", c.Distance)
	}
}

func TestKeys(t *testing.T) {
	be := &fakeBackend{}
	v, w, _ := newTestView(t, be, nil)
	v.SetModel(testmodel.Bar(), nil)
	v.TypedKey(&fyne.KeyEvent{Name: fyne.Key7})
	if c := reqCamera(v); !near32(c.Pitch, math.Pi/2) {
		t.Errorf("7: pitch %v, want the top view", c.Pitch)
	}
	v.TypedKey(&fyne.KeyEvent{Name: fyne.Key1})
	v.TypedKey(&fyne.KeyEvent{Name: fyne.KeyLeft})
	if c := reqCamera(v); !near32(c.Yaw, 15*math.Pi/180) || c.Pitch != 0 {
		t.Errorf("1 then ←: %+v", c)
	}
	d := reqCamera(v).Distance
	v.TypedRune('+')
	if c := reqCamera(v); !near32(c.Distance, d*0.85) {
		t.Errorf("+: distance %v", c.Distance)
	}
	v.TypedKey(&fyne.KeyEvent{Name: fyne.Key1})
	if c := reqCamera(v); c.Yaw != 0 || !near32(c.Distance, d) {
		t.Errorf("1: %+v, want the framed front view", c)
	}

	// Keys the viewport does not use reach the canvas's handlers, as if
	// nothing had the focus.
	var keys []fyne.KeyName
	var runes []rune
	w.Canvas().SetOnTypedKey(func(ev *fyne.KeyEvent) { keys = append(keys, ev.Name) })
	w.Canvas().SetOnTypedRune(func(r rune) { runes = append(runes, r) })
	v.TypedKey(&fyne.KeyEvent{Name: fyne.KeyW})
	v.TypedRune('w')
	v.TypedKey(&fyne.KeyEvent{Name: fyne.KeyF})
	v.TypedKey(&fyne.KeyEvent{Name: fyne.KeySpace})
	v.TypedKey(&fyne.KeyEvent{Name: fyne.KeyHome})
	if !slices.Equal(keys, []fyne.KeyName{fyne.KeyW, fyne.KeySpace, fyne.KeyHome}) || !slices.Equal(runes, []rune{'w'}) {
		t.Errorf("forwarded keys %v runes %q, want W, Space, Home and w only", keys, runes)
	}
}

func TestPickGroupAndBackground(t *testing.T) {
	be := &fakeBackend{pickGroup: 2}
	v, w, q := newTestView(t, be, nil)
	type hit struct {
		kind PickKind
		i    int
	}
	var got []hit
	v.SetOnPick(func(k PickKind, i int) { got = append(got, hit{k, i}) })
	w.Canvas().(interface{ SetScale(float32) }).SetScale(2)
	paint(w, q)
	eventually(t, "a frame", func() bool { return v.Stats().FramesRendered == 1 })
	v.Tapped(&fyne.PointEvent{Position: fyne.NewPos(100, 30)})
	eventually(t, "the pick reply", func() bool { q.drain(); return len(got) == 1 })
	if got[0] != (hit{PickGroup, 2}) {
		t.Errorf("picks %v, want group 2", got)
	}
	be.mu.Lock()
	if p := be.picks[0]; p != [2]int{200, 60} {
		t.Errorf("picked pixel %v, want (200, 60) at scale 2", p)
	}
	be.mu.Unlock()
	be.mu.Lock()
	be.pickGroup = -1
	be.mu.Unlock()
	v.Tapped(&fyne.PointEvent{Position: fyne.NewPos(5, 5)})
	eventually(t, "the second reply", func() bool { q.drain(); return len(got) == 2 })
	if got[1] != (hit{PickNone, -1}) {
		t.Errorf("picks %v, want none last", got)
	}
}

// TestPickJoint: with the skeleton shown a click within a few units of a
// joint's projection picks the joint without asking the renderer.
func TestPickJoint(t *testing.T) {
	be := &fakeBackend{pickGroup: 0}
	v, _, _ := newTestView(t, be, nil)
	v.SetModel(testmodel.Bar(), nil)
	var kind PickKind
	idx := -2
	v.SetOnPick(func(k PickKind, i int) { kind, idx = k, i })
	o := v.Options()
	o.Skeleton = true
	v.SetOptions(o)
	s := v.Size()
	c, r := v.mesh.Sphere()
	vp := v.cam.Proj(s.Width/s.Height, c, r).Mul4(v.cam.View())
	x, y, _ := scene.Project(mgl32.Vec3{1, 0, 0}, vp, s.Width, s.Height)
	v.Tapped(&fyne.PointEvent{Position: fyne.NewPos(x+3, y-2)})
	if kind != PickJoint || idx != 1 {
		t.Errorf("click near the tip joint: %v %d", kind, idx)
	}
	// The pose moves the joint: the old place no longer picks it.
	skin, global := testmodel.BarBent()
	global[1] = mgl32.Translate3D(1, 1, 0)
	v.SetPose(global, skin)
	kind, idx = PickNone, -2
	v.Tapped(&fyne.PointEvent{Position: fyne.NewPos(x+3, y-2)})
	if kind == PickJoint {
		t.Errorf("picked joint %d where no joint is any more", idx)
	}
}

// TestFrameAllFitsThePose: framing uses the posed bounds.
func TestFrameAllFitsThePose(t *testing.T) {
	be := &fakeBackend{}
	v, _, _ := newTestView(t, be, nil)
	v.SetModel(testmodel.Bar(), nil)
	skin, global := testmodel.BarBent()
	v.SetPose(global, skin)
	v.FrameAll()
	c := reqCamera(v)
	if want := (mgl32.Vec3{0.575, 0.425, 0}); c.Target.Sub(want).Len() > 1e-5 {
		t.Errorf("framed target %v, want the bent bar's centre %v", c.Target, want)
	}
}

// TestResizeKeepsFramed: a model set before the widget has its final size
// is framed for the final shape; once the user moves the camera, resizing
// leaves it alone.
func TestResizeKeepsFramed(t *testing.T) {
	be := &fakeBackend{}
	v, w, _ := newTestView(t, be, nil)
	m := testmodel.Bar()
	v.SetModel(m, nil)
	w.Resize(fyne.NewSize(100, 400)) // tall: the wide bar needs more distance
	want := scene.DefaultCamera()
	mesh := scene.Build(m)
	want.Frame(mesh.Lo, mesh.Hi, 100.0/400)
	if c := reqCamera(v); !near32(c.Distance, want.Distance) {
		t.Errorf("after resize: distance %v, want %v", c.Distance, want.Distance)
	}
	v.Scrolled(&fyne.ScrollEvent{Scrolled: fyne.Delta{DY: 25}})
	zoomed := reqCamera(v)
	w.Resize(fyne.NewSize(300, 200))
	if reqCamera(v) != zoomed {
		t.Error("resizing after a zoom reframed the model")
	}
}

// TestPaceFramesOneFramePerNext: while paced, the renderer draws exactly
// one frame per pose next set and none before it, one frame ahead of the
// screen: it draws while the previous frame waits to be painted and puts it
// up only once the generator took that one; shown runs before the raster
// shows each frame and next right after, so the window changes once per
// frame.
func TestPaceFramesOneFramePerNext(t *testing.T) {
	be := &fakeBackend{}
	v, w, q := newTestView(t, be, nil)
	refreshes, nexts, shownAt := 0, 0, []int{}
	v.loop.refresh = func() { refreshes++; v.raster.Refresh() }
	next := func() {
		nexts++
		v.SetPose(nil, []mgl32.Mat4{mgl32.Translate3D(float32(nexts), 0, 0)})
	}
	shown := func() { shownAt = append(shownAt, refreshes) }
	settle := func() {
		eventually(t, "a settled view", func() bool { paint(w, q); return q.len() == 0 && v.loop.settled() })
	}
	settle()
	n0, r0 := renders(be), refreshes
	// Pacing starts with a frame of the pose already set; then next asks
	// for the first paced pose.
	v.PaceFrames(next, shown)
	eventually(t, "the first paced frame", func() bool { q.drain(); return refreshes == r0+1 })
	if nexts != 1 {
		t.Fatalf("next ran %d times after the first paced frame, want 1", nexts)
	}
	for i := 1; i <= 5; i++ {
		// Drawn ahead while the previous frame waits for the screen...
		eventually(t, "a frame drawn ahead", func() bool { return renders(be) == n0+1+i })
		_, _, last := be.state()
		if len(last.Skin) != 1 || int(last.Skin[0][12]+0.5) != i {
			t.Fatalf("frame %d drawn with %v, want the pose of next %d", i, last.Skin, i)
		}
		time.Sleep(20 * time.Millisecond)
		q.drain()
		if refreshes != r0+i {
			t.Fatalf("frame %d put up before the previous one was painted", i)
		}
		// ...and put up once the paint took the previous one.
		w.Canvas().Capture()
		if i == 3 {
			// A change before next set the following pose (a camera
			// move) gets no frame of the old pose drawn.
			time.Sleep(20 * time.Millisecond)
			n := renders(be)
			o := v.Options()
			o.Wireframe = !o.Wireframe
			v.SetOptions(o)
			time.Sleep(30 * time.Millisecond)
			if renders(be) != n {
				t.Fatal("a frame was drawn before next set its pose")
			}
		}
		eventually(t, "its refresh", func() bool { q.drain(); return refreshes == r0+1+i })
		if nexts != i+1 {
			t.Fatalf("after frame %d went up next ran %d times, want %d", i, nexts, i+1)
		}
	}
	// shown ran once per paced frame, each time before its refresh.
	if len(shownAt) != 6 {
		t.Errorf("shown ran %d times, want 6", len(shownAt))
	}
	for i, r := range shownAt {
		if r != r0+i {
			t.Errorf("shown %d ran after %d refreshes, want %d (before its own)", i, r, r0+i)
		}
	}
	// Paced playback keeps drawing without any change (a pose that stays
	// the same), and stops when pacing stops.
	v.PaceFrames(func() { nexts++ }, nil)
	for i := 0; i < 3; i++ {
		n := renders(be)
		paint(w, q)
		eventually(t, "a frame without a change", func() bool { paint(w, q); return renders(be) > n })
	}
	v.PaceFrames(nil, nil)
	settle()
	n := renders(be)
	paint(w, q)
	time.Sleep(30 * time.Millisecond)
	paint(w, q)
	if renders(be) != n {
		t.Error("frames still drawn after PaceFrames(nil, nil)")
	}
}

// TestTicksPutFramesUp: while the toolkit's ticks run (from the first
// frame put up on), a frame finished during a paint goes up on the next
// tick, before the paint, and nothing is queued on the UI goroutine for it:
// Fyne's loop picks at random between its tick and a queued function, so a
// queued put-up missed the tick after the paint about half the time, and
// one queued every frame kept other posted functions waiting. The ticks
// stop after a second of ticks without a frame; frames then go up through
// the queue again.
func TestTicksPutFramesUp(t *testing.T) {
	be := &fakeBackend{}
	v, w, q := newTestView(t, be, nil)
	var ticking []bool
	v.loop.ticks = func(on bool) { ticking = append(ticking, on) }
	refreshes, nexts := 0, 0
	v.loop.refresh = func() { refreshes++; v.raster.Refresh() }
	paint(w, q)
	eventually(t, "the first frame", func() bool { q.drain(); return refreshes == 1 })
	if len(ticking) != 1 || !ticking[0] {
		t.Fatalf("after the first frame went up the ticks went %v, want [true]", ticking)
	}
	v.PaceFrames(func() {
		nexts++
		v.SetPose(nil, []mgl32.Mat4{mgl32.Translate3D(float32(nexts), 0, 0)})
	}, nil)
	w.Canvas().Capture() // the paint takes the frame put up last
	for i := 1; i <= 4; i++ {
		eventually(t, "the next frame, waiting to go up", func() bool { return v.loop.refreshQueued.Load() })
		if n := q.len(); n != 0 {
			t.Fatalf("frame %d: %d functions queued on the UI goroutine while the ticks run, want 0", i, n)
		}
		r, n, want := refreshes, nexts, renders(be)
		v.loop.tick()
		if refreshes != r+1 || nexts != n+1 {
			t.Fatalf("frame %d: the tick made %d refreshes and ran next %d times, want 1 and 1", i, refreshes-r, nexts-n)
		}
		// The paint takes it, and lets the next one, drawn ahead, go up.
		if got := redAt(w.Canvas().Capture()); int(got) != want {
			t.Fatalf("frame %d: the paint after the tick shows frame %d, want %d", i, got, want)
		}
	}
	v.PaceFrames(nil, nil)
	eventually(t, "a settled view", func() bool {
		v.loop.tick()
		paint(w, q)
		return q.len() == 0 && v.loop.settled()
	})
	for i := 0; i < idleTickLimit; i++ {
		v.loop.tick()
	}
	if len(ticking) != 2 || ticking[1] {
		t.Fatalf("after %d ticks with nothing to put up the ticks went %v, want [true false]", idleTickLimit, ticking)
	}
	r := refreshes
	o := v.Options()
	o.Wireframe = !o.Wireframe
	v.SetOptions(o)
	eventually(t, "a change's frame, queued to go up once the ticks stopped", func() bool { return q.len() > 0 })
	q.drain()
	if refreshes != r+1 || len(ticking) != 3 || !ticking[2] {
		t.Errorf("the queued frame: %d refreshes, ticks %v; want 1 and [true false true]", refreshes-r, ticking)
	}
}

// withAWaitingFrame returns a view whose second frame, drawn ahead, waits
// for a paint that never comes.
func withAWaitingFrame(t *testing.T, be *fakeBackend) (*View, *uiQueue) {
	t.Helper()
	v, w, q := newTestView(t, be, nil)
	paint(w, q)
	eventually(t, "the first frame", func() bool { q.drain(); return renders(be) == 1 && !v.loop.refreshQueued.Load() })
	o := v.Options()
	o.Wireframe = !o.Wireframe
	v.SetOptions(o) // drawn ahead; it waits, since nothing paints
	eventually(t, "a frame drawn ahead", func() bool { return renders(be) == 2 })
	return v, q
}

// TestPicksAndSnapshotsWhileAFrameWaits: a frame drawn ahead waits for the
// paint to take the one before; with no paint (a hidden window, or a test)
// that wait has no end, and picks and snapshots asked for meanwhile are
// still answered (CI once timed out waiting for a snapshot).
func TestPicksAndSnapshotsWhileAFrameWaits(t *testing.T) {
	be := &fakeBackend{pickGroup: 1}
	v, q := withAWaitingFrame(t, be)
	time.Sleep(10 * time.Millisecond)
	picked, snapped := -1, false
	v.loop.requestPick(pickRequest{x: 1, y: 1, reply: func(g int, err error) { picked = g }})
	v.Snapshot(32, 16, 0, func(img *image.RGBA, err error) { snapped = err == nil && img.Rect.Dx() == 32 })
	eventually(t, "the pick and the snapshot", func() bool { q.drain(); return picked == 1 && snapped })
}

// TestSnapshotWhileAFrameWaitsDrawsTheNewModel: a snapshot asked for
// after SetModel, while a frame drawn ahead waits for the paint, draws the
// new model. It used to draw the model the waiting frame was drawn with
// (the new mesh was handed to the renderer only with the next frame), so
// the viewport's thumbnail of every other corpus model showed the one
// before.
func TestSnapshotWhileAFrameWaitsDrawsTheNewModel(t *testing.T) {
	be := &fakeBackend{}
	v, q := withAWaitingFrame(t, be)
	be.mu.Lock()
	before := be.meshes
	be.mu.Unlock()
	v.SetModel(testmodel.Bar(), nil)
	meshes := -1
	v.SnapshotThumbnail(32, 32, 0, func(img *image.RGBA, err error) {
		be.mu.Lock()
		meshes = be.meshes
		be.mu.Unlock()
	})
	eventually(t, "the snapshot", func() bool { q.drain(); return meshes >= 0 })
	if meshes != before+1 {
		t.Errorf("the snapshot was drawn with %d meshes handed over since the waiting frame, want 1 (the new model)", meshes-before)
	}
}

// TestRasterDrawnWithNearestTexels: the frame is drawn at the raster's
// pixel size, so the toolkit must sample it nearest (ImageScalePixels):
// Fyne's GL painter filters ImageScaleFastest linearly, four texel reads a
// pixel of the window for the same picture.
func TestRasterDrawnWithNearestTexels(t *testing.T) {
	v, _, _ := newTestView(t, &fakeBackend{}, nil)
	if v.raster.ScaleMode != canvas.ImageScalePixels {
		t.Errorf("viewport raster ScaleMode = %v, want ImageScalePixels (%v)", v.raster.ScaleMode, canvas.ImageScalePixels)
	}
}
