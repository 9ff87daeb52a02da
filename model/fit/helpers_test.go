package fit_test

import (
	"fmt"
	"reflect"
	"testing"

	"ms3dstudio/internal/posetest"
	"ms3dstudio/model"
	"ms3dstudio/model/fit"
	"ms3dstudio/model/validate"
)

// scene returns a model of n one-triangle groups; group g uses material
// mat(g) (−1 none) of nm materials, and its three vertices sit at x = g.
func scene(n, nm int, mat func(g int) int) *model.Model {
	m := &model.Model{Version: 4, FPS: 30}
	for k := range nm {
		m.Materials = append(m.Materials, model.Material{Name: model.Str(fmt.Sprintf("mat%d", k)),
			Diffuse: [4]float32{float32(k%10) / 10, float32(k/10%10) / 10, float32(k/100) / 10, 1}, Transparency: 1})
	}
	for g := range n {
		x := float32(g)
		v := uint32(len(m.Vertices))
		for _, p := range [][3]float32{{x, 0, 0}, {x + 0.5, 0, 0}, {x, 0.5, 0}} {
			m.Vertices = append(m.Vertices, model.Vertex{Position: p, Bones: [4]uint16{model.NoBone, model.NoBone, model.NoBone, model.NoBone}})
		}
		m.Triangles = append(m.Triangles, model.Triangle{Vertices: [3]uint32{v, v + 1, v + 2}, Group: uint16(g),
			Normals: [3][3]float32{{0, 0, 1}, {0, 0, 1}, {0, 0, 1}}})
		m.Groups = append(m.Groups, model.Group{Name: model.Str(fmt.Sprintf("g%d", g)), Triangles: []uint32{uint32(g)}, Material: int16(mat(g))})
	}
	return m
}

// sameModel fails unless a and b hold the same values.
func sameModel(t *testing.T, what string, a, b *model.Model) {
	t.Helper()
	if !reflect.DeepEqual(a, b) {
		t.Fatalf("%s: the model differs", what)
	}
}

// mustFit fails when validation finds an error in the fitted model (which
// includes everything an MS3D file cannot hold) or a name too long.
func mustFit(t *testing.T, m *model.Model) {
	t.Helper()
	for _, f := range validate.Check(m, validate.Options{}) {
		if f.Severity == model.Error || f.Code == model.CodeFieldLength {
			t.Errorf("after Fit: %v", f)
		}
	}
}

// fitKeeping fits m with the default options and fails unless the result
// holds want elements of the part count counts, fits MS3D (mustFit), and
// every triangle keeps what key says of it. It returns Fit's result and a
// copy of m from before.
func fitKeeping[K comparable](t *testing.T, m *model.Model, count func(*model.Model) int, want int,
	key func(m *model.Model, tri int) K) (*fit.Result, model.Model) {
	t.Helper()
	before := *m.Clone()
	r := fit.Fit(m, fit.Options{})
	if n := count(m); n != want {
		t.Fatalf("%d after Fit, want %d", n, want)
	}
	mustFit(t, m)
	for tri := range m.Triangles {
		if key(m, tri) != key(&before, tri) {
			t.Fatalf("triangle %d changed: %v, was %v", tri, key(m, tri), key(&before, tri))
		}
	}
	return r, before
}

// posed returns every vertex skinned at time t.
func posed(m *model.Model, t float32) [][3]float32 {
	pos, _ := posetest.Posed(m, t)
	return pos
}

func maxDistance(a, b [][3]float32) float64 { return posetest.MaxDistance(a, b) }

func codes(fs []model.Finding) map[model.Code]int {
	out := map[model.Code]int{}
	for _, f := range fs {
		out[f.Code]++
	}
	return out
}

func size(m *model.Model) float64 { return posetest.Size(m) }
