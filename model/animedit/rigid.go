package animedit

import (
	"github.com/go-gl/mathgl/mgl32"

	"ms3dstudio/model/xform"
)

// toRigid reads a rigid mgl32 matrix, its rotation orthonormalised: the
// matrices of a pose carry float32 rounding, which would otherwise end up
// in the Euler angles read from them.
func toRigid(m *mgl32.Mat4) xform.Rigid {
	g := xform.RigidFromMGL(*m)
	g.R = g.R.Orthonormalize()
	return g
}
