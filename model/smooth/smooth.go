// Package smooth computes per-corner normals from smoothing groups, as 3D
// Studio and MilkShape 3D define them (docs/3ds-format.md §3).
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
// Cost: O(F) in the number of faces, with no search of all faces per
// vertex. Positions are welded by hashing them into buckets of 64 to 128
// vertices on average (a stable counting sort on the top bits of a 32-bit
// hash of the position) and welding each bucket with a small table of its
// own, which stays in cache; positions are compared only when their hashes are equal,
// and a bucket that needs more than a few probes per vertex (hostile input:
// many positions with one hash) is sorted by position instead, so that it
// costs O(n log n), not O(n²). Then one pass over the faces computes their
// unit normals and weighted corner contributions, and a second accumulates
// the contributions at each welded position; a corner whose position is
// met by only one mask takes that sum, and the corners of the other
// positions are grouped by position (a counting sort) for the general rule.
// Within one position that rule is quadratic in the number of distinct
// masks that meet there (1 to 3 in practice); should more than 64 distinct
// masks meet at one position (hostile input), masks that share bits are
// merged transitively there, which bounds the work. A sum shorter than
// 1e-5 of the weights that made it counts as cancelled: its corners take
// their face normal (or Up, for a face without area; Options.NoFallback
// leaves them zero).
//
// Parallelism: on large meshes every step is split over GOMAXPROCS
// goroutines: the weld by vertices then by buckets, face normals by blocks
// of faces, and everything after by ranges of welded positions. Each
// worker of the last step visits the faces in order and takes only the
// corners of its own positions, so every sum is made in the same order
// (face by face, corner by corner) as on one goroutine: the results are
// bit-identical whatever GOMAXPROCS is. Workers skip blocks of faces that
// touch none of their positions, so on a mesh whose faces are stored near
// their vertices (as meshes are) each visits little more than its share.
package smooth

import (
	"math"
	"math/bits"
	"runtime"
	"slices"
	"sync"
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
	// NoFallback leaves the zero vector in a corner that has no direction
	// of its own: a smoothed corner whose contributions cancel (or have no
	// area), and a corner of a flat face without area. By default the
	// first takes its face normal and, when that face has no area either,
	// both take Up.
	NoFallback bool
}

// Up is the normal given to a corner of a face without area when no face
// around it has one either (the Y axis, up in a MilkShape model).
var Up = [3]float32{0, 1, 0}

// cancelled is the length, relative to the sum of the weights, below
// which a sum of contributions is taken as cancelled: float32 sums of
// contributions that cancel exactly leave a rounding residue of about 1e-7
// of that, which has no direction to normalise.
const cancelled = 1e-5

// maxMasks is the number of distinct masks at one position above which
// masks are merged by shared bits.
const maxMasks = 64

// blockSize is the number of faces in a block: the unit of the parallel
// split of the faces, and of the skipping of faces by position range.
const blockSize = 4096

// bucketSize is the most vertices per bucket of the weld on average (the
// number of buckets is the power of two that brings it between half that and
// that).
const bucketSize = 128

// Smoother computes corner normals and keeps its scratch memory between
// calls, so that recomputing the normals of a mesh of the same size
// allocates nothing but the start of its worker goroutines: one
// allocation per extra goroutine, GOMAXPROCS−1 per call on a large mesh,
// none with GOMAXPROCS=1 or below 2 blocks of faces (the steps are
// separated by a barrier, not by starting goroutines again). The zero
// value is ready to use; a Smoother is not safe for concurrent use.
type Smoother struct {
	weld    []int32      // the lowest vertex index at each vertex's position
	keys    []uint64     // weld: position hash << 32 | vertex index, by bucket
	tmp     []uint64     // the same in vertex order
	hist    []int32      // per worker and bucket: vertices, then where they go
	start   []int32      // where each bucket starts in keys
	bits    int          // the number of buckets is 1 << bits
	face    [][3]float32 // unit face normals
	wc      [][4]float32 // weighted corner contributions, and their weights
	cw      []int32      // the welded position of each smoothed corner, or −1
	pos     []posSum     // by welded position (a vertex index)
	span    [][2]int32   // per block: the lowest and highest position its smoothed corners touch
	work    []worker
	wg      sync.WaitGroup
	barrier barrier
	nproc   int

	// The arguments of the running call, for the workers.
	positions [][3]float32
	faces     [][3]uint32
	masks     []uint32
	dst       [][3][3]float32
	opt       Options
}

