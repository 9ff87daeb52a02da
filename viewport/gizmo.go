package viewport

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"github.com/go-gl/mathgl/mgl32"

	"ms3dstudio/model"
	"ms3dstudio/viewport/internal/scene"
)

// Mark is one vertex of the extra lines and points the application draws
// over the model with SetMarks, in world space.
type Mark = scene.Mark

// The handles of the pose gizmo (GizmoEvent.Handle).
const (
	HandleX     = scene.HandleX
	HandleY     = scene.HandleY
	HandleZ     = scene.HandleZ
	HandleView  = scene.HandleView
	HandleMoveX = scene.HandleMoveX
	HandleMoveY = scene.HandleMoveY
	HandleMoveZ = scene.HandleMoveZ
)

// Gizmo constants.
const (
	// gizmoRadiusPx is the rings' radius on the screen.
	gizmoRadiusPx = 60
	// gizmoHitPx is how near a click must be to a handle to grab it.
	gizmoHitPx = 7
	// SnapFine and SnapCoarse are the rotation steps, in degrees, while
	// Shift or Ctrl is held during a ring drag.
	SnapFine   = 5
	SnapCoarse = 15
)

// GizmoPhase tells where a gizmo drag is.
type GizmoPhase int

// The phases of a gizmo drag.
const (
	GizmoStart GizmoPhase = iota
	GizmoDrag
	GizmoEnd
)

// GizmoEvent reports a drag of a gizmo handle. Angle and Distance are the
// totals since the drag started, so an application applies them to the
// pose it had at GizmoStart.
type GizmoEvent struct {
	Phase  GizmoPhase
	Joint  int
	Handle int
	// Axis is the world axis the handle turns about or moves along, fixed
	// for the whole drag (unit length).
	Axis [3]float32
	// Angle is the rotation about Axis in radians (ring handles),
	// snapped to SnapFine or SnapCoarse degrees while Shift or Ctrl is
	// held.
	Angle float32
	// Distance is the translation along Axis in world units (arrows).
	Distance float32
}

// gizmoState is the View's pose-gizmo state (UI goroutine).
type gizmoState struct {
	on     bool
	joint  int
	move   bool
	onDrag func(GizmoEvent)
	extra  scene.Marks
	marks  scene.Marks

	mods     fyne.KeyModifier // at the last MouseDown
	consumed bool             // the last press grabbed a handle
	active   int
	ev       GizmoEvent
	start    fyne.Position
	centre   mgl32.Vec2 // projected centre at the start
	facing   bool
	toViewer mgl32.Vec3
	tangent  mgl32.Vec2 // screen pixels per radian at the grab point
	unit     mgl32.Vec2 // screen pixels per world unit along an arrow

	// Vertex selection (box or click) for binding.
	boxOn    bool
	onBox    func(verts []int, add bool)
	boxing   bool
	boxEnd   fyne.Position
	verts    []int // selected vertices, drawn as points
	scratchV []int
}

// Vertex selection constants.
const (
	// vertexPickPx is how near a click must be to a vertex to select it.
	vertexPickPx = 8
	// boxMinPx is the smallest drag that makes a box rather than a click.
	boxMinPx = 4
)

// Colours of the vertex selection.
var (
	selectedVertexMark = [4]float32{0.2, 1, 1, 1}
	boxMark            = [4]float32{0.6, 0.75, 1, 1}
)

// SetVertexSelect turns vertex selection on or off: while on, a primary
// click off the gizmo selects the vertex nearest the pointer and a drag
// selects the vertices inside its box (as posed), reported to fn with
// whether Shift was held (add to the selection). Meanwhile the primary
// button selects instead of orbiting; the middle and right buttons pan.
func (v *View) SetVertexSelect(on bool, fn func(verts []int, add bool)) {
	v.gz.boxOn, v.gz.onBox = on, fn
}

// SetSelectedVertices draws the given model vertices as points, in the
// current pose.
func (v *View) SetSelectedVertices(verts []int) {
	v.gz.verts = append(v.gz.verts[:0], verts...)
	v.gizmoChanged()
}

