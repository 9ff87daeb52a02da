package obj

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"ms3dstudio/model"
	"ms3dstudio/model/texpath"
)

// decode reads text as an OBJ file in a folder holding files.
func decode(t *testing.T, text string, files map[string]string) (*model.Model, []model.Finding) {
	t.Helper()
	fsys := fstest.MapFS{}
	for name, body := range files {
		fsys[name] = &fstest.MapFile{Data: []byte(body)}
	}
	m, found, err := Decode([]byte(text), ReadOptions{Name: "t.obj", Files: texpath.New(fsys, ".")})
	if err != nil {
		t.Fatalf("decode: %v", err)
	}
	return m, found
}

func hasCode(fs []model.Finding, code model.Code) *model.Finding {
	for i := range fs {
		if fs[i].Code == code {
			return &fs[i]
		}
	}
	return nil
}

// area2 returns twice the signed area of triangle t projected on z = 0.
func area2(m *model.Model, t model.Triangle) float64 {
	a, b, c := m.Vertices[t.Vertices[0]].Position, m.Vertices[t.Vertices[1]].Position, m.Vertices[t.Vertices[2]].Position
	return float64((b[0]-a[0])*(c[1]-a[1]) - (b[1]-a[1])*(c[0]-a[0]))
}

// TestFaces reads face forms, negative indices, continuations and
// comments.
func TestFaces(t *testing.T) {
	m, found := decode(t, `# a comment
v 0 0 0
v 1 0 0   # trailing comment
v 1 1 0
v 0 1 0
vt 0 0
vt 1 0
vt 1 1
vn 0 0 1
f 1/1/1 2/2/1 3/3/1
f -4//-1 -2//-1 \
  -1//-1
f 1 3 4
`, nil)
	if len(found) != 0 {
		t.Errorf("findings %v", found)
	}
	if len(m.Vertices) != 4 || len(m.Triangles) != 3 || len(m.Groups) != 1 || m.Groups[0].Name != "default" {
		t.Fatalf("%d vertices, %d triangles, %d groups", len(m.Vertices), len(m.Triangles), len(m.Groups))
	}
	if tr := m.Triangles[1]; tr.Vertices != [3]uint32{0, 2, 3} || tr.Normals[2] != [3]float32{0, 0, 1} {
		t.Errorf("negative indices: %+v", tr)
	}
	if tr := m.Triangles[0]; tr.S != [3]float32{0, 1, 1} || tr.T != [3]float32{1, 1, 0} {
		t.Errorf("texture coordinates S %v T %v, want T = 1 − v", tr.S, tr.T)
	}
	// The last face has no normals: computed flat (no smoothing group).
	if n := m.Triangles[2].Normals[0]; math.Abs(float64(n[2])-1) > 1e-6 {
		t.Errorf("computed normal %v", n)
	}
}

