package smooth

import (
	"math"
	"math/rand/v2"
	"runtime"
	"testing"
	"time"

	"ms3dstudio/model"
)

func near(a, b [3]float32, tol float64) bool {
	d := 0.0
	for k := 0; k < 3; k++ {
		d += float64(a[k]-b[k]) * float64(a[k]-b[k])
	}
	return math.Sqrt(d) <= tol
}

// naive computes corner normals by searching every face for each corner,
// O(corners·F): the reference the fast path is checked against, and the
// baseline of BenchmarkNaive.
func naive(pos [][3]float32, faces [][3]uint32, masks []uint32, wt Weighting) [][3][3]float32 {
	var s Smoother
	// Face normals and weights from the same per-face code, so the two
	// differ only in how corners find their neighbours.
	s.face = make([][3]float32, len(faces))
	s.wc = make([][4]float32, 3*len(faces))
	for f, fc := range faces {
		faceNormal(&pos[fc[0]], &pos[fc[1]], &pos[fc[2]], wt, &s.face[f], (*[3][4]float32)(s.wc[3*f:3*f+3]))
	}
	out := make([][3][3]float32, len(faces))
	for f, fc := range faces {
		for k := 0; k < 3; k++ {
			m := uint32(0)
			if masks != nil {
				m = masks[f]
			}
			if m == 0 {
				out[f][k] = s.flat(f)
				continue
			}
			p := pos[fc[k]]
			var sum [4]float64
			for g, gc := range faces {
				if masks[g]&m == 0 {
					continue
				}
				for c := 0; c < 3; c++ {
					if pos[gc[c]] == p {
						w := s.wc[3*g+c]
						sum[0] += float64(w[0])
						sum[1] += float64(w[1])
						sum[2] += float64(w[2])
						sum[3] += float64(w[3])
					}
				}
			}
			l := math.Sqrt(sum[0]*sum[0] + sum[1]*sum[1] + sum[2]*sum[2])
			if l > cancelled*sum[3] {
				out[f][k] = [3]float32{float32(sum[0] / l), float32(sum[1] / l), float32(sum[2] / l)}
			} else {
				out[f][k] = s.flat(f)
			}
		}
	}
	return out
}

// TestFlatQuadSplitBothWays: a flat quad split along either diagonal gives
// every corner the plane's normal, under every weighting.
func TestFlatQuadSplitBothWays(t *testing.T) {
	pos := [][3]float32{{0, 0, 0}, {2, 0, 0}, {2, 1, 0}, {0, 1, 0}}
	splits := map[string][][3]uint32{
		"0-2": {{0, 1, 2}, {0, 2, 3}},
		"1-3": {{0, 1, 3}, {1, 2, 3}},
	}
	for _, wt := range []Weighting{AngleWeighted, Unweighted, AreaWeighted} {
		for name, faces := range splits {
			dst := make([][3][3]float32, len(faces))
			CornerNormals(pos, faces, []uint32{1, 1}, dst, Options{Weighting: wt})
			for f := range dst {
				for k, n := range dst[f] {
					if !near(n, [3]float32{0, 0, 1}, 1e-6) {
						t.Errorf("weighting %d split %s face %d corner %d: %v", wt, name, f, k, n)
					}
				}
			}
		}
	}
}

// TestCubeCornerTessellationIndependent: at a cube's corner, angle weighting
// gives the diagonal whether the top face is one quad of two triangles or a
// fan of four; the plain average does not.
func TestCubeCornerTessellationIndependent(t *testing.T) {
	// Three faces meeting at the origin: x=0 (two triangles), y=0 (two
	// triangles) and z=0 split as a fan around its centre (four triangles,
	// two of which touch the origin), all in one smoothing group.
	pos := [][3]float32{
		{0, 0, 0}, {0, 1, 0}, {0, 1, 1}, {0, 0, 1}, // x = 0
		{1, 0, 0}, {1, 0, 1}, // y = 0 with 0 and 3
		{1, 1, 0}, {0.5, 0.5, 0}, // z = 0 with 0, 4, 1; centre 7
	}
	two := [][3]uint32{{0, 3, 2}, {0, 2, 1}, {0, 4, 5}, {0, 5, 3}, {0, 1, 6}, {0, 6, 4}}
	fan := [][3]uint32{{0, 3, 2}, {0, 2, 1}, {0, 4, 5}, {0, 5, 3}, {0, 1, 7}, {1, 6, 7}, {6, 4, 7}, {4, 0, 7}}
	diag := float32(1 / math.Sqrt(3))
	want := [3]float32{-diag, -diag, -diag}
	for name, faces := range map[string][][3]uint32{"two": two, "fan": fan} {
		masks := make([]uint32, len(faces))
		for i := range masks {
			masks[i] = 1
		}
		dst := make([][3][3]float32, len(faces))
		CornerNormals(pos, faces, masks, dst, Options{})
		// Corner 0 of face 0 is at the origin.
		if n := dst[0][0]; !near(n, want, 1e-6) {
			// The fan's outward normals point to −z for the bottom face:
			// check the orientation-independent direction instead.
			t.Errorf("%s: origin normal %v, want %v", name, n, want)
		}
	}
}

