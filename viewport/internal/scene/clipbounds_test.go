package scene

import (
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"ms3dstudio/formats/ms3d"
	"ms3dstudio/internal/corpus"
	"ms3dstudio/internal/stress"
	"ms3dstudio/model"
	"ms3dstudio/model/anim"
	"ms3dstudio/model/sample"
)

// posesOf returns the skin matrices of m's animation at 9 times across
// its keys.
func posesOf(t *testing.T, m *model.Model) [][]mgl32.Mat4 {
	skel, _ := anim.NewSkeleton(m)
	first, last, ok := skel.KeyRange()
	if !ok {
		first, last = 0, 1
	}
	var poses [][]mgl32.Mat4
	for i := 0; i <= 8; i++ {
		global := make([]mgl32.Mat4, skel.Len())
		skel.Pose(first+(last-first)*float32(i)/8, global)
		for j := range global {
			global[j] = global[j].Mul4(skel.InverseBind(j))
		}
		poses = append(poses, global)
	}
	return poses
}

// TestClipBoundsHoldThePose checks, on the sample, the stress model and
// every corpus model with joints, at 9 times of each animation, that the
// box from the joints' boxes holds the box of every posed vertex and is
// no more than 1.5 times its diagonal, and that both agree in the rest
// pose (identity skin).
func TestClipBoundsHoldThePose(t *testing.T) {
	models := map[string]*model.Model{"sample": sample.Model(), "stress": stress.Model()}
	for _, e := range corpus.MS3D(t) {
		if m, _, err := ms3d.ReadFile(e.Path); err == nil && len(m.Joints) > 0 {
			models[e.String()] = m
		}
	}
	checked := 0
	for name, m := range models {
		mesh := Build(m)
		if !mesh.Skinned {
			continue
		}
		ident := make([]mgl32.Mat4, len(m.Joints))
		for j := range ident {
			ident[j] = mgl32.Ident4()
		}
		for pi, skin := range append(posesOf(t, m), ident) {
			want, wantHi, ok := mesh.PosedBounds(skin)
			lo, hi, gotOK := mesh.ClipBounds(skin)
			if ok != gotOK {
				t.Fatalf("%s pose %d: ok %v, PosedBounds %v", name, pi, gotOK, ok)
			}
			if !ok {
				continue
			}
			const eps = 1e-4
			for k := 0; k < 3; k++ {
				tol := eps * max(1, abs32(want[k]), abs32(wantHi[k]))
				if lo[k] > want[k]+tol || hi[k] < wantHi[k]-tol {
					t.Fatalf("%s pose %d: box %v–%v does not hold the posed vertices' %v–%v", name, pi, lo, hi, want, wantHi)
				}
			}
			if d, w := hi.Sub(lo).Len(), wantHi.Sub(want).Len(); d > 1.5*w+eps {
				t.Errorf("%s pose %d: diagonal %.4g, posed vertices' %.4g", name, pi, d, w)
			}
			if pi == 9 && (!nearVec(lo, want, 1e-4) || !nearVec(hi, wantHi, 1e-4)) {
				t.Errorf("%s rest pose: box %v–%v, want %v–%v", name, lo, hi, want, wantHi)
			}
		}
		checked++
	}
	if checked < 3 {
		t.Fatalf("%d skinned models checked", checked)
	}
	t.Logf("%d skinned models", checked)
}

// BenchmarkClipBoundsStress and BenchmarkPosedBoundsStress are the
// per-frame costs of the two bounds on the model at the format's limits.
func BenchmarkClipBoundsStress(b *testing.B)  { benchBounds(b, (*Mesh).ClipBounds) }
func BenchmarkPosedBoundsStress(b *testing.B) { benchBounds(b, (*Mesh).PosedBounds) }

func benchBounds(b *testing.B, bounds func(*Mesh, []mgl32.Mat4) (mgl32.Vec3, mgl32.Vec3, bool)) {
	mesh := Build(stress.Model())
	skin := make([]mgl32.Mat4, stress.Joints)
	for j := range skin {
		skin[j] = mgl32.HomogRotate3DZ(0.01 * float32(j))
	}
	b.ReportAllocs()
	for b.Loop() {
		bounds(mesh, skin)
	}
}
