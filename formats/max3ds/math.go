package max3ds

import (
	"math"

	"ms3dstudio/model/num"
	"ms3dstudio/model/xform"
)

// vec is a 3-vector in float64.
type vec [3]float64

func vec32(v [3]float32) vec { return vec{float64(v[0]), float64(v[1]), float64(v[2])} }

func (a vec) add(b vec) vec       { return vec{a[0] + b[0], a[1] + b[1], a[2] + b[2]} }
func (a vec) sub(b vec) vec       { return vec{a[0] - b[0], a[1] - b[1], a[2] - b[2]} }
func (a vec) scale(s float64) vec { return vec{a[0] * s, a[1] * s, a[2] * s} }
func (a vec) dot(b vec) float64   { return a[0]*b[0] + a[1]*b[1] + a[2]*b[2] }
func (a vec) cross(b vec) vec {
	return vec{a[1]*b[2] - a[2]*b[1], a[2]*b[0] - a[0]*b[2], a[0]*b[1] - a[1]*b[0]}
}
func (a vec) len() float64 { return math.Sqrt(a.dot(a)) }
func (a vec) f32() [3]float32 {
	return [3]float32{float32(a[0]), float32(a[1]), float32(a[2])}
}

// affine is a 3×4 matrix [A | t] acting on column vectors: x' = A·x + t.
// Element (row r, column c) is m[4r+c].
type affine [12]float64

var identity = affine{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0}

func (m *affine) apply(v vec) vec {
	return vec{
		m[0]*v[0] + m[1]*v[1] + m[2]*v[2] + m[3],
		m[4]*v[0] + m[5]*v[1] + m[6]*v[2] + m[7],
		m[8]*v[0] + m[9]*v[1] + m[10]*v[2] + m[11],
	}
}

// applyLinear applies the linear part only.
func (m *affine) applyLinear(v vec) vec {
	return vec{
		m[0]*v[0] + m[1]*v[1] + m[2]*v[2],
		m[4]*v[0] + m[5]*v[1] + m[6]*v[2],
		m[8]*v[0] + m[9]*v[1] + m[10]*v[2],
	}
}

func (m *affine) translation() vec { return vec{m[3], m[7], m[11]} }

// mul returns a·b.
func (a *affine) mul(b *affine) affine {
	var c affine
	for r := 0; r < 3; r++ {
		for k := 0; k < 4; k++ {
			s := a[4*r]*b[k] + a[4*r+1]*b[4+k] + a[4*r+2]*b[8+k]
			if k == 3 {
				s += a[4*r+3]
			}
			c[4*r+k] = s
		}
	}
	return c
}

func (m *affine) det() float64 {
	return m[0]*(m[5]*m[10]-m[6]*m[9]) - m[1]*(m[4]*m[10]-m[6]*m[8]) + m[2]*(m[4]*m[9]-m[5]*m[8])
}

// inverse returns m⁻¹; ok is false when m is singular or not finite.
func (m *affine) inverse() (inv affine, ok bool) {
	d := m.det()
	scale := 0.0
	for _, i := range []int{0, 1, 2, 4, 5, 6, 8, 9, 10} {
		scale = math.Max(scale, math.Abs(m[i]))
	}
	if d == 0 || !num.Finite(d) || math.Abs(d) < 1e-12*scale*scale*scale {
		return identity, false
	}
	id := 1 / d
	inv[0] = (m[5]*m[10] - m[6]*m[9]) * id
	inv[1] = (m[2]*m[9] - m[1]*m[10]) * id
	inv[2] = (m[1]*m[6] - m[2]*m[5]) * id
	inv[4] = (m[6]*m[8] - m[4]*m[10]) * id
	inv[5] = (m[0]*m[10] - m[2]*m[8]) * id
	inv[6] = (m[2]*m[4] - m[0]*m[6]) * id
	inv[8] = (m[4]*m[9] - m[5]*m[8]) * id
	inv[9] = (m[1]*m[8] - m[0]*m[9]) * id
	inv[10] = (m[0]*m[5] - m[1]*m[4]) * id
	t := inv.applyLinear(m.translation())
	inv[3], inv[7], inv[11] = -t[0], -t[1], -t[2]
	return inv, true
}

// meshMatrix returns the 0x4160 matrix (X axis, Y axis, Z axis, origin) as
// an affine matrix.
func meshMatrix(m [12]float32) affine {
	return affine{
		float64(m[0]), float64(m[3]), float64(m[6]), float64(m[9]),
		float64(m[1]), float64(m[4]), float64(m[7]), float64(m[10]),
		float64(m[2]), float64(m[5]), float64(m[8]), float64(m[11]),
	}
}

func translate(t vec) affine { return affine{1, 0, 0, t[0], 0, 1, 0, t[1], 0, 0, 1, t[2]} }

// rigid returns T(t)·R(q).
func rigid(t vec, q xform.Quat) affine {
	r := q.Mat()
	return affine{r[0][0], r[0][1], r[0][2], t[0], r[1][0], r[1][1], r[1][2], t[1], r[2][0], r[2][1], r[2][2], t[2]}
}

// rotation returns the rotation part of a rigid matrix.
func (m *affine) rotation() xform.Mat3 {
	return xform.Mat3{{m[0], m[1], m[2]}, {m[4], m[5], m[6]}, {m[8], m[9], m[10]}}
}
