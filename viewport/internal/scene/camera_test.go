package scene

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

func project(c Camera, p mgl32.Vec3, w, h float32) (float32, float32) {
	proj := c.Proj(w/h, mgl32.Vec3{}, 2)
	x, y, ok := Project(p, proj.Mul4(c.View()), w, h)
	if !ok {
		return float32(math.NaN()), float32(math.NaN())
	}
	return x, y
}

// TestFrontView defines the default view: +X right, +Y up, eye on +Z.
func TestFrontView(t *testing.T) {
	c := DefaultCamera()
	if eye := c.Eye(); !nearVec(eye, mgl32.Vec3{0, 0, 10}, 1e-5) {
		t.Errorf("eye %v, want (0, 0, 10)", eye)
	}
	cx, cy := project(c, mgl32.Vec3{}, 200, 100)
	rx, ry := project(c, mgl32.Vec3{1, 0, 0}, 200, 100)
	ux, uy := project(c, mgl32.Vec3{0, 1, 0}, 200, 100)
	if !near(cx, 100, 1e-3) || !near(cy, 50, 1e-3) {
		t.Errorf("origin at (%v, %v), want the centre", cx, cy)
	}
	if !(rx > cx) || !near(ry, cy, 1e-3) {
		t.Errorf("+X at (%v, %v): want right of the centre", rx, ry)
	}
	if !(uy < cy) || !near(ux, cx, 1e-3) {
		t.Errorf("+Y at (%v, %v): want above the centre", ux, uy)
	}
	// The view matrix agrees with Eye, Right and Up.
	inv := c.View().Inv()
	if got := inv.Col(3).Vec3(); !nearVec(got, c.Eye(), 1e-4) {
		t.Errorf("view⁻¹ origin %v, eye %v", got, c.Eye())
	}
}

func TestPresets(t *testing.T) {
	for _, c := range []struct {
		p     Preset
		eye   mgl32.Vec3
		right mgl32.Vec3
		up    mgl32.Vec3
	}{
		{Front, mgl32.Vec3{0, 0, 1}, mgl32.Vec3{1, 0, 0}, mgl32.Vec3{0, 1, 0}},
		{Back, mgl32.Vec3{0, 0, -1}, mgl32.Vec3{-1, 0, 0}, mgl32.Vec3{0, 1, 0}},
		{Right, mgl32.Vec3{1, 0, 0}, mgl32.Vec3{0, 0, -1}, mgl32.Vec3{0, 1, 0}},
		{Left, mgl32.Vec3{-1, 0, 0}, mgl32.Vec3{0, 0, 1}, mgl32.Vec3{0, 1, 0}},
		{Top, mgl32.Vec3{0, 1, 0}, mgl32.Vec3{1, 0, 0}, mgl32.Vec3{0, 0, -1}},
		{Bottom, mgl32.Vec3{0, -1, 0}, mgl32.Vec3{1, 0, 0}, mgl32.Vec3{0, 0, 1}},
	} {
		cam := Camera{Distance: 1}
		cam.SetPreset(c.p)
		inv := cam.View().Inv()
		if !nearVec(cam.Eye(), c.eye, 1e-5) || !nearVec(cam.Right(), c.right, 1e-5) || !nearVec(cam.Up(), c.up, 1e-5) {
			t.Errorf("preset %d: eye %v right %v up %v", c.p, cam.Eye(), cam.Right(), cam.Up())
		}
		// Right and Up are the screen axes of the view matrix.
		if !nearVec(inv.Col(0).Vec3(), c.right, 1e-5) || !nearVec(inv.Col(1).Vec3(), c.up, 1e-5) {
			t.Errorf("preset %d: view axes %v %v", c.p, inv.Col(0).Vec3(), inv.Col(1).Vec3())
		}
	}
}

func TestOrbitClampsPitchAndWrapsYaw(t *testing.T) {
	c := DefaultCamera()
	c.Orbit(0, 10)
	if c.Pitch != math.Pi/2 {
		t.Errorf("pitch %v, want π/2", c.Pitch)
	}
	c.Orbit(7*math.Pi, -20)
	if c.Pitch != -math.Pi/2 || math.Abs(float64(c.Yaw)) > math.Pi+1e-6 {
		t.Errorf("pitch %v yaw %v", c.Pitch, c.Yaw)
	}
}