// posedVertex returns model vertex i as the current skin poses it.
func (v *View) posedVertex(i int) mgl32.Vec3 {
	m := v.src
	p := mgl32.Vec3(m.Vertices[i].Position)
	var inf [4]model.Influence
	n := m.Influences(i, &inf)
	if n == 0 || len(v.skin) == 0 {
		return p
	}
	var acc mgl32.Vec3
	for _, in := range inf[:n] {
		q := p
		if in.Joint < len(v.skin) {
			q = v.skin[in.Joint].Mul4x1(p.Vec4(1)).Vec3()
		}
		acc = acc.Add(q.Mul(in.Weight))
	}
	return acc
}

// verticesIn returns the model vertices whose posed positions project
// into the box a–b, or, for a box smaller than boxMinPx, the one nearest
// to a within vertexPickPx.
func (v *View) verticesIn(a, b fyne.Position) []int {
	proj, ok := v.projector()
	if !ok || v.src == nil {
		return nil
	}
	out := v.gz.scratchV[:0]
	click := abs(a.X-b.X) < boxMinPx && abs(a.Y-b.Y) < boxMinPx
	x0, x1 := min(a.X, b.X), max(a.X, b.X)
	y0, y1 := min(a.Y, b.Y), max(a.Y, b.Y)
	best, bestD := -1, float32(vertexPickPx)
	for i := range v.src.Vertices {
		s, ok := proj(v.posedVertex(i))
		if !ok {
			continue
		}
		if click {
			if d := s.Sub(mgl32.Vec2{a.X, a.Y}).Len(); d <= bestD {
				best, bestD = i, d
			}
		} else if s[0] >= x0 && s[0] <= x1 && s[1] >= y0 && s[1] <= y1 {
			out = append(out, i)
		}
	}
	if click && best >= 0 {
		out = append(out, best)
	}
	v.gz.scratchV = out
	return append([]int(nil), out...)
}

func abs(x float32) float32 {
	if x < 0 {
		return -x
	}
	return x
}

// unproject returns a world point just in front of the near plane under
// screen point p, for drawing screen-space marks.
func (v *View) unproject(p fyne.Position) mgl32.Vec3 {
	vp, s, ok := v.viewProj()
	if !ok {
		return mgl32.Vec3{}
	}
	nx, ny := 2*p.X/s.Width-1, 1-2*p.Y/s.Height
	h := vp.Inv().Mul4x1(mgl32.Vec4{nx, ny, -0.99, 1})
	return h.Vec3().Mul(1 / h[3])
}

// SetGizmo shows the pose gizmo at joint j (−1 hides it): rings about the
// joint's local X, Y and Z axes and the view axis, and with move translate
// arrows along the local axes. It follows the pose given to SetPose.
func (v *View) SetGizmo(j int, move bool) {
	v.gz.on, v.gz.joint, v.gz.move = j >= 0, j, move
	if !v.gz.on {
		v.gz.active = scene.HandleNone
	}
	v.gizmoChanged()
}

// SetOnGizmo sets the function called (on Fyne's goroutine) as a gizmo
// handle is dragged: once with GizmoStart, with GizmoDrag for each move,
// and once with GizmoEnd when the button is released.
func (v *View) SetOnGizmo(fn func(GizmoEvent)) { v.gz.onDrag = fn }

// SetMarks sets extra lines (pairs of vertices) and points drawn over the
// model: selected joints, a motion path. The slices are copied.
func (v *View) SetMarks(lines, points []Mark) {
	v.gz.extra.Lines = append(v.gz.extra.Lines[:0], lines...)
	v.gz.extra.Points = append(v.gz.extra.Points[:0], points...)
	v.gizmoChanged()
}

// Modifier returns the modifier keys held at the last mouse press in the
// view (Shift adds a picked joint to the selection).
func (v *View) Modifier() fyne.KeyModifier { return v.gz.mods }

