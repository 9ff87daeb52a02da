package scene

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
)

// Mark is one vertex of the extra lines and points the application draws
// over the model (the pose gizmo, selected joints, a motion path), in world
// space.
type Mark struct {
	Pos   [3]float32
	Color [4]float32
	// Size is a point's diameter in pixels (unused for lines).
	Size float32
}

// Marks are drawn after the skeleton, without depth test: Lines as pairs
// of vertices, Points as round points.
type Marks struct {
	Lines  []Mark
	Points []Mark
}

// copyFrom makes m a deep copy of src, reusing m's slices.
func (m *Marks) copyFrom(src *Marks) {
	m.Lines = append(m.Lines[:0], src.Lines...)
	m.Points = append(m.Points[:0], src.Points...)
}

// The gizmo's handles, in the order HitHandle tests them.
const (
	HandleNone = -1
	// HandleX, HandleY and HandleZ are the rings about the joint's local
	// axes; HandleView the ring about the view axis.
	HandleX    = 0
	HandleY    = 1
	HandleZ    = 2
	HandleView = 3
	// HandleMoveX … HandleMoveZ are the translate arrows along the local
	// axes.
	HandleMoveX = 4
	HandleMoveY = 5
	HandleMoveZ = 6
)

// RingSegments is the number of segments of a drawn ring.
const RingSegments = 64

// Gizmo is the rotation (and translation) gizmo at a joint in world space.
type Gizmo struct {
	Centre mgl32.Vec3
	// Axes are the joint's local X, Y and Z axes in world space, unit
	// length.
	Axes [3]mgl32.Vec3
	// Radius is the rings' radius in world units; the view ring is 1.2
	// times larger.
	Radius float32
	// ToViewer is the unit direction from the centre to the eye.
	ToViewer mgl32.Vec3
	// Move adds the translate arrows.
	Move bool
}

// Axis returns the world axis handle h turns about or moves along.
func (g *Gizmo) Axis(h int) mgl32.Vec3 {
	switch {
	case h >= HandleX && h <= HandleZ:
		return g.Axes[h]
	case h == HandleView:
		return g.ToViewer
	case h >= HandleMoveX && h <= HandleMoveZ:
		return g.Axes[h-HandleMoveX]
	}
	return mgl32.Vec3{}
}

// ring returns point i of the ring about axis a with radius r.
func ring(c, a mgl32.Vec3, r float32, i int) mgl32.Vec3 {
	u := a.Cross(mgl32.Vec3{1, 0, 0})
	if u.Len() < 0.3 {
		u = a.Cross(mgl32.Vec3{0, 1, 0})
	}
	u = u.Normalize()
	v := a.Cross(u)
	s, co := math.Sincos(2 * math.Pi * float64(i) / RingSegments)
	return c.Add(u.Mul(r * float32(co))).Add(v.Mul(r * float32(s)))
}

// RingPoint returns point i (0 … RingSegments) of handle h's ring.
func (g *Gizmo) RingPoint(h, i int) mgl32.Vec3 {
	r := g.Radius
	if h == HandleView {
		r *= 1.2
	}
	return ring(g.Centre, g.Axis(h), r, i)
}

// ArrowEnd returns the tip of translate arrow h.
func (g *Gizmo) ArrowEnd(h int) mgl32.Vec3 {
	return g.Centre.Add(g.Axis(h).Mul(g.Radius * 1.6))
}

// GizmoColors are the handles' colours: red, green and blue for X, Y and
// Z, light grey for the view ring; the arrows use the axes' colours.
var GizmoColors = [4][4]float32{{0.95, 0.3, 0.3, 1}, {0.35, 0.9, 0.35, 1}, {0.35, 0.55, 1, 1}, {0.85, 0.85, 0.85, 1}}

// GizmoActive is the colour of the handle being dragged.
var GizmoActive = [4]float32{1, 0.85, 0.2, 1}

// AppendMarks adds the gizmo's rings (and arrows) as lines to m, the handle
// active in GizmoActive. Ring segments on the far half of a local ring are
// dimmed, so the front of each ring reads as the part to grab.
func (g *Gizmo) AppendMarks(m *Marks, active int) {
	for h := HandleX; h <= HandleView; h++ {
		c := GizmoColors[h]
		if h == active {
			c = GizmoActive
		}
		prev := g.RingPoint(h, 0)
		for i := 1; i <= RingSegments; i++ {
			p := g.RingPoint(h, i)
			cc := c
			if h != HandleView && p.Add(prev).Mul(0.5).Sub(g.Centre).Dot(g.ToViewer) < -1e-6*g.Radius {
				cc[3] = 0.35
			}
			m.Lines = append(m.Lines, Mark{Pos: prev, Color: cc}, Mark{Pos: p, Color: cc})
			prev = p
		}
	}
	if g.Move {
		for h := HandleMoveX; h <= HandleMoveZ; h++ {
			c := GizmoColors[h-HandleMoveX]
			if h == active {
				c = GizmoActive
			}
			end := g.ArrowEnd(h)
			m.Lines = append(m.Lines, Mark{Pos: g.Centre, Color: c}, Mark{Pos: end, Color: c})
			m.Points = append(m.Points, Mark{Pos: end, Color: c, Size: 9})
		}
	}
}