// TestFlatFacesAndMasks: mask 0 is flat even next to smoothed faces; faces
// smooth only with faces sharing a mask bit; welding is by position, so a
// vertex duplicated for a UV seam does not show a seam.
func TestFlatFacesAndMasks(t *testing.T) {
	// A roof: two faces meeting at a ridge along x, with the ridge
	// vertices duplicated (4, 5 copy 0, 1).
	pos := [][3]float32{{0, 0, 1}, {1, 0, 1}, {0, 1, 0}, {1, 1, 0}, {0, 0, 1}, {1, 0, 1}, {0, -1, 0}, {1, -1, 0}}
	faces := [][3]uint32{{0, 1, 2}, {1, 3, 2}, {4, 6, 5}, {5, 6, 7}}
	cases := []struct {
		name  string
		masks []uint32
		ridge [3]float32 // normal of face 0 at the ridge
	}{
		{"smooth", []uint32{1, 1, 1, 1}, [3]float32{0, 0, 1}},
		{"flat", []uint32{0, 0, 0, 0}, [3]float32{0, float32(1 / math.Sqrt2), float32(1 / math.Sqrt2)}},
		{"different groups", []uint32{1, 1, 2, 2}, [3]float32{0, float32(1 / math.Sqrt2), float32(1 / math.Sqrt2)}},
		{"shared bit", []uint32{3, 3, 2, 2}, [3]float32{0, 0, 1}},
		{"one side flat", []uint32{0, 0, 1, 1}, [3]float32{0, float32(1 / math.Sqrt2), float32(1 / math.Sqrt2)}},
	}
	for _, c := range cases {
		dst := make([][3][3]float32, len(faces))
		CornerNormals(pos, faces, c.masks, dst, Options{})
		if !near(dst[0][0], c.ridge, 1e-6) {
			t.Errorf("%s: ridge normal %v, want %v", c.name, dst[0][0], c.ridge)
		}
		ref := naive(pos, faces, c.masks, AngleWeighted)
		for f := range dst {
			for k := range dst[f] {
				if !near(dst[f][k], ref[f][k], 1e-6) {
					t.Errorf("%s: face %d corner %d: %v, naive search %v", c.name, f, k, dst[f][k], ref[f][k])
				}
			}
		}
	}
	// By index the duplicated ridge shows a seam.
	dst := make([][3][3]float32, len(faces))
	CornerNormals(pos, faces, []uint32{1, 1, 1, 1}, dst, Options{ByIndex: true})
	if near(dst[0][0], [3]float32{0, 0, 1}, 1e-3) {
		t.Error("welding by index smoothed across the duplicated ridge")
	}
}

// TestAgainstNaive compares the fast path with the naive search on bumpy
// grids with seams and mixed masks, for every weighting.
func TestAgainstNaive(t *testing.T) {
	for _, wt := range []Weighting{AngleWeighted, Unweighted, AreaWeighted} {
		for _, mesh := range []func(int, int) ([][3]float32, [][3]uint32, []uint32){grid, regions} {
			pos, faces, masks := mesh(40, 4)
			dst := make([][3][3]float32, len(faces))
			CornerNormals(pos, faces, masks, dst, Options{Weighting: wt})
			ref := naive(pos, faces, masks, wt)
			for f := range dst {
				for k := range dst[f] {
					if !near(dst[f][k], ref[f][k], 1e-5) {
						t.Fatalf("weighting %d face %d corner %d: %v, naive %v", wt, f, k, dst[f][k], ref[f][k])
					}
				}
			}
		}
	}
}

