package obj

import "math"

// maxEarCorners is the most corners a polygon may have for ear clipping;
// larger ones become fans (ear clipping is quadratic in the worst case).
const maxEarCorners = 4096

// triangulation says how a polygon was cut.
type triangulation uint8

const (
	// triClipped: ear clipping cut the polygon cleanly.
	triClipped triangulation = iota
	// triFlat: the polygon has no area (every corner on one line or
	// point): no triangles.
	triFlat
	// triCrossed: ear clipping found no ear at some point (the polygon
	// crosses itself): a convex corner was cut anyway.
	triCrossed
	// triFan: too many corners, or the work budget spent: a fan.
	triFan
)

// triangulator cuts polygons into triangles by ear clipping in the plane
// that best fits them (Newell's normal), keeping their winding. Corners on
// the line between their neighbours are dropped without a triangle: they
// add no area, and the edge they sat on stays covered. budget bounds the
// point-in-triangle tests of all polygons together, so that a file of
// pathological polygons costs time in proportion to its size.
type triangulator struct {
	budget     int
	u, v       []float64
	prev, next []int
	reflex     []bool
	gone       []bool
	// reflexes lists the corners that were reflex when listed: an ear
	// test looks only at them, so a convex polygon clips in linear time.
	reflexes []int
}

// cut appends to dst the triangles of the polygon whose corner positions
// are pts, as indices into pts.
func (t *triangulator) cut(pts [][3]float64, dst [][3]int) ([][3]int, triangulation) {
	n := len(pts)
	if n == 3 {
		return append(dst, [3]int{0, 1, 2}), triClipped
	}
	fan := func(how triangulation) ([][3]int, triangulation) {
		for k := 1; k+1 < n; k++ {
			dst = append(dst, [3]int{0, k, k + 1})
		}
		return dst, how
	}
	if n > maxEarCorners || t.budget <= 0 {
		return fan(triFan)
	}
	// Newell's normal: the area vector of the polygon, right for
	// polygons that are not quite planar.
	var nx, ny, nz float64
	for i := range n {
		a, b := pts[i], pts[(i+1)%n]
		nx += (a[1] - b[1]) * (a[2] + b[2])
		ny += (a[2] - b[2]) * (a[0] + b[0])
		nz += (a[0] - b[0]) * (a[1] + b[1])
	}
	// Project on the plane of the two other axes, oriented so that the
	// polygon runs counter-clockwise.
	ab := [3]float64{math.Abs(nx), math.Abs(ny), math.Abs(nz)}
	if ab[0]+ab[1]+ab[2] == 0 {
		// No area vector (lobes that cancel, or no area): drop the axis
		// along which the corners spread least.
		var lo, hi [3]float64
		for k := range 3 {
			lo[k], hi[k] = math.Inf(1), math.Inf(-1)
		}
		for _, p := range pts {
			for k := range 3 {
				lo[k], hi[k] = math.Min(lo[k], p[k]), math.Max(hi[k], p[k])
			}
		}
		for k := range 3 {
			ab[k] = 1 / (1 + hi[k] - lo[k])
		}
	}
	ax, bx := 0, 1
	switch {
	case ab[0] >= ab[1] && ab[0] >= ab[2]:
		ax, bx = 1, 2
		if nx < 0 {
			ax, bx = 2, 1
		}
	case ab[1] >= ab[2]:
		ax, bx = 2, 0
		if ny < 0 {
			ax, bx = 0, 2
		}
	default:
		if nz < 0 {
			ax, bx = 1, 0
		}
	}
	t.u, t.v = grow(t.u, n), grow(t.v, n)
	t.prev, t.next = grow(t.prev, n), grow(t.next, n)
	t.reflex, t.gone = grow(t.reflex, n), grow(t.gone, n)
	lo, hi := [2]float64{math.Inf(1), math.Inf(1)}, [2]float64{math.Inf(-1), math.Inf(-1)}
	for i, p := range pts {
		t.u[i], t.v[i] = p[ax], p[bx]
		lo[0], lo[1] = math.Min(lo[0], t.u[i]), math.Min(lo[1], t.v[i])
		hi[0], hi[1] = math.Max(hi[0], t.u[i]), math.Max(hi[1], t.v[i])
		t.prev[i], t.next[i] = (i+n-1)%n, (i+1)%n
	}
	scale := math.Max(hi[0]-lo[0], hi[1]-lo[1])
	if !(scale > 0) || math.IsInf(scale, 0) {
		return dst, triFlat
	}
	eps := 1e-12 * scale * scale
	cross := func(a, b, c int) float64 {
		return (t.u[b]-t.u[a])*(t.v[c]-t.v[a]) - (t.v[b]-t.v[a])*(t.u[c]-t.u[a])
	}
	area := 0.0
	for i := range n {
		j := (i + 1) % n
		area += t.u[i]*t.v[j] - t.u[j]*t.v[i]
	}
	if !(area/2 > eps) {
		// No area at all (every corner on one line), or lobes that
		// cancel: a polygon crossing itself, which has no inside to
		// clip ears from.
		far, fd := 0, 0.0
		for i := range n {
			if d := math.Hypot(t.u[i]-t.u[0], t.v[i]-t.v[0]); d > fd {
				far, fd = i, d
			}
		}
		for i := range n {
			if math.Abs(cross(0, far, i)) > eps {
				return fan(triCrossed)
			}
		}
		return dst, triFlat
	}
	t.reflexes = t.reflexes[:0]
	for i := range n {
		t.gone[i] = false
		t.reflex[i] = cross(t.prev[i], i, t.next[i]) < 0
		if t.reflex[i] {
			t.reflexes = append(t.reflexes, i)
		}
	}
	same := func(a, b int) bool { return t.u[a] == t.u[b] && t.v[a] == t.v[b] }
	stale := 0 // entries of reflexes no longer reflex
	isEar := func(p, i, q int) bool {
		if stale > len(t.reflexes)/2 {
			live := t.reflexes[:0]
			for _, r := range t.reflexes {
				if !t.gone[r] && t.reflex[r] {
					live = append(live, r)
				}
			}
			t.reflexes, stale = live, 0
		}
		for _, r := range t.reflexes {
			t.budget--
			if t.gone[r] || !t.reflex[r] || r == p || r == q || same(r, p) || same(r, i) || same(r, q) {
				continue
			}
			if cross(p, i, r) >= -eps && cross(i, q, r) >= -eps && cross(q, p, r) >= -eps {
				return false
			}
		}
		return true
	}
	setReflex := func(j int) {
		was := t.reflex[j]
		t.reflex[j] = cross(t.prev[j], j, t.next[j]) < 0
		switch {
		case t.reflex[j] && !was:
			t.reflexes = append(t.reflexes, j)
		case was && !t.reflex[j]:
			stale++
		}
	}
	remove := func(i int) {
		p, q := t.prev[i], t.next[i]
		t.next[p], t.prev[q] = q, p
		t.gone[i] = true
		if t.reflex[i] {
			stale++
		}
		setReflex(p)
		setReflex(q)
	}
	how := triClipped
	count, i, miss := n, 0, 0
	for count > 3 {
		if t.budget <= 0 {
			return fan(triFan)
		}
		p, q := t.prev[i], t.next[i]
		c := cross(p, i, q)
		switch {
		case math.Abs(c) <= eps:
			// On the line of its neighbours (or a spike back along it).
		case c > 0 && isEar(p, i, q):
			dst = append(dst, [3]int{p, i, q})
		case miss > count:
			// A whole round without an ear: the polygon crosses itself.
			// Cut the first convex corner (or this one) and go on.
			how = triCrossed
			for k, j := 0, i; k < count; k, j = k+1, t.next[j] {
				if cross(t.prev[j], j, t.next[j]) > eps {
					i, p, q = j, t.prev[j], t.next[j]
					break
				}
			}
			dst = append(dst, [3]int{p, i, q})
		default:
			i = q
			miss++
			continue
		}
		remove(i)
		count--
		i, miss = p, 0
	}
	p, q := t.prev[i], t.next[i]
	if cross(p, i, q) > eps {
		dst = append(dst, [3]int{p, i, q})
	}
	return dst, how
}

// grow returns s with length n, reusing its array when it is large enough.
func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}
