// Package smooth computes per-corner normals from smoothing groups, as 3D
// Studio and MilkShape 3D define them (shared/docs/3ds-format.md §3).
//
// Each face has a 32-bit smoothing mask. A face with mask 0 is flat: its
// corners get the face normal. Otherwise a corner's normal is the normalised
// sum of the weighted normals of every face around the corner's vertex
// position whose mask shares a bit with the face's own mask. Corners are
// welded by position, not by vertex index, because meshes duplicate vertices
// along texture seams and welding by index would show the seams
// (Options.ByIndex welds by index instead).
//
// Weighting: by default each face contributes its unit normal times the
// angle of its corner at the vertex (Thürmer and Wüthrich, 1998). Angle
// weighting depends only on the surface, not on how it is cut into
// triangles: a flat polygon, or one side of a cube, contributes the same
// whatever its tessellation. Unweighted (the plain average of unit face
// normals, MilkShape's own rule) and AreaWeighted (the unnormalised cross
// products most tools sum) are available too.
//
// Cost: one pass over the faces accumulates their weighted normals into
// their corners, a hash table welds positions, and a counting sort groups
// corners by welded position: O(F) in the number of faces, with no search of
// all faces per vertex. Within one position the work is quadratic in the
// number of distinct masks that meet there (1 to 3 in practice); should more
// than 64 distinct masks meet at one position (hostile input), masks that
// share bits are merged transitively there, which bounds the work.
package smooth

import (
	"math"
)

// Weighting says how much each face around a vertex contributes to a
// corner normal.
type Weighting uint8

// Weightings.
const (
	// AngleWeighted weights unit face normals by the corner angle.
	AngleWeighted Weighting = iota
	// Unweighted averages unit face normals.
	Unweighted
	// AreaWeighted weights face normals by the face area.
	AreaWeighted
)

// Options choose the weighting and the welding.
type Options struct {
	Weighting Weighting
	// ByIndex welds corners that share a vertex index, not a position.
	ByIndex bool
}

// Up is the normal given to a corner of a face without area when no face
// around it has one either (the Y axis, up in a MilkShape model).
var Up = [3]float32{0, 1, 0}

// maxMasks is the number of distinct masks at one position above which
// masks are merged by shared bits.
const maxMasks = 64

// Smoother computes corner normals and keeps its scratch memory between
// calls, so that recomputing the normals of a mesh of the same size
// allocates nothing. The zero value is ready to use; a Smoother is not safe
// for concurrent use.
type Smoother struct {
	weld   []int32
	table  []slot
	face   [][3]float32 // unit face normals
	wc     [][3]float32 // weighted corner contributions
	acc    [][3]float32 // sum at each welded position
	first  []uint32     // the first mask seen at each welded position
	state  []uint8
	multi  []int32 // compact index of positions where masks differ, or −1
	start  []int32
	list   []int32
	masks  []uint32
	sums   [][3]float64
	res    [][3]float64
	idx    []int32
	parent [32]int8
}

// CornerNormals writes the normal of every face corner into dst (len(faces)
// entries). masks holds one smoothing mask per face; nil means every face
// is flat. A face that names a vertex past positions gets zero normals and
// takes no part in smoothing.
func CornerNormals(positions [][3]float32, faces [][3]uint32, masks []uint32, dst [][3][3]float32, opt Options) {
	var s Smoother
	s.CornerNormals(positions, faces, masks, dst, opt)
}

