package viewport

import (
	"math"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"github.com/go-gl/mathgl/mgl32"

	"ms3dstudio/viewport/internal/scene"
)

// Input constants.
const (
	// orbitPerUnit is the camera turn per Fyne unit of drag, in radians.
	orbitPerUnit = 0.01
	// zoomPerNotch is the distance factor of one wheel notch (±25 on X11)
	// towards the target.
	zoomPerNotch = 0.85
	wheelNotch   = 25
	// keyOrbit is the turn of one arrow key press.
	keyOrbit = 15 * math.Pi / 180
	// jointPickRadius is how near (in Fyne units) a click must be to a
	// joint's projection to pick it.
	jointPickRadius = 8
)

var (
	_ fyne.Draggable     = (*View)(nil)
	_ fyne.Scrollable    = (*View)(nil)
	_ fyne.Tappable      = (*View)(nil)
	_ fyne.Focusable     = (*View)(nil)
	_ desktop.Mouseable  = (*View)(nil)
	_ desktop.Hoverable  = (*View)(nil)
	_ desktop.Cursorable = (*View)(nil)
)

// MouseDown remembers which button starts a drag (Fyne's drag events do
// not say) and takes the keyboard focus.
func (v *View) MouseDown(ev *desktop.MouseEvent) {
	v.dragButton = ev.Button
	v.rightDown = ev.Button == desktop.MouseButtonSecondary
	v.lastMouse = ev.Position
	v.focus()
	v.gizmoDown(ev)
}

// MouseUp ends a right-button drag.
func (v *View) MouseUp(ev *desktop.MouseEvent) {
	if ev.Button == desktop.MouseButtonSecondary {
		v.rightDown = false
	}
	v.gizmoEnd()
}

// Dragged orbits with the primary button and pans with the middle one.
func (v *View) Dragged(ev *fyne.DragEvent) {
	if v.gizmoDragged(ev) {
		return
	}
	if v.dragButton == desktop.MouseButtonTertiary {
		v.cam.Pan(ev.Dragged.DX, ev.Dragged.DY, v.Size().Height)
	} else {
		// Dragging right turns the model's front to the right (the camera
		// goes left); dragging down tips its top towards the viewer.
		v.cam.Orbit(-ev.Dragged.DX*orbitPerUnit, ev.Dragged.DY*orbitPerUnit)
	}
	v.cameraMoved()
}

// DragEnd is part of fyne.Draggable.
func (v *View) DragEnd() { v.dragButton = 0; v.gizmoEnd() }

// MouseIn is part of desktop.Hoverable.
func (v *View) MouseIn(ev *desktop.MouseEvent) { v.lastMouse = ev.Position }

// MouseMoved pans while the right button is held: Fyne never turns a right
// drag into drag events, but reports the held button here.
func (v *View) MouseMoved(ev *desktop.MouseEvent) {
	if ev.Button&desktop.MouseButtonSecondary != 0 && v.rightDown {
		d := ev.Position.Subtract(v.lastMouse)
		if d.X != 0 || d.Y != 0 {
			v.cam.Pan(d.X, d.Y, v.Size().Height)
			v.cameraMoved()
		}
	}
	v.lastMouse = ev.Position
}

// MouseOut is part of desktop.Hoverable.
func (v *View) MouseOut() { v.rightDown = false }

// Cursor is part of desktop.Cursorable.
func (v *View) Cursor() desktop.Cursor { return desktop.CrosshairCursor }

// Scrolled zooms: each wheel notch up moves the camera 15 % closer.
func (v *View) Scrolled(ev *fyne.ScrollEvent) {
	if ev.Scrolled.DY == 0 {
		return
	}
	v.cam.Zoom(float32(math.Pow(zoomPerNotch, float64(ev.Scrolled.DY/wheelNotch))))
	v.cameraMoved()
}

// Tapped picks what is under the pointer and reports it through the
// function given to SetOnPick: the nearest joint within a few units when
// the skeleton is shown, otherwise the group whose surface is under the
// pointer (read back from an ID render on the render goroutine).
func (v *View) Tapped(ev *fyne.PointEvent) {
	v.focus()
	if v.onPick == nil || v.gz.consumed {
		return
	}
	if v.opts.Skeleton {
		if j := v.jointAt(ev.Position); j >= 0 {
			v.onPick(PickJoint, j)
			return
		}
	}
	sx, sy, w, h := v.pixelScale()
	if w <= 0 || h <= 0 {
		v.onPick(PickNone, -1)
		return
	}
	x, y := int(ev.Position.X*sx), int(ev.Position.Y*sy)
	v.loop.requestPick(pickRequest{x: x, y: y, reply: func(g int, err error) {
		if v.onPick == nil {
			return
		}
		if err != nil || g < 0 {
			v.onPick(PickNone, -1)
			return
		}
		v.onPick(PickGroup, g)
	}})
}