// viewProj returns the matrix that projects world points onto the widget
// and the widget's size, ok false before it has one.
func (v *View) viewProj() (mgl32.Mat4, fyne.Size, bool) {
	s := v.Size()
	if s.Width <= 0 || s.Height <= 0 {
		return mgl32.Mat4{}, s, false
	}
	centre, radius := v.mesh.Sphere()
	return v.cam.Proj(s.Width/s.Height, centre, radius).Mul4(v.cam.View()), s, true
}

func (v *View) projector() (func(mgl32.Vec3) (mgl32.Vec2, bool), bool) {
	vp, s, ok := v.viewProj()
	if !ok {
		return nil, false
	}
	return func(p mgl32.Vec3) (mgl32.Vec2, bool) {
		x, y, ok := scene.Project(p, vp, s.Width, s.Height)
		return mgl32.Vec2{x, y}, ok
	}, true
}

// gizmo returns the gizmo at the joint in the current pose and camera.
func (v *View) gizmo() (*scene.Gizmo, bool) {
	if !v.gz.on || v.mesh == nil || v.gz.joint >= v.mesh.Joints {
		return nil, false
	}
	proj, ok := v.projector()
	if !ok {
		return nil, false
	}
	f := scene.Frame{Global: v.global}
	g := f.JointGlobal(v.mesh, v.gz.joint)
	gz := &scene.Gizmo{Centre: mgl32.Vec3{g[12], g[13], g[14]}, Move: v.gz.move}
	for k := 0; k < 3; k++ {
		a := mgl32.Vec3{g[4*k], g[4*k+1], g[4*k+2]}
		if a.Len() < 1e-9 {
			a[k] = 1
		}
		gz.Axes[k] = a.Normalize()
	}
	gz.ToViewer = v.cam.Eye().Sub(gz.Centre)
	if gz.ToViewer.Len() < 1e-9 {
		gz.ToViewer = mgl32.Vec3{0, 0, 1}
	}
	gz.ToViewer = gz.ToViewer.Normalize()
	c, ok1 := proj(gz.Centre)
	r, ok2 := proj(gz.Centre.Add(v.cam.Right()))
	px := r.Sub(c).Len()
	if !ok1 || !ok2 || !(px > 1e-6) {
		return nil, false
	}
	gz.Radius = gizmoRadiusPx / px
	return gz, true
}

// gizmoChanged publishes the marks: the extra ones and the gizmo.
func (v *View) gizmoChanged() {
	m := &v.gz.marks
	m.Lines = append(m.Lines[:0], v.gz.extra.Lines...)
	m.Points = append(m.Points[:0], v.gz.extra.Points...)
	if v.src != nil {
		for _, i := range v.gz.verts {
			if i < len(v.src.Vertices) {
				m.Points = append(m.Points, scene.Mark{Pos: v.posedVertex(i), Color: selectedVertexMark, Size: 5})
			}
		}
	}
	if v.gz.boxing {
		a, b := v.gz.start, v.gz.boxEnd
		cs := [4]mgl32.Vec3{v.unproject(a), v.unproject(fyne.NewPos(b.X, a.Y)), v.unproject(b), v.unproject(fyne.NewPos(a.X, b.Y))}
		for k := range 4 {
			m.Lines = append(m.Lines, scene.Mark{Pos: cs[k], Color: boxMark}, scene.Mark{Pos: cs[(k+1)%4], Color: boxMark})
		}
	}
	if g, ok := v.gizmo(); ok {
		active := scene.HandleNone
		if v.gz.consumed && v.gz.ev.Phase != GizmoEnd {
			active = v.gz.active
		}
		g.AppendMarks(m, active)
	}
	lines, points := m.Lines, m.Points
	v.loop.update(func(f *scene.Frame) {
		f.Marks.Lines = append(f.Marks.Lines[:0], lines...)
		f.Marks.Points = append(f.Marks.Points[:0], points...)
	})
}

