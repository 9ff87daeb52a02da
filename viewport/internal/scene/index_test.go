package scene

import (
	"testing"

	"ms3dstudio/internal/stress"
	"ms3dstudio/model/sample"
	"ms3dstudio/viewport/internal/testmodel"
)

// TestIndexSharesCorners checks that drawing Mesh.Unique through Mesh.Index
// gives back every corner, that no corner is kept twice, and that a smooth
// model's corners are shared: the stress model's 196,605 corners come from
// its 33,024 used vertices, one copy each, as its normals and UVs are per
// vertex.
func TestIndexSharesCorners(t *testing.T) {
	for _, c := range []struct {
		name   string
		mesh   *Mesh
		unique int // the expected count, or 0 when only bounded
	}{
		{"sample", Build(sample.Model()), 0},
		{"stress", Build(stress.Model()), 33024},
	} {
		t.Run(c.name, func(t *testing.T) {
			unique, index := c.mesh.Unique, c.mesh.Index
			if len(index) != len(c.mesh.Vertices) {
				t.Fatalf("%d indices for %d corners", len(index), len(c.mesh.Vertices))
			}
			for i, k := range index {
				if int(k) >= len(unique) || unique[k] != c.mesh.Vertices[i] {
					t.Fatalf("corner %d: index %d does not give it back", i, k)
				}
			}
			seen := make(map[Vertex]bool, len(unique))
			for _, v := range unique {
				if seen[v] {
					t.Fatalf("corner %+v kept twice", v)
				}
				seen[v] = true
			}
			if len(unique) < len(c.mesh.Points) || 2*len(unique) > len(c.mesh.Vertices) {
				t.Errorf("%d unique corners for %d used vertices and %d corners", len(unique), len(c.mesh.Points), len(c.mesh.Vertices))
			}
			if c.unique != 0 && len(unique) != c.unique {
				t.Errorf("%d unique corners, want %d", len(unique), c.unique)
			}
			t.Logf("%d corners, %d unique, %d used vertices", len(c.mesh.Vertices), len(unique), len(c.mesh.Points))
		})
	}
}

func BenchmarkBuildStress(b *testing.B) {
	m := stress.Model()
	b.ReportAllocs()
	for b.Loop() {
		Build(m)
	}
}

// TestInsideOutRanges: the sample's groups (a closed tube and its base,
// their front faces outwards) are not inside out; with every triangle's
// winding reversed, as a room modelled to be seen from inside, they are;
// a flat card is not.
func TestInsideOutRanges(t *testing.T) {
	m := sample.Model()
	for _, r := range Build(m).Ranges {
		if r.InsideOut {
			t.Errorf("sample group %d: inside out", r.Group)
		}
	}
	for i := range m.Triangles {
		tri := &m.Triangles[i]
		tri.Vertices[1], tri.Vertices[2] = tri.Vertices[2], tri.Vertices[1]
		tri.Normals[1], tri.Normals[2] = tri.Normals[2], tri.Normals[1]
	}
	for _, r := range Build(m).Ranges {
		if !r.InsideOut {
			t.Errorf("sample group %d with its winding reversed: not inside out", r.Group)
		}
	}
	card := testmodel.Quads(testmodel.Quad{X0: -1, Y0: -1, X1: 1, Y1: 1}, testmodel.Quad{X0: -1, Y0: -1, X1: 1, Y1: 1, Back: true})
	for _, r := range Build(card).Ranges {
		if r.InsideOut {
			t.Errorf("flat card group %d: inside out", r.Group)
		}
	}
}
