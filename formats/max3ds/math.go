package max3ds

import "math"

// vec is a 3-vector in float64.
type vec [3]float64

func vec32(v [3]float32) vec { return vec{float64(v[0]), float64(v[1]), float64(v[2])} }

func (a vec) add(b vec) vec       { return vec{a[0] + b[0], a[1] + b[1], a[2] + b[2]} }
func (a vec) sub(b vec) vec       { return vec{a[0] - b[0], a[1] - b[1], a[2] - b[2]} }
func (a vec) scale(s float64) vec { return vec{a[0] * s, a[1] * s, a[2] * s} }
func (a vec) mul(b vec) vec       { return vec{a[0] * b[0], a[1] * b[1], a[2] * b[2]} }
func (a vec) dot(b vec) float64   { return a[0]*b[0] + a[1]*b[1] + a[2]*b[2] }
func (a vec) cross(b vec) vec {
	return vec{a[1]*b[2] - a[2]*b[1], a[2]*b[0] - a[0]*b[2], a[0]*b[1] - a[1]*b[0]}
}
func (a vec) len() float64 { return math.Sqrt(a.dot(a)) }
func (a vec) f32() [3]float32 {
	return [3]float32{float32(a[0]), float32(a[1]), float32(a[2])}
}

// finiteVec reports whether every component is finite.
func (a vec) finite() bool {
	return !math.IsNaN(a[0]+a[1]+a[2]) && !math.IsInf(a[0]+a[1]+a[2], 0)
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
	if d == 0 || math.IsNaN(d) || math.IsInf(d, 0) || math.Abs(d) < 1e-12*scale*scale*scale {
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
func rigid(t vec, q quat) affine {
	r := q.mat()
	return affine{r[0], r[1], r[2], t[0], r[3], r[4], r[5], t[1], r[6], r[7], r[8], t[2]}
}

// rotationOf returns the rotation part of a rigid matrix.
func (m *affine) rotation() [9]float64 {
	return [9]float64{m[0], m[1], m[2], m[4], m[5], m[6], m[8], m[9], m[10]}
}

// quat is a unit quaternion (x, y, z, w) in float64.
type quat [4]float64

var identityQuat = quat{0, 0, 0, 1}

// axisAngle returns the quaternion of a rotation by angle radians about axis,
// or the identity for a zero or non-finite axis.
func axisAngle(angle float64, axis vec) quat {
	l := axis.len()
	if l == 0 || math.IsNaN(l) || math.IsInf(l, 0) || math.IsNaN(angle) || math.IsInf(angle, 0) {
		return identityQuat
	}
	s, c := math.Sincos(angle / 2)
	s /= l
	return quat{axis[0] * s, axis[1] * s, axis[2] * s, c}
}

// mul returns a⊗b: the rotation b, then a.
func (a quat) mul(b quat) quat {
	return quat{
		a[3]*b[0] + a[0]*b[3] + a[1]*b[2] - a[2]*b[1],
		a[3]*b[1] - a[0]*b[2] + a[1]*b[3] + a[2]*b[0],
		a[3]*b[2] + a[0]*b[1] - a[1]*b[0] + a[2]*b[3],
		a[3]*b[3] - a[0]*b[0] - a[1]*b[1] - a[2]*b[2],
	}
}

func (a quat) dot(b quat) float64 { return a[0]*b[0] + a[1]*b[1] + a[2]*b[2] + a[3]*b[3] }

func (a quat) normalize() quat {
	l := math.Sqrt(a.dot(a))
	if l == 0 || math.IsNaN(l) {
		return identityQuat
	}
	return quat{a[0] / l, a[1] / l, a[2] / l, a[3] / l}
}

// mat returns the rotation matrix of q, row by row.
func (q quat) mat() [9]float64 {
	x, y, z, w := q[0], q[1], q[2], q[3]
	return [9]float64{
		1 - 2*(y*y+z*z), 2 * (x*y - w*z), 2 * (x*z + w*y),
		2 * (x*y + w*z), 1 - 2*(x*x+z*z), 2 * (y*z - w*x),
		2 * (x*z - w*y), 2 * (y*z + w*x), 1 - 2*(x*x+y*y),
	}
}

// euler returns MS3D Euler angles (x, y, z) with R = Rz(z)·Ry(y)·Rx(x) for a
// rotation matrix given row by row.
func euler(r [9]float64) [3]float32 {
	// r[6] = −sin y.
	sy := math.Max(-1, math.Min(1, -r[6]))
	y := math.Asin(sy)
	var x, z float64
	if math.Abs(sy) < 0.9999999 {
		x = math.Atan2(r[7], r[8])
		z = math.Atan2(r[3], r[0])
	} else {
		// Gimbal lock: only x − z (or x + z) is defined; put it all in x.
		z = 0
		if sy > 0 {
			x = math.Atan2(r[1], r[4])
		} else {
			x = math.Atan2(-r[1], r[4])
		}
	}
	return [3]float32{float32(x), float32(y), float32(z)}
}

// mat3mul returns a·b for row-major 3×3 matrices.
func mat3mul(a, b [9]float64) [9]float64 {
	var c [9]float64
	for r := 0; r < 3; r++ {
		for k := 0; k < 3; k++ {
			c[3*r+k] = a[3*r]*b[k] + a[3*r+1]*b[3+k] + a[3*r+2]*b[6+k]
		}
	}
	return c
}

func transpose3(a [9]float64) [9]float64 {
	return [9]float64{a[0], a[3], a[6], a[1], a[4], a[7], a[2], a[5], a[8]}
}

func apply3(a [9]float64, v vec) vec {
	return vec{a[0]*v[0] + a[1]*v[1] + a[2]*v[2], a[3]*v[0] + a[4]*v[1] + a[5]*v[2], a[6]*v[0] + a[7]*v[1] + a[8]*v[2]}
}
