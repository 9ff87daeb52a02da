package sample

import (
	"bytes"
	"image/png"
	"math"
	"testing"

	"ms3dstudio/formats/ms3d"
	"ms3dstudio/formats/ms3d/ms3dtest"
	"ms3dstudio/model"
)

func TestSampleIsCompleteAndValid(t *testing.T) {
	m := Model()
	if len(m.Vertices) != (segments*ringsPerSeg+1)*radial+1+33 || len(m.Joints) != segments+1 {
		t.Fatalf("vertices %d joints %d", len(m.Vertices), len(m.Joints))
	}
	back, data := ms3dtest.RoundTrip(t, m)
	again, _ := ms3d.Encode(back)
	if !bytes.Equal(again, data) {
		t.Fatal("sample does not round-trip")
	}
	h := m.ResolveHierarchy()
	if len(h.Findings) != 0 || h.Parent[5] != 4 || h.Parent[0] != -1 {
		t.Fatalf("hierarchy: %+v", h)
	}
	// Every triangle belongs to the group it names, exactly once.
	seen := make([]int, len(m.Triangles))
	for gi, g := range m.Groups {
		for _, ti := range g.Triangles {
			seen[ti]++
			if int(m.Triangles[ti].Group) != gi {
				t.Fatalf("triangle %d names group %d, listed in %d", ti, m.Triangles[ti].Group, gi)
			}
		}
	}
	for i, n := range seen {
		if n != 1 {
			t.Fatalf("triangle %d in %d groups", i, n)
		}
	}
	// Skinning: some vertices are shared by two bones, weights sum to 100,
	// the base does not move.
	shared := 0
	var inf [4]model.Influence
	for v := range m.Vertices {
		n := m.Influences(v, &inf)
		if n == 2 {
			shared++
			if math.Abs(float64(inf[0].Weight+inf[1].Weight-1)) > 1e-6 {
				t.Fatalf("vertex %d weights %v", v, inf)
			}
		}
		if p := m.Vertices[v].Position; p[1] <= 0.4 && n != 0 && math.Hypot(float64(p[0]), float64(p[2])) > 1 {
			t.Fatalf("base vertex %d is skinned", v)
		}
	}
	if shared < 4*radial {
		t.Fatalf("only %d vertices blend two bones", shared)
	}
	checkNormals(t, m)
}

// checkNormals checks that every corner normal is unit length and points
// outwards. Both parts are star-shaped about their centroid (the tentacle is
// a tapered tube closed by a tip, the base a disc), so outwards means a
// positive dot product with the vector from the part's centroid to the
// corner. Each triangle's winding must agree: counter-clockwise seen from
// outside, its face normal points the way its corner normals do.
func checkNormals(t *testing.T, m *model.Model) {
	t.Helper()
	sub := func(a, b [3]float32) [3]float64 {
		return [3]float64{float64(a[0] - b[0]), float64(a[1] - b[1]), float64(a[2] - b[2])}
	}
	dot := func(a [3]float64, b [3]float32) float64 {
		return a[0]*float64(b[0]) + a[1]*float64(b[1]) + a[2]*float64(b[2])
	}
	for _, g := range m.Groups {
		var centre [3]float32
		used := map[uint32]bool{}
		for _, ti := range g.Triangles {
			for _, v := range m.Triangles[ti].Vertices {
				used[v] = true
			}
		}
		for v := range used {
			for k := range centre {
				centre[k] += m.Vertices[v].Position[k] / float32(len(used))
			}
		}
		for _, ti := range g.Triangles {
			tr := m.Triangles[ti]
			p0, p1, p2 := m.Vertices[tr.Vertices[0]].Position, m.Vertices[tr.Vertices[1]].Position, m.Vertices[tr.Vertices[2]].Position
			e1, e2 := sub(p1, p0), sub(p2, p0)
			face := [3]float64{e1[1]*e2[2] - e1[2]*e2[1], e1[2]*e2[0] - e1[0]*e2[2], e1[0]*e2[1] - e1[1]*e2[0]}
			for c := 0; c < 3; c++ {
				n := tr.Normals[c]
				if l := math.Sqrt(float64(n[0]*n[0] + n[1]*n[1] + n[2]*n[2])); math.Abs(l-1) > 1e-5 {
					t.Fatalf("group %s triangle %d corner %d: normal length %v", g.Name, ti, c, l)
				}
				p := m.Vertices[tr.Vertices[c]].Position
				if d := dot(sub(p, centre), n); d <= 0 {
					t.Fatalf("group %s triangle %d corner %d at %v: normal %v points inwards (dot %v with the way out from %v)", g.Name, ti, c, p, n, d, centre)
				}
				if d := dot(face, n); d <= 0 {
					t.Fatalf("group %s triangle %d corner %d: normal %v against the winding (face normal %v)", g.Name, ti, c, n, face)
				}
			}
		}
	}
}

func TestSampleTexture(t *testing.T) {
	f, err := Files().Open(TextureName)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	if img.Bounds().Dx() != 256 {
		t.Fatalf("texture %v", img.Bounds())
	}
	// The orientation marker: blue at the top left, not at the bottom left.
	r, g, b, _ := img.At(10, 2).RGBA()
	if !(b > r && b > g) {
		t.Fatalf("top-left marker is %d %d %d", r>>8, g>>8, b>>8)
	}
	r, g, b, _ = img.At(10, 250).RGBA()
	if b > r {
		t.Fatalf("bottom-left is blue: %d %d %d", r>>8, g>>8, b>>8)
	}
}