// TestPanFollowsPointer: after Pan(dx, dy, h) a point at the target's depth
// has moved by exactly (dx, dy) on a viewport of height h.
func TestPanFollowsPointer(t *testing.T) {
	const w, h = 300, 200
	for _, c := range []Camera{DefaultCamera(), {Distance: 4, Yaw: 0.7, Pitch: -0.4, Target: mgl32.Vec3{1, 2, 3}}} {
		before := c
		c.Pan(30, -12, h)
		proj := before.Proj(float32(w)/h, mgl32.Vec3{}, 100)
		x0, y0, _ := Project(before.Target, proj.Mul4(before.View()), w, h)
		x1, y1, _ := Project(before.Target, proj.Mul4(c.View()), w, h)
		if !near(x1-x0, 30, 0.01) || !near(y1-y0, -12, 0.01) {
			t.Errorf("target moved by (%v, %v), want (30, −12)", x1-x0, y1-y0)
		}
	}
	c := DefaultCamera()
	c.Pan(5, 5, 0)
	if c.Target != (mgl32.Vec3{}) {
		t.Error("pan on a zero-height view moved the camera")
	}
}

func TestZoomLimits(t *testing.T) {
	c := DefaultCamera()
	c.Zoom(0.5)
	if c.Distance != 5 {
		t.Errorf("distance %v", c.Distance)
	}
	for _, bad := range []float32{0, -1, float32(math.NaN()), float32(math.Inf(1))} {
		c.Zoom(bad)
		if c.Distance != 5 {
			t.Errorf("zoom %v changed the distance to %v", bad, c.Distance)
		}
	}
	c.Zoom(1e-20)
	if c.Distance != minDistance {
		t.Errorf("distance %v, want the minimum", c.Distance)
	}
}

// TestFrameFitsBox: after Frame every corner of the box projects inside
// the viewport, for wide and tall viewports, and the box fills a good part
// of it.
func TestFrameFitsBox(t *testing.T) {
	lo, hi := mgl32.Vec3{-12.7, -16.6, -2}, mgl32.Vec3{12.7, 9.8, 3.1}
	for _, size := range [][2]float32{{800, 600}, {300, 900}, {1280, 200}} {
		for _, p := range []Preset{Front, Right, Top} {
			c := DefaultCamera()
			c.SetPreset(p)
			c.Frame(lo, hi, size[0]/size[1])
			centre, radius := lo.Add(hi).Mul(0.5), hi.Sub(lo).Len()/2
			vp := c.Proj(size[0]/size[1], centre, radius).Mul4(c.View())
			var minX, minY, maxX, maxY float32 = 1e9, 1e9, -1e9, -1e9
			for i := 0; i < 8; i++ {
				q := lo
				for k := 0; k < 3; k++ {
					if i&(1<<k) != 0 {
						q[k] = hi[k]
					}
				}
				x, y, ok := Project(q, vp, size[0], size[1])
				if !ok || x < 0 || y < 0 || x > size[0] || y > size[1] {
					t.Errorf("size %v preset %d: corner %v at (%v, %v) outside", size, p, q, x, y)
				}
				minX, minY, maxX, maxY = min(minX, x), min(minY, y), max(maxX, x), max(maxY, y)
			}
			if (maxX-minX) < 0.3*size[0] && (maxY-minY) < 0.3*size[1] {
				t.Errorf("size %v preset %d: box spans only %v×%v", size, p, maxX-minX, maxY-minY)
			}
		}
	}
}

func TestProjectBehindCamera(t *testing.T) {
	c := DefaultCamera()
	vp := c.Proj(1, mgl32.Vec3{}, 1).Mul4(c.View())
	if _, _, ok := Project(mgl32.Vec3{0, 0, 20}, vp, 100, 100); ok {
		t.Error("a point behind the eye projected")
	}
}
