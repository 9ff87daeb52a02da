package scene

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
)

// FovY is the vertical field of view of the perspective camera, in radians.
const FovY = 45 * math.Pi / 180

// Camera is an orbit camera: it looks at Target from Distance away, turned
// by Yaw about +Y and tilted by Pitch. Yaw = Pitch = 0 is the front view:
// the eye on the +Z side of the target looking towards −Z, with +X to the
// right of the screen and +Y up. Yaw = π/2 looks from +X (right view),
// Pitch = π/2 looks down from +Y (top view, −Z up on screen).
type Camera struct {
	Target   mgl32.Vec3
	Yaw      float32
	Pitch    float32
	Distance float32
}

// Limits of the camera state.
const (
	maxPitch    = math.Pi / 2
	minDistance = 1e-4
	maxDistance = 1e7
)

// DefaultCamera is the camera used before any model is framed.
func DefaultCamera() Camera {
	return Camera{Distance: 10}
}

// View returns the world-to-camera matrix T(0,0,−d)·Rx(pitch)·Ry(−yaw)·T(−target).
// Building it from angles instead of a look-at keeps the top and bottom
// views well defined.
func (c Camera) View() mgl32.Mat4 {
	t := c.Target
	return mgl32.Translate3D(0, 0, -c.Distance).
		Mul4(mgl32.HomogRotate3DX(c.Pitch)).
		Mul4(mgl32.HomogRotate3DY(-c.Yaw)).
		Mul4(mgl32.Translate3D(-t[0], -t[1], -t[2]))
}

// Eye returns the camera position in world space.
func (c Camera) Eye() mgl32.Vec3 {
	sy, cy := sincos(c.Yaw)
	sp, cp := sincos(c.Pitch)
	return c.Target.Add(mgl32.Vec3{cp * sy, sp, cp * cy}.Mul(c.Distance))
}

// Right and Up return the world-space directions of the screen's +X and +Y.
func (c Camera) Right() mgl32.Vec3 {
	sy, cy := sincos(c.Yaw)
	return mgl32.Vec3{cy, 0, -sy}
}

// Up returns the world-space direction of the screen's +Y (see Right).
func (c Camera) Up() mgl32.Vec3 {
	sy, cy := sincos(c.Yaw)
	sp, cp := sincos(c.Pitch)
	return mgl32.Vec3{-sp * sy, cp, -sp * cy}
}

// Proj returns the perspective projection for a viewport with the given
// aspect ratio (width/height), with near and far planes chosen around the
// sphere (centre, radius) that holds the scene.
func (c Camera) Proj(aspect float32, centre mgl32.Vec3, radius float32) mgl32.Mat4 {
	if !(aspect > 0) || math.IsInf(float64(aspect), 0) {
		aspect = 1
	}
	radius = max(radius, 1e-3)
	dc := c.Eye().Sub(centre).Len()
	far := dc + 4*radius
	near := max(dc-4*radius, far/5000)
	return mgl32.Perspective(FovY, aspect, near, far)
}

// Orbit turns the camera by yaw and pitch radians; pitch stays within
// ±90° so the view never flips over the pole.
func (c *Camera) Orbit(dYaw, dPitch float32) {
	c.Yaw = wrapAngle(c.Yaw + dYaw)
	c.Pitch = min(max(c.Pitch+dPitch, -maxPitch), maxPitch)
}

// Pan moves the target in the screen plane by (dx, dy) in the units of
// viewHeight (screen y grows downwards), so that a point at the target's
// depth follows the pointer exactly.
func (c *Camera) Pan(dx, dy, viewHeight float32) {
	if !(viewHeight > 0) {
		return
	}
	perUnit := 2 * c.Distance * float32(math.Tan(FovY/2)) / viewHeight
	move := c.Right().Mul(-dx * perUnit).Add(c.Up().Mul(dy * perUnit))
	c.Target = c.Target.Add(move)
}

// Zoom multiplies the distance by factor (below 1 moves closer), within
// fixed limits.
func (c *Camera) Zoom(factor float32) {
	if !(factor > 0) || math.IsInf(float64(factor), 0) {
		return
	}
	c.Distance = min(max(c.Distance*factor, minDistance), maxDistance)
}

// Frame points the camera at the centre of the box (lo, hi) and moves it
// back just far enough that all eight corners fit a viewport of the given
// aspect ratio, with a small margin. The direction (yaw, pitch) is kept, so
// framing from the top fits the box's top outline, not its bounding sphere.
func (c *Camera) Frame(lo, hi mgl32.Vec3, aspect float32) {
	if !(aspect > 0) || math.IsInf(float64(aspect), 0) {
		aspect = 1
	}
	c.Target = lo.Add(hi).Mul(0.5)
	const margin = 1.08
	tanV := float32(math.Tan(FovY/2)) / margin
	tanH := tanV * aspect
	rot := mgl32.HomogRotate3DX(c.Pitch).Mul4(mgl32.HomogRotate3DY(-c.Yaw))
	d := float32(0)
	for i := 0; i < 8; i++ {
		q := lo
		for k := 0; k < 3; k++ {
			if i&(1<<k) != 0 {
				q[k] = hi[k]
			}
		}
		p := rot.Mul4x1(q.Sub(c.Target).Vec4(0))
		d = max(d, p[2]+abs32(p[0])/tanH, p[2]+abs32(p[1])/tanV)
	}
	if !(d > 0) || math.IsInf(float64(d), 0) {
		d = 1
	}
	c.Distance = min(max(d, minDistance), maxDistance)
}

func abs32(x float32) float32 {
	if x < 0 {
		return -x
	}
	return x
}

// Preset is a named view direction.
type Preset int

// The preset view directions.
const (
	Front Preset = iota
	Back
	Left
	Right
	Top
	Bottom
)

// SetPreset turns the camera to look along a preset direction (target and
// distance unchanged).
func (c *Camera) SetPreset(p Preset) {
	c.Pitch = 0
	switch p {
	case Back:
		c.Yaw = math.Pi
	case Left:
		c.Yaw = -math.Pi / 2
	case Right:
		c.Yaw = math.Pi / 2
	case Top:
		c.Yaw, c.Pitch = 0, maxPitch
	case Bottom:
		c.Yaw, c.Pitch = 0, -maxPitch
	default:
		c.Yaw = 0
	}
}

func sincos(a float32) (s, c float32) {
	s64, c64 := math.Sincos(float64(a))
	return float32(s64), float32(c64)
}

func wrapAngle(a float32) float32 {
	w := math.Remainder(float64(a), 2*math.Pi)
	return float32(w)
}

// Project maps a world point to viewport coordinates (x right, y down, in
// the same units as width and height) through proj·view; ok is false for
// points behind the camera.
func Project(p mgl32.Vec3, viewProj mgl32.Mat4, width, height float32) (x, y float32, ok bool) {
	h := viewProj.Mul4x1(p.Vec4(1))
	if !(h[3] > 1e-6) {
		return 0, 0, false
	}
	nx, ny := h[0]/h[3], h[1]/h[3]
	return (nx + 1) / 2 * width, (1 - ny) / 2 * height, true
}