// TestConcavePolygons cuts concave, collinear and non-planar polygons into
// triangles that cover exactly their area, in their winding.
func TestConcavePolygons(t *testing.T) {
	for _, tc := range []struct {
		name   string
		pts    string
		area   float64 // twice the polygon's area
		tris   int
		finder model.Code
	}{
		// An L shape: reflex corner at (1, 1).
		{"L", "0 0 0|2 0 0|2 1 0|1 1 0|1 2 0|0 2 0", 6, 4, ""},
		// A star-like arrow with two reflex corners.
		{"arrow", "0 0 0|4 2 0|0 4 0|1 2 0", 12, 2, ""},
		// A square with a corner in the middle of each side.
		{"collinear", "0 0 0|1 0 0|2 0 0|2 1 0|2 2 0|1 2 0|0 2 0|0 1 0", 8, 6, ""},
		// A spike back along an edge adds no triangle.
		{"spike", "0 0 0|2 0 0|3 0 0|2 0 0|2 2 0|0 2 0", 8, 2, ""},
		// Clockwise: the winding is kept (negative area).
		{"clockwise", "0 0 0|0 2 0|1 1 0|2 2 0|2 0 0", -6, 3, ""},
		// Every corner on one line: no area.
		{"flat", "0 0 0|1 0 0|2 0 0|3 0 0", 0, 0, model.CodeOBJDegenerate},
		// A bow tie crosses itself.
		{"bow tie", "0 0 0|2 2 0|2 0 0|0 2 0", 0, 2, model.CodeOBJPolygon},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b strings.Builder
			corners := strings.Split(tc.pts, "|")
			for _, p := range corners {
				b.WriteString("v " + p + "\n")
			}
			b.WriteString("f")
			for i := range corners {
				b.WriteString(" " + string(rune('1'+i)))
			}
			m, found := decode(t, b.String()+"\n", nil)
			found = slices.DeleteFunc(found, func(f model.Finding) bool { return f.Code == model.CodeOBJUnused })
			if len(m.Triangles) != tc.tris {
				t.Fatalf("%d triangles, want %d", len(m.Triangles), tc.tris)
			}
			if tc.finder != "" {
				if hasCode(found, tc.finder) == nil {
					t.Errorf("findings %v, want %s", found, tc.finder)
				}
				return
			}
			sum := 0.0
			for _, tr := range m.Triangles {
				a := area2(m, tr)
				if a*tc.area <= 0 {
					t.Errorf("triangle %v has area %g against the polygon's winding", tr.Vertices, a)
				}
				sum += a
			}
			if math.Abs(sum-tc.area) > 1e-6 || len(found) > 0 {
				t.Errorf("triangles cover %g, want %g; findings %v", sum, tc.area, found)
			}
		})
	}
}

// TestGroupsAndMaterials makes one group per name and material, reads the
// MTL values, and resolves textures relative to the OBJ.
func TestGroupsAndMaterials(t *testing.T) {
	m, found := decode(t, `mtllib a.mtl b.mtl
v 0 0 0
v 1 0 0
v 0 1 0
g body
usemtl Red
f 1 2 3
usemtl Glass
f 1 3 2
g head
usemtl Red
s 1
f 3 2 1
usemtl Nowhere
f 2 1 3
`, map[string]string{
		"a.mtl":            "newmtl Red\nKa 0.1 0.1 0.1\nKd 1 0 0\nKs 0.5 0.5 0.5\nNs 400\nmap_Kd -s 1 1 1 -o 0.5 tex\\Red Skin.PNG\n",
		"b.mtl":            "newmtl Glass\nKd 0.2\nTr 0.75\nmap_d glass_a.png\nnewmtl Red\nKd 0 1 0\n",
		"tex/red skin.png": "x",
	})
	if len(m.Groups) != 4 {
		t.Fatalf("%d groups, want 4", len(m.Groups))
	}
	names := []string{}
	for _, g := range m.Groups {
		names = append(names, string(g.Name)+"/"+string(m.Materials[g.Material].Name))
	}
	if got := strings.Join(names, " "); got != "body/Red body/Glass head/Red head/Nowhere" {
		t.Errorf("groups %s", got)
	}
	red, glass := m.Materials[0], m.Materials[1]
	if red.Diffuse != [4]float32{1, 0, 0, 1} || red.Ambient != [4]float32{0.1, 0.1, 0.1, 1} || red.Shininess != 128 || red.Texture != "tex/red skin.png" {
		t.Errorf("Red %+v", red)
	}
	if glass.Diffuse != [4]float32{0.2, 0.2, 0.2, 1} || glass.Transparency != 0.25 || glass.AlphaMap != "glass_a.png" {
		t.Errorf("Glass %+v", glass)
	}
	if m.Triangles[2].SmoothingGroup != 1 {
		t.Errorf("smoothing group %d", m.Triangles[2].SmoothingGroup)
	}
	for _, want := range []model.Code{model.CodeAlphaMapMissing, model.CodeOBJMaterial} {
		if hasCode(found, want) == nil {
			t.Errorf("no %s finding in %v", want, found)
		}
	}
}