// jointAt returns the joint whose projection is nearest to pos within
// jointPickRadius, or −1.
func (v *View) jointAt(pos fyne.Position) int {
	if v.mesh == nil || v.mesh.Joints == 0 {
		return -1
	}
	s := v.Size()
	if s.Width <= 0 || s.Height <= 0 {
		return -1
	}
	f := scene.Frame{Camera: v.cam, Global: v.global}
	centre, radius := v.mesh.Sphere()
	vp := v.cam.Proj(s.Width/s.Height, centre, radius).Mul4(v.cam.View())
	best, bestD := -1, float32(jointPickRadius*jointPickRadius)
	for j := 0; j < v.mesh.Joints; j++ {
		g := f.JointGlobal(v.mesh, j)
		x, y, ok := scene.Project(mgl32.Vec3{g[12], g[13], g[14]}, vp, s.Width, s.Height)
		if !ok {
			continue
		}
		dx, dy := x-pos.X, y-pos.Y
		if d := dx*dx + dy*dy; d < bestD || (best < 0 && d == bestD) {
			best, bestD = j, d
		}
	}
	return best
}

// FocusGained shows the focus frame and hint: the arrows orbit now.
func (v *View) FocusGained() { v.setFocused(true) }

// FocusLost hides the focus frame and hint.
func (v *View) FocusLost() { v.setFocused(false) }

func (v *View) setFocused(on bool) {
	v.focused = on
	v.fm.show(on)
}

// TypedRune zooms with + (or =) and −; other characters go to the
// canvas's own handler, so that the application's single-key commands keep
// working while the viewport has the focus.
func (v *View) TypedRune(r rune) {
	switch r {
	case '+', '=':
		v.cam.Zoom(zoomPerNotch)
		v.cameraMoved()
	case '-', '_':
		v.cam.Zoom(1 / zoomPerNotch)
		v.cameraMoved()
	default:
		if c := v.canvas(); c != nil && c.OnTypedRune() != nil {
			c.OnTypedRune()(r)
		}
	}
}

// TypedKey handles the navigation keys while the viewport has the focus
// (and shows FocusHint): the arrows orbit by 15°, F frames the model, 1, 3,
// 7 and 9 show the front, right, top and back views (as on a numeric
// keypad) and Escape gives the focus back. Other keys, Space and Home/End
// among them, go to the canvas's own handler, so that playback and the
// application's single-key commands work the same with the focus here.
func (v *View) TypedKey(ev *fyne.KeyEvent) {
	switch ev.Name {
	case fyne.KeyEscape:
		if c := v.canvas(); c != nil {
			c.Unfocus()
		}
		return
	case fyne.KeyLeft:
		v.cam.Orbit(keyOrbit, 0)
	case fyne.KeyRight:
		v.cam.Orbit(-keyOrbit, 0)
	case fyne.KeyUp:
		v.cam.Orbit(0, keyOrbit)
	case fyne.KeyDown:
		v.cam.Orbit(0, -keyOrbit)
	case fyne.Key1:
		v.SetPresetView(Front)
		return
	case fyne.Key3:
		v.SetPresetView(Right)
		return
	case fyne.Key7:
		v.SetPresetView(Top)
		return
	case fyne.Key9:
		v.SetPresetView(Back)
		return
	case fyne.KeyF:
		v.FrameAll()
		return
	default:
		if c := v.canvas(); c != nil && c.OnTypedKey() != nil {
			c.OnTypedKey()(ev)
		}
		return
	}
	v.cameraMoved()
}

func (v *View) canvas() fyne.Canvas {
	return fyne.CurrentApp().Driver().CanvasForObject(v)
}

func (v *View) focus() {
	if c := v.canvas(); c != nil && c.Focused() != fyne.Focusable(v) {
		c.Focus(v)
	}
}

// OrbitKey turns the camera as the arrow key k does when the viewport has
// the focus; the app binds it to Alt+arrows, which work wherever the focus
// is. Other keys do nothing.
func (v *View) OrbitKey(k fyne.KeyName) {
	switch k {
	case fyne.KeyLeft, fyne.KeyRight, fyne.KeyUp, fyne.KeyDown:
		v.TypedKey(&fyne.KeyEvent{Name: k})
	}
}
