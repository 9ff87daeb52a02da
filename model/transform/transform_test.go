package transform_test

import (
	"errors"
	"math"
	"reflect"
	"testing"

	"ms3dstudio/model"
	"ms3dstudio/model/transform"
	"ms3dstudio/model/xform"
)

func near(a, b [3]float64) bool {
	for k := range 3 {
		if math.Abs(a[k]-b[k]) > 1e-9 {
			return false
		}
	}
	return true
}

// TestMaps checks where each kind of transform takes points.
func TestMaps(t *testing.T) {
	zUp, _ := transform.ParseUp("z")
	yToZ, _ := transform.ParseUp("y:z")
	flip, _ := transform.ParseUp("y:-y")
	cm, _ := transform.ParseUnits("m:cm")
	inch, _ := transform.ParseUnits("inch:cm")
	for _, tc := range []struct {
		name   string
		t      transform.Transform
		in     [3]float64
		want   [3]float64
		mirror bool
	}{
		{"scale", transform.Scale(2), [3]float64{1, 2, 3}, [3]float64{2, 4, 6}, false},
		{"rotate Z 90°", transform.Rotate([3]float64{0, 0, 90}), [3]float64{1, 0, 0}, [3]float64{0, 1, 0}, false},
		{"rotate X then Y", transform.Rotate([3]float64{90, 90, 0}), [3]float64{0, 1, 0}, [3]float64{1, 0, 0}, false},
		{"mirror x", transform.Mirror(0), [3]float64{1, 2, 3}, [3]float64{-1, 2, 3}, true},
		{"Z up to Y up", zUp, [3]float64{1, 2, 3}, [3]float64{1, 3, -2}, false},
		{"Y up to Z up", yToZ, [3]float64{1, 2, 3}, [3]float64{1, -3, 2}, false},
		{"upside down", flip, [3]float64{1, 2, 3}, [3]float64{-1, -2, 3}, false}, // a half turn about Z
		{"m to cm", cm, [3]float64{1, 0, 0}, [3]float64{100, 0, 0}, false},
		{"inch to cm", inch, [3]float64{1, 0, 0}, [3]float64{2.54, 0, 0}, false},
		{"then", transform.Scale(2).Then(transform.Translate([3]float64{1, 0, 0})), [3]float64{1, 1, 1}, [3]float64{3, 2, 2}, false},
	} {
		if got := tc.t.Apply(tc.in); !near(got, tc.want) || tc.t.Mirrors() != tc.mirror {
			t.Errorf("%s: %v → %v (mirrors %v), want %v (%v)", tc.name, tc.in, got, tc.t.Mirrors(), tc.want, tc.mirror)
		}
		if _, _, ok := tc.t.Similarity(); !ok {
			t.Errorf("%s is not a similarity", tc.name)
		}
	}
	if _, _, ok := transform.ScaleXYZ([3]float64{1, 2, 1}).Similarity(); ok {
		t.Error("a non-uniform scale passes as a similarity")
	}
	for _, bad := range []string{"w", "z:q", "xy"} {
		if _, err := transform.ParseUp(bad); err == nil {
			t.Errorf("ParseUp(%q) accepted", bad)
		}
	}
	for _, bad := range []string{"m", "m:furlong", ":cm"} {
		if _, err := transform.ParseUnits(bad); err == nil {
			t.Errorf("ParseUnits(%q) accepted", bad)
		}
	}
	if _, err := transform.ParseVec("1,2"); err == nil {
		t.Error("ParseVec(1,2) accepted")
	}
}

// triangleModel is one triangle bound to a joint with keys (animated) or
// without.
func triangleModel(keys bool) *model.Model {
	m := &model.Model{Version: 4, FPS: 24}
	for _, p := range [][3]float32{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}} {
		m.Vertices = append(m.Vertices, model.Vertex{Position: p, Bones: [4]uint16{0, model.NoBone, model.NoBone, model.NoBone}})
	}
	m.Triangles = []model.Triangle{{Vertices: [3]uint32{0, 1, 2}, Normals: [3][3]float32{{0, 0, 1}, {0, 0, 1}, {0, 0, 1}}, S: [3]float32{0, 1, 0}}}
	m.Groups = []model.Group{{Name: "g", Triangles: []uint32{0}, Material: -1}}
	j := model.Joint{Name: "root", Position: [3]float32{0, 1, 0}, Rotation: [3]float32{0.1, 0, 0}}
	if keys {
		j.RotationKeys = []model.Key{{Time: 1, Value: [3]float32{0, 0.5, 0}}}
	}
	m.Joints = []model.Joint{j, {Name: "child", Parent: "root", Position: [3]float32{0, 2, 0}}}
	return m
}

