package anim

import "github.com/go-gl/mathgl/mgl32"

// The skinning kernels in pure Go; kernel_amd64.s has AVX2/FMA versions of
// the multi-influence ones, used when the CPU has them (see useFMA). Each
// kernel handles vertices with a fixed number of influences: it blends the
// influences' matrices with the weights, transforms the bind position with
// the blend, and, when rot is not nil, keeps the blended rotation for the
// corner normals. Blending first costs 12 multiply-adds per influence plus 9
// for the transform, against 12 per influence for transforming by each
// matrix, and yields the rotation the normals need.
//
// Matrices are column-major (mgl32.Mat4: element (row r, column c) at
// 4c+r), indexed by bone byte in a 256-entry array so that the compiler
// drops the bounds checks on them. A blended rotation is stored as its
// three columns: rot[v] = (c0, c1, c2).

// matTable is the per-call copy of the skinning matrices, one per joint
// (at least one), indexed by the records' joint indices, which Rebuild
// keeps below its length.
type matTable = []mgl32.Mat4

func skin1Go(rs []rec1, m matTable, pos [][3]float32, rot [][9]float32) {
	for i := range rs {
		r := &rs[i]
		a := &m[r.j]
		x, y, z := r.p[0], r.p[1], r.p[2]
		pos[r.dst] = [3]float32{
			a[0]*x + a[4]*y + a[8]*z + a[12],
			a[1]*x + a[5]*y + a[9]*z + a[13],
			a[2]*x + a[6]*y + a[10]*z + a[14],
		}
		if rot != nil {
			rot[r.dst] = [9]float32{a[0], a[1], a[2], a[4], a[5], a[6], a[8], a[9], a[10]}
		}
	}
}

func skin2Go(rs []rec2, m matTable, pos [][3]float32, rot [][9]float32) {
	for i := range rs {
		r := &rs[i]
		a, b := &m[r.j[0]], &m[r.j[1]]
		wa, wb := r.w[0], r.w[1]
		x, y, z := r.p[0], r.p[1], r.p[2]
		o, n := outputs(pos, rot, r.dst)
		for row := 0; row < 3; row++ {
			c0 := wa*a[row] + wb*b[row]
			c1 := wa*a[4+row] + wb*b[4+row]
			c2 := wa*a[8+row] + wb*b[8+row]
			c3 := wa*a[12+row] + wb*b[12+row]
			store(o, n, row, c0, c1, c2, c3, x, y, z)
		}
	}
}

func skin3Go(rs []rec3, m matTable, pos [][3]float32, rot [][9]float32) {
	for i := range rs {
		r := &rs[i]
		a, b, c := &m[r.j[0]], &m[r.j[1]], &m[r.j[2]]
		wa, wb, wc := r.w[0], r.w[1], r.w[2]
		x, y, z := r.p[0], r.p[1], r.p[2]
		o, n := outputs(pos, rot, r.dst)
		for row := 0; row < 3; row++ {
			c0 := wa*a[row] + wb*b[row] + wc*c[row]
			c1 := wa*a[4+row] + wb*b[4+row] + wc*c[4+row]
			c2 := wa*a[8+row] + wb*b[8+row] + wc*c[8+row]
			c3 := wa*a[12+row] + wb*b[12+row] + wc*c[12+row]
			store(o, n, row, c0, c1, c2, c3, x, y, z)
		}
	}
}

func skin4Go(rs []rec4, m matTable, pos [][3]float32, rot [][9]float32) {
	for i := range rs {
		r := &rs[i]
		a, b, c, d := &m[r.j[0]], &m[r.j[1]], &m[r.j[2]], &m[r.j[3]]
		wa, wb, wc, wd := r.w[0], r.w[1], r.w[2], r.w[3]
		x, y, z := r.p[0], r.p[1], r.p[2]
		o, n := outputs(pos, rot, r.dst)
		for row := 0; row < 3; row++ {
			c0 := wa*a[row] + wb*b[row] + wc*c[row] + wd*d[row]
			c1 := wa*a[4+row] + wb*b[4+row] + wc*c[4+row] + wd*d[4+row]
			c2 := wa*a[8+row] + wb*b[8+row] + wc*c[8+row] + wd*d[8+row]
			c3 := wa*a[12+row] + wb*b[12+row] + wc*c[12+row] + wd*d[12+row]
			store(o, n, row, c0, c1, c2, c3, x, y, z)
		}
	}
}

// outputs returns where a record's kernel writes: its vertex's position
// and, when rot is not nil, its blended rotation (else nil).
func outputs(pos [][3]float32, rot [][9]float32, dst uint32) (o *[3]float32, n *[9]float32) {
	o = &pos[dst]
	if rot != nil {
		n = &rot[dst]
	}
	return o, n
}

// store writes row row of a blend, whose columns hold c0, c1, c2 and c3 in
// that row: the row's coordinate of (x, y, z) transformed, and the row of
// the blended rotation when n is not nil.
func store(o *[3]float32, n *[9]float32, row int, c0, c1, c2, c3, x, y, z float32) {
	o[row] = c0*x + c1*y + c2*z + c3
	if n != nil {
		n[row], n[3+row], n[6+row] = c0, c1, c2
	}
}

// skinCorners rotates each corner's bind normal by the blended rotation of
// its vertex; corners of missing vertices keep their stored normal.
func skinCorners(verts []int32, rest, out [][3]float32, rot [][9]float32) {
	out = out[:len(verts)]
	rest = rest[:len(verts)]
	for i, v := range verts {
		n := rest[i]
		if v < 0 {
			out[i] = n
			continue
		}
		c := &rot[v]
		out[i] = [3]float32{
			c[0]*n[0] + c[3]*n[1] + c[6]*n[2],
			c[1]*n[0] + c[4]*n[1] + c[7]*n[2],
			c[2]*n[0] + c[5]*n[1] + c[8]*n[2],
		}
	}
}
