package viewport

import (
	"image"
	"slices"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
	"github.com/go-gl/mathgl/mgl32"

	"ms3dstudio/model"
	"ms3dstudio/viewport/internal/scene"
)

// View is the 3D viewport widget. Create it with New. All methods must be
// called on Fyne's goroutine (in callbacks or through fyne.Do); none of
// them waits for the renderer.
type View struct {
	widget.BaseWidget

	loop   *loop
	raster *canvas.Raster
	errMsg *canvas.Text

	// State owned by the UI goroutine; every change is mirrored into
	// loop.req.
	cam     scene.Camera
	opts    Options
	hlGroup int
	hlJoint int
	mesh    *scene.Mesh
	src     *model.Model
	global  []mgl32.Mat4
	skin    []mgl32.Mat4
	onPick  func(PickKind, int)
	// autoFrame keeps the model framed when the widget is resized, from
	// FrameAll (or a new model) until the user moves the camera.
	autoFrame bool

	gz gizmoState // pose gizmo and marks (gizmo.go)

	dragButton desktop.MouseButton
	rightDown  bool
	lastMouse  fyne.Position

	fm      focusMark // shown while focused (focus.go)
	focused bool
}

// New returns a viewport drawing with OpenGL 3.3 in a hidden window of its
// own. The renderer starts when the widget is first drawn.
func New() *View {
	v := newView(&glBackend{}, fyne.DoAndWait, fyne.Do)
	v.loop.ticks = ToolkitTicks(v.loop.tick)
	return v
}

// ToolkitTicks returns a function that starts or stops calling fn on each
// of the toolkit's ticks, just before it paints (where Fyne also delivers
// input): a fyne.Animation that never ends, whose Tick is fn. Call it and
// the returned function on the UI goroutine.
func ToolkitTicks(fn func()) func(on bool) {
	a := fyne.NewAnimation(time.Hour, func(float32) { fn() })
	a.RepeatCount = fyne.AnimationRepeatForever
	a.Curve = fyne.AnimationLinear
	return func(on bool) {
		if on {
			a.Start()
		} else {
			a.Stop()
		}
	}
}

func newView(be backend, runMain, do func(func())) *View {
	v := &View{
		loop:    newLoop(be, runMain, do),
		cam:     scene.DefaultCamera(),
		opts:    DefaultOptions(),
		hlGroup: -1,
		hlJoint: -1,
	}
	v.raster = canvas.NewRaster(v.loop.generate)
	// Nearest texels: the frame is made at the raster's pixel size, so
	// that is the same picture as a linear filter, at a quarter of the
	// texture reads in the toolkit's paint (Fyne's GL painter filters
	// ImageScaleFastest linearly, like Smooth).
	v.raster.ScaleMode = canvas.ImageScalePixels
	v.errMsg = canvas.NewText("", theme.Color(theme.ColorNameError))
	v.errMsg.Alignment = fyne.TextAlignCenter
	v.errMsg.Hide()
	v.fm = newFocusMark()
	v.loop.refresh = v.raster.Refresh
	v.loop.onError = v.showError
	v.loop.update(func(f *scene.Frame) {
		f.Camera = v.cam
		f.Overlays = v.opts
	})
	v.ExtendBaseWidget(v)
	return v
}

// SetModel shows m with one texture image per material, index for index
// (nil, or a short slice, for materials whose texture is missing or could
// not be decoded: they show a magenta and grey checker; materials without
// a texture path use their colours). The geometry is copied: after editing
// m, call SetModel again. The images are only read, by the render
// goroutine, and must not be modified afterwards. A different *model.Model
// than the previous one resets the pose and frames the whole model; the
// same one keeps the camera and the pose.
func (v *View) SetModel(m *model.Model, textures []image.Image) {
	if m == nil {
		m = &model.Model{}
	}
	newModel := m != v.src
	v.src = m
	v.mesh = scene.Build(m)
	v.loop.setScene(v.mesh, slices.Clone(textures), true)
	if newModel {
		v.SetPose(nil, nil)
		v.FrameAll()
	}
}

// UpdateTextures replaces the texture images (see SetModel) without
// rebuilding the geometry.
func (v *View) UpdateTextures(textures []image.Image) {
	v.loop.setScene(nil, slices.Clone(textures), false)
}