// posSum is what the faces say about one welded position.
type posSum struct {
	acc [4]float32 // sum of the contributions and weights; then the unit vector
	// first is the mask of the smoothed corners here while they all have
	// the same one, 0 once they do not (smoothed masks are not 0).
	first uint32
	// n counts the smoothed corners here; at positions with several masks
	// it then becomes the end of their corners in the worker's list.
	n int32
}

// worker is the scratch memory of one goroutine.
type worker struct {
	list   []int32 // corners at the positions with several masks, by position
	masks  []uint32
	sums   [][4]float64
	res    [][3]float32 // the normal for each mask, zero when it cancels
	idx    []int32
	parent [32]int8
	table  []int32 // weld: a bucket's open-addressing table
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
	nf := min(len(faces), len(dst))
	s.positions, s.faces, s.masks, s.dst, s.opt = positions, faces[:nf], masks, dst[:nf], opt
	nb := (nf + blockSize - 1) / blockSize
	s.nproc = max(1, min(runtime.GOMAXPROCS(0), nb))
	nv := len(positions)
	s.weld = grow(s.weld, nv)
	if !opt.ByIndex {
		s.bits = min(16, bits.Len(uint(nv/bucketSize)))
		s.hist = grow(s.hist, s.nproc<<s.bits)
		s.start = grow(s.start, 1<<s.bits+1)
		s.keys, s.tmp = grow(s.keys, nv), grow(s.tmp, nv)
	}
	s.face = grow(s.face, nf)
	s.wc = grow(s.wc, 3*nf)
	s.cw = grow(s.cw, 3*nf)
	s.span = grow(s.span, nb)
	s.pos = grow(s.pos, nv)
	for len(s.work) < s.nproc {
		s.work = append(s.work, worker{})
	}
	s.barrier.n = s.nproc
	s.barrier.cond.L = &s.barrier.mu
	for p := 1; p < s.nproc; p++ {
		s.wg.Add(1)
		go s.runWorker(p)
	}
	s.run(0)
	s.wg.Wait()
	s.positions, s.faces, s.masks, s.dst = nil, nil, nil, nil
}

func (s *Smoother) runWorker(p int) {
	defer s.wg.Done()
	s.run(p)
}

// run is worker p's part of every step, with a barrier after each step
// whose results the next one reads from the other workers.
func (s *Smoother) run(p int) {
	s.weldPositions(p)
	s.faceNormals(p)
	s.barrier.wait()
	s.positionNormals(p)
}

// barrier makes the workers wait for each other between steps.
type barrier struct {
	mu      sync.Mutex
	cond    sync.Cond
	n, here int
	gen     uint64
}

func (b *barrier) wait() {
	if b.n == 1 {
		return
	}
	b.mu.Lock()
	gen := b.gen
	if b.here++; b.here == b.n {
		b.here = 0
		b.gen++
		b.mu.Unlock()
		b.cond.Broadcast()
		return
	}
	for gen == b.gen {
		b.cond.Wait()
	}
	b.mu.Unlock()
}

// part returns the p-th of s.nproc equal parts of [0, n).
func (s *Smoother) part(n, p int) (lo, hi int) {
	return n * p / s.nproc, n * (p + 1) / s.nproc
}

// smoothed reports whether face f takes part in smoothing.
func (s *Smoother) smoothed(f int) bool {
	return f < len(s.masks) && s.masks[f] != 0
}

// valid reports whether a face names only existing vertices.
func valid(fc [3]uint32, nv int) bool {
	return int(fc[0]) < nv && int(fc[1]) < nv && int(fc[2]) < nv
}

