package fix

import (
	"fmt"
	"math"
	"strings"

	"ms3dstudio/model"
	"ms3dstudio/model/num"
	"ms3dstudio/model/smooth"
)

// corner is a corner whose normal is to be recomputed, and why.
type corner struct {
	t, k int
	code model.Code
}

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
	var redo []corner
	for i := range m.Triangles {
		t := &m.Triangles[i]
		if int(t.Vertices[0]) >= nv || int(t.Vertices[1]) >= nv || int(t.Vertices[2]) >= nv {
			continue // no geometry to work from; validate reports the triangle
		}
		var scaled []string
		for k, n := range t.Normals {
			if !num.Finite3(n) {
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
	g := newGeometry(m, redo)
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

// geometry holds what recomputing normals needs, all from model/smooth
// with MilkShape's rule (unweighted, welded by vertex index): each
// triangle's unit face normal, its corners' normals from their smoothing
// group, and the number of triangles with an area at each vertex the
// messages name. NoFallback leaves zero where smooth has no direction
// (the normals of a group cancel, or nothing has an area), so that the
// fallbacks, and what the messages say about them, are this package's.
type geometry struct {
	m     *model.Model
	pos   [][3]float32
	faces [][3]uint32
	s     smooth.Smoother
	face  [][3][3]float32 // corner 0: the unit face normal, zero without an area
	group [][3][3]float32 // the average in the triangle's smoothing group
	all   [][3][3]float32 // the average of all triangles, made when needed
	// count holds the number of triangles with an area at a vertex in a
	// smoothing group (group 256: in any group), for the needed keys.
	count map[uint64]int
}

var milkShape = smooth.Options{Weighting: smooth.Unweighted, ByIndex: true, NoFallback: true}

func countKey(v int, sg int) uint64 { return uint64(v)<<16 | uint64(sg) }

func newGeometry(m *model.Model, redo []corner) *geometry {
	nv, nt := len(m.Vertices), len(m.Triangles)
	g := &geometry{m: m, pos: make([][3]float32, nv), faces: make([][3]uint32, nt), count: map[uint64]int{}}
	for i := range m.Vertices {
		g.pos[i] = m.Vertices[i].Position
	}
	for i := range m.Triangles {
		t := &m.Triangles[i]
		g.faces[i] = [3]uint32{uint32(t.Vertices[0]), uint32(t.Vertices[1]), uint32(t.Vertices[2])}
	}
	g.face = make([][3][3]float32, nt)
	g.s.CornerNormals(g.pos, g.faces, nil, g.face, milkShape)
	// Smoothing groups are compared for equality, so each one used gets a
	// mask bit of its own: 32 at a time (MilkShape's groups are 1–32, a
	// byte allows up to 255).
	var used [256]bool
	for i := range m.Triangles {
		used[m.Triangles[i].SmoothingGroup] = true
	}
	var groups []uint8
	for sg := 1; sg < 256; sg++ {
		if used[sg] {
			groups = append(groups, uint8(sg))
		}
	}
	g.group = make([][3][3]float32, nt)
	masks := make([]uint32, nt)
	var batch [][3][3]float32
	for b := 0; b < len(groups); b += 32 {
		var bit [256]uint32
		for j, sg := range groups[b:min(b+32, len(groups))] {
			bit[sg] = 1 << j
		}
		for i := range m.Triangles {
			masks[i] = bit[m.Triangles[i].SmoothingGroup]
		}
		dst := g.group
		if len(groups) > 32 {
			if batch == nil {
				batch = make([][3][3]float32, nt)
			}
			dst = batch
		}
		g.s.CornerNormals(g.pos, g.faces, masks, dst, milkShape)
		if len(groups) > 32 {
			for i := range m.Triangles {
				if masks[i] != 0 {
					g.group[i] = batch[i]
				}
			}
		}
	}
	// Count the triangles with an area at the vertices the messages name.
	need := make([]bool, nv)
	for _, c := range redo {
		t := &m.Triangles[c.t]
		v := int(t.Vertices[c.k])
		if sg := int(t.SmoothingGroup); sg != 0 {
			g.count[countKey(v, sg)] = 0
			need[v] = true
		}
		if g.face[c.t][0] == ([3]float32{}) {
			g.count[countKey(v, 256)] = 0
			need[v] = true
		}
	}
	for i := range m.Triangles {
		if g.face[i][0] == ([3]float32{}) {
			continue // no area (or a vertex past the end)
		}
		// A triangle with an area has three different vertices.
		t := &m.Triangles[i]
		for _, u := range t.Vertices {
			if !need[u] {
				continue
			}
			for _, key := range [2]uint64{countKey(int(u), int(t.SmoothingGroup)), countKey(int(u), 256)} {
				if n, ok := g.count[key]; ok {
					g.count[key] = n + 1
				}
			}
		}
	}
	return g
}

// average returns the average of the unit face normals of all triangles at
// the vertex of corner k of triangle t, whatever their smoothing group.
func (g *geometry) average(t, k int) [3]float32 {
	if g.all == nil {
		masks := make([]uint32, len(g.faces))
		for i := range masks {
			masks[i] = 1
		}
		g.all = make([][3][3]float32, len(g.faces))
		g.s.CornerNormals(g.pos, g.faces, masks, g.all, milkShape)
	}
	return g.all[t][k]
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
	var zero [3]float32
	if sg != 0 {
		if n := g.count[countKey(v, int(sg))]; n > 0 {
			if out := g.group[t][k]; out != zero {
				return out, fmt.Sprintf("average of %s of smoothing group %d at vertex %d", plural(n, "triangle"), sg, v)
			}
		}
	}
	if out := g.face[t][0]; out != zero {
		if sg == 0 {
			return out, "the face normal, smoothing group 0"
		}
		return out, fmt.Sprintf("the face normal: the normals of smoothing group %d cancel at vertex %d", sg, v)
	}
	if n := g.count[countKey(v, 256)]; n > 0 {
		if out := g.average(t, k); out != zero {
			return out, fmt.Sprintf("the triangle has no area: average of %s at vertex %d", plural(n, "triangle"), v)
		}
	}
	return smooth.Up, "nothing at the vertex has an area to take a direction from: up"
}