// TestHostileInput: indices past the vertices, degenerate faces, NaN
// positions and more than 64 distinct masks at one position.
func TestHostileInput(t *testing.T) {
	pos := [][3]float32{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {float32(math.NaN()), 0, 0}}
	faces := [][3]uint32{{0, 1, 2}, {0, 1, 99}, {0, 0, 1}, {0, 1, 3}}
	dst := make([][3][3]float32, len(faces))
	CornerNormals(pos, faces, []uint32{1, 1, 0, 1}, dst, Options{})
	if dst[1] != ([3][3]float32{}) {
		t.Errorf("face past the vertices: %v", dst[1])
	}
	if !near(dst[0][0], [3]float32{0, 0, 1}, 1e-6) {
		t.Errorf("good face next to bad ones: %v", dst[0][0])
	}
	if dst[2][0] != Up {
		t.Errorf("flat degenerate face: %v, want Up", dst[2][0])
	}
	// Smoothed, a degenerate face takes its neighbours' normal.
	CornerNormals(pos, faces, []uint32{1, 1, 1, 1}, dst, Options{})
	if !near(dst[2][0], [3]float32{0, 0, 1}, 1e-6) {
		t.Errorf("smoothed degenerate face: %v, want the neighbours' normal", dst[2][0])
	}
	// A fan of 200 triangles around the origin, each with its own mask.
	n := 200
	pos = [][3]float32{{0, 0, 0}}
	faces = nil
	var masks []uint32
	for i := 0; i < n; i++ {
		a := 2 * math.Pi * float64(i) / float64(n)
		pos = append(pos, [3]float32{float32(math.Cos(a)), float32(math.Sin(a)), 0})
	}
	for i := 0; i < n; i++ {
		faces = append(faces, [3]uint32{0, uint32(1 + i), uint32(1 + (i+1)%n)})
		masks = append(masks, uint32(i*2654435761)|1)
	}
	dst = make([][3][3]float32, len(faces))
	CornerNormals(pos, faces, masks, dst, Options{})
	for f := range dst {
		if !near(dst[f][0], [3]float32{0, 0, 1}, 1e-5) {
			t.Fatalf("fan face %d: %v", f, dst[f][0])
		}
	}
}

// TestModelNormals: the model-level function uses smoothing group g as
// mask bit g−1 and keeps the normals of triangles naming missing vertices.
func TestModelNormals(t *testing.T) {
	m := &model.Model{
		Vertices: []model.Vertex{{Position: [3]float32{0, 0, 0}}, {Position: [3]float32{1, 0, 0}}, {Position: [3]float32{0, 1, 0}}},
		Triangles: []model.Triangle{
			{Vertices: [3]uint32{0, 1, 2}, SmoothingGroup: 3},
			{Vertices: [3]uint32{0, 1, 7}, Normals: [3][3]float32{{9, 9, 9}}},
		},
	}
	Normals(m, Options{Weighting: Unweighted, ByIndex: true})
	if !near(m.Triangles[0].Normals[1], [3]float32{0, 0, 1}, 1e-6) {
		t.Errorf("normal %v", m.Triangles[0].Normals[1])
	}
	if m.Triangles[1].Normals[0] != [3]float32{9, 9, 9} {
		t.Errorf("bad triangle's normals changed: %v", m.Triangles[1].Normals)
	}
}

// grid builds an n×n grid of quads on a bumpy surface. Every seam-th column
// duplicates its vertices (a UV seam: the same positions under new
// indices). Masks change every few quads, some faces are flat and some are
// in two groups: far more fragmented than real smoothing groups, to test
// every case.
func grid(n, seam int) (pos [][3]float32, faces [][3]uint32, masks []uint32) {
	return gridMasks(n, seam, func(x, y int) uint32 {
		m := uint32(1) << uint((x/3+y/5)%4)
		switch {
		case (x+y)%11 == 0:
			m = 0
		case (x*y)%7 == 3:
			m |= 1 << 5
		}
		return m
	})
}

// regions builds the grid with smoothing groups the way models have them:
// regions of 16×16 quads in four groups, with one face in 64 also in a
// second group and one in 128 flat.
func regions(n, seam int) (pos [][3]float32, faces [][3]uint32, masks []uint32) {
	return gridMasks(n, seam, func(x, y int) uint32 {
		m := uint32(1) << uint((x/16+2*(y/16))%4)
		switch h := (x*7919 + y*104729) % 128; {
		case h == 0:
			m = 0
		case h%64 == 1:
			m |= 1 << 5
		}
		return m
	})
}

