package xform

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
)

// Mat3 is a 3×3 matrix in float64, row by row: m[r][c] is row r, column c.
type Mat3 [3][3]float64

// Identity3 is the identity rotation.
var Identity3 = Mat3{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}

// gimbalCos is the cos y below which Euler applies the gimbal-lock rule
// (see the package documentation).
const gimbalCos = 1e-8

// EulerMat returns the rotation matrix R = Rz(e[2])·Ry(e[1])·Rx(e[0]) of
// MS3D Euler angles in radians, computed in float64.
func EulerMat(e [3]float32) Mat3 {
	sx, cx := math.Sincos(float64(e[0]))
	sy, cy := math.Sincos(float64(e[1]))
	sz, cz := math.Sincos(float64(e[2]))
	return Mat3{
		{cy * cz, sx*sy*cz - cx*sz, cx*sy*cz + sx*sz},
		{cy * sz, sx*sy*sz + cx*cz, cx*sy*sz - sx*cz},
		{-sy, sx * cy, cx * cy},
	}
}

// Euler returns MS3D Euler angles (x, y, z) with EulerMat(angles) = m for a
// rotation matrix m, y within ±π/2, with the package's gimbal-lock rule.
// m should be orthonormal (see Orthonormalize); a NaN in m gives NaN angles.
func (m Mat3) Euler() [3]float32 {
	cy := math.Hypot(m[0][0], m[1][0])
	y := math.Atan2(-m[2][0], cy)
	var x, z float64
	if cy >= gimbalCos {
		x = math.Atan2(m[2][1], m[2][2])
		z = math.Atan2(m[1][0], m[0][0])
	} else {
		// z = 0: row 1 of Ry·Rx is (0, cos x, −sin x) whatever y is.
		x = math.Atan2(-m[1][2], m[1][1])
	}
	return [3]float32{float32(x), float32(y), float32(z)}
}

// Mul returns m·n: the rotation n, then m.
func (m Mat3) Mul(n Mat3) Mat3 {
	var r Mat3
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			r[i][j] = m[i][0]*n[0][j] + m[i][1]*n[1][j] + m[i][2]*n[2][j]
		}
	}
	return r
}

// Apply returns m·v.
func (m Mat3) Apply(v [3]float64) [3]float64 {
	return [3]float64{
		m[0][0]*v[0] + m[0][1]*v[1] + m[0][2]*v[2],
		m[1][0]*v[0] + m[1][1]*v[1] + m[1][2]*v[2],
		m[2][0]*v[0] + m[2][1]*v[1] + m[2][2]*v[2],
	}
}

// Apply32 returns m·v for a float32 vector, computed in float64.
func (m Mat3) Apply32(v [3]float32) [3]float32 { return Vec32(m.Apply(Vec64(v))) }

// Transpose returns mᵀ, the inverse of a rotation.
func (m Mat3) Transpose() Mat3 {
	return Mat3{
		{m[0][0], m[1][0], m[2][0]},
		{m[0][1], m[1][1], m[2][1]},
		{m[0][2], m[1][2], m[2][2]},
	}
}

// Orthonormalize returns the rotation nearest m in the Gram–Schmidt sense:
// the first column normalised, the second made orthogonal to it and
// normalised, the third their cross product. It removes the drift that a
// product of float32 matrices carries, so that Euler reads a true rotation.
// A zero column stays zero.
func (m Mat3) Orthonormalize() Mat3 {
	x := unit([3]float64{m[0][0], m[1][0], m[2][0]})
	y := [3]float64{m[0][1], m[1][1], m[2][1]}
	d := dot(x, y)
	y = unit([3]float64{y[0] - d*x[0], y[1] - d*x[1], y[2] - d*x[2]})
	z := cross(x, y)
	return Mat3{{x[0], y[0], z[0]}, {x[1], y[1], z[1]}, {x[2], y[2], z[2]}}
}