// CornerNormals is the package function CornerNormals using s's scratch
// memory.
func (s *Smoother) CornerNormals(positions [][3]float32, faces [][3]uint32, masks []uint32, dst [][3][3]float32, opt Options) {
	nv, nf := len(positions), len(faces)
	if len(dst) < nf {
		nf = len(dst)
	}
	nw := s.weldPositions(positions, opt.ByIndex)
	s.face = grow(s.face, nf)
	s.wc = grow(s.wc, 3*nf)
	s.acc = grow(s.acc, nw)
	clear(s.acc)
	s.first = grow(s.first, nw)
	clear(s.first)
	s.state = grow(s.state, nw)
	clear(s.state)
	smoothed := func(f int) bool { return masks != nil && f < len(masks) && masks[f] != 0 }
	valid := func(fc [3]uint32) bool { return int(fc[0]) < nv && int(fc[1]) < nv && int(fc[2]) < nv }
	// Pass 1: face normals, corner weights, and the sum at each position
	// while only one mask meets there.
	for f := 0; f < nf; f++ {
		fc := faces[f]
		if !valid(fc) {
			s.face[f] = [3]float32{}
			dst[f] = [3][3]float32{}
			s.wc[3*f], s.wc[3*f+1], s.wc[3*f+2] = [3]float32{}, [3]float32{}, [3]float32{}
			continue
		}
		s.faceNormal(f, positions[fc[0]], positions[fc[1]], positions[fc[2]], opt.Weighting)
		if !smoothed(f) {
			n := s.flat(f)
			dst[f] = [3][3]float32{n, n, n}
			continue
		}
		m := masks[f]
		for k, v := range fc {
			w := s.weld[v]
			switch s.state[w] {
			case stateNone:
				s.state[w], s.first[w] = stateOne, m
			case stateOne:
				if s.first[w] != m {
					s.state[w] = stateMany
				}
			}
			c := s.wc[3*f+k]
			a := &s.acc[w]
			a[0] += c[0]
			a[1] += c[1]
			a[2] += c[2]
		}
	}
	// Pass 2: corners where one mask meets take the sum; the others are
	// grouped by position for the general rule.
	s.multi = grow(s.multi, nw)
	nm := int32(0)
	for w := 0; w < nw; w++ {
		s.multi[w] = -1
		switch s.state[w] {
		case stateMany:
			s.multi[w] = nm
			nm++
		case stateOne:
			// Normalise once per position; a zero sum stays zero and
			// sends its corners to their face normals.
			a := s.acc[w]
			x, y, z := float64(a[0]), float64(a[1]), float64(a[2])
			if l := math.Sqrt(x*x + y*y + z*z); l > 1e-12 && !math.IsInf(l, 0) {
				s.acc[w] = [3]float32{float32(x / l), float32(y / l), float32(z / l)}
			} else {
				s.acc[w] = [3]float32{}
			}
		}
	}
	s.start = grow(s.start, int(nm)+1)
	clear(s.start)
	for f := 0; f < nf; f++ {
		fc := faces[f]
		if !smoothed(f) || !valid(fc) {
			continue
		}
		for k, v := range fc {
			w := s.weld[v]
			if j := s.multi[w]; j >= 0 {
				s.start[j+1]++
				continue
			}
			if a := s.acc[w]; a != ([3]float32{}) {
				dst[f][k] = a
			} else {
				dst[f][k] = s.flat(f)
			}
		}
	}
	if nm == 0 {
		return
	}
	for j := int32(0); j < nm; j++ {
		s.start[j+1] += s.start[j]
	}
	s.list = grow(s.list, int(s.start[nm]))
	for f := 0; f < nf; f++ {
		fc := faces[f]
		if !smoothed(f) || !valid(fc) {
			continue
		}
		for k, v := range fc {
			if j := s.multi[s.weld[v]]; j >= 0 {
				s.list[s.start[j]] = int32(3*f + k)
				s.start[j]++
			}
		}
	}
	for j := nm; j > 0; j-- {
		s.start[j] = s.start[j-1]
	}
	s.start[0] = 0
	for j := int32(0); j < nm; j++ {
		s.position(s.list[s.start[j]:s.start[j+1]], masks, dst)
	}
}

// States of a welded position while pass 1 runs.
const (
	stateNone uint8 = iota // no smoothed corner yet
	stateOne               // smoothed corners with one mask
	stateMany              // smoothed corners with different masks
)

// flat returns face f's own normal, or Up when it has no area.
func (s *Smoother) flat(f int) [3]float32 {
	if n := s.face[f]; n != ([3]float32{}) {
		return n
	}
	return Up
}