func gridMasks(n, seam int, mask func(x, y int) uint32) (pos [][3]float32, faces [][3]uint32, masks []uint32) {
	idx := make([][]uint32, n+1)
	dup := make([][]uint32, n+1)
	for y := 0; y <= n; y++ {
		idx[y] = make([]uint32, n+1)
		dup[y] = make([]uint32, n+1)
		for x := 0; x <= n; x++ {
			p := [3]float32{float32(x), float32(y), float32(math.Sin(float64(x)*0.7) * math.Cos(float64(y)*0.4))}
			idx[y][x] = uint32(len(pos))
			pos = append(pos, p)
			dup[y][x] = idx[y][x]
			if x%seam == 0 {
				dup[y][x] = uint32(len(pos))
				pos = append(pos, p)
			}
		}
	}
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			// Quads right of a seam column use its duplicates.
			left, leftUp := idx[y], idx[y+1]
			if x%seam == 0 {
				left, leftUp = dup[y], dup[y+1]
			}
			a, b, c, d := left[x], idx[y][x+1], idx[y+1][x+1], leftUp[x]
			m := mask(x, y)
			faces = append(faces, [3]uint32{a, b, c}, [3]uint32{a, c, d})
			masks = append(masks, m, m)
		}
	}
	return pos, faces, masks
}

// TestParallelIdentical: the normals are bit-identical whatever GOMAXPROCS
// is, for every weighting, on meshes in their natural face order and with
// the faces shuffled (so that every worker visits every block).
func TestParallelIdentical(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	shuffled := func(n, seam int) ([][3]float32, [][3]uint32, []uint32) {
		pos, faces, masks := grid(n, seam)
		r := rand.New(rand.NewPCG(1, 2))
		r.Shuffle(len(faces), func(i, j int) {
			faces[i], faces[j] = faces[j], faces[i]
			masks[i], masks[j] = masks[j], masks[i]
		})
		return pos, faces, masks
	}
	for name, mesh := range map[string]func(int, int) ([][3]float32, [][3]uint32, []uint32){"grid": grid, "regions": regions, "shuffled": shuffled} {
		pos, faces, masks := mesh(150, 8) // 45,000 faces: 11 blocks
		for _, opt := range []Options{{}, {Weighting: Unweighted}, {Weighting: AreaWeighted}, {ByIndex: true}} {
			var want [][3][3]float32
			for _, procs := range []int{1, 2, 3, 8} {
				runtime.GOMAXPROCS(procs)
				var s Smoother
				dst := make([][3][3]float32, len(faces))
				s.CornerNormals(pos, faces, masks, dst, opt)
				if s.nproc != min(procs, (len(faces)+blockSize-1)/blockSize) {
					t.Fatalf("GOMAXPROCS %d: %d workers", procs, s.nproc)
				}
				if want == nil {
					want = dst
					continue
				}
				for f := range dst {
					if dst[f] != want[f] {
						t.Fatalf("%s %+v: GOMAXPROCS %d face %d: %v, GOMAXPROCS 1 %v", name, opt, procs, f, dst[f], want[f])
					}
				}
				// A second call with the scratch memory of the first.
				s.CornerNormals(pos, faces, masks, dst, opt)
				for f := range dst {
					if dst[f] != want[f] {
						t.Fatalf("%s %+v: GOMAXPROCS %d, second call, face %d: %v, want %v", name, opt, procs, f, dst[f], want[f])
					}
				}
			}
		}
	}
}

// sameHash returns n distinct positions whose keys all hash to the same
// 32-bit value: the worst case of the weld.
func sameHash(n int) [][3]float32 {
	const c3 = 0xC2B2AE3D
	inv := uint32(c3)
	for range 5 {
		inv *= 2 - c3*inv // Newton's iteration for the inverse mod 2³²
	}
	var pos [][3]float32
	for i := 1; len(pos) < n; i++ {
		k0, k1 := math.Float32bits(float32(i)), math.Float32bits(float32(i%7))
		k2 := (12345 ^ k0*0x9E3779B1 ^ k1*0x85EBCA77) * inv
		z := math.Float32frombits(k2)
		if math.IsNaN(float64(z)) || math.IsInf(float64(z), 0) || k2 == 1<<31 {
			continue
		}
		pos = append(pos, [3]float32{float32(i), float32(i % 7), z})
	}
	return pos
}

