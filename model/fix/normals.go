package fix

import (
	"fmt"
	"math"
	"strings"

	"ms3dstudio/model"
)

// up is the normal given to a corner when no triangle at its vertex has an
// area to take a direction from (such a corner belongs to a triangle that
// is not drawn anyway: it has no area either).
var up = [3]float32{0, 1, 0}

// normals recomputes zero and non-finite corner normals from the geometry
// and smoothing groups and normalises the others that are not of unit
// length.
func (f *fixer) normals() {
	zeroOn, lenOn, nanOn := f.on(model.CodeNormalZero), f.on(model.CodeNormalLength), f.on(model.CodeTriangleNonFinite)
	if !zeroOn && !lenOn && !nanOn {
		return
	}
	m := f.m
	nv := len(m.Vertices)
	type corner struct {
		t, k int
		code model.Code
	}
	var redo []corner
	for i := range m.Triangles {
		t := &m.Triangles[i]
		if int(t.Vertices[0]) >= nv || int(t.Vertices[1]) >= nv || int(t.Vertices[2]) >= nv {
			continue // no geometry to work from; validate reports the triangle
		}
		var scaled []string
		for k, n := range t.Normals {
			if !model.Finite3(n) {
				if nanOn {
					redo = append(redo, corner{i, k, model.CodeTriangleNonFinite})
				}
				continue
			}
			// Float32 components cannot overflow a float64 sum of squares.
			x, y, z := float64(n[0]), float64(n[1]), float64(n[2])
			l := math.Sqrt(x*x + y*y + z*z)
			switch {
			case l == 0:
				if zeroOn {
					redo = append(redo, corner{i, k, model.CodeNormalZero})
				}
			case math.Abs(l-1) > f.tol && lenOn:
				t.Normals[k] = [3]float32{float32(x / l), float32(y / l), float32(z / l)}
				scaled = append(scaled, fmt.Sprintf("corner %d %s (length %.4g) → %s", k, vec(n), l, vec(t.Normals[k])))
			}
		}
		if scaled != nil {
			f.add(model.CodeNormalLength, f.triAt(i), "triangle %d: normalised %s", f.origTri(i), strings.Join(scaled, "; "))
		}
	}
	if redo == nil {
		return
	}
	g := newGeometry(m)
	for start := 0; start < len(redo); {
		// One change per triangle and code.
		end := start + 1
		for end < len(redo) && redo[end].t == redo[start].t && redo[end].code == redo[start].code {
			end++
		}
		c0 := redo[start]
		t := &m.Triangles[c0.t]
		what := "zero"
		if c0.code == model.CodeTriangleNonFinite {
			what = "non-finite"
		}
		var parts []string
		for _, c := range redo[start:end] {
			old := t.Normals[c.k]
			n, how := g.cornerNormal(c.t, c.k)
			t.Normals[c.k] = n
			parts = append(parts, fmt.Sprintf("corner %d %s → %s (%s)", c.k, vec(old), vec(n), how))
		}
		f.add(c0.code, f.triAt(c0.t), "triangle %d: recomputed %s normals: %s", f.origTri(c0.t), what, strings.Join(parts, "; "))
		start = end
	}
}

// geometry holds what recomputing normals needs: each triangle's unit face
// normal (zero when it has no area or its positions are not finite) and the
// triangles at each vertex.
type geometry struct {
	m     *model.Model
	face  [][3]float64
	start []int32 // triangles at vertex v: at[start[v]:start[v+1]]
	at    []int32
	// sums caches the sum of face normals and the count per vertex and
	// smoothing group (group 256: all triangles at the vertex), so that a
	// vertex shared by many corners is summed once.
	sums map[uint64]faceSum
}

type faceSum struct {
	sum [3]float64
	n   int
}

