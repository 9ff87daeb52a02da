package viewport

import (
	"image"

	"ms3dstudio/viewport/internal/glr"
	"ms3dstudio/viewport/internal/scene"
)

// backend is the seam between the render loop and what draws: the GL
// renderer in the application, a software fake in the widget tests. The
// loop calls create and destroy on the main thread and everything else on
// its render goroutine, in this order: create, attach, then any number of
// setMesh/setTextures/render/pick, then detach, then destroy.
type backend interface {
	// create prepares what must be made on the main thread (the hidden
	// window).
	create() error
	// attach binds the context to the render goroutine (whose OS thread is
	// locked) and compiles what it needs.
	attach() error
	setMesh(m *scene.Mesh)
	setTextures(imgs []image.Image)
	// render draws f into dst, which has exactly f's size.
	render(f *scene.Frame, dst *image.RGBA) error
	// pick returns the group under pixel (x, y) of f, or −1.
	pick(f *scene.Frame, x, y int) (int, error)
	// detach frees the GPU objects and releases the context from the
	// render goroutine.
	detach()
	// destroy frees what create made, on the main thread, after detach.
	destroy()
}

// glBackend draws with the GL 3.3 renderer in a hidden GLFW window.
type glBackend struct {
	ctx *glr.Context
	r   *glr.Renderer
}

func (b *glBackend) create() error {
	ctx, err := glr.CreateContext()
	if err != nil {
		return err
	}
	b.ctx = ctx
	return nil
}

func (b *glBackend) attach() error {
	if err := b.ctx.Attach(); err != nil {
		return err
	}
	r, err := glr.New()
	if err != nil {
		return err
	}
	b.r = r
	return nil
}

func (b *glBackend) setMesh(m *scene.Mesh)          { b.r.SetMesh(m) }
func (b *glBackend) setTextures(imgs []image.Image) { b.r.SetTextures(imgs) }

func (b *glBackend) render(f *scene.Frame, dst *image.RGBA) error { return b.r.Render(f, dst) }

func (b *glBackend) pick(f *scene.Frame, x, y int) (int, error) { return b.r.Pick(f, x, y) }

func (b *glBackend) detach() {
	if b.r != nil {
		b.r.Release()
		b.r = nil
	}
	if b.ctx != nil {
		b.ctx.Detach()
	}
}

func (b *glBackend) destroy() {
	if b.ctx != nil {
		b.ctx.Destroy()
		b.ctx = nil
	}
}

// LeanToolkitWindow makes the toolkit's windows shown from now on lighter
// to paint: without the depth and stencil buffers that GLFW gives a window
// by default, which Fyne never uses but clears on every paint (with
// software GL about a tenth of its paint). Call it on the main goroutine
// after the app's first window was made (which initialises GLFW) and
// before it is shown; it returns an error, and changes nothing, when GLFW
// is not initialised.
func LeanToolkitWindow() error { return glr.LeanToolkitWindows() }

// Background is the colour behind the model in the viewport and its
// pictures (Snapshot, SnapshotThumbnail).
var Background = glr.Background
