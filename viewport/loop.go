package viewport

import (
	"errors"
	"image"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"ms3dstudio/viewport/internal/glr"
	"ms3dstudio/viewport/internal/scene"
)

// maxFrameSide bounds the frame size the raster may ask for.
const maxFrameSide = 8192

var errStopped = errors.New("viewport: stopped before the renderer started")

// pickRequest asks the render goroutine for the group under a pixel.
type pickRequest struct {
	x, y  int
	reply func(group int, err error) // runs on the UI goroutine
}

// loop owns the render goroutine and the triple buffer between it and the
// raster's generator.
//
// Pacing: a frame is rendered when the requested state changed (or
// playing is on), at once, even while the previous frame still waits for
// the generator: it is drawn while the toolkit paints, and waits on taken
// until the generator took the previous one, so at most one finished frame
// waits and one more is drawn ahead. Each finished frame queues at most
// one raster refresh on the UI goroutine. Drawing during the paint costs
// GL time (with software GL the two compete for the same cores), but a
// frame drawn only after the paint can never be ready for the tick that
// follows it, so every frame would wait a tick more. With nothing to do
// the goroutine sleeps on wake: idle costs no CPU.
//
// Paced playback (pace) works the other way round: there each frame is a
// pose the pacer set, drawn one ahead of the screen while the toolkit
// paints the previous frame, so the drawing overlaps the paint instead of
// following it; the finished frame waits on taken until the generator has
// taken the previous one.
//
// Triple buffer: slots[front] is what the generator last returned (Fyne
// copies it into a texture), slots[ready] the newest finished frame,
// slots[back] the one being drawn. Only the indices swap, under mu; the
// render goroutine touches only slots[back] outside the lock and the
// generator only slots[front].
type loop struct {
	be      backend
	runMain func(func()) // runs on the main thread and waits
	do      func(func()) // queues onto the UI goroutine, does not wait
	refresh func()       // refreshes the raster (UI goroutine)
	onError func(error)  // reports a renderer failure (UI goroutine)

	wake          chan struct{}
	done          chan struct{} // closed when the render goroutine let go of GL
	refreshQueued atomic.Bool

	mu sync.Mutex
	// taken is signalled (with mu) when the generator takes a fresh
	// frame or the loop stops: a paced frame drawn ahead waits for it.
	taken    *sync.Cond
	req      scene.Frame // the requested state; Width/Height from the generator
	mesh     *scene.Mesh
	meshGen  uint64
	textures []image.Image
	texGen   uint64
	dirty    bool
	dirtyAt  time.Time
	playing  bool
	// pacing is on while an animation is paced to the frames shown (see
	// pace); paceReady says its next pose is set, so a frame may be drawn.
	pacing, paceReady bool
	picks             []pickRequest
	snaps             []snapRequest // Snapshot requests (snapshot.go)
	started           bool
	created           bool
	stopping          bool
	err               error

	slots              [3]*image.RGBA
	front, ready, back int
	fresh              bool      // slots[ready] has not been taken yet
	busy               bool      // a frame is being drawn
	readyChanged       time.Time // change time the ready frame answers
	st                 statsAcc

	// The pacer's callbacks (see pace). Only the UI goroutine touches
	// them: generate and the functions queued with do run there.
	paceNext, paceShown func()

	putUpFn func() // l.putUp, made once
	// ticks starts (true) or stops (false) calling tick on each of the
	// toolkit's ticks; nil: no ticks, frames go up through do alone.
	// ticking is set and cleared on the UI goroutine, and read by the
	// render goroutine; idleTicks belongs to the UI goroutine.
	ticks     func(on bool)
	ticking   atomic.Bool
	idleTicks int
}

type statsAcc struct {
	rendered, shown int
	renderTotal     time.Duration
	latencyTotal    time.Duration
	latencyN        int
	size            image.Point
}

func newLoop(be backend, runMain, do func(func())) *loop {
	l := &loop{
		be:      be,
		runMain: runMain,
		do:      do,
		refresh: func() {},
		onError: func(error) {},
		wake:    make(chan struct{}, 1),
		done:    make(chan struct{}),
		front:   0, ready: 1, back: 2,
	}
	l.req.HeatJoint, l.req.HighlightGroup, l.req.HighlightJoint = -1, -1, -1
	l.taken = sync.NewCond(&l.mu)
	l.putUpFn = l.putUp
	return l
}

// update changes the requested state under the lock and schedules a frame.
func (l *loop) update(fn func(f *scene.Frame)) {
	l.mu.Lock()
	fn(&l.req)
	l.markDirtyLocked()
	l.mu.Unlock()
	l.poke()
}

