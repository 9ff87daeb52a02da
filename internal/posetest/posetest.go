// Package posetest poses whole models for tests that compare a model before
// and after a change (a fit, a transform, an import): every vertex skinned
// at a time with model/anim, the distance between two poses and the size
// of a model to measure it against. It is for tests only: it allocates on
// every call.
package posetest

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"

	"ms3dstudio/model"
	"ms3dstudio/model/anim"
)

// Posed returns every vertex of m skinned at time t (seconds), and the
// skinned normal of every triangle corner (index 3·triangle + corner).
func Posed(m *model.Model, t float32) (pos, normals [][3]float32) {
	sk, _ := anim.NewSkeleton(m)
	skin, _ := anim.NewSkinner(m)
	global := make([]mgl32.Mat4, sk.Len())
	mats := make([]mgl32.Mat4, sk.Len())
	sk.Pose(t, global)
	sk.SkinMatrices(global, mats)
	pos = make([][3]float32, skin.Len())
	normals = make([][3]float32, skin.Corners())
	skin.Skin(mats, pos, normals)
	return pos, normals
}

// MaxDistance returns the largest distance between matching points of a
// and b (the first len(a)).
func MaxDistance(a, b [][3]float32) float64 {
	d := 0.0
	for i := range a {
		d = math.Max(d, float64(mgl32.Vec3(a[i]).Sub(mgl32.Vec3(b[i])).Len()))
	}
	return d
}

// Size returns the diagonal of m's bind-pose bounding box, or 1 when it is
// empty or flat to a point.
func Size(m *model.Model) float64 {
	lo, hi, ok := m.Bounds()
	if d := float64(mgl32.Vec3(hi).Sub(mgl32.Vec3(lo)).Len()); ok && d > 0 {
		return d
	}
	return 1
}
