package fix_test

import (
	"math"
	"strings"
	"testing"

	"ms3dstudio/formats/ms3d"
	"ms3dstudio/internal/corpus"
	"ms3dstudio/model"
	"ms3dstudio/model/fix"
)

// fold is two triangles meeting at a right angle along the Y axis: one in
// the z = 0 plane facing +Z, one in the x = 0 plane facing +X. Vertices 0
// and 1 are on the shared edge.
func fold(sg0, sg1 uint8) *model.Model {
	return &model.Model{
		FPS:      24,
		Vertices: unbound([3]float32{0, 0, 0}, [3]float32{0, 1, 0}, [3]float32{1, 0, 0}, [3]float32{0, 0, 1}),
		Triangles: []model.Triangle{
			{Vertices: [3]uint32{0, 2, 1}, SmoothingGroup: sg0},
			{Vertices: [3]uint32{0, 1, 3}, SmoothingGroup: sg1},
		},
		Groups: []model.Group{{Name: "fold", Triangles: []uint32{0, 1}, Material: -1}},
	}
}

// unbound returns vertices at the given positions bound to no bone.
func unbound(ps ...[3]float32) []model.Vertex {
	vs := make([]model.Vertex, len(ps))
	for i, p := range ps {
		vs[i] = model.Vertex{Position: p, Bones: [4]uint16{model.NoBone, model.NoBone, model.NoBone, model.NoBone}}
	}
	return vs
}

func TestNormalsKnownGeometry(t *testing.T) {
	const h = 0.70710677 // √½
	z, x, mid := [3]float32{0, 0, 1}, [3]float32{1, 0, 0}, [3]float32{h, 0, h}
	for _, c := range []struct {
		name     string
		sg0, sg1 uint8
		want     [2][3][3]float32
		how      string
	}{
		// One smoothing group: the shared corners average the two faces.
		{"smooth", 1, 1, [2][3][3]float32{{mid, z, mid}, {mid, mid, x}}, "average of 2 triangles of smoothing group 1 at vertex 0"},
		// Smoothing group 0: every corner is flat.
		{"flat", 0, 0, [2][3][3]float32{{z, z, z}, {x, x, x}}, "the face normal, smoothing group 0"},
		// Different smoothing groups: a hard edge.
		{"hard edge", 1, 2, [2][3][3]float32{{z, z, z}, {x, x, x}}, "average of 1 triangle of smoothing group 1 at vertex 0"},
	} {
		t.Run(c.name, func(t *testing.T) {
			m := fold(c.sg0, c.sg1)
			changes := fix.Fix(m, nil, fix.Options{})
			if len(changes) != 2 || changes[0].Code != model.CodeNormalZero || !strings.Contains(changes[0].Message, c.how) {
				t.Fatalf("changes: %v", changes)
			}
			for ti := range m.Triangles {
				for k := 0; k < 3; k++ {
					if got := m.Triangles[ti].Normals[k]; !near(got, c.want[ti][k], 1e-6) {
						t.Errorf("triangle %d corner %d: %v, want %v", ti, k, got, c.want[ti][k])
					}
				}
			}
		})
	}
}

// TestNormalsUnweighted pins the averaging rule on a fan where weighting
// matters: at vertex 0, two thin triangles face +Z and one wide triangle
// faces +X. MilkShape's plain average gives (1, 0, 2)/√5; angle or area
// weighting would lean towards +X.
func TestNormalsUnweighted(t *testing.T) {
	m := &model.Model{
		FPS:      24,
		Vertices: unbound([3]float32{0, 0, 0}, [3]float32{1, 0, 0}, [3]float32{1, 0.1, 0}, [3]float32{1, 0.2, 0}, [3]float32{0, 5, 0}, [3]float32{0, 0, -5}),
		Triangles: []model.Triangle{
			{Vertices: [3]uint32{0, 1, 2}, SmoothingGroup: 3},
			{Vertices: [3]uint32{0, 2, 3}, SmoothingGroup: 3},
			{Vertices: [3]uint32{0, 5, 4}, SmoothingGroup: 3},
		},
		Groups: []model.Group{{Name: "fan", Triangles: []uint32{0, 1, 2}, Material: -1}},
	}
	fix.Fix(m, nil, fix.Options{})
	want := [3]float32{float32(1 / math.Sqrt(5)), 0, float32(2 / math.Sqrt(5))}
	for ti := range m.Triangles {
		if got := m.Triangles[ti].Normals[0]; !near(got, want, 1e-6) {
			t.Errorf("triangle %d corner 0: %v, want %v", ti, got, want)
		}
	}
}