func (l *loop) markDirtyLocked() {
	if !l.dirty {
		l.dirty, l.dirtyAt = true, time.Now()
	}
}

// setScene hands a new mesh and/or textures to the render goroutine.
func (l *loop) setScene(mesh *scene.Mesh, textures []image.Image, meshToo bool) {
	l.mu.Lock()
	if meshToo {
		l.mesh = mesh
		l.meshGen++
	}
	l.textures = textures
	l.texGen++
	l.markDirtyLocked()
	l.mu.Unlock()
	l.poke()
}

func (l *loop) setPlaying(on bool) {
	l.mu.Lock()
	l.playing = on
	l.mu.Unlock()
	l.poke()
}

// pace paces an animation to the frames shown (View.PaceFrames). While next
// is set the renderer draws one frame per call of next, one frame ahead of
// the screen: when a frame is finished, shown runs on the UI goroutine and
// the raster is refreshed with the frame, then next runs there and sets the
// following frame's pose, which the renderer draws while the toolkit
// paints this one; it is put up once the generator took this one. So the
// picture and whatever shown updates in the window change in the same
// repaint, the window is repainted once per frame (instead of at the
// toolkit's rate plus once per frame), and the drawing of a frame overlaps
// the paint of the one before. Must run on the UI goroutine.
func (l *loop) pace(next, shown func()) {
	if next == nil {
		shown = nil
	}
	l.paceNext, l.paceShown = next, shown
	l.mu.Lock()
	l.pacing = next != nil
	// The first frame is drawn with the pose already set.
	l.paceReady = l.pacing
	l.mu.Unlock()
	l.poke()
}

// paceFrame runs the pacer's next on the UI goroutine, then lets the
// renderer draw the frame it asked for.
func (l *loop) paceFrame() {
	if l.paceNext == nil {
		return
	}
	l.paceNext()
	l.mu.Lock()
	l.paceReady = l.pacing
	l.mu.Unlock()
	l.poke()
}

func (l *loop) requestPick(p pickRequest) {
	l.mu.Lock()
	if l.stopping {
		l.mu.Unlock()
		return
	}
	l.picks = append(l.picks, p)
	l.taken.Broadcast() // a frame drawn ahead may be waiting
	l.mu.Unlock()
	l.poke()
}

// poke wakes the render goroutine without blocking.
func (l *loop) poke() {
	select {
	case l.wake <- struct{}{}:
	default:
	}
}

// generate is the raster's generator. It runs on the UI goroutine with the
// toolkit's GL context current, so it makes no GL call: it records the
// wanted size, takes the newest finished frame if there is one, starts the
// render goroutine the first time, and returns the frame to show.
func (l *loop) generate(w, h int) image.Image {
	w, h = min(max(w, 0), maxFrameSide), min(max(h, 0), maxFrameSide)
	now := time.Now()
	l.mu.Lock()
	if w != l.req.Width || h != l.req.Height {
		l.req.Width, l.req.Height = w, h
		l.markDirtyLocked()
	}
	took := l.fresh
	if l.fresh {
		l.front, l.ready = l.ready, l.front
		l.fresh = false
		l.st.shown++
		if !l.readyChanged.IsZero() {
			l.st.latencyTotal += now.Sub(l.readyChanged)
			l.st.latencyN++
		}
	}
	img := l.slots[l.front]
	wanted := (l.dirty || l.playing) && !l.stopping
	pacing := l.pacing && !l.stopping
	start := !l.started && !l.stopping
	l.started = l.started || start
	l.mu.Unlock()
	if start {
		go l.run()
	}
	if took {
		// A paced frame drawn ahead may go up now.
		l.taken.Broadcast()
	}
	if wanted && !pacing {
		// A frame drawn ahead may go on with a change made meanwhile (a
		// new size): draw it during this paint. (Paced frames are asked
		// for by the refresh that puts a frame up.)
		l.poke()
	}
	if img == nil {
		return blankFrame
	}
	return img
}

// blankFrame is shown until the first frame is ready: one background pixel,
// stretched by the raster.
var blankFrame = func() *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, 1, 1))
	img.SetRGBA(0, 0, glr.Background)
	return img
}()