// faceNormals is step 1 for worker p: the face normals and corner
// contributions of its blocks of faces, the corners of flat faces, and
// which positions each block touches.
func (s *Smoother) faceNormals(p int) {
	nv, nf := len(s.positions), len(s.faces)
	b0, b1 := s.part(len(s.span), p)
	for b := b0; b < b1; b++ {
		lo, hi := int32(math.MaxInt32), int32(-1)
		for f := b * blockSize; f < min(nf, (b+1)*blockSize); f++ {
			fc := s.faces[f]
			if !valid(fc, nv) {
				s.face[f] = [3]float32{}
				s.dst[f] = [3][3]float32{}
				s.wc[3*f], s.wc[3*f+1], s.wc[3*f+2] = [4]float32{}, [4]float32{}, [4]float32{}
				s.cw[3*f], s.cw[3*f+1], s.cw[3*f+2] = -1, -1, -1
				continue
			}
			faceNormal(&s.positions[fc[0]], &s.positions[fc[1]], &s.positions[fc[2]], s.opt.Weighting,
				&s.face[f], (*[3][4]float32)(s.wc[3*f:3*f+3]))
			if !s.smoothed(f) {
				n := s.face[f]
				if n == ([3]float32{}) && !s.opt.NoFallback {
					n = Up
				}
				s.dst[f] = [3][3]float32{n, n, n}
				s.cw[3*f], s.cw[3*f+1], s.cw[3*f+2] = -1, -1, -1
				continue
			}
			for k, v := range fc {
				w := s.weld[v]
				s.cw[3*f+k] = w
				lo, hi = min(lo, w), max(hi, w)
			}
		}
		s.span[b] = [2]int32{lo, hi}
	}
}

// positionNormals is step 2 for worker p: the normals of the smoothed
// corners at its range of welded positions.
func (s *Smoother) positionNormals(p int) {
	lo0, hi0 := s.part(len(s.pos), p)
	lo, hi, n := int32(lo0), int32(hi0), uint32(hi0-lo0)
	pos := s.pos[lo0:hi0]
	clear(pos)
	wk := &s.work[p]
	nf := len(s.faces)
	// Sum the contributions at each position, in face order.
	for b, sp := range s.span {
		if sp[1] < lo || sp[0] >= hi {
			continue
		}
		for c := 3 * b * blockSize; c < min(3*nf, 3*(b+1)*blockSize); c++ {
			i := uint32(s.cw[c] - lo) // −1 (not smoothed) is far out
			if i >= n {
				continue
			}
			m := s.masks[c/3]
			ps := &pos[i]
			if ps.n == 0 {
				ps.first = m
			} else if ps.first != m {
				ps.first = 0
			}
			ps.n++
			w := s.wc[c]
			ps.acc[0] += w[0]
			ps.acc[1] += w[1]
			ps.acc[2] += w[2]
			ps.acc[3] += w[3]
		}
	}
	// Normalise the sums where one mask meets; give the other positions
	// their place in the list.
	total := int32(0)
	for i := range pos {
		ps := &pos[i]
		switch {
		case ps.n == 0:
		case ps.first != 0:
			// A zero sum stays zero and sends its corners to their face
			// normals.
			a := ps.acc
			n, _ := unit(float64(a[0]), float64(a[1]), float64(a[2]), float64(a[3]))
			ps.acc = [4]float32{n[0], n[1], n[2]}
		default:
			ps.n, total = total, total+ps.n
		}
	}
	wk.list = grow(wk.list, int(total))
	for b, sp := range s.span {
		if sp[1] < lo || sp[0] >= hi {
			continue
		}
		for c := 3 * b * blockSize; c < min(3*nf, 3*(b+1)*blockSize); c++ {
			i := uint32(s.cw[c] - lo)
			if i >= n {
				continue
			}
			ps := &pos[i]
			switch {
			case ps.first == 0:
				wk.list[ps.n] = int32(c)
				ps.n++
			case ps.acc != [4]float32{}:
				s.dst[c/3][c%3] = [3]float32(ps.acc[:3])
			default:
				s.dst[c/3][c%3] = s.fallback(c / 3)
			}
		}
	}
	if total == 0 {
		return
	}
	start := int32(0)
	for i := range pos {
		if ps := &pos[i]; ps.first == 0 && ps.n > 0 {
			s.position(wk, wk.list[start:ps.n])
			start = ps.n
		}
	}
}

