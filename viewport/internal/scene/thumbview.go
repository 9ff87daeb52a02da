package scene

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
)

// The thumbnail view: the camera and display a model's thumbnail is drawn
// with, by the software renderer (viewport/thumbnail, ms3dtool thumbnail)
// and by the viewport (View.SnapshotThumbnail), so that both draw the same
// picture.
//
// The camera looks from a three-quarter view above the front right
// (ThumbnailYaw, ThumbnailPitch). A flat model, one whose bounding box is
// thin along an axis, would show little from there, and nothing when seen
// edge-on, so it is looked at more squarely: from high above when it lies
// flat, from nearly in front of its face when it stands (the side its
// triangles face). Every plane is then seen at 60° or more from its edge.
// The camera is then moved so that the posed vertices themselves, not
// their bounding box, fill the picture to a small margin.
const (
	// ThumbnailYaw and ThumbnailPitch are the view direction of a model
	// that is not flat: 35° to the right of the front, 30° above.
	ThumbnailYaw   = 35 * math.Pi / 180
	ThumbnailPitch = 30 * math.Pi / 180
	// flatPitch looks at a model lying flat (thin along Y) from high up.
	flatPitch = 60 * math.Pi / 180
	// standingPitch and standingTurn look at a model standing flat (thin
	// along X or Z) from a little above and aside of its face: its normal
	// is then 28° from the view direction.
	standingPitch = 20 * math.Pi / 180
	standingTurn  = 20 * math.Pi / 180
	// flatRatio: a model is flat along its thinnest axis when that extent
	// is below flatRatio times the middle one.
	flatRatio = 0.25
	// thumbnailMargin leaves a little space around the model.
	thumbnailMargin = 1.04
)

// ThumbnailOverlays are the display toggles of a thumbnail: the surfaces
// lit on both sides as the viewport starts, without grid, axes or any
// other overlay.
var ThumbnailOverlays = Overlays{TwoSided: true}

// ThumbnailFrame returns the frame of a w×h thumbnail of mesh posed by skin
// (the bind pose when empty), with the camera turned by turn radians about
// the vertical from the thumbnail's direction (0 for the thumbnail itself):
// the thumbnail camera (ThumbnailCamera), overlays (ThumbnailOverlays), no
// highlight and no marks. The frame keeps skin, not a copy.
func (mesh *Mesh) ThumbnailFrame(skin []mgl32.Mat4, w, h int, turn float32) Frame {
	f := Frame{Width: w, Height: h, HeatJoint: -1, HighlightGroup: -1, HighlightJoint: -1, Skin: skin}
	f.ShowAsThumbnail()
	f.Camera = mesh.ThumbnailCamera(skin, f.Aspect(), turn)
	return f
}

// ShowAsThumbnail sets f's display to a thumbnail's, keeping its size,
// camera and pose: ThumbnailOverlays, no highlight, no marks.
func (f *Frame) ShowAsThumbnail() {
	f.Overlays = ThumbnailOverlays
	f.HeatJoint, f.HighlightGroup, f.HighlightJoint = -1, -1, -1
	f.Marks = Marks{}
}

// ThumbnailCamera returns the camera of a thumbnail of mesh posed by skin
// for a picture of the given aspect ratio, turned by turn radians about the
// vertical: the direction ThumbnailDirection chooses, framed on the posed
// vertices (FramePoints).
func (mesh *Mesh) ThumbnailCamera(skin []mgl32.Mat4, aspect, turn float32) Camera {
	lo, hi, ok := mesh.PosedBounds(skin)
	if !ok {
		lo, hi = mgl32.Vec3{-1, -1, -1}, mgl32.Vec3{1, 1, 1}
	}
	c := Camera{}
	c.Yaw, c.Pitch = mesh.ThumbnailDirection(lo, hi)
	c.Orbit(turn, 0)
	if !c.FramePoints(mesh, skin, aspect) {
		c.Frame(lo, hi, aspect)
	}
	return c
}

// ThumbnailDirection returns the yaw and pitch of the thumbnail camera for
// a model whose posed bounding box is (lo, hi): the three-quarter view, or
// for a flat model the more square view described above.
func (mesh *Mesh) ThumbnailDirection(lo, hi mgl32.Vec3) (yaw, pitch float32) {
	e := hi.Sub(lo)
	thin := 0
	for k := 1; k < 3; k++ {
		if e[k] < e[thin] {
			thin = k
		}
	}
	mid := max(min(e[0], e[1]), min(max(e[0], e[1]), e[2]))
	if !(e[thin] < flatRatio*mid) {
		return ThumbnailYaw, ThumbnailPitch
	}
	facing := mesh.facing(thin)
	switch thin {
	case 1:
		return ThumbnailYaw, flatPitch
	case 2:
		if facing < 0 { // its face looks towards −Z: look from behind
			return math.Pi - standingTurn, standingPitch
		}
		return standingTurn, standingPitch
	}
	if facing < 0 {
		return -(math.Pi/2 - standingTurn), standingPitch
	}
	return math.Pi/2 - standingTurn, standingPitch
}

