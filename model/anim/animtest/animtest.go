// Package animtest poses models for tests: the reference skinning of
// model/anim, which the tests of exports, fixes and judges compare with.
package animtest

import (
	"github.com/go-gl/mathgl/mgl32"

	"ms3dstudio/model"
	"ms3dstudio/model/anim"
)

// Poser skins one model at any time, with model/anim: the reference pose the
// tests of exports and fixes compare with.
type Poser struct {
	sk     *anim.Skeleton
	sn     *anim.Skinner
	global []mgl32.Mat4
	skin   []mgl32.Mat4
	pos    [][3]float32
}

// NewPoser builds the skeleton and skinner of m (their findings ignored).
func NewPoser(m *model.Model) *Poser {
	sk, _ := anim.NewSkeleton(m)
	sn, _ := anim.NewSkinner(m)
	return &Poser{sk: sk, sn: sn, global: make([]mgl32.Mat4, sk.Len()), skin: make([]mgl32.Mat4, sk.Len()), pos: make([][3]float32, sn.Len())}
}

// At returns every vertex's skinned position at time t in seconds; the
// slice is reused by the next call.
func (p *Poser) At(t float32) [][3]float32 {
	p.sk.Pose(t, p.global)
	p.sk.SkinMatrices(p.global, p.skin)
	p.sn.Skin(p.skin, p.pos, nil)
	return p.pos
}

// Size is a model's size, the diagonal of its bind-pose bounding box (1 for
// a model without extent): what pose tolerances are fractions of.
func Size(m *model.Model) float64 {
	lo, hi, ok := m.Bounds()
	if !ok {
		return 1
	}
	if d := float64(mgl32.Vec3(hi).Sub(mgl32.Vec3(lo)).Len()); d > 0 {
		return d
	}
	return 1
}

// OriginAt returns joint j's model-space origin at MilkShape frame f (1
// is the first) as model/anim poses m.
func OriginAt(m *model.Model, j int, f float32) mgl32.Vec3 {
	sk, _ := anim.NewSkeleton(m)
	g := make([]mgl32.Mat4, sk.Len())
	sk.Pose(anim.FrameToTime(f, m.EffectiveFPS()), g)
	return g[j].Col(3).Vec3()
}
