package xform

import "math"

// Quat is a quaternion (x, y, z, w) in float64, w the scalar part. The
// rotations are the unit ones.
type Quat [4]float64

// IdentityQuat is the identity rotation.
var IdentityQuat = Quat{0, 0, 0, 1}

// EulerQuat returns the unit quaternion of MS3D Euler angles in radians,
// qz ⊗ qy ⊗ qx: the rotation of EulerMat(e).
func EulerQuat(e [3]float32) Quat {
	sx, cx := math.Sincos(float64(e[0]) / 2)
	sy, cy := math.Sincos(float64(e[1]) / 2)
	sz, cz := math.Sincos(float64(e[2]) / 2)
	return Quat{
		cz*cy*sx - sz*sy*cx,
		cz*sy*cx + sz*cy*sx,
		sz*cy*cx - cz*sy*sx,
		cz*cy*cx + sz*sy*sx,
	}
}

// AxisAngle returns the unit quaternion of a turn by angle radians about
// axis (any length, right-handed), or the identity when the axis is zero or
// either is not finite.
func AxisAngle(axis [3]float64, angle float64) Quat {
	l := math.Sqrt(dot(axis, axis))
	if l == 0 || l-l != 0 || angle-angle != 0 {
		return IdentityQuat
	}
	s, c := math.Sincos(angle / 2)
	s /= l
	return Quat{axis[0] * s, axis[1] * s, axis[2] * s, c}
}

// Mul returns q ⊗ p: the rotation p, then q.
func (q Quat) Mul(p Quat) Quat {
	return Quat{
		q[3]*p[0] + q[0]*p[3] + q[1]*p[2] - q[2]*p[1],
		q[3]*p[1] - q[0]*p[2] + q[1]*p[3] + q[2]*p[0],
		q[3]*p[2] + q[0]*p[1] - q[1]*p[0] + q[2]*p[3],
		q[3]*p[3] - q[0]*p[0] - q[1]*p[1] - q[2]*p[2],
	}
}

// Dot returns the four-dimensional dot product of q and p: the cosine of
// half the angle between two unit quaternions.
func (q Quat) Dot(p Quat) float64 { return q[0]*p[0] + q[1]*p[1] + q[2]*p[2] + q[3]*p[3] }

// Neg returns −q, the same rotation from the other hemisphere.
func (q Quat) Neg() Quat { return Quat{-q[0], -q[1], -q[2], -q[3]} }

// Conj returns the conjugate of q: the inverse rotation of a unit q.
func (q Quat) Conj() Quat { return Quat{-q[0], -q[1], -q[2], q[3]} }

// Normalize returns q scaled to length 1, or the identity when q is zero
// or NaN.
func (q Quat) Normalize() Quat {
	l := math.Sqrt(q.Dot(q))
	if l == 0 || math.IsNaN(l) {
		return IdentityQuat
	}
	return Quat{q[0] / l, q[1] / l, q[2] / l, q[3] / l}
}

// Mat returns the rotation matrix of the unit quaternion q.
func (q Quat) Mat() Mat3 {
	x, y, z, w := q[0], q[1], q[2], q[3]
	return Mat3{
		{1 - 2*(y*y+z*z), 2 * (x*y - w*z), 2 * (x*z + w*y)},
		{2 * (x*y + w*z), 1 - 2*(x*x+z*z), 2 * (y*z - w*x)},
		{2 * (x*z - w*y), 2 * (y*z + w*x), 1 - 2*(x*x+y*y)},
	}
}

// Euler returns the MS3D Euler angles of the unit quaternion q (see
// Mat3.Euler for the range and the gimbal-lock rule).
func (q Quat) Euler() [3]float32 { return q.Mat().Euler() }

// F32 returns q rounded to float32.
func (q Quat) F32() Quat32 { return Quat32{float32(q[0]), float32(q[1]), float32(q[2]), float32(q[3])} }

// slerpMin is the half angle (radians) below which Slerp blends linearly
// and normalises: there the two differ by less than float32 rounding, and
// sin θ is too small to divide by.
const slerpMin = 1e-3

// Slerp returns the rotation s ∈ [0, 1] of the way from a to b along the
// shortest arc at constant angular speed (b is negated when it lies in the
// other hemisphere). a and b are unit quaternions.
func Slerp(a, b Quat, s float64) Quat {
	d := a.Dot(b)
	if d < 0 {
		b, d = b.Neg(), -d
	}
	theta := math.Acos(min(d, 1))
	if theta < slerpMin {
		return blend(a, b, 1-s, s).Normalize()
	}
	inv := 1 / math.Sin(theta)
	return blend(a, b, math.Sin((1-s)*theta)*inv, math.Sin(s*theta)*inv)
}

// Nlerp returns the normalised linear blend of a and b (b in a's
// hemisphere) at s ∈ [0, 1]: the rotations of Slerp, cheaper, but not at
// constant speed.
func Nlerp(a, b Quat, s float64) Quat {
	if a.Dot(b) < 0 {
		b = b.Neg()
	}
	return blend(a, b, 1-s, s).Normalize()
}

func blend(a, b Quat, ka, kb float64) Quat {
	return Quat{ka*a[0] + kb*b[0], ka*a[1] + kb*b[1], ka*a[2] + kb*b[2], ka*a[3] + kb*b[3]}
}
