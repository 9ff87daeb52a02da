package importer

import (
	"math"

	"ms3dstudio/model/xform"
)

// mat4 is an affine transform in float64, column-major as glTF stores it:
// element (row r, column c) is m[4c+r].
type mat4 [16]float64

var identity4 = mat4{0: 1, 5: 1, 10: 1, 15: 1}

func (a *mat4) mul(b *mat4) mat4 {
	var c mat4
	for col := range 4 {
		for r := range 4 {
			c[4*col+r] = a[r]*b[4*col] + a[4+r]*b[4*col+1] + a[8+r]*b[4*col+2] + a[12+r]*b[4*col+3]
		}
	}
	return c
}

// point applies a to the position p.
func (a *mat4) point(p [3]float64) [3]float64 {
	return [3]float64{
		a[0]*p[0] + a[4]*p[1] + a[8]*p[2] + a[12],
		a[1]*p[0] + a[5]*p[1] + a[9]*p[2] + a[13],
		a[2]*p[0] + a[6]*p[1] + a[10]*p[2] + a[14],
	}
}

// vector applies a's linear part to v.
func (a *mat4) vector(v [3]float64) [3]float64 {
	return [3]float64{
		a[0]*v[0] + a[4]*v[1] + a[8]*v[2],
		a[1]*v[0] + a[5]*v[1] + a[9]*v[2],
		a[2]*v[0] + a[6]*v[1] + a[10]*v[2],
	}
}

// det3 returns the determinant of a's linear part.
func (a *mat4) det3() float64 {
	return a[0]*(a[5]*a[10]-a[9]*a[6]) - a[4]*(a[1]*a[10]-a[9]*a[2]) + a[8]*(a[1]*a[6]-a[5]*a[2])
}

// inverse returns the inverse of the affine transform a (ok false when its
// linear part is singular).
func (a *mat4) inverse() (mat4, bool) {
	d := a.det3()
	if !(math.Abs(d) > 1e-300) || math.IsInf(d, 0) {
		return identity4, false
	}
	var b mat4
	b[0] = (a[5]*a[10] - a[9]*a[6]) / d
	b[4] = (a[8]*a[6] - a[4]*a[10]) / d
	b[8] = (a[4]*a[9] - a[8]*a[5]) / d
	b[1] = (a[9]*a[2] - a[1]*a[10]) / d
	b[5] = (a[0]*a[10] - a[8]*a[2]) / d
	b[9] = (a[8]*a[1] - a[0]*a[9]) / d
	b[2] = (a[1]*a[6] - a[5]*a[2]) / d
	b[6] = (a[4]*a[2] - a[0]*a[6]) / d
	b[10] = (a[0]*a[5] - a[4]*a[1]) / d
	t := b.vector([3]float64{a[12], a[13], a[14]})
	b[12], b[13], b[14], b[15] = -t[0], -t[1], -t[2], 1
	return b, true
}

// normalMatrix returns the inverse transpose of a's linear part, which
// carries normals, as a mat4 without translation.
func (a *mat4) normalMatrix() mat4 {
	inv, _ := a.inverse()
	var n mat4
	for r := range 3 {
		for c := range 3 {
			n[4*c+r] = inv[4*r+c]
		}
	}
	n[15] = 1
	return n
}

// nodeMatrix returns T(t)·R(q)·S(s), a glTF node's local transform.
func nodeMatrix(t [3]float64, q [4]float64, s [3]float64) mat4 {
	r := quatMat(q)
	var m mat4
	for c := range 3 {
		for k := range 3 {
			m[4*c+k] = r[4*c+k] * s[c]
		}
	}
	m[12], m[13], m[14], m[15] = t[0], t[1], t[2], 1
	return m
}

// quatMat returns the rotation of the quaternion q = (x, y, z, w),
// normalised first.
func quatMat(q [4]float64) mat4 {
	r := xform.Quat(q).Normalize().Mat()
	m := identity4
	for c := range 3 {
		for k := range 3 {
			m[4*c+k] = r[k][c]
		}
	}
	return m
}

// polar splits a's linear part into a rotation and the rest: a = Q · K with
// Q a rigid transform (a's translation, a rotation with determinant +1) and
// K a linear map (a scale, shear, mirror; the identity when a is rigid).
// Q is the orthogonal factor of the polar decomposition (Higham's
// iteration), with one axis flipped when a mirrors.
func (a *mat4) polar() (q, k mat4) {
	u := *a
	u[12], u[13], u[14] = 0, 0, 0
	if u.det3() < 0 {
		for r := range 3 {
			u[8+r] = -u[8+r] // flip the third column: K takes the mirror
		}
	}
	for range 64 {
		inv, ok := u.inverse()
		if !ok {
			return identityAt(a), identity4
		}
		var next mat4
		diff := 0.0
		for r := range 3 {
			for c := range 3 {
				next[4*c+r] = (u[4*c+r] + inv[4*r+c]) / 2
				diff = max(diff, math.Abs(next[4*c+r]-u[4*c+r]))
			}
		}
		next[15] = 1
		u = next
		if diff < 1e-15 {
			break
		}
	}
	// K = Qᵀ · a (linear parts).
	for r := range 3 {
		for c := range 3 {
			k[4*c+r] = u[4*r]*a[4*c] + u[4*r+1]*a[4*c+1] + u[4*r+2]*a[4*c+2]
		}
	}
	k[15] = 1
	u[12], u[13], u[14] = a[12], a[13], a[14]
	return u, k
}

// identityAt returns the translation of a alone.
func identityAt(a *mat4) mat4 {
	m := identity4
	m[12], m[13], m[14] = a[12], a[13], a[14]
	return m
}

// rigidDistance returns how far a's linear part is from a rotation: the
// largest entry of aᵀa − I.
func (a *mat4) rigidDistance() float64 {
	d := 0.0
	for i := range 3 {
		for j := range 3 {
			s := a[4*i]*a[4*j] + a[4*i+1]*a[4*j+1] + a[4*i+2]*a[4*j+2]
			if i == j {
				s--
			}
			d = max(d, math.Abs(s))
		}
	}
	return d
}

func sub3(a, b [3]float64) [3]float64 { return [3]float64{a[0] - b[0], a[1] - b[1], a[2] - b[2]} }

func len3(a [3]float64) float64 { return math.Sqrt(a[0]*a[0] + a[1]*a[1] + a[2]*a[2]) }

func f64s(v [3]float32) [3]float64 { return [3]float64{float64(v[0]), float64(v[1]), float64(v[2])} }

func f32s(v [3]float64) [3]float32 { return [3]float32{float32(v[0]), float32(v[1]), float32(v[2])} }
