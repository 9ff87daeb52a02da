package anim

import "math"

// quat is a unit quaternion (x, y, z, w).
type quat [4]float32

// mat3 is a 3×3 matrix stored row by row.
type mat3 [9]float32

// eulerQuat returns the quaternion of the MS3D Euler rotation
// Rz(r[2])·Ry(r[1])·Rx(r[0]), computed in float64.
func eulerQuat(r [3]float32) quat {
	sx, cx := math.Sincos(float64(r[0]) / 2)
	sy, cy := math.Sincos(float64(r[1]) / 2)
	sz, cz := math.Sincos(float64(r[2]) / 2)
	// qz ⊗ qy ⊗ qx.
	return quat{
		float32(cz*cy*sx - sz*sy*cx),
		float32(cz*sy*cx + sz*cy*sx),
		float32(sz*cy*cx - cz*sy*sx),
		float32(cz*cy*cx + sz*sy*sx),
	}
}

// eulerMat returns the rotation matrix Rz(r[2])·Ry(r[1])·Rx(r[0]), computed
// in float64.
func eulerMat(r [3]float32) mat3 {
	sx, cx := math.Sincos(float64(r[0]))
	sy, cy := math.Sincos(float64(r[1]))
	sz, cz := math.Sincos(float64(r[2]))
	return mat3{
		float32(cy * cz), float32(sx*sy*cz - cx*sz), float32(cx*sy*cz + sx*sz),
		float32(cy * sz), float32(sx*sy*sz + cx*cz), float32(cx*sy*sz - sx*cz),
		float32(-sy), float32(sx * cy), float32(cx * cy),
	}
}

// mat returns the rotation matrix of the unit quaternion q.
func (q quat) mat() mat3 {
	x, y, z, w := q[0], q[1], q[2], q[3]
	xx, yy, zz := x*x, y*y, z*z
	xy, xz, yz := x*y, x*z, y*z
	wx, wy, wz := w*x, w*y, w*z
	return mat3{
		1 - 2*(yy+zz), 2 * (xy - wz), 2 * (xz + wy),
		2 * (xy + wz), 1 - 2*(xx+zz), 2 * (yz - wx),
		2 * (xz - wy), 2 * (yz + wx), 1 - 2*(xx+yy),
	}
}

// mulQuat returns a ⊗ b (the rotation b, then a), computed in float64.
func mulQuat(a, b quat) quat {
	ax, ay, az, aw := float64(a[0]), float64(a[1]), float64(a[2]), float64(a[3])
	bx, by, bz, bw := float64(b[0]), float64(b[1]), float64(b[2]), float64(b[3])
	return quat{
		float32(aw*bx + ax*bw + ay*bz - az*by),
		float32(aw*by - ax*bz + ay*bw + az*bx),
		float32(aw*bz + ax*by - ay*bx + az*bw),
		float32(aw*bw - ax*bx - ay*by - az*bz),
	}
}

func (q quat) dot(p quat) float32 { return q[0]*p[0] + q[1]*p[1] + q[2]*p[2] + q[3]*p[3] }

// apply returns a·v.
func (a *mat3) apply(v [3]float32) [3]float32 {
	return [3]float32{
		a[0]*v[0] + a[1]*v[1] + a[2]*v[2],
		a[3]*v[0] + a[4]*v[1] + a[5]*v[2],
		a[6]*v[0] + a[7]*v[1] + a[8]*v[2],
	}
}

// slerpThreshold is the angle (radians, half the rotation angle) below which
// slerp falls back to a normalised linear blend: the two differ by less than
// float32 rounding there, and sin θ is too small to divide by.
const slerpThreshold = 1e-3

// slerp blends the unit quaternions a and b, which must lie in the same
// hemisphere (a·b ≥ 0), at s ∈ [0, 1]. theta is the angle between them and
// invSin is 1/sin(theta), both precomputed per key segment.
func slerp(a, b quat, theta, invSin, s float32) quat {
	var ka, kb float32
	if theta < slerpThreshold {
		ka, kb = 1-s, s
	} else {
		ka = float32(math.Sin(float64((1-s)*theta))) * invSin
		kb = float32(math.Sin(float64(s*theta))) * invSin
	}
	q := quat{ka*a[0] + kb*b[0], ka*a[1] + kb*b[1], ka*a[2] + kb*b[2], ka*a[3] + kb*b[3]}
	if theta < slerpThreshold {
		n := float32(1 / math.Sqrt(float64(q.dot(q))))
		q = quat{q[0] * n, q[1] * n, q[2] * n, q[3] * n}
	}
	return q
}