// flat returns face f's own normal, or Up when it has no area.
func (s *Smoother) flat(f int) [3]float32 {
	if n := s.face[f]; n != ([3]float32{}) {
		return n
	}
	return Up
}

// fallback returns the normal of a smoothed corner of face f whose sum
// cancels: flat(f), or zero with NoFallback.
func (s *Smoother) fallback(f int) [3]float32 {
	if s.opt.NoFallback {
		return [3]float32{}
	}
	return s.flat(f)
}

// unit returns (x, y, z) normalised, or zero when it is shorter than
// cancelled times w, the sum of the weights that made it, or not finite.
func unit(x, y, z, w float64) ([3]float32, bool) {
	l := math.Sqrt(x*x + y*y + z*z)
	if !(l > cancelled*w) || l > math.MaxFloat64 {
		return [3]float32{}, false
	}
	r := 1 / l
	return [3]float32{float32(x * r), float32(y * r), float32(z * r)}, true
}

// faceNormal writes a face's unit normal and its corners' weighted
// contributions (all zero when it has no area) to un and wc. It works on
// scalars, not arrays, which the compiler keeps in registers.
func faceNormal(p0, p1, p2 *[3]float32, wt Weighting, un *[3]float32, wc *[3][4]float32) {
	// Differences in float64: exact, where float32 ones round (as soon
	// as the coordinates differ in sign) and turn the normals of slivers
	// by degrees.
	x0, y0, z0 := float64(p0[0]), float64(p0[1]), float64(p0[2])
	x1, y1, z1 := float64(p1[0]), float64(p1[1]), float64(p1[2])
	x2, y2, z2 := float64(p2[0]), float64(p2[1]), float64(p2[2])
	ax, ay, az := x1-x0, y1-y0, z1-z0
	bx, by, bz := x2-x0, y2-y0, z2-z0
	nx, ny, nz := ay*bz-az*by, az*bx-ax*bz, ax*by-ay*bx
	l := math.Sqrt(nx*nx + ny*ny + nz*nz)
	if !(l > 0) || l > math.MaxFloat64 {
		*un, *wc = [3]float32{}, [3][4]float32{}
		return
	}
	r := 1 / l
	ux, uy, uz := nx*r, ny*r, nz*r
	*un = [3]float32{float32(ux), float32(uy), float32(uz)}
	switch wt {
	case Unweighted:
		c := [4]float32{un[0], un[1], un[2], 1}
		*wc = [3][4]float32{c, c, c}
	case AreaWeighted:
		c := [4]float32{float32(nx), float32(ny), float32(nz), float32(l)}
		*wc = [3][4]float32{c, c, c}
	default:
		// The corner angles are atan2(sine, cosine) times the product of
		// the edge lengths: l, the length of the cross product, which is
		// the same at every corner, and the dot product of the edges. The
		// arc tangent is taken of a ratio of at most 1, which for angles
		// between 45° and 135° is a product with 1/l, not a division.
		// The two corners are written out: as a helper (too large to
		// inline with atan01 in it) or a loop over both, faceNormal took
		// 3 to 12 % longer in a benchmark of it alone.
		cx, cy, cz := x2-x1, y2-y1, z2-z1
		d0, d1 := ax*bx+ay*by+az*bz, -(ax*cx + ay*cy + az*cz)
		var w0, w1 float64
		if a := math.Abs(d0); a <= l {
			w0 = math.Pi/2 - atan01(a*r)
		} else {
			w0 = atan01(l / a)
		}
		if d0 < 0 {
			w0 = math.Pi - w0
		}
		if a := math.Abs(d1); a <= l {
			w1 = math.Pi/2 - atan01(a*r)
		} else {
			w1 = atan01(l / a)
		}
		if d1 < 0 {
			w1 = math.Pi - w1
		}
		w2 := max(0, math.Pi-w0-w1)
		wc[0] = [4]float32{float32(ux * w0), float32(uy * w0), float32(uz * w0), float32(w0)}
		wc[1] = [4]float32{float32(ux * w1), float32(uy * w1), float32(uz * w1), float32(w1)}
		wc[2] = [4]float32{float32(ux * w2), float32(uy * w2), float32(uz * w2), float32(w2)}
	}
}