// segDist returns the distance from p to the segment ab (2D).
func segDist(p, a, b mgl32.Vec2) float32 {
	ab := b.Sub(a)
	t := float32(0)
	if l := ab.Dot(ab); l > 0 {
		t = min(max(p.Sub(a).Dot(ab)/l, 0), 1)
	}
	return p.Sub(a.Add(ab.Mul(t))).Len()
}

// HitHandle returns the handle of g nearest to the screen point p within
// tol pixels, or HandleNone. project maps world points to the screen (ok
// false behind the eye). Arrows win over rings, a local ring's front half
// over its back half and over the view ring, a ring seen open over one
// seen edge-on.
func (g *Gizmo) HitHandle(p mgl32.Vec2, tol float32, project func(mgl32.Vec3) (mgl32.Vec2, bool)) int {
	best, bestD := HandleNone, tol
	try := func(h int, d float32) {
		if d <= bestD {
			best, bestD = h, d
		}
	}
	if g.Move {
		c, okc := project(g.Centre)
		for h := HandleMoveX; h <= HandleMoveZ; h++ {
			if e, ok := project(g.ArrowEnd(h)); ok && okc {
				// Only the outer part of the arrow, past the rings.
				mid := c.Add(e.Sub(c).Mul(0.7))
				try(h, segDist(p, mid, e)*0.5)
			}
		}
	}
	for _, h := range []int{HandleView, HandleX, HandleY, HandleZ} {
		// A ring seen edge-on is a line through the centre that crosses
		// the other rings: it loses ties.
		edge := float32(0)
		if h != HandleView && !FaceOn(g.Axis(h), g.ToViewer) {
			edge = tol / 3
		}
		a, oka := project(g.RingPoint(h, 0))
		wa := g.RingPoint(h, 0)
		for i := 1; i <= RingSegments; i++ {
			wb := g.RingPoint(h, i)
			b, okb := project(wb)
			if oka && okb {
				d := segDist(p, a, b) + edge
				if h != HandleView && wa.Add(wb).Mul(0.5).Sub(g.Centre).Dot(g.ToViewer) < 0 {
					d += tol / 3 // the back half loses ties
				}
				try(h, d)
			}
			a, oka, wa = b, okb, wb
		}
	}
	return best
}

// FaceOn reports whether a ring about axis is seen open enough for
// DragAngle; rings seen nearly edge-on use TangentAngle.
func FaceOn(axis, toViewer mgl32.Vec3) bool { return math.Abs(float64(axis.Dot(toViewer))) > 0.2 }

// DragAngle returns the rotation in radians about axis that a drag from
// screen point from to screen point to makes around the projected centre c.
// Screen y grows downwards: a drag that goes anticlockwise on the screen
// turns a ring whose axis points at the viewer (axis·toViewer > 0)
// anticlockwise, a positive (right-handed) rotation about its axis; a ring
// whose axis points away turns the other way.
func DragAngle(c, from, to mgl32.Vec2, axis, toViewer mgl32.Vec3) float32 {
	a, b := from.Sub(c), to.Sub(c)
	if a.Len() < 1 || b.Len() < 1 {
		return 0
	}
	a0 := math.Atan2(float64(-a[1]), float64(a[0]))
	a1 := math.Atan2(float64(-b[1]), float64(b[0]))
	d := math.Remainder(a1-a0, 2*math.Pi)
	if axis.Dot(toViewer) < 0 {
		d = -d
	}
	return float32(d)
}

// TangentAngle returns the rotation in radians that a drag from screen
// point from to to makes along a ring whose grab point moves tangent
// pixels on the screen per radian of rotation (the projection of
// axis × (grab − centre)): the drag's component along it.
func TangentAngle(from, to, tangent mgl32.Vec2) float32 {
	l2 := tangent.Dot(tangent)
	if l2 < 1e-6 {
		return 0
	}
	return to.Sub(from).Dot(tangent) / l2
}

// Snap rounds angle (radians) to a multiple of step degrees; step ≤ 0
// returns it unchanged.
func Snap(angle float32, stepDeg float32) float32 {
	if stepDeg <= 0 {
		return angle
	}
	s := float64(stepDeg) * math.Pi / 180
	return float32(math.Round(float64(angle)/s) * s)
}

// AxisDrag returns how far along the world axis a drag from screen point
// from to to moves, in world units, for an axis whose screen direction from
// the projected centre c to the projected point one unit along the axis is
// unit (pixels per world unit along it: its length).
func AxisDrag(from, to, unit mgl32.Vec2) float32 {
	l2 := unit.Dot(unit)
	if l2 < 1e-6 {
		return 0
	}
	return to.Sub(from).Dot(unit) / l2
}