// SetPose sets the joint matrices of the current frame, both joint-indexed
// and column-major: global holds each joint's global matrix G_anim (drawn
// by the skeleton overlay and used for joint picking) and skin the
// skinning matrices G_anim·G_rest⁻¹ applied to the vertices by the
// render goroutine.
// nil (or a short slice) means the rest pose for the missing joints. The
// slices are copied; the call is cheap enough for every animation frame.
func (v *View) SetPose(global, skin []mgl32.Mat4) {
	v.global = append(v.global[:0], global...)
	v.skin = append(v.skin[:0], skin...)
	v.loop.update(func(f *scene.Frame) {
		f.Global = append(f.Global[:0], global...)
		f.Skin = append(f.Skin[:0], skin...)
	})
	if v.gz.on {
		v.gizmoChanged()
	}
}

// SetOptions changes the display toggles.
func (v *View) SetOptions(o Options) {
	v.opts = o
	v.loop.update(func(f *scene.Frame) { f.Overlays = o })
}

// Options returns the current display toggles.
func (v *View) Options() Options { return v.opts }

// HighlightGroup highlights group i (orange edges and tint); −1 clears.
func (v *View) HighlightGroup(i int) {
	v.hlGroup = max(i, -1)
	v.loop.update(func(f *scene.Frame) { f.HighlightGroup = v.hlGroup })
}

// HighlightJoint highlights joint i in the skeleton and selects it for the
// weight heat map; −1 clears.
func (v *View) HighlightJoint(i int) {
	v.hlJoint = max(i, -1)
	v.loop.update(func(f *scene.Frame) { f.HighlightJoint, f.HeatJoint = v.hlJoint, v.hlJoint })
}

// SetOnPick sets the function called (on Fyne's goroutine) after a click
// in the viewport with what it hit: a joint near the pointer when the
// skeleton is shown, else the group under the pointer, else PickNone. The
// View does not change its highlight by itself: the application decides.
func (v *View) SetOnPick(fn func(kind PickKind, index int)) { v.onPick = fn }

// SetPlaying keeps the renderer drawing a new frame as soon as the previous
// one is shown, even without a change. It measures the highest frame rate
// the view can show (frames may repeat, and count as shown); playing an
// animation does not need it, since every SetPose schedules a frame.
func (v *View) SetPlaying(on bool) { v.loop.setPlaying(on) }

// PaceFrames paces an animation to the frames the view can show: while next
// is non-nil the view draws one frame after each call of next, which runs
// on the UI goroutine as soon as the previous frame has gone to the screen
// and should set the next frame's pose (SetPose). shown runs on the UI
// goroutine just before each such frame is put on the screen: what it
// changes in the window (a time label, a play head) appears in the same
// repaint as the picture. The window is then repainted once per frame
// rather than once per playback tick and once more per frame. A nil next
// stops pacing. Must run on the UI goroutine.
func (v *View) PaceFrames(next, shown func()) { v.loop.pace(next, shown) }

// FrameAll points the camera at the model and moves it so that its whole
// bounding box in the current pose is in view, keeping the view direction.
// Until the camera is moved, resizing the widget frames the model again.
func (v *View) FrameAll() {
	v.autoFrame = true
	v.frame()
}

func (v *View) frame() {
	s := v.Size()
	if s.Width <= 0 || s.Height <= 0 {
		return
	}
	lo, hi := mgl32.Vec3{-1, -1, -1}, mgl32.Vec3{1, 1, 1}
	if v.mesh != nil {
		if plo, phi, ok := v.mesh.PosedBounds(v.skin); ok {
			lo, hi = plo, phi
		}
	}
	v.cam.Frame(lo, hi, s.Width/s.Height)
	v.setCamera()
}

// SetPresetView turns the camera to a standard direction and frames the
// model.
func (v *View) SetPresetView(p Preset) {
	v.cam.SetPreset(p)
	v.FrameAll()
	v.setCamera()
}

// Orbit turns the camera about its target by yaw and pitch radians, as a
// left drag does.
func (v *View) Orbit(dYaw, dPitch float32) {
	v.cam.Orbit(dYaw, dPitch)
	v.cameraMoved()
}

