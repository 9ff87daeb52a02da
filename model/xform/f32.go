package xform

import "math"

// Quat32 is a quaternion (x, y, z, w) in float32, for code that stores one
// per key and evaluates them every frame (model/anim).
type Quat32 [4]float32

// Mat32 is a 3×3 matrix in float32, row by row: m[3r+c] is row r, column c.
type Mat32 [9]float32

// F64 returns q in float64.
func (q Quat32) F64() Quat {
	return Quat{float64(q[0]), float64(q[1]), float64(q[2]), float64(q[3])}
}

// Dot returns the four-dimensional dot product of q and p in float32.
func (q Quat32) Dot(p Quat32) float32 { return q[0]*p[0] + q[1]*p[1] + q[2]*p[2] + q[3]*p[3] }

// Mat returns the rotation matrix of the unit quaternion q, computed in
// float32.
func (q Quat32) Mat() Mat32 {
	x, y, z, w := q[0], q[1], q[2], q[3]
	xx, yy, zz := x*x, y*y, z*z
	xy, xz, yz := x*y, x*z, y*z
	wx, wy, wz := w*x, w*y, w*z
	return Mat32{
		1 - 2*(yy+zz), 2 * (xy - wz), 2 * (xz + wy),
		2 * (xy + wz), 1 - 2*(xx+zz), 2 * (yz - wx),
		2 * (xz - wy), 2 * (yz + wx), 1 - 2*(xx+yy),
	}
}

// Apply returns m·v, computed in float32.
func (m *Mat32) Apply(v [3]float32) [3]float32 {
	return [3]float32{
		m[0]*v[0] + m[1]*v[1] + m[2]*v[2],
		m[3]*v[0] + m[4]*v[1] + m[5]*v[2],
		m[6]*v[0] + m[7]*v[1] + m[8]*v[2],
	}
}

// Arc32 is the arc between the two unit quaternions of a slerp segment,
// computed once when the keys are read so that evaluating the segment
// costs two sines: Theta is the angle between them (half the rotation
// angle between the two rotations) and InvSin is 1/sin Theta, 0 where
// Slerp blends linearly.
type Arc32 struct {
	Theta, InvSin float32
}

// ShortArc returns b, or −b when that is nearer a (so that the segment
// turns along the shortest arc), and the arc from a to it.
func ShortArc(a, b Quat32) (Quat32, Arc32) {
	d := float64(a.Dot(b))
	if d < 0 {
		b = Quat32{-b[0], -b[1], -b[2], -b[3]}
		d = -d
	}
	theta := math.Acos(min(d, 1))
	inv := 0.0
	if theta >= slerpMin {
		inv = 1 / math.Sin(theta)
	}
	return b, Arc32{Theta: float32(theta), InvSin: float32(inv)}
}

// Slerp returns the rotation s ∈ [0, 1] of the way from a to b along arc,
// which ShortArc returned for them (b the quaternion it returned). Below a
// half angle of 1e-3 it blends linearly and normalises: the two differ by
// less than float32 rounding there. Slerp allocates nothing.
func (arc Arc32) Slerp(a, b Quat32, s float32) Quat32 {
	var ka, kb float32
	if arc.Theta < slerpMin {
		ka, kb = 1-s, s
	} else {
		ka = float32(math.Sin(float64((1-s)*arc.Theta))) * arc.InvSin
		kb = float32(math.Sin(float64(s*arc.Theta))) * arc.InvSin
	}
	q := Quat32{ka*a[0] + kb*b[0], ka*a[1] + kb*b[1], ka*a[2] + kb*b[2], ka*a[3] + kb*b[3]}
	if arc.Theta < slerpMin {
		n := float32(1 / math.Sqrt(float64(q.Dot(q))))
		q = Quat32{q[0] * n, q[1] * n, q[2] * n, q[3] * n}
	}
	return q
}