// faceNormal stores face f's unit normal and its corners' weighted
// contributions.
func (s *Smoother) faceNormal(f int, p0, p1, p2 [3]float32, wt Weighting) {
	a := [3]float64{float64(p1[0] - p0[0]), float64(p1[1] - p0[1]), float64(p1[2] - p0[2])}
	b := [3]float64{float64(p2[0] - p0[0]), float64(p2[1] - p0[1]), float64(p2[2] - p0[2])}
	c := [3]float64{float64(p2[0] - p1[0]), float64(p2[1] - p1[1]), float64(p2[2] - p1[2])}
	n := [3]float64{a[1]*b[2] - a[2]*b[1], a[2]*b[0] - a[0]*b[2], a[0]*b[1] - a[1]*b[0]}
	l := math.Sqrt(n[0]*n[0] + n[1]*n[1] + n[2]*n[2])
	if !(l > 0) || math.IsInf(l, 0) {
		s.face[f] = [3]float32{}
		s.wc[3*f], s.wc[3*f+1], s.wc[3*f+2] = [3]float32{}, [3]float32{}, [3]float32{}
		return
	}
	u := [3]float64{n[0] / l, n[1] / l, n[2] / l}
	s.face[f] = [3]float32{float32(u[0]), float32(u[1]), float32(u[2])}
	var w [3]float64
	switch wt {
	case Unweighted:
		w = [3]float64{1, 1, 1}
	case AreaWeighted:
		w = [3]float64{l, l, l}
	default:
		la, lb, lc := math.Sqrt(dot(a, a)), math.Sqrt(dot(b, b)), math.Sqrt(dot(c, c))
		w[0] = angle(dot(a, b), la*lb)
		w[1] = angle(-dot(a, c), la*lc)
		w[2] = math.Pi - w[0] - w[1]
		if w[2] < 0 {
			w[2] = 0
		}
	}
	for k := 0; k < 3; k++ {
		s.wc[3*f+k] = [3]float32{float32(u[0] * w[k]), float32(u[1] * w[k]), float32(u[2] * w[k])}
	}
}

func dot(a, b [3]float64) float64 { return a[0]*b[0] + a[1]*b[1] + a[2]*b[2] }

// angle returns acos(d / l), clamped, for the angle between two edges. It
// uses the polynomial of Abramowitz and Stegun 4.4.46 (error below 2e-8
// radians), three times faster than math.Acos and far more precise than a
// weight needs.
func angle(d, l float64) float64 {
	if !(l > 0) {
		return 0
	}
	x := d / l
	neg := x < 0
	if neg {
		x = -x
	}
	if x > 1 {
		x = 1
	}
	p := -0.0012624911
	p = p*x + 0.0066700901
	p = p*x - 0.0170881256
	p = p*x + 0.0308918810
	p = p*x - 0.0501743046
	p = p*x + 0.0889789874
	p = p*x - 0.2145988016
	p = p*x + 1.5707963050
	a := math.Sqrt(1-x) * p
	if neg {
		return math.Pi - a
	}
	return a
}

// position computes the normals of the smoothed corners at one welded
// position.
func (s *Smoother) position(corners []int32, masks []uint32, dst [][3][3]float32) {
	s.masks = s.masks[:0]
	s.sums = s.sums[:0]
	s.idx = grow(s.idx, len(corners))
	merged := false
	for i, c := range corners {
		m := masks[c/3]
		j := 0
		for j < len(s.masks) && s.masks[j] != m {
			j++
		}
		if j == len(s.masks) {
			if len(s.masks) == maxMasks {
				merged = true
				break
			}
			s.masks = append(s.masks, m)
			s.sums = append(s.sums, [3]float64{})
		}
		s.idx[i] = int32(j)
		v := s.wc[c]
		s.sums[j][0] += float64(v[0])
		s.sums[j][1] += float64(v[1])
		s.sums[j][2] += float64(v[2])
	}
	if merged {
		s.mergeByBits(corners, masks)
	}
	s.res = grow(s.res, len(s.masks))
	for i, mi := range s.masks {
		var r [3]float64
		for j, mj := range s.masks {
			if mi&mj != 0 {
				r[0] += s.sums[j][0]
				r[1] += s.sums[j][1]
				r[2] += s.sums[j][2]
			}
		}
		s.res[i] = r
	}
	for i, c := range corners {
		r := s.res[s.idx[i]]
		l := math.Sqrt(dot(r, r))
		f, k := c/3, c%3
		if l > 1e-12 && !math.IsInf(l, 0) {
			dst[f][k] = [3]float32{float32(r[0] / l), float32(r[1] / l), float32(r[2] / l)}
		} else {
			dst[f][k] = s.flat(int(f))
		}
	}
}