// TestBadInput reports what it cannot read with the line and byte offset,
// and reads on.
func TestBadInput(t *testing.T) {
	text := "mtllib missing.mtl\nv 0 0 0\nv 1 x 0\nv 0 1 0\nf 1 2 9\nf 1 2 3/7\nf 1 1 2\nl 1 2\nv nan 0 0\n"
	m, found := decode(t, text, nil)
	want := map[model.Code][2]int{ // code → line, offset
		model.CodeOBJLibrary:    {1, 0},
		model.CodeOBJSyntax:     {3, 27},
		model.CodeOBJIndex:      {5, 43},
		model.CodeOBJDegenerate: {7, 61},
	}
	for code, at := range want {
		f := hasCode(found, code)
		if f == nil || f.Where.Part != model.PartOBJLine || f.Where.Index != at[0] || f.Where.Offset != int64(at[1]) {
			t.Errorf("%s: %v, want line %d at offset %d", code, f, at[0], at[1])
		}
	}
	if f := hasCode(found, model.CodeOBJUnsupported); f == nil || !strings.Contains(f.Message, `1 "l" statements skipped (lines)`) {
		t.Errorf("unsupported: %v", f)
	}
	// The bad position still counts (later indices stay right); the face
	// with a bad texture coordinate keeps its corner without one.
	if len(m.Triangles) != 1 || m.Vertices[1].Position != [3]float32{1, 0, 0} {
		t.Errorf("%d triangles; vertex 1 at %v", len(m.Triangles), m.Vertices[1].Position)
	}
	if _, _, err := Decode([]byte("# nothing\nfoo bar\n"), ReadOptions{Name: "empty.obj"}); err == nil || err.Error() != "obj: empty.obj: no vertices or faces" {
		t.Errorf("empty: %v", err)
	}
}

// TestFindingsCapped lists a hundred findings of a kind and counts the
// rest.
func TestFindingsCapped(t *testing.T) {
	m, found := decode(t, "v 0 0 0\n"+strings.Repeat("f 1 2 3\n", 5000), nil)
	more := hasCode(found, model.CodeOBJMore)
	if len(m.Triangles) != 0 || len(found) != 102 || more == nil || !strings.Contains(more.Message, "4900 more obj.index") {
		t.Errorf("%d findings (want 100 listed, the count of the rest and the unused position): %v", len(found), more)
	}
}

// polygon returns an OBJ text of one polygon with n corners on a circle of
// radius 1, every other one pulled in to radius inner (1: convex).
func polygon(n int, inner float64) string {
	var b strings.Builder
	for i := range n {
		r := 1.0
		if i%2 == 1 {
			r = inner
		}
		a := 2 * math.Pi * float64(i) / float64(n)
		fmt.Fprintf(&b, "v %g %g 0\n", r*math.Cos(a), r*math.Sin(a))
	}
	b.WriteString("f")
	for i := range n {
		fmt.Fprintf(&b, " %d", i+1)
	}
	return b.String() + "\n"
}

// TestLargePolygons clips a star of 4000 corners (2000 reflex) exactly, and
// cuts a polygon past maxEarCorners as a fan with a finding instead of
// clipping it in quadratic time.
func TestLargePolygons(t *testing.T) {
	m, found := decode(t, polygon(4000, 0.5), nil)
	sum := 0.0
	for _, tr := range m.Triangles {
		a := area2(m, tr)
		if a <= 0 {
			t.Fatalf("triangle %v against the winding", tr.Vertices)
		}
		sum += a
	}
	// Twice the star's area: 4000 triangles (centre, outer, inner).
	want := 4000 * 1 * 0.5 * math.Sin(2*math.Pi/4000)
	if len(m.Triangles) != 3998 || math.Abs(sum-want) > 1e-6 || len(found) > 0 {
		t.Errorf("%d triangles covering %g (want 3998 and %g), findings %v", len(m.Triangles), sum, want, found)
	}
	m, found = decode(t, polygon(maxEarCorners+1, 1), nil)
	if len(m.Triangles) != maxEarCorners-1 || hasCode(found, model.CodeOBJPolygon) == nil {
		t.Errorf("%d triangles (want %d), findings %v", len(m.Triangles), maxEarCorners-1, found)
	}
}