// run is the render goroutine.
func (l *loop) run() {
	runtime.LockOSThread()
	var err error
	l.runMain(func() {
		l.mu.Lock()
		stopping := l.stopping
		l.mu.Unlock()
		if stopping {
			err = errStopped
			return
		}
		if err = l.be.create(); err == nil {
			l.mu.Lock()
			l.created = true
			l.mu.Unlock()
		}
	})
	if err != nil {
		l.fail(err)
		return
	}
	defer close(l.done)
	if err := l.be.attach(); err != nil {
		l.be.detach()
		l.fail(err)
		return
	}
	var (
		f, waiting      scene.Frame
		meshGen, texGen uint64
		picks           []pickRequest
		snaps           []snapRequest
	)
	for range l.wake {
		for {
			l.mu.Lock()
			if l.stopping {
				l.mu.Unlock()
				l.be.detach()
				return
			}
			picks, snaps = l.takeRequestsLocked(picks, snaps)
			// A change is drawn at once, even while the previous frame
			// waits for the screen: drawn during the paint, it is ready
			// for the next tick (see the type's comment).
			wanted := l.dirty || l.playing
			if l.pacing {
				// One frame per pose the pacer set, none before it; it may
				// be drawn while the previous one waits for the screen.
				wanted = l.paceReady
			}
			draw := wanted && l.req.Width > 0 && l.req.Height > 0
			var changed time.Time
			if draw || len(picks) > 0 || len(snaps) > 0 {
				f.CopyFrom(&l.req)
			}
			if draw && l.dirty {
				changed = l.dirtyAt
				l.dirty = false
			}
			l.busy = draw
			if draw && l.pacing {
				l.paceReady = false
			}
			if !draw && len(picks) == 0 && len(snaps) == 0 {
				l.mu.Unlock()
				break
			}
			// The scene is taken only together with work that uses it.
			up := l.takeSceneLocked(&meshGen, &texGen)
			back := l.slots[l.back]
			l.mu.Unlock()
			l.upload(up)
			l.answer(&f, picks, snaps)
			if !draw {
				continue
			}
			if back == nil || back.Rect.Dx() != f.Width || back.Rect.Dy() != f.Height {
				back = image.NewRGBA(image.Rect(0, 0, f.Width, f.Height))
			}
			t0 := time.Now()
			err := l.be.render(&f, back)
			dt := time.Since(t0)
			if err != nil {
				l.mu.Lock()
				l.busy = false
				l.mu.Unlock()
				l.fail(err)
				continue
			}
			l.mu.Lock()
			// Drawn ahead: wait until the generator took the previous one,
			// answering picks and snapshots meanwhile (with no paint, as
			// when the window is hidden, the wait has no end).
			for l.fresh && !l.stopping {
				if len(l.picks) == 0 && len(l.snaps) == 0 {
					l.taken.Wait()
					continue
				}
				picks, snaps = l.takeRequestsLocked(picks, snaps)
				waiting.CopyFrom(&l.req)
				// A model set since this frame was drawn is the one the
				// requests ask about.
				up := l.takeSceneLocked(&meshGen, &texGen)
				l.mu.Unlock()
				l.upload(up)
				l.answer(&waiting, picks, snaps)
				l.mu.Lock()
			}
			l.busy = false
			l.slots[l.back] = back
			l.back, l.ready = l.ready, l.back
			l.fresh = true
			l.readyChanged = changed
			l.st.rendered++
			l.st.renderTotal += dt
			l.st.size = image.Pt(f.Width, f.Height)
			l.mu.Unlock()
			l.requestRefresh()
		}
	}
}

// sceneUpload is the mesh and textures the backend has not had yet.
type sceneUpload struct {
	mesh            *scene.Mesh
	textures        []image.Image
	newMesh, newTex bool
}

// takeSceneLocked returns what was set since generations meshGen and
// texGen, which it advances; l.mu is held.
func (l *loop) takeSceneLocked(meshGen, texGen *uint64) sceneUpload {
	u := sceneUpload{mesh: l.mesh, textures: l.textures, newMesh: l.meshGen != *meshGen, newTex: l.texGen != *texGen}
	*meshGen, *texGen = l.meshGen, l.texGen
	return u
}

// upload hands u to the backend, on the render goroutine without l.mu.
func (l *loop) upload(u sceneUpload) {
	if u.newMesh && u.mesh != nil {
		l.be.setMesh(u.mesh)
	}
	if (u.newTex || u.newMesh) && u.mesh != nil {
		l.be.setTextures(u.textures)
	}
}