// atan01 returns atan(t) for t in [0, 1] by the polynomial of Abramowitz
// and Stegun 4.4.49 (error below 2e-8 radians): several times cheaper
// than math.Atan, and far more precise than a weight needs.
func atan01(t float64) float64 {
	z := t * t
	p := 0.0028662257
	p = p*z - 0.0161657367
	p = p*z + 0.0429096138
	p = p*z - 0.0752896400
	p = p*z + 0.1065626393
	p = p*z - 0.1420889944
	p = p*z + 0.1999355085
	p = p*z - 0.3333314528
	return t + t*z*p
}

// position computes the normals of the smoothed corners at one welded
// position.
func (s *Smoother) position(wk *worker, corners []int32) {
	masks, dst := s.masks, s.dst
	wk.masks = wk.masks[:0]
	wk.sums = wk.sums[:0]
	wk.idx = grow(wk.idx, len(corners))
	merged := false
	for i, c := range corners {
		m := masks[c/3]
		j := 0
		for j < len(wk.masks) && wk.masks[j] != m {
			j++
		}
		if j == len(wk.masks) {
			if len(wk.masks) == maxMasks {
				merged = true
				break
			}
			wk.masks = append(wk.masks, m)
			wk.sums = append(wk.sums, [4]float64{})
		}
		wk.idx[i] = int32(j)
		v := s.wc[c]
		wk.sums[j][0] += float64(v[0])
		wk.sums[j][1] += float64(v[1])
		wk.sums[j][2] += float64(v[2])
		wk.sums[j][3] += float64(v[3])
	}
	if merged {
		s.mergeByBits(wk, corners)
	}
	wk.res = grow(wk.res, len(wk.masks))
	for i, mi := range wk.masks {
		var r [4]float64
		for j, mj := range wk.masks {
			if mi&mj != 0 {
				r[0] += wk.sums[j][0]
				r[1] += wk.sums[j][1]
				r[2] += wk.sums[j][2]
				r[3] += wk.sums[j][3]
			}
		}
		wk.res[i], _ = unit(r[0], r[1], r[2], r[3])
	}
	for i, c := range corners {
		f, k := c/3, c%3
		if n := wk.res[wk.idx[i]]; n != ([3]float32{}) {
			dst[f][k] = n
		} else {
			dst[f][k] = s.fallback(int(f))
		}
	}
}

