package thumbnail

import (
	"math"

	"ms3dstudio/viewport/internal/scene"
)

// The rasteriser: triangles in clip space are clipped to the near and far
// planes, mapped to the picture (x right, y down, pixel centres at +0.5:
// the same numbers as the GL renderer's window coordinates, whose
// projection flips Y) and filled with the top-left rule. Depth and every
// attribute are interpolated from planes in screen space: depth (NDC z)
// linearly as GL does, the attributes perspective-correctly, as a/w and
// 1/w.

// corner is a vertex after the vertex stage: its clip-space position and
// the attributes the fragment stage reads.
type corner struct {
	clip [4]float64
	// attr: view-space position (0–2), view-space normal (3–5), texture
	// coordinates (6–7).
	attr [nAttr]float64
}

const nAttr = 8

// Attribute offsets in corner.attr.
const (
	attrPos    = 0
	attrNormal = 3
	attrUV     = 6
)

// depthFunc is the depth test: LEQUAL or LESS.
type depthFunc uint8

const (
	depthLEqual depthFunc = iota
	depthLess
)

// faces selects which sides of triangles are drawn.
type faces uint8

const (
	frontFaces faces = 1 << iota
	backFaces
	bothFaces = frontFaces | backFaces
)

// state is the fixed-function state and material of a draw, as the GL
// renderer sets it for a range.
type state struct {
	faces      faces
	depth      depthFunc
	depthWrite bool
	blend      bool
	// alphaTest discards fragments whose alpha is below alphaRef (the
	// shader's variant without OPAQUE).
	alphaTest bool
	alphaRef  float64
	mat       *scene.Material
	tex       *texture // nil: plain white
	sphereMap bool
	specular  bool
	twoSided  bool
}

// target is the picture being drawn: premultiplied RGBA (0–1) and depth
// per pixel, top row first.
type target struct {
	w, h  int
	color []float32
	depth []float32
}

// clipPoly holds a triangle clipped to the near and far planes (a convex
// polygon of at most five corners) and its scratch space.
type clipPoly struct {
	a, b []corner
}

// drawTriangle clips the triangle (c0, c1, c2) and fills what remains.
func (t *target) drawTriangle(cp *clipPoly, c0, c1, c2 *corner, st *state) {
	inside := func(c *corner, s float64) bool { return s*c.clip[2] <= c.clip[3] }
	all := true
	for _, c := range []*corner{c0, c1, c2} {
		if !inside(c, 1) || !inside(c, -1) {
			all = false
		}
	}
	if all {
		t.fill(c0, c1, c2, st)
		return
	}
	cp.a = append(cp.a[:0], *c0, *c1, *c2)
	// Near (z ≥ −w), then far (z ≤ w).
	for _, s := range [2]float64{-1, 1} {
		cp.b = cp.b[:0]
		for i := range cp.a {
			p, q := &cp.a[i], &cp.a[(i+1)%len(cp.a)]
			dp, dq := p.clip[3]-s*p.clip[2], q.clip[3]-s*q.clip[2]
			if dp >= 0 {
				cp.b = append(cp.b, *p)
			}
			if (dp >= 0) != (dq >= 0) {
				f := dp / (dp - dq)
				var c corner
				for k := range c.clip {
					c.clip[k] = p.clip[k] + f*(q.clip[k]-p.clip[k])
				}
				for k := range c.attr {
					c.attr[k] = p.attr[k] + f*(q.attr[k]-p.attr[k])
				}
				cp.b = append(cp.b, c)
			}
		}
		cp.a, cp.b = cp.b, cp.a
		if len(cp.a) < 3 {
			return
		}
	}
	for i := 1; i+1 < len(cp.a); i++ {
		t.fill(&cp.a[0], &cp.a[i], &cp.a[i+1], st)
	}
}

// screen is a corner mapped to the picture: x, y in pixels, z the NDC
// depth, q = 1/w, and the attributes times q.
type screen struct {
	x, y, z, q float64
	aq         [nAttr]float64
}

func (t *target) toScreen(c *corner) screen {
	q := 1 / c.clip[3]
	s := screen{
		x: (c.clip[0]*q + 1) / 2 * float64(t.w),
		y: (1 - c.clip[1]*q) / 2 * float64(t.h),
		z: c.clip[2] * q,
		q: q,
	}
	for k := range c.attr {
		s.aq[k] = c.attr[k] * q
	}
	return s
}

// plane is a quantity linear in screen space: f(x, y) = f0 + dx·(x − x0)
// + dy·(y − y0).
type plane struct{ f0, dx, dy float64 }

func (p plane) at(x, y float64) float64 { return p.f0 + p.dx*x + p.dy*y }