// facing returns the sum over the drawn triangles of their bind-pose area
// vectors' component k (counter-clockwise fronts): positive when the
// model's surfaces mostly face +k.
func (mesh *Mesh) facing(k int) float64 {
	var sum float64
	a, b := (k+1)%3, (k+2)%3
	for i := 0; i+2 < len(mesh.Vertices); i += 3 {
		p, q, r := mesh.Vertices[i].Pos, mesh.Vertices[i+1].Pos, mesh.Vertices[i+2].Pos
		u := [3]float64{float64(q[0] - p[0]), float64(q[1] - p[1]), float64(q[2] - p[2])}
		v := [3]float64{float64(r[0] - p[0]), float64(r[1] - p[1]), float64(r[2] - p[2])}
		sum += u[a]*v[b] - u[b]*v[a]
	}
	return sum
}

// FramePoints points the camera, keeping its direction, so that every
// drawn vertex of mesh posed by skin is in view in a picture of the given
// aspect ratio, as close as it fits with a small margin: the vertices'
// extreme directions are centred and the nearest distance taken at which
// they fit both across and up. It reports false, changing nothing, when
// there is nothing to fit (no vertex, or all in one point).
func (c *Camera) FramePoints(mesh *Mesh, skin []mgl32.Mat4, aspect float32) bool {
	if !(aspect > 0) || math.IsInf(float64(aspect), 0) {
		aspect = 1
	}
	lo, hi, ok := mesh.PosedBounds(skin)
	if !ok {
		return false
	}
	centre := lo.Add(hi).Mul(0.5)
	rot := mgl32.HomogRotate3DX(c.Pitch).Mul4(mgl32.HomogRotate3DY(-c.Yaw))
	tanV := math.Tan(FovY/2) / thumbnailMargin
	tanH := tanV * float64(aspect)
	// For each point q in camera-aligned axes (x right, y up, z towards
	// the eye) seen from the eye at (ox, oy, d): it fits across when
	// |q.x − ox| ≤ tanH·(d − q.z), that is when d is at least
	// max(q.z + q.x/tanH) − ox/tanH and max(q.z − q.x/tanH) + ox/tanH;
	// the smallest such d is the mean of the two maxima, with ox half
	// their difference (times tanH). Likewise up.
	inf := math.Inf(-1)
	right, left, top, bottom, near := inf, inf, inf, inf, inf
	pts := make([][3]float64, len(mesh.Points))
	for i := range mesh.Points {
		p := mgl32.Vec3(mesh.posedPoint(i, skin))
		q := rot.Mul4x1(p.Sub(centre).Vec4(0))
		x, y, z := float64(q[0]), float64(q[1]), float64(q[2])
		pts[i] = [3]float64{x, y, z}
		right, left = max(right, z+x/tanH), max(left, z-x/tanH)
		top, bottom = max(top, z+y/tanV), max(bottom, z-y/tanV)
		near = max(near, z)
	}
	dx, dy := (right+left)/2, (top+bottom)/2
	d := max(dx, dy)
	size := float64(hi.Sub(lo).Len())
	if !(size > 0) || math.IsInf(size, 0) || math.IsInf(d, 0) || math.IsNaN(d) {
		return false
	}
	// Never with the eye on a vertex.
	d = max(d, near+1e-3*size)
	ox, oy := (right-left)/2*tanH, (top-bottom)/2*tanV
	// Along the direction with room to spare, the offset that centres the
	// extremes at d rather than at that direction's own nearest distance.
	if dx < d {
		ox = centring(pts, 0, d)
	}
	if dy < d {
		oy = centring(pts, 1, d)
	}
	shift := rot.Transpose().Mul4x1(mgl32.Vec4{float32(ox), float32(oy), 0, 0}).Vec3()
	c.Target = centre.Add(shift)
	c.Distance = min(max(float32(d), minDistance), maxDistance)
	return true
}

// centring returns the offset o along axis k (0 across, 1 up) that makes
// the points' extreme directions seen from (o, d) along the view axis
// symmetric: the largest (q_k − o)/(d − q_z) equals the largest
// (o − q_k)/(d − q_z). The first grows and the second shrinks with o, so
// it is found by halving the interval between the points' extremes.
func centring(pts [][3]float64, k int, d float64) float64 {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, p := range pts {
		lo, hi = min(lo, p[k]), max(hi, p[k])
	}
	for range 40 {
		o := (lo + hi) / 2
		a, b := math.Inf(-1), math.Inf(-1)
		for _, p := range pts {
			depth := d - p[2]
			a, b = max(a, (p[k]-o)/depth), max(b, (o-p[k])/depth)
		}
		if a > b {
			lo = o
		} else {
			hi = o
		}
	}
	return (lo + hi) / 2
}