// mergeByBits regroups the corners at one position by connected bits: two
// masks that share a bit, directly or through other masks, become one
// group. It replaces wk.masks with one mask (the union) per group, so the
// quadratic step in position stays within 32 groups.
func (s *Smoother) mergeByBits(wk *worker, corners []int32) {
	masks := s.masks
	for b := range wk.parent {
		wk.parent[b] = int8(b)
	}
	find := func(b int8) int8 {
		for wk.parent[b] != b {
			wk.parent[b] = wk.parent[wk.parent[b]]
			b = wk.parent[b]
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
				wk.parent[r] = first
			}
		}
	}
	var union [32]uint32
	for b := int8(0); b < 32; b++ {
		union[find(b)] |= 1 << uint(b)
	}
	wk.masks = wk.masks[:0]
	wk.sums = wk.sums[:0]
	var slot [32]int32
	for b := range slot {
		slot[b] = -1
	}
	for i, c := range corners {
		root := find(int8(lowestBit(masks[c/3])))
		if slot[root] < 0 {
			slot[root] = int32(len(wk.masks))
			wk.masks = append(wk.masks, union[root])
			wk.sums = append(wk.sums, [4]float64{})
		}
		j := slot[root]
		wk.idx[i] = j
		v := s.wc[c]
		wk.sums[j][0] += float64(v[0])
		wk.sums[j][1] += float64(v[1])
		wk.sums[j][2] += float64(v[2])
		wk.sums[j][3] += float64(v[3])
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

// weldPositions is worker p's part of the weld: it gives every vertex the
// lowest index of the vertices at the same position (its own index with
// ByIndex). The vertices are hashed, each worker counting how many of its
// share of them fall in each of 1 << s.bits buckets (by the top bits of
// the hash); a stable scatter puts each bucket's vertices together, in
// index order; and each bucket (64 to 128 vertices on average) is welded
// with a small open-addressing table of its own, which stays in cache.
// Positions are compared only when their 32-bit hashes are equal. A bucket
// whose table needs more than a few probes per vertex (hostile input: many
// positions with one hash) is sorted by position instead, O(n log n).
func (s *Smoother) weldPositions(p int) {
	positions := s.positions
	lo, hi := s.part(len(positions), p)
	for i := lo; i < hi; i++ {
		s.weld[i] = int32(i)
	}
	if s.opt.ByIndex {
		s.barrier.wait()
		return
	}
	shift := uint(32 - s.bits) // a shift by 32 gives bucket 0
	nb := 1 << s.bits
	hist := s.hist[p*nb : (p+1)*nb]
	clear(hist)
	for i := lo; i < hi; i++ {
		h := hash(key(positions[i]))
		s.tmp[i] = uint64(h)<<32 | uint64(i)
		hist[h>>shift]++
	}
	s.barrier.wait()
	if p == 0 {
		at := int32(0)
		for b := range nb {
			s.start[b] = at
			for q := range s.nproc {
				c := s.hist[q*nb+b]
				s.hist[q*nb+b] = at
				at += c
			}
		}
		s.start[nb] = at
	}
	s.barrier.wait()
	for _, k := range s.tmp[lo:hi] {
		b := uint32(k>>32) >> shift
		s.keys[hist[b]] = k
		hist[b]++
	}
	s.barrier.wait()
	wk := &s.work[p]
	b0, b1 := s.part(nb, p)
	for b := b0; b < b1; b++ {
		if bucket := s.keys[s.start[b]:s.start[b+1]]; len(bucket) > 1 {
			s.weldBucket(wk, bucket)
		}
	}
	s.barrier.wait()
}

// weldBucket welds the vertices of one bucket, in index order.
func (s *Smoother) weldBucket(wk *worker, bucket []uint64) {
	positions := s.positions
	size := 4
	for size < 2*len(bucket) {
		size <<= 1
	}
	wk.table = grow(wk.table, size)
	table := wk.table
	clear(table)
	mask := uint32(size - 1)
	budget := 4*len(bucket) + 64
	for j, k := range bucket {
		h, v := uint32(k>>32), uint32(k)
		at := h & mask
		for {
			e := table[at]
			if e == 0 {
				table[at] = int32(j) + 1
				break
			}
			if r := bucket[e-1]; uint32(r>>32) == h {
				if u := uint32(r); key(positions[u]) == key(positions[v]) {
					s.weld[v] = int32(u)
					break
				}
			}
			if budget--; budget < 0 {
				s.weldSorted(bucket)
				return
			}
			at = (at + 1) & mask
		}
	}
}

// weldSorted welds a bucket by sorting it by position, then index: the way
// out for hostile input, O(n log n) however many positions share a hash.
func (s *Smoother) weldSorted(bucket []uint64) {
	positions := s.positions
	slices.SortFunc(bucket, func(x, y uint64) int {
		kx, ky := key(positions[uint32(x)]), key(positions[uint32(y)])
		for d := range kx {
			if kx[d] != ky[d] {
				if kx[d] < ky[d] {
					return -1
				}
				return 1
			}
		}
		return int(int64(uint32(x)) - int64(uint32(y)))
	})
	rep := uint32(bucket[0])
	kr := key(positions[rep])
	for _, r := range bucket[1:] {
		v := uint32(r)
		if k := key(positions[v]); k != kr {
			rep, kr = v, k
			continue
		}
		s.weld[v] = int32(rep)
	}
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
