package gltf

import (
	"github.com/go-gl/mathgl/mgl32"

	"ms3dstudio/model/xform"
)

// localTR returns the translation and rotation quaternion (x, y, z, w) of
// parent⁻¹ · g for rigid matrices, in float64 before rounding; a nil parent
// is the identity.
func localTR(parent, g *mgl32.Mat4) ([3]float32, [4]float32) {
	l := xform.RigidFromMGL(*g)
	if parent != nil {
		l = xform.RigidFromMGL(*parent).InvMul(l)
	}
	return xform.Vec32(l.T), l.R.Quat().F32()
}

// dot4 returns the dot product of two quaternions in float64.
func dot4(a, b [4]float32) float64 { return xform.Quat32(a).F64().Dot(xform.Quat32(b).F64()) }
