package xform

import "github.com/go-gl/mathgl/mgl32"

// Rigid is a rotation followed by a translation: x ↦ R·x + T.
type Rigid struct {
	R Mat3
	T [3]float64
}

// IdentityRigid is the transform that moves nothing.
var IdentityRigid = Rigid{R: Identity3}

// JointLocal returns the local transform T(pos)·R(rot) of an MS3D joint
// with rest (or key) position pos and Euler angles rot.
func JointLocal(pos, rot [3]float32) Rigid { return Rigid{R: EulerMat(rot), T: Vec64(pos)} }

// Mul returns a·b: b, then a.
func (a Rigid) Mul(b Rigid) Rigid {
	t := a.R.Apply(b.T)
	return Rigid{R: a.R.Mul(b.R), T: [3]float64{t[0] + a.T[0], t[1] + a.T[1], t[2] + a.T[2]}}
}

// Inverse returns a⁻¹ = [Rᵀ | −Rᵀ·T].
func (a Rigid) Inverse() Rigid {
	rt := a.R.Transpose()
	t := rt.Apply(a.T)
	return Rigid{R: rt, T: [3]float64{-t[0], -t[1], -t[2]}}
}

// InvMul returns a⁻¹·b = [Raᵀ·Rb | Raᵀ·(Tb − Ta)], subtracting the
// translations before rotating (the relative transform of b in a's frame,
// one rounding fewer than a.Inverse().Mul(b)).
func (a Rigid) InvMul(b Rigid) Rigid {
	rt := a.R.Transpose()
	return Rigid{R: rt.Mul(b.R), T: rt.Apply([3]float64{b.T[0] - a.T[0], b.T[1] - a.T[1], b.T[2] - a.T[2]})}
}

// Apply returns a applied to the point v: R·v + T.
func (a Rigid) Apply(v [3]float64) [3]float64 {
	r := a.R.Apply(v)
	return [3]float64{r[0] + a.T[0], r[1] + a.T[1], r[2] + a.T[2]}
}

// RigidFromMGL reads the rotation and translation of an mgl32 matrix whose
// last row is 0 0 0 1, as they are (see Mat3.Orthonormalize to clean the
// rotation).
func RigidFromMGL(m mgl32.Mat4) Rigid {
	var g Rigid
	for r := 0; r < 3; r++ {
		for c := 0; c < 3; c++ {
			g.R[r][c] = float64(m[4*c+r])
		}
		g.T[r] = float64(m[12+r])
	}
	return g
}

// MGL returns a rounded to an mgl32 matrix.
func (a Rigid) MGL() mgl32.Mat4 {
	var m mgl32.Mat4
	for r := 0; r < 3; r++ {
		for c := 0; c < 3; c++ {
			m[4*c+r] = float32(a.R[r][c])
		}
		m[12+r] = float32(a.T[r])
	}
	m[15] = 1
	return m
}