// TestWeldHostile: positions that all hash alike, and many copies of one
// position, weld exactly and fast (sorting, not comparing every pair).
func TestWeldHostile(t *testing.T) {
	for _, n := range []int{5, 100_000} { // a short run and a long one
		distinct := sameHash(n)
		h := hash(key(distinct[0]))
		for _, p := range distinct {
			if hash(key(p)) != h {
				t.Fatalf("%v hashes to %#x, not %#x", p, hash(key(p)), h)
			}
		}
		// Every position twice, the second copies in reverse order, plus a
		// −0 copy of the first.
		pos := append([][3]float32{}, distinct...)
		for i := n - 1; i >= 0; i-- {
			pos = append(pos, distinct[i])
		}
		neg := distinct[0]
		neg[0] = float32(math.Copysign(0, -1))
		pos0 := neg
		pos0[0] = 0
		pos = append(pos, pos0, neg)
		faces := make([][3]uint32, len(pos)-2)
		for i := range faces {
			faces[i] = [3]uint32{uint32(i), uint32(i + 1), uint32(i + 2)}
		}
		masks := make([]uint32, len(faces))
		for i := range masks {
			masks[i] = 1
		}
		start := time.Now()
		var s Smoother
		s.CornerNormals(pos, faces, masks, make([][3][3]float32, len(faces)), Options{})
		if d := time.Since(start); d > 10*time.Second {
			t.Errorf("%d same-hash positions: %v", n, d)
		}
		for i := range n {
			if s.weld[i] != int32(i) || s.weld[2*n-1-i] != int32(i) {
				t.Fatalf("%d same-hash positions: vertex %d welds to %d, its copy %d to %d", n, i, s.weld[i], 2*n-1-i, s.weld[2*n-1-i])
			}
		}
		if s.weld[2*n] != int32(2*n) || s.weld[2*n+1] != int32(2*n) {
			t.Errorf("−0 and +0: weld %d %d", s.weld[2*n], s.weld[2*n+1])
		}
	}
	// 300,000 copies of one corner of a triangle fan: every fan triangle
	// smooths with every other one.
	const n = 300_000
	pos := make([][3]float32, 2*n)
	faces := make([][3]uint32, n)
	masks := make([]uint32, n)
	for i := range n {
		pos[2*i+1] = [3]float32{float32(math.Cos(float64(i))), float32(math.Sin(float64(i))), 0}
		pos[2*i] = [3]float32{1, 2, 0}
		faces[i] = [3]uint32{uint32(2 * i), uint32(2*i + 1), uint32(2*((i+1)%n) + 1)}
		masks[i] = 1 << (i % 3)
		if i%5 == 0 {
			masks[i] = 7
		}
	}
	dst := make([][3][3]float32, n)
	start := time.Now()
	var s Smoother
	s.CornerNormals(pos, faces, masks, dst, Options{})
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("%d copies of one position: %v", n, d)
	}
	for i := range n {
		if s.weld[2*i] != 0 {
			t.Fatalf("copy %d welds to %d", i, s.weld[2*i])
		}
	}
}

// TestCancelled: at the corners of a double-sided surface (each face also
// there reversed, on the same vertices) the contributions cancel up to
// float32 rounding; the corners take their face normals, not a direction
// made of rounding, and with NoFallback they are left zero.
func TestCancelled(t *testing.T) {
	pos := [][3]float32{{0, 0, 0}, {1, 0, 0.1}, {1, 1, 0.3}, {0, 1, 0.2}, {0.3, 0.7, 0.9}}
	faces := [][3]uint32{{0, 1, 2}, {0, 2, 3}, {2, 4, 3}, {0, 2, 1}, {0, 3, 2}, {2, 3, 4}}
	masks := []uint32{1, 1, 1, 1, 1, 1}
	for _, wt := range []Weighting{AngleWeighted, Unweighted, AreaWeighted} {
		dst := make([][3][3]float32, len(faces))
		CornerNormals(pos, faces, masks, dst, Options{Weighting: wt})
		for f := range faces {
			var n [3]float32
			faceNormal(&pos[faces[f][0]], &pos[faces[f][1]], &pos[faces[f][2]], wt, &n, new([3][4]float32))
			for k := range 3 {
				if dst[f][k] != n {
					t.Errorf("weighting %d face %d corner %d: %v, want the face normal %v", wt, f, k, dst[f][k], n)
				}
			}
		}
		CornerNormals(pos, faces, masks, dst, Options{Weighting: wt, NoFallback: true})
		for f := range faces {
			if dst[f] != ([3][3]float32{}) {
				t.Errorf("weighting %d NoFallback face %d: %v", wt, f, dst[f])
			}
		}
	}
	// NoFallback: a flat face without area is left zero, not Up.
	dst := make([][3][3]float32, 1)
	CornerNormals(pos, [][3]uint32{{0, 0, 1}}, nil, dst, Options{NoFallback: true})
	if dst[0] != ([3][3]float32{}) {
		t.Errorf("NoFallback flat face without area: %v", dst[0])
	}
}