// Camera returns the camera's target, yaw, pitch (radians) and distance.
func (v *View) Camera() (target [3]float32, yaw, pitch, distance float32) {
	return v.cam.Target, v.cam.Yaw, v.cam.Pitch, v.cam.Distance
}

// cameraMoved publishes a camera the user moved: the model is no longer
// kept framed.
func (v *View) cameraMoved() {
	v.autoFrame = false
	v.setCamera()
}

func (v *View) setCamera() {
	c := v.cam
	v.loop.update(func(f *scene.Frame) { f.Camera = c })
	if v.gz.on {
		v.gizmoChanged()
	}
}

// Stats returns the renderer's counters (see Stats).
func (v *View) Stats() Stats {
	l := v.loop
	l.mu.Lock()
	defer l.mu.Unlock()
	s := Stats{FramesRendered: l.st.rendered, FramesShown: l.st.shown, Size: [2]int{l.st.size.X, l.st.size.Y}}
	if l.st.rendered > 0 {
		s.MeanRender = l.st.renderTotal / time.Duration(l.st.rendered)
	}
	if l.st.latencyN > 0 {
		s.MeanLatency = l.st.latencyTotal / time.Duration(l.st.latencyN)
	}
	return s
}

// ResetStats zeroes the counters, e.g. after a benchmark's warm-up.
func (v *View) ResetStats() {
	l := v.loop
	l.mu.Lock()
	l.st = statsAcc{size: l.st.size}
	l.mu.Unlock()
}

// Err returns the error that stopped the renderer (no GL 3.3, a failed
// shader, …), or nil. The View also shows it in place of the picture.
func (v *View) Err() error { return v.loop.error() }

// Stop ends the render goroutine and destroys the hidden window. Call it on
// Fyne's goroutine before the application's window closes, typically from
// Window.SetCloseIntercept, then close the window. It returns quickly (it
// waits at most for the frame being drawn) and never deadlocks with the
// render goroutine. The View shows its last frame afterwards and cannot be
// restarted.
func (v *View) Stop() { v.loop.stop() }

func (v *View) showError(err error) {
	v.errMsg.Text = "3D view unavailable: " + err.Error()
	v.errMsg.Show()
	v.errMsg.Refresh()
}

// Resize sizes the widget and, while the model is kept framed (see
// FrameAll), frames it for the new shape.
func (v *View) Resize(s fyne.Size) {
	v.BaseWidget.Resize(s)
	if v.autoFrame {
		v.frame()
	}
}

// MinSize is small: the viewport takes what the layout gives it.
func (v *View) MinSize() fyne.Size { return fyne.NewSize(64, 64) }

// CreateRenderer is part of fyne.Widget.
func (v *View) CreateRenderer() fyne.WidgetRenderer {
	return &viewRenderer{v: v, objects: append([]fyne.CanvasObject{v.raster, v.errMsg}, v.fm.objects()...)}
}

type viewRenderer struct {
	v       *View
	objects []fyne.CanvasObject
}

func (r *viewRenderer) Layout(s fyne.Size) {
	r.v.raster.Move(fyne.NewPos(0, 0))
	r.v.raster.Resize(s)
	r.v.errMsg.Move(fyne.NewPos(0, 0))
	r.v.errMsg.Resize(s)
	r.v.fm.layout(s)
}

func (r *viewRenderer) MinSize() fyne.Size           { return r.v.MinSize() }
func (r *viewRenderer) Refresh()                     { r.v.raster.Refresh(); r.v.errMsg.Refresh() }
func (r *viewRenderer) Objects() []fyne.CanvasObject { return r.objects }
func (r *viewRenderer) Destroy()                     {}

// pixelScale returns raster pixels per Fyne unit, from the last size the
// raster asked for.
func (v *View) pixelScale() (sx, sy float32, w, h int) {
	v.loop.mu.Lock()
	w, h = v.loop.req.Width, v.loop.req.Height
	v.loop.mu.Unlock()
	s := v.Size()
	if s.Width <= 0 || s.Height <= 0 || w <= 0 || h <= 0 {
		return 1, 1, w, h
	}
	return float32(w) / s.Width, float32(h) / s.Height, w, h
}
