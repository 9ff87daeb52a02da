package scene

import (
	"github.com/go-gl/mathgl/mgl32"

	"ms3dstudio/model"
	"ms3dstudio/model/num"
	"ms3dstudio/model/xform"
)

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
		local := xform.JointLocal(num.Or0x3(jt.Position), num.Or0x3(jt.Rotation)).MGL()
		if parent := h.Parent[j]; parent >= 0 {
			g[j] = g[parent].Mul4(local)
		} else {
			g[j] = local
		}
	}
	return g
}
