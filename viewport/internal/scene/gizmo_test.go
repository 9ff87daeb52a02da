package scene

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

// flat projects by dropping z: world (x, y) → screen (100+10x, 100−10y).
func flat(p mgl32.Vec3) (mgl32.Vec2, bool) { return mgl32.Vec2{100 + 10*p[0], 100 - 10*p[1]}, true }

func frontGizmo(move bool) *Gizmo {
	return &Gizmo{Axes: [3]mgl32.Vec3{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}, Radius: 5, ToViewer: mgl32.Vec3{0, 0, 1}, Move: move}
}

func TestHitHandle(t *testing.T) {
	g := frontGizmo(true)
	tests := []struct {
		name string
		p    mgl32.Vec2
		want int
	}{
		// Seen from +Z, the Z ring is a circle of 50 px, the view ring
		// 60 px; the X ring is the vertical line x = 100, the Y ring the
		// horizontal line y = 100.
		{"Z ring right", mgl32.Vec2{150, 100.5}, HandleZ},
		{"Z ring diagonal", mgl32.Vec2{100 + 35.4, 100 - 35.4}, HandleZ},
		{"view ring", mgl32.Vec2{100, 40}, HandleView},
		{"X ring", mgl32.Vec2{100.5, 120}, HandleX},
		{"Y ring", mgl32.Vec2{80, 100.5}, HandleY},
		{"move X arrow tip", mgl32.Vec2{180, 100}, HandleMoveX},
		{"nothing", mgl32.Vec2{180, 180}, HandleNone},
		{"outside", mgl32.Vec2{400, 400}, HandleNone},
	}
	for _, tt := range tests {
		if got := g.HitHandle(tt.p, 6, flat); got != tt.want {
			t.Errorf("%s: HitHandle(%v) = %d, want %d", tt.name, tt.p, got, tt.want)
		}
	}
	if got := frontGizmo(false).HitHandle(mgl32.Vec2{180, 100}, 6, flat); got != HandleNone {
		t.Errorf("arrow hit without Move: %d", got)
	}
}

func TestDragAngle(t *testing.T) {
	c := mgl32.Vec2{100, 100}
	toViewer := mgl32.Vec3{0, 0, 1}
	deg := func(r float32) float64 { return float64(r) * 180 / math.Pi }
	tests := []struct {
		name     string
		from, to mgl32.Vec2
		axis     mgl32.Vec3
		want     float64
	}{
		// From the right to the top of the screen is anticlockwise: +90°
		// about an axis pointing at the viewer.
		{"quarter anticlockwise", mgl32.Vec2{150, 100}, mgl32.Vec2{100, 50}, mgl32.Vec3{0, 0, 1}, 90},
		{"quarter clockwise", mgl32.Vec2{150, 100}, mgl32.Vec2{100, 150}, mgl32.Vec3{0, 0, 1}, -90},
		{"axis away", mgl32.Vec2{150, 100}, mgl32.Vec2{100, 50}, mgl32.Vec3{0, 0, -1}, -90},
		{"30°", mgl32.Vec2{150, 100}, mgl32.Vec2{100 + 50*float32(math.Cos(math.Pi/6)), 100 - 50*float32(math.Sin(math.Pi/6))}, mgl32.Vec3{0, 0, 1}, 30},
		// Across the ±180° seam the short way round is taken.
		{"across the seam", mgl32.Vec2{50, 99}, mgl32.Vec2{50, 101}, mgl32.Vec3{0, 0, 1}, 2.29},
		{"at the centre", mgl32.Vec2{100, 100}, mgl32.Vec2{150, 100}, mgl32.Vec3{0, 0, 1}, 0},
	}
	for _, tt := range tests {
		got := deg(DragAngle(c, tt.from, tt.to, tt.axis, toViewer))
		if math.Abs(got-tt.want) > 0.05 {
			t.Errorf("%s: %.3f°, want %.3f°", tt.name, got, tt.want)
		}
	}
	// A right-handed turn by the returned angle takes the grab direction
	// to the drop direction (in world space, with y up).
	from, to := mgl32.Vec2{150, 100}, mgl32.Vec2{120, 60}
	a := DragAngle(c, from, to, mgl32.Vec3{0, 0, 1}, toViewer)
	w := mgl32.Rotate3DZ(a).Mul3x1(mgl32.Vec3{1, 0, 0})
	want := mgl32.Vec3{20, 40, 0}.Normalize()
	if w.Sub(want).Len() > 1e-4 {
		t.Errorf("rotated grab direction %v, want %v", w, want)
	}
}

func TestTangentAngleAndSnap(t *testing.T) {
	if got := TangentAngle(mgl32.Vec2{0, 0}, mgl32.Vec2{0, -25}, mgl32.Vec2{0, -50}); math.Abs(float64(got)-0.5) > 1e-6 {
		t.Errorf("TangentAngle = %g, want 0.5", got)
	}
	if got := TangentAngle(mgl32.Vec2{}, mgl32.Vec2{3, 4}, mgl32.Vec2{}); got != 0 {
		t.Errorf("degenerate tangent: %g", got)
	}
	r := func(d float64) float32 { return float32(d * math.Pi / 180) }
	for _, tt := range []struct{ in, step, want float64 }{{31, 5, 30}, {33, 5, 35}, {-7, 15, 0}, {-8, 15, -15}, {31.4, 0, 31.4}} {
		if got := Snap(r(tt.in), float32(tt.step)); math.Abs(float64(got-r(tt.want))) > 1e-6 {
			t.Errorf("Snap(%g°, %g) = %g°, want %g°", tt.in, tt.step, float64(got)*180/math.Pi, tt.want)
		}
	}
	if got := AxisDrag(mgl32.Vec2{0, 0}, mgl32.Vec2{20, 5}, mgl32.Vec2{10, 0}); got != 2 {
		t.Errorf("AxisDrag = %g, want 2", got)
	}
	if FaceOn(mgl32.Vec3{1, 0, 0}, mgl32.Vec3{0, 0, 1}) || !FaceOn(mgl32.Vec3{0, 0, -1}, mgl32.Vec3{0, 0, 1}) {
		t.Error("FaceOn")
	}
}

func TestGizmoMarks(t *testing.T) {
	var m Marks
	frontGizmo(true).AppendMarks(&m, HandleY)
	if n := len(m.Lines); n != 2*(4*RingSegments+3) {
		t.Errorf("%d line vertices", n)
	}
	if len(m.Points) != 3 {
		t.Errorf("%d points", len(m.Points))
	}
	if c := m.Lines[2*RingSegments].Color; [3]float32(c[:3]) != [3]float32(GizmoActive[:3]) {
		t.Error("the active ring is not highlighted")
	}
}

// TestHitHandleEdgeOnLosesTies: where the edge-on X ring (a vertical line
// through the centre) crosses the face-on Z ring, the Z ring is grabbed.
func TestHitHandleEdgeOnLosesTies(t *testing.T) {
	g := frontGizmo(false)
	if got := g.HitHandle(mgl32.Vec2{100, 150}, 6, flat); got != HandleZ {
		t.Errorf("HitHandle at the bottom of the Z ring = %d, want %d", got, HandleZ)
	}
}