// mergeByBits regroups the corners at one position by connected bits: two
// masks that share a bit, directly or through other masks, become one
// group. It replaces s.masks with one mask (the union) per group, so the
// quadratic step in position stays within 32 groups.
func (s *Smoother) mergeByBits(corners []int32, masks []uint32) {
	for b := range s.parent {
		s.parent[b] = int8(b)
	}
	find := func(b int8) int8 {
		for s.parent[b] != b {
			s.parent[b] = s.parent[s.parent[b]]
			b = s.parent[b]
		}
		return b
	}
	for _, c := range corners {
		m := masks[c/3]
		first := int8(-1)
		for b := int8(0); b < 32; b++ {
			if m&(1<<uint(b)) == 0 {
				continue
			}
			if first < 0 {
				first = find(b)
			} else if r := find(b); r != first {
				s.parent[r] = first
			}
		}
	}
	var union [32]uint32
	for b := int8(0); b < 32; b++ {
		union[find(b)] |= 1 << uint(b)
	}
	s.masks = s.masks[:0]
	s.sums = s.sums[:0]
	var slot [32]int32
	for b := range slot {
		slot[b] = -1
	}
	for i, c := range corners {
		root := find(int8(lowestBit(masks[c/3])))
		if slot[root] < 0 {
			slot[root] = int32(len(s.masks))
			s.masks = append(s.masks, union[root])
			s.sums = append(s.sums, [3]float64{})
		}
		j := slot[root]
		s.idx[i] = j
		v := s.wc[c]
		s.sums[j][0] += float64(v[0])
		s.sums[j][1] += float64(v[1])
		s.sums[j][2] += float64(v[2])
	}
}

func lowestBit(m uint32) int {
	for b := 0; b < 32; b++ {
		if m&(1<<uint(b)) != 0 {
			return b
		}
	}
	return 0
}

// weldPositions gives every vertex the id of the first vertex at the same
// position (or its own index with byIndex) and returns the number of ids.
func (s *Smoother) weldPositions(positions [][3]float32, byIndex bool) int {
	nv := len(positions)
	s.weld = grow(s.weld, nv)
	if byIndex {
		for i := range nv {
			s.weld[i] = int32(i)
		}
		return nv
	}
	size := 16
	for size < nv+nv/2 {
		size <<= 1
	}
	s.table = grow(s.table, size)
	clear(s.table)
	mask := uint32(size - 1)
	n := int32(0)
	for i, p := range positions {
		k := key(p)
		h := hash(k)
		// Slots hold a vertex index plus one and a fingerprint of its
		// position: 8 bytes, so that the table stays small in cache; the
		// positions are compared only when the fingerprints match.
		fp := h | 1
		at := h & mask
		for {
			e := &s.table[at]
			if e.v == 0 {
				*e = slot{int32(i) + 1, fp}
				s.weld[i] = n
				n++
				break
			}
			if e.fp == fp && key(positions[e.v-1]) == k {
				s.weld[i] = s.weld[e.v-1]
				break
			}
			at = (at + 1) & mask
		}
	}
	return int(n)
}

// slot is one entry of the weld table: the first vertex at a position plus
// one (0: empty) and the position's hash.
type slot struct {
	v  int32
	fp uint32
}

// key returns the bits of a position, with −0 taken as +0 so that both weld.
func key(p [3]float32) [3]uint32 {
	return [3]uint32{math.Float32bits(p[0] + 0), math.Float32bits(p[1] + 0), math.Float32bits(p[2] + 0)}
}

func hash(k [3]uint32) uint32 {
	h := k[0]*0x9E3779B1 ^ k[1]*0x85EBCA77 ^ k[2]*0xC2B2AE3D
	h ^= h >> 15
	h *= 0x2C1B3C6D
	h ^= h >> 12
	return h
}

func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}
