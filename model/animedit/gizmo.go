package animedit

import (
	"github.com/go-gl/mathgl/mgl32"

	"ms3dstudio/model"
	"ms3dstudio/model/anim"
	"ms3dstudio/model/xform"
)

// rot3 returns the rotation part of a rigid matrix.
func rot3(g mgl32.Mat4) mgl32.Mat3 { return g.Mat3() }

// TurnedPose returns base with its rotation changed so that joint
// base.Joint, whose global matrix in the pose being edited is global (with
// base applied), is turned by angle radians about the world axis through
// its origin. Its descendants follow; its origin stays. The result is in
// key terms (Euler radians relative to the rest pose) and keys rotation.
//
//	G'ⱼ = R(axis, angle)·Gⱼ  ⇒  R_key = R_rest⁻¹ · rot(G_parent)⁻¹ · R(axis, angle) · rot(Gⱼ)
func TurnedPose(m *model.Model, sk *anim.Skeleton, global []mgl32.Mat4, base JointPose, axis mgl32.Vec3, angle float32) JointPose {
	j := base.Joint
	if axis.Len() < 1e-9 {
		return base
	}
	w := mgl32.HomogRotate3D(angle, axis.Normalize()).Mat3()
	r := w.Mul3(rot3(global[j]))
	if p := sk.Parent(j); p >= 0 {
		r = rot3(global[p]).Transpose().Mul3(r)
	}
	rest := xform.EulerMat(m.Joints[j].Rotation).MGL()
	out := base
	out.Rotation = xform.Mat3FromMGL(rest.Transpose().Mul3(r)).Orthonormalize().Euler()
	out.KeyRotation = true
	return out
}

// MovedPose returns base with its position changed so that the joint's
// origin moves by dist world units along axis; it keys position.
//
//	o' = o + d·axis,  local = G_parent⁻¹·o',  p_key = R_rest⁻¹·(local − t_rest)
func MovedPose(m *model.Model, sk *anim.Skeleton, global []mgl32.Mat4, base JointPose, axis mgl32.Vec3, dist float32) JointPose {
	j := base.Joint
	o := global[j].Col(3).Vec3().Add(axis.Mul(dist))
	if p := sk.Parent(j); p >= 0 {
		o = global[p].Inv().Mul4x1(o.Vec4(1)).Vec3()
	}
	jt := &m.Joints[j]
	d := o.Sub(mgl32.Vec3(jt.Position))
	rest := xform.EulerMat(jt.Rotation).MGL()
	out := base
	out.Position = rest.Transpose().Mul3x1(d)
	out.KeyPosition = true
	return out
}
