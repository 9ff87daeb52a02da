package viewport

import (
	"errors"
	"image"
	"image/color"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"ms3dstudio/viewport/internal/gltest"
	"ms3dstudio/viewport/internal/scene"
)

func TestMain(m *testing.M) { gltest.Main(m) }

// fakeBackend stands in for the GL renderer in widget tests: it records
// what the loop asks of it and fills each frame with a colour whose red
// channel counts the frames.
type fakeBackend struct {
	mu         sync.Mutex
	calls      []string
	renders    int
	last       scene.Frame
	meshes     int
	textures   []image.Image
	pickGroup  int
	picks      [][2]int
	attachErr  error
	renderWait time.Duration
}

func (b *fakeBackend) log(s string) {
	b.mu.Lock()
	b.calls = append(b.calls, s)
	b.mu.Unlock()
}

func (b *fakeBackend) create() error { b.log("create"); return nil }
func (b *fakeBackend) attach() error { b.log("attach"); return b.attachErr }
func (b *fakeBackend) detach()       { b.log("detach") }
func (b *fakeBackend) destroy()      { b.log("destroy") }

func (b *fakeBackend) setMesh(*scene.Mesh) {
	b.mu.Lock()
	b.meshes++
	b.mu.Unlock()
}

func (b *fakeBackend) setTextures(imgs []image.Image) {
	b.mu.Lock()
	b.textures = imgs
	b.mu.Unlock()
}

func (b *fakeBackend) render(f *scene.Frame, dst *image.RGBA) error {
	time.Sleep(b.renderWait)
	b.mu.Lock()
	b.renders++
	n := b.renders
	b.last.CopyFrom(f)
	b.mu.Unlock()
	c := color.RGBA{R: uint8(n), G: 100, B: 200, A: 255}
	for i := 0; i < len(dst.Pix); i += 4 {
		dst.Pix[i], dst.Pix[i+1], dst.Pix[i+2], dst.Pix[i+3] = c.R, c.G, c.B, c.A
	}
	return nil
}

func (b *fakeBackend) pick(f *scene.Frame, x, y int) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.picks = append(b.picks, [2]int{x, y})
	return b.pickGroup, nil
}

func (b *fakeBackend) state() (renders int, calls []string, last scene.Frame) {
	b.mu.Lock()
	defer b.mu.Unlock()
	last.CopyFrom(&b.last)
	return b.renders, append([]string(nil), b.calls...), last
}

// uiQueue plays Fyne's goroutine: the loop posts to it and the test runs
// the posted functions when it chooses.
type uiQueue struct {
	mu  sync.Mutex
	fns []func()
}

func (q *uiQueue) post(f func()) {
	q.mu.Lock()
	q.fns = append(q.fns, f)
	q.mu.Unlock()
}

func (q *uiQueue) len() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	return len(q.fns)
}

func (q *uiQueue) drain() int {
	q.mu.Lock()
	fns := q.fns
	q.fns = nil
	q.mu.Unlock()
	for _, f := range fns {
		f()
	}
	return len(fns)
}

// mainQueue plays the main thread for window creation when a test needs
// to control when it runs; by default creation runs directly.
type mainQueue struct {
	fns     chan func()
	pending atomic.Int32
}

func (m *mainQueue) run(f func()) {
	m.pending.Add(1)
	done := make(chan struct{})
	m.fns <- func() { f(); close(done) }
	<-done
}

func (m *mainQueue) serveOne(t *testing.T) {
	t.Helper()
	select {
	case f := <-m.fns:
		f()
	case <-time.After(5 * time.Second):
		t.Fatal("nothing asked for the main thread")
	}
}

func newTestView(t *testing.T, be *fakeBackend, runMain func(func())) (*View, fyne.Window, *uiQueue) {
	t.Helper()
	newTestApp(t)
	q := &uiQueue{}
	if runMain == nil {
		runMain = func(f func()) { f() }
	}
	v := newView(be, runMain, q.post)
	w := newTestWindow(t, v)
	t.Cleanup(v.Stop)
	return v, w, q
}

func newTestApp(t *testing.T) { test.NewTempApp(t) }

// newTestWindow shows v alone in a 200×150 test window without padding.
func newTestWindow(t *testing.T, v *View) fyne.Window {
	w := test.NewTempWindow(t, v)
	w.SetPadded(false)
	w.Resize(fyne.NewSize(200, 150))
	return w
}

// paint plays one paint of the toolkit: the raster takes the newest frame,
// then the UI queue runs what was posted meanwhile (as Fyne's loop does
// between paints).
func paint(w fyne.Window, q *uiQueue) image.Image {
	img := w.Canvas().Capture()
	q.drain()
	return img
}

func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(time.Millisecond)
	}
}

func renders(be *fakeBackend) int { n, _, _ := be.state(); return n }

func redAt(img image.Image) uint8 {
	r, _, _, _ := img.At(img.Bounds().Dx()/2, img.Bounds().Dy()/2).RGBA()
	return uint8(r >> 8)
}

var errNoGL = errors.New("no GL here")