// takeRequestsLocked moves the waiting picks and snapshot requests into
// picks and snaps (reusing their arrays) and returns them; l.mu is held.
func (l *loop) takeRequestsLocked(picks []pickRequest, snaps []snapRequest) ([]pickRequest, []snapRequest) {
	picks = append(picks[:0], l.picks...)
	clear(l.picks)
	l.picks = l.picks[:0]
	snaps = append(snaps[:0], l.snaps...)
	clear(l.snaps)
	l.snaps = l.snaps[:0]
	return picks, snaps
}

// answer serves picks and snapshots of the state f on the render
// goroutine, and clears both slices' elements.
func (l *loop) answer(f *scene.Frame, picks []pickRequest, snaps []snapRequest) {
	for _, p := range picks {
		g, err := l.be.pick(f, p.x, p.y)
		reply := p.reply
		l.do(func() { reply(g, err) })
	}
	clear(picks)
	for _, s := range snaps {
		l.snap(f, s)
	}
	clear(snaps)
}

// requestRefresh has a finished frame put up on the UI goroutine, unless
// that is already asked for: by the toolkit's next tick while the ticks
// run (see tick), else by a queued call of putUp.
//
// While the ticks run nothing is queued: when every paint outlasts the
// toolkit's tick, Fyne's loop, which picks at random between a pending
// tick and a queued function, runs about one queued function a frame; one
// more queued for every frame would make the queue a random walk, and
// anything else posted to the UI goroutine (input handlers' fyne.Do, a
// dialog's callback) would wait behind it.
func (l *loop) requestRefresh() {
	if l.refreshQueued.CompareAndSwap(false, true) && !l.ticking.Load() {
		l.do(l.putUpFn)
	}
}

// putUp puts the finished frame up, if requestRefresh asked for one that
// was not put up yet: it runs shown, refreshes the raster and, paced, runs
// next. It runs on the UI goroutine, and starts the ticks (see tick).
func (l *loop) putUp() {
	if !l.refreshQueued.CompareAndSwap(true, false) {
		return
	}
	if l.paceShown != nil {
		l.paceShown()
	}
	l.refresh()
	// Paced: the next frame's pose, drawn during this paint.
	l.paceFrame()
	l.idleTicks = 0
	if l.ticks != nil && !l.ticking.Load() {
		l.ticking.Store(true)
		l.ticks(true)
	}
}

// tick runs on the UI goroutine on each of the toolkit's ticks while
// frames come (ticks started by putUp, stopped after idleTickLimit ticks
// without one), just before the toolkit paints what changed. Fyne's loop
// picks at random between its tick and the functions queued for it: a
// frame finished during a paint, whose putUp was queued, would miss the
// tick that follows the paint about half the time and wait for the next
// one, which would paint nothing new. Put up from the tick, a frame
// finished during a paint is on the screen with the next one.
func (l *loop) tick() {
	if l.refreshQueued.Load() {
		l.putUp()
		return
	}
	if l.idleTicks++; l.idleTicks >= idleTickLimit && l.ticking.Load() {
		l.ticking.Store(false)
		l.ticks(false)
		// A frame finished just before the ticks stopped queued nothing
		// (requestRefresh saw them running): put it up now.
		if l.refreshQueued.Load() {
			l.putUp()
		}
	}
}

// idleTickLimit is how many ticks without a frame to put up stop the ticks
// (a second at 60 Hz): idle, nothing runs on a tick.
const idleTickLimit = 60

func (l *loop) fail(err error) {
	if errors.Is(err, errStopped) {
		return
	}
	l.mu.Lock()
	first := l.err == nil
	if first {
		l.err = err
	}
	l.mu.Unlock()
	if first {
		l.do(func() { l.onError(err) })
	}
}

// stop ends the render goroutine and destroys the hidden window. It must
// run on the main thread (the UI goroutine of the GLFW driver). It never
// waits for a goroutine that could itself be waiting for the main thread:
// the render goroutine only needs the main thread to create its window,
// and that runs on the main thread too, so either the window exists (and
// the goroutine needs nothing more from main) or creation has not run yet
// (and, seeing stopping, will not create anything).
func (l *loop) stop() {
	l.mu.Lock()
	if l.stopping {
		l.mu.Unlock()
		return
	}
	l.stopping = true
	wait := l.started && l.created
	l.taken.Broadcast()
	l.mu.Unlock()
	l.poke()
	if l.ticking.Load() {
		l.ticking.Store(false)
		l.ticks(false)
	}
	if wait {
		<-l.done
		l.be.destroy()
	}
}

// settled reports whether every requested change has been drawn and the
// newest frame taken by the generator.
func (l *loop) settled() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return !l.dirty && !l.fresh && !l.busy
}

func (l *loop) error() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.err
}