// gizmoDown starts a handle drag when the primary button goes down on a
// handle; it reports whether it did.
func (v *View) gizmoDown(ev *desktop.MouseEvent) bool {
	v.gz.mods = ev.Modifier
	v.gz.consumed, v.gz.boxing = false, false
	if ev.Button != desktop.MouseButtonPrimary || (v.gz.onDrag == nil && !v.gz.boxOn) {
		return false
	}
	g, ok := v.gizmo()
	h := scene.HandleNone
	p := mgl32.Vec2{ev.Position.X, ev.Position.Y}
	if ok {
		proj, _ := v.projector()
		h = g.HitHandle(p, gizmoHitPx, proj)
	}
	if h == scene.HandleNone {
		if v.gz.boxOn && v.gz.onBox != nil {
			v.gz.consumed, v.gz.boxing, v.gz.active = true, true, scene.HandleNone
			v.gz.start, v.gz.boxEnd = ev.Position, ev.Position
			v.gz.ev.Phase = GizmoStart
			return true
		}
		return false
	}
	proj, _ := v.projector()
	st := &v.gz
	st.consumed, st.active, st.start = true, h, ev.Position
	st.centre, _ = proj(g.Centre)
	axis := g.Axis(h)
	st.toViewer = g.ToViewer
	st.facing = scene.FaceOn(axis, g.ToViewer)
	if h >= HandleMoveX {
		e, _ := proj(g.Centre.Add(axis))
		st.unit = e.Sub(st.centre)
	} else {
		// The ring point nearest to the press, and how it moves on the
		// screen per radian.
		best, bestD := g.Centre, float32(-1)
		for i := 0; i < scene.RingSegments; i++ {
			w := g.RingPoint(h, i)
			if s, ok := proj(w); ok {
				if d := s.Sub(p).Len(); bestD < 0 || d < bestD {
					best, bestD = w, d
				}
			}
		}
		const eps = 1e-3
		a, _ := proj(best)
		b, _ := proj(best.Add(axis.Cross(best.Sub(g.Centre)).Mul(eps)))
		st.tangent = b.Sub(a).Mul(1 / eps)
	}
	st.ev = GizmoEvent{Phase: GizmoStart, Joint: st.joint, Handle: h, Axis: axis}
	v.gizmoChanged()
	st.onDrag(st.ev)
	return true
}

// gizmoDragged turns or moves the grabbed handle; it reports whether a
// handle is being dragged (the camera then stays put).
func (v *View) gizmoDragged(ev *fyne.DragEvent) bool {
	st := &v.gz
	if st.boxing {
		st.boxEnd = ev.Position
		v.gizmoChanged()
		return true
	}
	if !st.consumed || st.onDrag == nil {
		return false
	}
	from := mgl32.Vec2{st.start.X, st.start.Y}
	to := mgl32.Vec2{ev.Position.X, ev.Position.Y}
	st.ev.Phase = GizmoDrag
	axis := mgl32.Vec3(st.ev.Axis)
	switch {
	case st.active >= HandleMoveX:
		st.ev.Distance = scene.AxisDrag(from, to, st.unit)
	case st.facing:
		st.ev.Angle = scene.DragAngle(st.centre, from, to, axis, st.toViewer)
	default:
		st.ev.Angle = scene.TangentAngle(from, to, st.tangent)
	}
	if st.active < HandleMoveX {
		mods := st.mods
		if d, ok := fyne.CurrentApp().Driver().(desktop.Driver); ok {
			mods |= d.CurrentKeyModifiers()
		}
		switch {
		case mods&fyne.KeyModifierControl != 0:
			st.ev.Angle = scene.Snap(st.ev.Angle, SnapCoarse)
		case mods&fyne.KeyModifierShift != 0:
			st.ev.Angle = scene.Snap(st.ev.Angle, SnapFine)
		}
	}
	st.onDrag(st.ev)
	return true
}

// gizmoEnd ends a handle drag, once.
func (v *View) gizmoEnd() {
	st := &v.gz
	if !st.consumed || st.ev.Phase == GizmoEnd {
		return
	}
	st.ev.Phase = GizmoEnd
	if st.boxing {
		st.boxing = false
		verts := v.verticesIn(st.start, st.boxEnd)
		v.gizmoChanged()
		if st.onBox != nil {
			st.onBox(verts, st.mods&fyne.KeyModifierShift != 0)
		}
		return
	}
	v.gizmoChanged()
	if st.onDrag != nil {
		st.onDrag(st.ev)
	}
}
