package animedit

import (
	"github.com/go-gl/mathgl/mgl32"

	"ms3dstudio/model"
	"ms3dstudio/model/anim"
	"ms3dstudio/model/xform"
)

// Preview shows a pose edit before it is keyed: while a gizmo drags, the
// viewport needs new joint matrices every frame, and even re-deriving the
// dragged joint's keys (anim.Skeleton.RebuildJoints) costs time linear in
// its keys. Apply instead patches the global matrices of one pose to what
// they will be once the joint is keyed at that frame, in time linear in the
// number of joints. When the drag ends, SetKeys writes the key and the
// skeleton catches up once with RebuildJoints(m, edit.Joints...).
//
// The patched matrices are exact, not an approximation: at a key's own time
// anim plays that key's value, and the joint's descendants keep their local
// matrices.
type Preview struct {
	sk    *anim.Skeleton
	order []int
	old   []mgl32.Mat4
	moved []bool
}

// NewPreview prepares previews on sk. Make a new Preview after sk is
// rebuilt with a different joint tree.
func NewPreview(sk *anim.Skeleton) *Preview {
	return &Preview{sk: sk, order: sk.Order(), old: make([]mgl32.Mat4, sk.Len()), moved: make([]bool, sk.Len())}
}

// Apply rewrites global, the matrices sk.Pose gave at some time, as if p
// were keyed at that time: the channels p keys replace the joint's local
// rotation or position there, and its descendants follow. m is the model sk
// was built from (for the joint's rest pose). Apply allocates nothing.
func (pv *Preview) Apply(m *model.Model, global []mgl32.Mat4, p JointPose) {
	copy(pv.old, global[:len(pv.old)])
	clear(pv.moved)
	for _, j := range pv.order {
		parent := pv.sk.Parent(j)
		switch {
		case j == p.Joint:
			local := toRigid(&global[j])
			if parent >= 0 {
				local = toRigid(&pv.old[parent]).Inverse().Mul(local)
			}
			jt := &m.Joints[j]
			rest := xform.JointLocal(jt.Position, jt.Rotation)
			if p.KeyRotation {
				local.R = rest.R.Mul(xform.EulerMat(p.Rotation))
			}
			if p.KeyPosition {
				local.T = rest.Apply(xform.Vec64(p.Position))
			}
			if parent >= 0 {
				local = toRigid(&global[parent]).Mul(local)
			}
			global[j] = local.MGL()
		case parent >= 0 && pv.moved[parent]:
			// G' = G'_parent · G_parent⁻¹ · G
			d := rigidMul(&pv.old[parent], &global[j], true)
			global[j] = rigidMul(&global[parent], &d, false)
		default:
			continue
		}
		pv.moved[j] = true
	}
}

// rigidMul returns a·b, or a⁻¹·b when invA is set, for rigid matrices.
func rigidMul(a, b *mgl32.Mat4, invA bool) mgl32.Mat4 {
	var r mgl32.Mat4
	for i := 0; i < 3; i++ {
		for c := 0; c < 4; c++ {
			var s float32
			for k := 0; k < 3; k++ {
				aik := a[4*k+i]
				if invA {
					aik = a[4*i+k] // (Rᵀ)ᵢₖ
				}
				s += aik * b[4*c+k]
			}
			r[4*c+i] = s
		}
		if invA {
			// −Rᵀ·t
			r[12+i] -= a[4*i]*a[12] + a[4*i+1]*a[13] + a[4*i+2]*a[14]
		} else {
			r[12+i] += a[12+i]
		}
	}
	r[15] = 1
	return r
}
