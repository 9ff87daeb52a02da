package fit_test

import (
	"testing"

	"ms3dstudio/formats/ms3d"
	"ms3dstudio/model"
	"ms3dstudio/model/fit"
)

// TestSplit cuts models over the vertex limit into parts that each fit,
// encode and hold every triangle once, posed as in the whole model.
func TestSplit(t *testing.T) {
	for _, tc := range []struct {
		name  string
		m     *model.Model
		parts int
	}{
		// 30,000 one-triangle groups of two materials: 90,000 vertices.
		{"many groups", scene(30000, 2, func(g int) int { return g % 2 }), 2},
		// The same triangles in one group, which has to be cut.
		{"one group", oneGroup(scene(30000, 1, func(int) int { return 0 })), 2},
		// 300 animated joints (60 never move) over 70,000 vertices.
		{"rigged", riggedLarge(), 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			whole := posed(tc.m, 0.5)
			parts, found, err := fit.Split(tc.m, fit.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if len(parts) != tc.parts {
				t.Fatalf("%d parts, want %d", len(parts), tc.parts)
			}
			if n := len(model.WithCode(found, model.CodeFitSplit)); n != tc.parts {
				t.Errorf("%d split findings, want one a part", n)
			}
			if n := len(model.WithCode(found, model.CodeFitTooLarge)); n != 0 {
				t.Errorf("%d too-large findings left", n)
			}
			// Bind positions are distinct in these models: they tell which
			// source vertex a part's vertex is.
			source := map[[3]float32]int{}
			for v, vx := range tc.m.Vertices {
				source[vx.Position] = v
			}
			seen := map[[3]float32]int{}
			tris := 0
			for k, p := range parts {
				mustFit(t, p)
				if _, err := ms3d.Encode(p); err != nil {
					t.Errorf("part %d: %v", k+1, err)
				}
				pos := posed(p, 0.5)
				worst := 0.0
				for v, vx := range p.Vertices {
					worst = max(worst, maxDistance([][3]float32{pos[v]}, [][3]float32{whole[source[vx.Position]]}))
				}
				if worst > 1e-6*size(tc.m) {
					t.Errorf("part %d: a vertex is posed %g away from where the whole model poses it", k+1, worst)
				}
				for _, tri := range p.Triangles {
					seen[p.Vertices[tri.Vertices[0]].Position]++
					tris++
				}
			}
			if tris != len(tc.m.Triangles) || len(seen) != len(tc.m.Triangles) {
				t.Errorf("%d triangles in the parts (%d distinct), want each of %d once", tris, len(seen), len(tc.m.Triangles))
			}
		})
	}
}

func oneGroup(m *model.Model) *model.Model {
	g := model.Group{Name: "all"}
	for i := range m.Triangles {
		g.Triangles = append(g.Triangles, uint32(i))
		m.Triangles[i].Group = 0
	}
	m.Groups = []model.Group{g}
	return m
}

func riggedLarge() *model.Model {
	m := rigged(300, func(j int) bool { return j%5 != 0 })
	// Grow to 70,000 vertices: group g gets more triangles bound like its
	// first.
	for len(m.Vertices) < 70000 {
		g := len(m.Triangles) % 300
		v := uint32(len(m.Vertices))
		for k := range 3 {
			vx := m.Vertices[3*g+k]
			vx.Position[1] += float32(len(m.Triangles))
			m.Vertices = append(m.Vertices, vx)
		}
		m.Triangles = append(m.Triangles, model.Triangle{Vertices: [3]uint32{v, v + 1, v + 2}, Group: uint16(g)})
		m.Groups[g].Triangles = append(m.Groups[g].Triangles, uint32(len(m.Triangles)-1))
	}
	return m
}
