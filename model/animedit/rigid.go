package animedit

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"

	"ms3dstudio/model"
)

// mat3 is a rotation matrix, row by row, in float64: the operations that
// recompute rest poses and bake keys compose several rotations and should
// not add float32 rounding at each step.
type mat3 [3][3]float64

// rigid is a rotation followed by a translation: x ↦ r·x + t.
type rigid struct {
	r mat3
	t [3]float64
}

// eulerMat returns Rz(v[2])·Ry(v[1])·Rx(v[0]), the MS3D Euler rotation.
func eulerMat(v [3]float32) mat3 {
	sx, cx := math.Sincos(float64(v[0]))
	sy, cy := math.Sincos(float64(v[1]))
	sz, cz := math.Sincos(float64(v[2]))
	return mat3{
		{cy * cz, sx*sy*cz - cx*sz, cx*sy*cz + sx*sz},
		{cy * sz, sx*sy*sz + cx*cz, cx*sy*sz - sx*cz},
		{-sy, sx * cy, cx * cy},
	}
}

// euler returns angles (x, y, z) with Rz(z)·Ry(y)·Rx(x) = a, y within
// ±90°. At y = ±90° (gimbal lock) only x ∓ z is determined; x is taken as 0.
func (a *mat3) euler() [3]float32 {
	sy := -a[2][0]
	sy = max(-1, min(1, sy))
	y := math.Asin(sy)
	var x, z float64
	if math.Abs(sy) < 1-1e-9 {
		x = math.Atan2(a[2][1], a[2][2])
		z = math.Atan2(a[1][0], a[0][0])
	} else {
		// cos y = 0: a[0][1] = −sin z (x = 0), a[1][1] = cos z.
		z = math.Atan2(-a[0][1], a[1][1])
	}
	return [3]float32{float32(x), float32(y), float32(z)}
}

func (a *mat3) mul(b *mat3) mat3 {
	var c mat3
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			c[i][j] = a[i][0]*b[0][j] + a[i][1]*b[1][j] + a[i][2]*b[2][j]
		}
	}
	return c
}

func (a *mat3) apply(v [3]float64) [3]float64 {
	return [3]float64{
		a[0][0]*v[0] + a[0][1]*v[1] + a[0][2]*v[2],
		a[1][0]*v[0] + a[1][1]*v[1] + a[1][2]*v[2],
		a[2][0]*v[0] + a[2][1]*v[1] + a[2][2]*v[2],
	}
}

func (a *mat3) transpose() mat3 {
	return mat3{
		{a[0][0], a[1][0], a[2][0]},
		{a[0][1], a[1][1], a[2][1]},
		{a[0][2], a[1][2], a[2][2]},
	}
}

// orthonormalize removes the rounding a float32 matrix carries (Gram–Schmidt
// on the columns), so that Euler angles read from it are exact to float64.
func (a *mat3) orthonormalize() {
	col := func(j int) [3]float64 { return [3]float64{a[0][j], a[1][j], a[2][j]} }
	set := func(j int, v [3]float64) { a[0][j], a[1][j], a[2][j] = v[0], v[1], v[2] }
	unit := func(v [3]float64) [3]float64 {
		n := math.Sqrt(v[0]*v[0] + v[1]*v[1] + v[2]*v[2])
		return [3]float64{v[0] / n, v[1] / n, v[2] / n}
	}
	x := unit(col(0))
	y := col(1)
	d := x[0]*y[0] + x[1]*y[1] + x[2]*y[2]
	y = unit([3]float64{y[0] - d*x[0], y[1] - d*x[1], y[2] - d*x[2]})
	z := [3]float64{x[1]*y[2] - x[2]*y[1], x[2]*y[0] - x[0]*y[2], x[0]*y[1] - x[1]*y[0]}
	set(0, x)
	set(1, y)
	set(2, z)
}

// restLocal returns a joint's rest local transform T(position)·R(rotation).
func restLocal(j *model.Joint) rigid {
	return rigid{r: eulerMat(j.Rotation), t: [3]float64{float64(j.Position[0]), float64(j.Position[1]), float64(j.Position[2])}}
}

// toRigid reads a rigid mgl32 matrix (column-major: row i, column c is
// m[4c+i]).
func toRigid(m *mgl32.Mat4) rigid {
	var g rigid
	for i := 0; i < 3; i++ {
		for c := 0; c < 3; c++ {
			g.r[i][c] = float64(m[4*c+i])
		}
		g.t[i] = float64(m[12+i])
	}
	g.r.orthonormalize()
	return g
}

func (a rigid) mul(b rigid) rigid {
	t := a.r.apply(b.t)
	return rigid{r: a.r.mul(&b.r), t: [3]float64{t[0] + a.t[0], t[1] + a.t[1], t[2] + a.t[2]}}
}

func (a rigid) inverse() rigid {
	rt := a.r.transpose()
	t := rt.apply(a.t)
	return rigid{r: rt, t: [3]float64{-t[0], -t[1], -t[2]}}
}

func (a rigid) translation() [3]float32 {
	return [3]float32{float32(a.t[0]), float32(a.t[1]), float32(a.t[2])}
}

// EulerMatrix returns the rotation matrix Rz(r[2])·Ry(r[1])·Rx(r[0]) of MS3D
// Euler angles in radians (X applied first, column vectors).
func EulerMatrix(r [3]float32) mgl32.Mat3 {
	a := eulerMat(r)
	var m mgl32.Mat3
	for i := 0; i < 3; i++ {
		for c := 0; c < 3; c++ {
			m[3*c+i] = float32(a[i][c])
		}
	}
	return m
}

// MatrixEuler returns MS3D Euler angles (radians, Y within ±90°) of the
// rotation matrix r: EulerMatrix(MatrixEuler(r)) = r. The gizmo turns a
// joint by a matrix and keys the result with it.
func MatrixEuler(r mgl32.Mat3) [3]float32 {
	var a mat3
	for i := 0; i < 3; i++ {
		for c := 0; c < 3; c++ {
			a[i][c] = float64(r[3*c+i])
		}
	}
	a.orthonormalize()
	return a.euler()
}