// TestNormalsReproduceMilkShape zeroes every normal of the corpus files and
// recomputes them: the result must match what MilkShape stored. HalfSphere
// is the exception: its normals were kept from the whole sphere it was cut
// from, so the rim differs (by 4.5° at most).
func TestNormalsReproduceMilkShape(t *testing.T) {
	for _, e := range corpus.MS3D(t) {
		m, _, err := ms3d.ReadFile(e.Path)
		if err != nil {
			t.Fatal(err)
		}
		orig := make([][3][3]float32, len(m.Triangles))
		for i := range m.Triangles {
			orig[i] = m.Triangles[i].Normals
			m.Triangles[i].Normals = [3][3]float32{}
		}
		fix.Fix(m, nil, fix.Options{Only: []model.Code{model.CodeNormalZero}})
		var sum, worst float64
		n := 0
		for i, tr := range m.Triangles {
			for k := 0; k < 3; k++ {
				a, b := orig[i][k], tr.Normals[k]
				la := math.Sqrt(float64(a[0]*a[0] + a[1]*a[1] + a[2]*a[2]))
				if math.Abs(la-1) > 1e-3 {
					continue // a zero normal the file itself got wrong
				}
				dot := float64(a[0]*b[0]+a[1]*b[1]+a[2]*b[2]) / la
				angle := math.Acos(math.Max(-1, math.Min(1, dot))) * 180 / math.Pi
				sum += angle
				worst = max(worst, angle)
				n++
			}
		}
		if n == 0 {
			continue
		}
		mean := sum / float64(n)
		limitMean, limitWorst := 0.01, 0.2
		if strings.HasSuffix(e.File, "HalfSphere.ms3d") {
			limitMean, limitWorst = 0.5, 5
		}
		if mean > limitMean || worst > limitWorst {
			t.Errorf("%s: %d corners differ by %.4f° on average, %.3f° at worst", e.File, n, mean, worst)
		}
	}
}

// TestNormalsManyGroups: smoothing groups are compared for equality, 33–255
// included, however many a model uses: 40 folds, each in a group of its
// own (1 to 40), smooth within themselves only, all meeting at vertex 0.
func TestNormalsManyGroups(t *testing.T) {
	const h = 0.70710677 // √½
	m := &model.Model{FPS: 24, Vertices: unbound([3]float32{0, 0, 0})}
	var tris []uint32
	for i := range 40 {
		// Fold i: its own edge vertex at y = 1+i, faces +Z and +X.
		at := uint32(len(m.Vertices))
		m.Vertices = append(m.Vertices, unbound([3]float32{0, float32(1 + i), 0}, [3]float32{1, 0, 0}, [3]float32{0, 0, 1})...)
		sg := uint8(1 + i)
		m.Triangles = append(m.Triangles,
			model.Triangle{Vertices: [3]uint32{0, at + 1, at}, SmoothingGroup: sg},
			model.Triangle{Vertices: [3]uint32{0, at, at + 2}, SmoothingGroup: sg})
		tris = append(tris, uint32(2*i), uint32(2*i+1))
	}
	m.Groups = []model.Group{{Name: "folds", Triangles: tris, Material: -1}}
	fix.Fix(m, nil, fix.Options{})
	for i := range 40 {
		for _, tc := range [][2]int{{2 * i, 0}, {2 * i, 2}, {2*i + 1, 0}, {2*i + 1, 1}} { // the shared corners
			if got := m.Triangles[tc[0]].Normals[tc[1]]; !near(got, [3]float32{h, 0, h}, 1e-6) {
				t.Errorf("group %d triangle %d corner %d: %v, want %v", 1+i, tc[0], tc[1], got, [3]float32{h, 0, h})
			}
		}
	}
}

// TestNormalsCancel: two triangles back to back on the same vertices, in
// one smoothing group, cancel; each corner takes its face normal.
func TestNormalsCancel(t *testing.T) {
	m := &model.Model{
		FPS:      24,
		Vertices: unbound([3]float32{0, 0, 0}, [3]float32{1, 0, 0}, [3]float32{0, 1, 0}),
		Triangles: []model.Triangle{
			{Vertices: [3]uint32{0, 1, 2}, SmoothingGroup: 1},
			{Vertices: [3]uint32{0, 2, 1}, SmoothingGroup: 1},
		},
		Groups: []model.Group{{Name: "two-sided", Triangles: []uint32{0, 1}, Material: -1}},
	}
	changes := fix.Fix(m, nil, fix.Options{})
	if len(changes) != 2 || !strings.Contains(changes[0].Message, "the face normal: the normals of smoothing group 1 cancel at vertex 0") {
		t.Fatalf("changes: %v", changes)
	}
	for ti, want := range [][3]float32{{0, 0, 1}, {0, 0, -1}} {
		for k := range 3 {
			if got := m.Triangles[ti].Normals[k]; got != want {
				t.Errorf("triangle %d corner %d: %v, want %v", ti, k, got, want)
			}
		}
	}
}
