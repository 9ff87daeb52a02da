package vertexanim_test

import (
	"math"
	"strings"
	"testing"

	"ms3dstudio/formats/vertexanim"
	"ms3dstudio/model"
	"ms3dstudio/model/anim/animtest"
	"ms3dstudio/model/xform"
)

// twoParts is the vertex animation of two rigid parts, a cube at the
// origin turning about y and a cube at x = 4 turning about z and rising,
// over 12 frames.
func twoParts() [][][3]float32 {
	var corners [][3]float64
	for _, x := range []float64{-1, 1} {
		for _, y := range []float64{-1, 1} {
			for _, z := range []float64{-1, 1} {
				corners = append(corners, [3]float64{x, y, z})
			}
		}
	}
	frames := make([][][3]float32, 12)
	for k := range frames {
		a := xform.AxisAngle([3]float64{0, 1, 0}, 0.2*float64(k)).Mat()
		b := xform.AxisAngle([3]float64{0, 0, 1}, -0.15*float64(k)).Mat()
		for _, c := range corners {
			frames[k] = append(frames[k], xform.Vec32(a.Apply(c)))
		}
		for _, c := range corners {
			p := b.Apply(c)
			frames[k] = append(frames[k], xform.Vec32([3]float64{p[0] + 4, p[1] + 0.3*float64(k), p[2]}))
		}
	}
	return frames
}

// TestFitRigidParts fits the two cubes: two joints (or a few more) carry
// them exactly, each cube on joints of its own.
func TestFitRigidParts(t *testing.T) {
	r, err := vertexanim.Fit(twoParts(), vertexanim.FitOptions{Tolerance: 1e-5})
	if err != nil {
		t.Fatal(err)
	}
	if r.Worst > 1e-5 || len(r.Moves) > 4 {
		t.Errorf("%d joints, worst %g; want a few, exact", len(r.Moves), r.Worst)
	}
	for v := 0; v < 8; v++ {
		for w := 8; w < 16; w++ {
			if r.Joint[v] == r.Joint[w] {
				t.Fatalf("vertices %d and %d of different cubes share joint %d", v, w, r.Joint[v])
			}
		}
	}
}

// TestFitApply binds a model of the two cubes to the fitted rig: posed by
// model/anim at the key frames' times, it is the frames.
func TestFitApply(t *testing.T) {
	frames := twoParts()
	m := &model.Model{Version: 4, FPS: 12, TotalFrames: 12}
	for _, p := range frames[0] {
		m.Vertices = append(m.Vertices, model.Vertex{Position: p, Bones: [4]uint16{model.NoBone, model.NoBone, model.NoBone, model.NoBone}})
	}
	found := vertexanim.Animate(m, frames, 0, 1e-5, 0)
	if found.Code != model.CodeQuakeVertexAnimation || found.Severity != model.Info || len(m.Joints) == 0 || m.Joints[0].Name != "part01" {
		t.Fatalf("finding %v, joints %v", found, m.Joints)
	}
	p := animtest.NewPoser(m)
	for k, fr := range frames {
		pose := p.At(float32(k+1) / 12)
		for v, want := range fr {
			if d := dist3(pose[v], want); d > 1e-4 {
				t.Fatalf("frame %d, vertex %d: %v, want %v", k, v, pose[v], want)
			}
		}
	}
}

// TestFitBends fits a strip bent at x = 0.5 over 10 frames, its right
// half turning about that line, its middle column (x = 0) halfway
// between the two halves' motions, as a skin over a bending joint moves:
// two joints carry the halves and the middle column follows both, half
// and half, exactly.
func TestFitBends(t *testing.T) {
	frames := make([][][3]float32, 10)
	for k := range frames {
		a := 0.15 * float64(k)
		right := func(x, y float64) [3]float64 {
			return [3]float64{0.5 + (x-0.5)*math.Cos(a), y, (x - 0.5) * math.Sin(a)}
		}
		for i := -5; i <= 5; i++ {
			for _, y := range []float64{0, 1} {
				x := float64(i)
				var p [3]float64
				switch {
				case x > 0:
					p = right(x, y)
				case x == 0:
					r := right(x, y)
					p = [3]float64{(x + r[0]) / 2, y, r[2] / 2}
				default:
					p = [3]float64{x, y, 0}
				}
				frames[k] = append(frames[k], xform.Vec32(p))
			}
		}
	}
	r, err := vertexanim.Fit(frames, vertexanim.FitOptions{Tolerance: 1e-4, MaxJoints: 2})
	if err != nil {
		t.Fatal(err)
	}
	if r.Worst > 1e-4 || len(r.Moves) != 2 {
		t.Errorf("worst %g with %d joints", r.Worst, len(r.Moves))
	}
	// The middle column is vertices 10 and 11 (x = 0, y = 0 and 1).
	for _, v := range []int{10, 11} {
		if r.Second[v] < 0 || r.Weight[v] != 0.5 {
			t.Errorf("vertex %d follows joints %d and %d with the weight %g, want half and half", v, r.Joint[v], r.Second[v], r.Weight[v])
		}
	}
}

// TestFitRefusesTooMuch: more vertices than a fit takes on is an error.
func TestFitRefusesTooMuch(t *testing.T) {
	frames := [][][3]float32{make([][3]float32, vertexanim.MaxFitVertices+1), make([][3]float32, vertexanim.MaxFitVertices+1)}
	if _, err := vertexanim.Fit(frames, vertexanim.FitOptions{}); err == nil || !strings.Contains(err.Error(), "more than a fit takes on") {
		t.Errorf("error %v", err)
	}
	m := &model.Model{TotalFrames: 2, Vertices: make([]model.Vertex, vertexanim.MaxFitVertices+1)}
	if f := vertexanim.Animate(m, frames, 0, 0, 0); f.Severity != model.Warning || len(m.Joints) != 0 {
		t.Errorf("finding %v, %d joints", f, len(m.Joints))
	}
}

// TestFitDegenerate: vertices that all stand at one place, and a single
// vertex, fit exactly with one joint.
func TestFitDegenerate(t *testing.T) {
	for _, frames := range [][][][3]float32{
		{{{1, 2, 3}, {1, 2, 3}}, {{2, 2, 3}, {2, 2, 3}}},
		{{{0, 0, 0}}, {{0, 1, 0}}, {{5, 1, 0}}},
	} {
		r, err := vertexanim.Fit(frames, vertexanim.FitOptions{})
		if err != nil || r.Worst > 1e-6 || len(r.Moves) != 1 {
			t.Errorf("%v: %d joints, worst %g, %v", frames, len(r.Moves), r.Worst, err)
		}
	}
}

func dist3(a, b [3]float32) float64 {
	return math.Sqrt(float64((a[0]-b[0])*(a[0]-b[0]) + (a[1]-b[1])*(a[1]-b[1]) + (a[2]-b[2])*(a[2]-b[2])))
}
