package anim

// The skinning kernels. Each handles vertices with a fixed number of
// influences: it blends the influences' 3×4 matrices with the weights, then
// transforms the bind position with the blend, and, when rot is not nil,
// keeps the blended rotation for the corner normals. Blending first costs
// 12 multiply-adds per influence plus 9 for the transform, against 12 per
// influence for transforming by each matrix, and yields the rotation the
// normals need. Matrices are indexed by bone byte in a 256-entry array, so
// the compiler drops the bounds checks on them.

func skin1(rs []rec1, mats *[256]affine, pos [][3]float32, rot []mat3) {
	for i := range rs {
		r := &rs[i]
		m := &mats[r.j]
		x, y, z := r.p[0], r.p[1], r.p[2]
		pos[r.dst] = [3]float32{
			m[0]*x + m[1]*y + m[2]*z + m[3],
			m[4]*x + m[5]*y + m[6]*z + m[7],
			m[8]*x + m[9]*y + m[10]*z + m[11],
		}
		if rot != nil {
			rot[r.dst] = mat3{m[0], m[1], m[2], m[4], m[5], m[6], m[8], m[9], m[10]}
		}
	}
}

func skin2(rs []rec2, mats *[256]affine, pos [][3]float32, rot []mat3) {
	for i := range rs {
		r := &rs[i]
		a, b := &mats[r.j[0]], &mats[r.j[1]]
		wa, wb := r.w[0], r.w[1]
		x, y, z := r.p[0], r.p[1], r.p[2]
		o := &pos[r.dst]
		var n *mat3
		if rot != nil {
			n = &rot[r.dst]
		}
		for row := 0; row < 3; row++ {
			k := 4 * row
			m0 := wa*a[k] + wb*b[k]
			m1 := wa*a[k+1] + wb*b[k+1]
			m2 := wa*a[k+2] + wb*b[k+2]
			m3 := wa*a[k+3] + wb*b[k+3]
			o[row] = m0*x + m1*y + m2*z + m3
			if n != nil {
				n[3*row], n[3*row+1], n[3*row+2] = m0, m1, m2
			}
		}
	}
}

func skin3(rs []rec3, mats *[256]affine, pos [][3]float32, rot []mat3) {
	for i := range rs {
		r := &rs[i]
		a, b, c := &mats[r.j[0]], &mats[r.j[1]], &mats[r.j[2]]
		wa, wb, wc := r.w[0], r.w[1], r.w[2]
		x, y, z := r.p[0], r.p[1], r.p[2]
		o := &pos[r.dst]
		var n *mat3
		if rot != nil {
			n = &rot[r.dst]
		}
		for row := 0; row < 3; row++ {
			k := 4 * row
			m0 := wa*a[k] + wb*b[k] + wc*c[k]
			m1 := wa*a[k+1] + wb*b[k+1] + wc*c[k+1]
			m2 := wa*a[k+2] + wb*b[k+2] + wc*c[k+2]
			m3 := wa*a[k+3] + wb*b[k+3] + wc*c[k+3]
			o[row] = m0*x + m1*y + m2*z + m3
			if n != nil {
				n[3*row], n[3*row+1], n[3*row+2] = m0, m1, m2
			}
		}
	}
}

func skin4(rs []rec4, mats *[256]affine, pos [][3]float32, rot []mat3) {
	for i := range rs {
		r := &rs[i]
		a, b, c, d := &mats[r.j[0]], &mats[r.j[1]], &mats[r.j[2]], &mats[r.j[3]]
		wa, wb, wc, wd := r.w[0], r.w[1], r.w[2], r.w[3]
		x, y, z := r.p[0], r.p[1], r.p[2]
		o := &pos[r.dst]
		var n *mat3
		if rot != nil {
			n = &rot[r.dst]
		}
		for row := 0; row < 3; row++ {
			k := 4 * row
			m0 := wa*a[k] + wb*b[k] + wc*c[k] + wd*d[k]
			m1 := wa*a[k+1] + wb*b[k+1] + wc*c[k+1] + wd*d[k+1]
			m2 := wa*a[k+2] + wb*b[k+2] + wc*c[k+2] + wd*d[k+2]
			m3 := wa*a[k+3] + wb*b[k+3] + wc*c[k+3] + wd*d[k+3]
			o[row] = m0*x + m1*y + m2*z + m3
			if n != nil {
				n[3*row], n[3*row+1], n[3*row+2] = m0, m1, m2
			}
		}
	}
}

// skinCorners rotates each corner's bind normal by the blended rotation of
// its vertex; corners of missing vertices keep their stored normal.
func skinCorners(verts []int32, rest, out [][3]float32, rot []mat3) {
	out = out[:len(verts)]
	rest = rest[:len(verts)]
	for i, v := range verts {
		n := rest[i]
		if v < 0 {
			out[i] = n
			continue
		}
		m := &rot[v]
		out[i] = [3]float32{
			m[0]*n[0] + m[1]*n[1] + m[2]*n[2],
			m[3]*n[0] + m[4]*n[1] + m[5]*n[2],
			m[6]*n[0] + m[7]*n[1] + m[8]*n[2],
		}
	}
}
