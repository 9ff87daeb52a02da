package scene

import (
	"github.com/go-gl/mathgl/mgl32"

	"ms3dstudio/model"
)

// EulerMatrix returns the rotation of MS3D Euler angles (radians):
// R = Rz(z)·Ry(y)·Rx(x), X applied first (ms3d-format.md §4).
func EulerMatrix(r [3]float32) mgl32.Mat4 {
	return mgl32.HomogRotate3DZ(r[2]).Mul4(mgl32.HomogRotate3DY(r[1])).Mul4(mgl32.HomogRotate3DX(r[0]))
}

// RestGlobals returns every joint's global rest matrix: the local matrix
// T(position)·R(rotation) composed with its parent's, parents first in the
// order h gives. Non-finite values in a joint are treated as 0 so that one
// broken joint cannot poison its subtree with NaN.
func RestGlobals(m *model.Model, h *model.Hierarchy) []mgl32.Mat4 {
	g := make([]mgl32.Mat4, len(m.Joints))
	for i := range g {
		g[i] = mgl32.Ident4()
	}
	for _, j := range h.Order {
		jt := &m.Joints[j]
		p, r := finiteOr(jt.Position), finiteOr(jt.Rotation)
		local := mgl32.Translate3D(p[0], p[1], p[2]).Mul4(EulerMatrix(r))
		if parent := h.Parent[j]; parent >= 0 {
			g[j] = g[parent].Mul4(local)
		} else {
			g[j] = local
		}
	}
	return g
}