func newGeometry(m *model.Model) *geometry {
	nv, nt := len(m.Vertices), len(m.Triangles)
	g := &geometry{m: m, face: make([][3]float64, nt), start: make([]int32, nv+1), sums: map[uint64]faceSum{}}
	for i, t := range m.Triangles {
		if int(t.Vertices[0]) >= nv || int(t.Vertices[1]) >= nv || int(t.Vertices[2]) >= nv {
			continue
		}
		var p [3][3]float64
		ok := true
		for k, vi := range t.Vertices {
			pos := m.Vertices[vi].Position
			ok = ok && model.Finite3(pos)
			p[k] = [3]float64{float64(pos[0]), float64(pos[1]), float64(pos[2])}
		}
		if !ok {
			continue
		}
		n := cross(sub(p[1], p[0]), sub(p[2], p[0]))
		l := length(n)
		if l == 0 || math.IsInf(l, 0) || math.IsNaN(l) {
			continue
		}
		g.face[i] = [3]float64{n[0] / l, n[1] / l, n[2] / l}
		for _, vi := range t.Vertices {
			g.start[vi+1]++
		}
	}
	for v := 0; v < nv; v++ {
		g.start[v+1] += g.start[v]
	}
	g.at = make([]int32, g.start[nv])
	fill := make([]int32, nv)
	copy(fill, g.start[:nv])
	for i, t := range m.Triangles {
		if g.face[i] == ([3]float64{}) {
			continue
		}
		// A triangle with an area has three different vertices.
		for _, vi := range t.Vertices {
			g.at[fill[vi]] = int32(i)
			fill[vi]++
		}
	}
	return g
}

// cornerNormal returns the normal of corner k of triangle t and how it was
// found. In smoothing group 0 it is the face normal. Otherwise it is the
// plain average of the unit face normals of the triangles at the corner's
// vertex in the same smoothing group: that is MilkShape's own rule (the
// normals of every corpus file it wrote are reproduced to within 0.01°,
// where angle or area weighting is off by degrees).
func (g *geometry) cornerNormal(t, k int) ([3]float32, string) {
	tri := &g.m.Triangles[t]
	v := int(tri.Vertices[k])
	sg := tri.SmoothingGroup
	unit := func(n [3]float64) ([3]float32, bool) {
		l := length(n)
		if l < 1e-9 || math.IsNaN(l) || math.IsInf(l, 0) {
			return [3]float32{}, false
		}
		return [3]float32{float32(n[0] / l), float32(n[1] / l), float32(n[2] / l)}, true
	}
	average := func(same bool) ([3]float64, int) {
		key := uint64(v)<<16 | uint64(sg)
		if !same {
			key = uint64(v)<<16 | 256
		}
		if s, ok := g.sums[key]; ok {
			return s.sum, s.n
		}
		var s faceSum
		for _, u := range g.at[g.start[v]:g.start[v+1]] {
			if same && g.m.Triangles[u].SmoothingGroup != sg {
				continue
			}
			s.sum[0] += g.face[u][0]
			s.sum[1] += g.face[u][1]
			s.sum[2] += g.face[u][2]
			s.n++
		}
		g.sums[key] = s
		return s.sum, s.n
	}
	if sg != 0 {
		if sum, n := average(true); n > 0 {
			if out, ok := unit(sum); ok {
				return out, fmt.Sprintf("average of %s of smoothing group %d at vertex %d", plural(n, "triangle"), sg, v)
			}
		}
	}
	if out, ok := unit(g.face[t]); ok {
		if sg == 0 {
			return out, "the face normal, smoothing group 0"
		}
		return out, fmt.Sprintf("the face normal: the normals of smoothing group %d cancel at vertex %d", sg, v)
	}
	if sum, n := average(false); n > 0 {
		if out, ok := unit(sum); ok {
			return out, fmt.Sprintf("the triangle has no area: average of %s at vertex %d", plural(n, "triangle"), v)
		}
	}
	return up, "nothing at the vertex has an area to take a direction from: up"
}

func sub(a, b [3]float64) [3]float64 { return [3]float64{a[0] - b[0], a[1] - b[1], a[2] - b[2]} }

func cross(a, b [3]float64) [3]float64 {
	return [3]float64{a[1]*b[2] - a[2]*b[1], a[2]*b[0] - a[0]*b[2], a[0]*b[1] - a[1]*b[0]}
}

func length(a [3]float64) float64 { return math.Sqrt(a[0]*a[0] + a[1]*a[1] + a[2]*a[2]) }