// fill rasterises one clipped triangle.
func (t *target) fill(c0, c1, c2 *corner, st *state) {
	v := [3]screen{t.toScreen(c0), t.toScreen(c1), t.toScreen(c2)}
	area := (v[1].x-v[0].x)*(v[2].y-v[0].y) - (v[2].x-v[0].x)*(v[1].y-v[0].y)
	if !(area != 0) || math.IsInf(area, 0) {
		return // edge-on, degenerate or not finite
	}
	// The GL renderer's front faces are clockwise in window coordinates,
	// which these are: a negative area.
	front := area < 0
	if front && st.faces&frontFaces == 0 || !front && st.faces&backFaces == 0 {
		return
	}
	if front { // counter-clockwise for the edge functions below
		v[1], v[2] = v[2], v[1]
	}
	// Planes from the corners in a fixed order, so that a triangle listed
	// twice (either winding) gets bit-identical depths.
	o := [3]int{0, 1, 2}
	less := func(a, b *screen) bool { return a.y < b.y || a.y == b.y && a.x < b.x }
	if less(&v[o[1]], &v[o[0]]) {
		o[0], o[1] = o[1], o[0]
	}
	if less(&v[o[2]], &v[o[1]]) {
		o[1], o[2] = o[2], o[1]
	}
	if less(&v[o[1]], &v[o[0]]) {
		o[0], o[1] = o[1], o[0]
	}
	p0, p1, p2 := &v[o[0]], &v[o[1]], &v[o[2]]
	darea := (p1.x-p0.x)*(p2.y-p0.y) - (p2.x-p0.x)*(p1.y-p0.y)
	mk := func(f0, f1, f2 float64) plane {
		dx := ((f1-f0)*(p2.y-p0.y) - (f2-f0)*(p1.y-p0.y)) / darea
		dy := ((f2-f0)*(p1.x-p0.x) - (f1-f0)*(p2.x-p0.x)) / darea
		return plane{f0 - dx*p0.x - dy*p0.y, dx, dy}
	}
	zp := mk(p0.z, p1.z, p2.z)
	qp := mk(p0.q, p1.q, p2.q)
	var ap [nAttr]plane
	for k := range ap {
		ap[k] = mk(p0.aq[k], p1.aq[k], p2.aq[k])
	}

	minX := max(int(math.Floor(min(v[0].x, v[1].x, v[2].x))), 0)
	maxX := min(int(math.Ceil(max(v[0].x, v[1].x, v[2].x))), t.w-1)
	minY := max(int(math.Floor(min(v[0].y, v[1].y, v[2].y))), 0)
	maxY := min(int(math.Ceil(max(v[0].y, v[1].y, v[2].y))), t.h-1)
	if minX > maxX || minY > maxY {
		return
	}
	// Edge functions, positive inside; a pixel centre on an edge belongs
	// to the triangle on the edge's top or left (bias 0) and not to its
	// neighbour, which sees the edge the other way round (bias > 0).
	type edge struct{ e0, dx, dy, bias float64 }
	mkEdge := func(a, b *screen) edge {
		ex, ey := b.x-a.x, b.y-a.y
		var bias float64
		if !(ey > 0 || ey == 0 && ex < 0) {
			bias = math.SmallestNonzeroFloat64
		}
		// e(x, y) = ex·(y − a.y) − ey·(x − a.x)
		return edge{e0: -ex*a.y + ey*a.x, dx: -ey, dy: ex, bias: bias}
	}
	edges := [3]edge{mkEdge(&v[0], &v[1]), mkEdge(&v[1], &v[2]), mkEdge(&v[2], &v[0])}

	sh := shader{st: st, front: front, qp: qp, ap: &ap}
	for py := minY; py <= maxY; py++ {
		y := float64(py) + 0.5
		row := py * t.w
		for px := minX; px <= maxX; px++ {
			x := float64(px) + 0.5
			in := true
			for i := range edges {
				e := &edges[i]
				if e.e0+e.dx*x+e.dy*y < e.bias {
					in = false
					break
				}
			}
			if !in {
				continue
			}
			z := zp.at(x, y)
			if !(z >= -1 && z <= 1) {
				continue
			}
			i := row + px
			d := t.depth[i]
			if zf := float32(z); st.depth == depthLess && !(zf < d) || st.depth == depthLEqual && !(zf <= d) {
				continue
			}
			rgba, ok := sh.shade(x, y)
			if !ok {
				continue
			}
			if st.depthWrite {
				t.depth[i] = float32(z)
			}
			c := t.color[4*i : 4*i+4 : 4*i+4]
			a := float32(rgba[3])
			if !st.blend {
				// Written as it is, as GL does without blending (an
				// opaque surface's alpha is 1).
				c[0], c[1], c[2], c[3] = float32(rgba[0])*a, float32(rgba[1])*a, float32(rgba[2])*a, a
				continue
			}
			// SRC_ALPHA, ONE_MINUS_SRC_ALPHA on colour and ONE,
			// ONE_MINUS_SRC_ALPHA on alpha, kept premultiplied: over a
			// background drawn first this is GL's picture.
			k := 1 - a
			c[0] = float32(rgba[0])*a + c[0]*k
			c[1] = float32(rgba[1])*a + c[1]*k
			c[2] = float32(rgba[2])*a + c[2]*k
			c[3] = a + c[3]*k
		}
	}
}