// TestMirrorKeepsFrontFaces flips the winding with a mirror so that the
// face normal of the triangle's corners still points the way its normals
// do.
func TestMirrorKeepsFrontFaces(t *testing.T) {
	m := triangleModel(true)
	if _, err := transform.Apply(m, transform.Mirror(2)); err != nil {
		t.Fatal(err)
	}
	tr := m.Triangles[0]
	p := func(i int) [3]float64 { return xform.Vec64(m.Vertices[tr.Vertices[i]].Position) }
	a, b, c := p(0), p(1), p(2)
	u, v := [3]float64{b[0] - a[0], b[1] - a[1], b[2] - a[2]}, [3]float64{c[0] - a[0], c[1] - a[1], c[2] - a[2]}
	face := [3]float64{u[1]*v[2] - u[2]*v[1], u[2]*v[0] - u[0]*v[2], u[0]*v[1] - u[1]*v[0]}
	n := tr.Normals[0]
	if dot := face[0]*float64(n[0]) + face[1]*float64(n[1]) + face[2]*float64(n[2]); dot <= 0 || n != [3]float32{0, 0, -1} {
		t.Errorf("face normal %v, stored normal %v: the triangle faces away", face, n)
	}
	if tr.S != [3]float32{0, 0, 1} {
		t.Errorf("texture coordinates %v: corners 1 and 2 did not swap with their vertices", tr.S)
	}
}

// TestNonUniformScale refuses to stretch an animated model, and stretches
// a model without keys, its joints' origins moving with the mesh.
func TestNonUniformScale(t *testing.T) {
	stretch := transform.ScaleXYZ([3]float64{1, 2, 1})
	m := triangleModel(true)
	before := *m
	_, err := transform.Apply(m, stretch)
	var nr *transform.NotRigidError
	if !errors.As(err, &nr) || nr.Keys != 1 || nr.Scale != [3]float64{1, 2, 1} || !reflect.DeepEqual(*m, before) {
		t.Fatalf("animated: %v, model changed %v", err, !reflect.DeepEqual(*m, before))
	}
	m = triangleModel(false)
	if _, err := transform.Apply(m, stretch); err != nil {
		t.Fatal(err)
	}
	if m.Vertices[2].Position != [3]float32{0, 2, 0} {
		t.Errorf("vertex at %v", m.Vertices[2].Position)
	}
	// The child's origin was at (0, 1, 0) + Rx(0.1)·(0, 2, 0); it moves to
	// twice its height.
	h := m.ResolveHierarchy()
	root := xform.JointLocal(m.Joints[0].Position, m.Joints[0].Rotation)
	child := root.Mul(xform.JointLocal(m.Joints[1].Position, m.Joints[1].Rotation))
	want := [3]float64{0, 2 * (1 + 2*math.Cos(0.1)), 2 * math.Sin(0.1)}
	if len(h.Findings) > 0 || !nearTol(child.T, want, 1e-6) {
		t.Errorf("child joint at %v, want %v", child.T, want)
	}
}

func nearTol(a, b [3]float64, tol float64) bool {
	for k := range 3 {
		if math.Abs(a[k]-b[k]) > tol {
			return false
		}
	}
	return true
}

// TestCenterAndRevert stands a model on the floor and undoes it exactly.
func TestCenterAndRevert(t *testing.T) {
	m := triangleModel(true)
	before := *m
	c := transform.Center(m, transform.Translate([3]float64{5, 5, 5}), transform.CenterFloor)
	r, err := transform.Apply(m, c)
	if err != nil {
		t.Fatal(err)
	}
	lo, hi, _ := m.Bounds()
	if lo[1] != 0 || lo[0]+hi[0] != 0 || lo[2]+hi[2] != 0 {
		t.Errorf("box %v–%v: not on the floor, centred", lo, hi)
	}
	r.Revert(m)
	if !reflect.DeepEqual(*m, before) {
		t.Error("Revert did not restore the model")
	}
}