// Quat returns the unit quaternion of the rotation matrix m, dividing by
// the largest of the four candidate terms (Shepperd's method) so that it
// stays accurate near half turns. A matrix with NaN gives the identity.
func (m Mat3) Quat() Quat {
	var q Quat
	switch tr := m[0][0] + m[1][1] + m[2][2]; {
	case tr > 0:
		s := 2 * math.Sqrt(tr+1)
		q = Quat{(m[2][1] - m[1][2]) / s, (m[0][2] - m[2][0]) / s, (m[1][0] - m[0][1]) / s, s / 4}
	case m[0][0] > m[1][1] && m[0][0] > m[2][2]:
		s := 2 * math.Sqrt(1+m[0][0]-m[1][1]-m[2][2])
		q = Quat{s / 4, (m[0][1] + m[1][0]) / s, (m[0][2] + m[2][0]) / s, (m[2][1] - m[1][2]) / s}
	case m[1][1] > m[2][2]:
		s := 2 * math.Sqrt(1+m[1][1]-m[0][0]-m[2][2])
		q = Quat{(m[0][1] + m[1][0]) / s, s / 4, (m[1][2] + m[2][1]) / s, (m[0][2] - m[2][0]) / s}
	default:
		s := 2 * math.Sqrt(1+m[2][2]-m[0][0]-m[1][1])
		q = Quat{(m[0][2] + m[2][0]) / s, (m[1][2] + m[2][1]) / s, s / 4, (m[1][0] - m[0][1]) / s}
	}
	return q.Normalize()
}

// Mat3FromMGL returns the float64 copy of an mgl32 matrix.
func Mat3FromMGL(a mgl32.Mat3) Mat3 {
	var m Mat3
	for r := 0; r < 3; r++ {
		for c := 0; c < 3; c++ {
			m[r][c] = float64(a[3*c+r])
		}
	}
	return m
}

// MGL returns m rounded to an mgl32 matrix.
func (m Mat3) MGL() mgl32.Mat3 {
	var a mgl32.Mat3
	for r := 0; r < 3; r++ {
		for c := 0; c < 3; c++ {
			a[3*c+r] = float32(m[r][c])
		}
	}
	return a
}

// F32 returns m rounded to float32.
func (m Mat3) F32() Mat32 {
	return Mat32{
		float32(m[0][0]), float32(m[0][1]), float32(m[0][2]),
		float32(m[1][0]), float32(m[1][1]), float32(m[1][2]),
		float32(m[2][0]), float32(m[2][1]), float32(m[2][2]),
	}
}

// Vec64 returns v in float64.
func Vec64(v [3]float32) [3]float64 { return [3]float64{float64(v[0]), float64(v[1]), float64(v[2])} }

// Vec32 returns v rounded to float32.
func Vec32(v [3]float64) [3]float32 { return [3]float32{float32(v[0]), float32(v[1]), float32(v[2])} }

func dot(a, b [3]float64) float64 { return a[0]*b[0] + a[1]*b[1] + a[2]*b[2] }

func cross(a, b [3]float64) [3]float64 {
	return [3]float64{a[1]*b[2] - a[2]*b[1], a[2]*b[0] - a[0]*b[2], a[0]*b[1] - a[1]*b[0]}
}

// unit returns v scaled to length 1, or v itself when its length is 0.
func unit(v [3]float64) [3]float64 {
	l := math.Sqrt(dot(v, v))
	if l == 0 {
		return v
	}
	return [3]float64{v[0] / l, v[1] / l, v[2] / l}
}

// Unit returns n normalised (in float64), and false when n is zero or not
// finite.
func Unit(n [3]float32) ([3]float32, bool) {
	x, y, z := float64(n[0]), float64(n[1]), float64(n[2])
	l := math.Sqrt(x*x + y*y + z*z)
	if !(l > 1e-20) || math.IsInf(l, 0) {
		return n, false
	}
	return [3]float32{float32(x / l), float32(y / l), float32(z / l)}, true
}

// FaceNormal returns the unit normal of the counter-clockwise triangle p,
// or +Z for a degenerate one (the viewport lights those the same way).
func FaceNormal(p [3][3]float32) [3]float32 {
	var a, c [3]float64
	for k := range 3 {
		a[k] = float64(p[1][k]) - float64(p[0][k])
		c[k] = float64(p[2][k]) - float64(p[0][k])
	}
	n := [3]float32{float32(a[1]*c[2] - a[2]*c[1]), float32(a[2]*c[0] - a[0]*c[2]), float32(a[0]*c[1] - a[1]*c[0])}
	if u, ok := Unit(n); ok {
		return u
	}
	return [3]float32{0, 0, 1}
}
