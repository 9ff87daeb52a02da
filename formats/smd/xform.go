package smd

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
)

// mat3 is a rotation, row-major, in double precision so that decomposing
// and recomposing keeps float32 inputs exact to their last bit or so.
type mat3 [3][3]float64

// rigid is a rotation followed by a translation: p' = R·p + T.
type rigid struct {
	R mat3
	T [3]float64
}

// toSMD maps MilkShape axes (Y up, facing +Z) to the engines' (Z up, facing
// +X): (x, y, z) → (z, x, y). It is a rotation (determinant 1).
var toSMD = mat3{{0, 0, 1}, {1, 0, 0}, {0, 1, 0}}

// fromSMD is the inverse of toSMD.
var fromSMD = toSMD.transpose()

// euler returns R = Rz(z)·Ry(y)·Rx(x), the rotation of MilkShape joints and
// of SMD bones alike.
func euler(a [3]float32) mat3 {
	sx, cx := math.Sincos(float64(a[0]))
	sy, cy := math.Sincos(float64(a[1]))
	sz, cz := math.Sincos(float64(a[2]))
	return mat3{
		{cz * cy, cz*sy*sx - sz*cx, cz*sy*cx + sz*sx},
		{sz * cy, sz*sy*sx + cz*cx, sz*sy*cx - cz*sx},
		{-sy, cy * sx, cy * cx},
	}
}

// angles decomposes a rotation into the Euler angles of euler. The y angle
// comes from atan2 rather than asin, which loses half its digits near ±90°;
// at gimbal lock (cos y = 0) the z angle is taken as 0.
func (m mat3) angles() [3]float32 {
	cy := math.Hypot(m[0][0], m[1][0])
	y := math.Atan2(-m[2][0], cy)
	var x, z float64
	if cy > 1e-12 {
		x = math.Atan2(m[2][1], m[2][2])
		z = math.Atan2(m[1][0], m[0][0])
	} else {
		// With cos y = 0 and z = 0: m[0][1] = sin y·sin x, m[1][1] = cos x.
		x = math.Atan2(-m[2][0]*m[0][1], m[1][1])
	}
	return [3]float32{float32(x), float32(y), float32(z)}
}

func (m mat3) mul(n mat3) mat3 {
	var r mat3
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			r[i][j] = m[i][0]*n[0][j] + m[i][1]*n[1][j] + m[i][2]*n[2][j]
		}
	}
	return r
}

func (m mat3) apply(v [3]float64) [3]float64 {
	return [3]float64{
		m[0][0]*v[0] + m[0][1]*v[1] + m[0][2]*v[2],
		m[1][0]*v[0] + m[1][1]*v[1] + m[1][2]*v[2],
		m[2][0]*v[0] + m[2][1]*v[1] + m[2][2]*v[2],
	}
}

func (m mat3) transpose() mat3 {
	var r mat3
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			r[i][j] = m[j][i]
		}
	}
	return r
}

// apply32 maps a float32 vector through m.
func (m mat3) apply32(v [3]float32) [3]float32 {
	r := m.apply(f64(v))
	return [3]float32{float32(r[0]), float32(r[1]), float32(r[2])}
}

func f64(v [3]float32) [3]float64 { return [3]float64{float64(v[0]), float64(v[1]), float64(v[2])} }

func f32(v [3]float64) [3]float32 { return [3]float32{float32(v[0]), float32(v[1]), float32(v[2])} }

// local returns the rigid transform T(pos)·R(rot).
func local(pos, rot [3]float32) rigid { return rigid{R: euler(rot), T: f64(pos)} }

// mul composes a·b (b applied first).
func (a rigid) mul(b rigid) rigid {
	t := a.R.apply(b.T)
	return rigid{R: a.R.mul(b.R), T: [3]float64{t[0] + a.T[0], t[1] + a.T[1], t[2] + a.T[2]}}
}

// inverse returns a⁻¹ (rigid: the transposed rotation).
func (a rigid) inverse() rigid {
	rt := a.R.transpose()
	t := rt.apply(a.T)
	return rigid{R: rt, T: [3]float64{-t[0], -t[1], -t[2]}}
}

// fromMat4 reads the rotation and translation of a rigid mgl32 matrix.
func fromMat4(m mgl32.Mat4) rigid {
	var r rigid
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			r.R[i][j] = float64(m.At(i, j))
		}
		r.T[i] = float64(m.At(i, 3))
	}
	return r
}

// orthonormalise removes the rounding drift of a float32 matrix product so
// that angles reads a true rotation (Gram–Schmidt on the columns).
func (m mat3) orthonormalise() mat3 {
	col := func(j int) [3]float64 { return [3]float64{m[0][j], m[1][j], m[2][j]} }
	norm := func(v [3]float64) [3]float64 {
		l := math.Sqrt(v[0]*v[0] + v[1]*v[1] + v[2]*v[2])
		if l == 0 {
			return v
		}
		return [3]float64{v[0] / l, v[1] / l, v[2] / l}
	}
	dot := func(a, b [3]float64) float64 { return a[0]*b[0] + a[1]*b[1] + a[2]*b[2] }
	x := norm(col(0))
	y := col(1)
	d := dot(x, y)
	y = norm([3]float64{y[0] - d*x[0], y[1] - d*x[1], y[2] - d*x[2]})
	z := [3]float64{x[1]*y[2] - x[2]*y[1], x[2]*y[0] - x[0]*y[2], x[0]*y[1] - x[1]*y[0]}
	return mat3{{x[0], y[0], z[0]}, {x[1], y[1], z[1]}, {x[2], y[2], z[2]}}
}
