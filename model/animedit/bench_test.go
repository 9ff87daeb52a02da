package animedit_test

import (
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"ms3dstudio/formats/ms3d"
	"ms3dstudio/internal/corpus"
	"ms3dstudio/internal/stress"
	"ms3dstudio/model"
	"ms3dstudio/model/anim"
	"ms3dstudio/model/animedit"
)

func readModel(tb testing.TB, path string) *model.Model {
	tb.Helper()
	m, _, err := ms3d.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	return m
}

func woman4(tb testing.TB) *model.Model {
	return readModel(tb, filepath.Join(corpus.Dir(tb), "ms3d", "GLScene", "Samples", "media", "Woman4.ms3d"))
}

// genModel builds a model of nv vertices with four influences each over a
// chain-and-branch tree of nj joints, every joint with nk rotation and
// position keys over 2 seconds at 24 fps.
func genModel(nv, nj, nk int) *model.Model {
	r := rand.New(rand.NewPCG(8, 1))
	f := func(s float32) float32 { return (r.Float32()*2 - 1) * s }
	m := &model.Model{Version: 4, FPS: 24, TotalFrames: 48, VertexExtraSubVersion: 3}
	m.Joints = stress.Skeleton(r, nj, nk)
	for i := 0; i < nv; i++ {
		m.Vertices = append(m.Vertices, model.Vertex{Position: [3]float32{f(10), f(10), f(10)},
			Bones:   [4]uint16{uint16(r.IntN(nj)), uint16(r.IntN(nj)), uint16(r.IntN(nj)), uint16(r.IntN(nj))},
			Weights: [3]uint8{40, 30, 20}})
	}
	return m
}

// benchPoseEdit measures a pose edit up to the new joint matrices the GPU
// gets, in three ways:
//
//   - key: what committing an edit costs: key the joint at the current frame
//     (SetKeys), bring the skeleton up to date with the joints the edit
//     lists (anim.Skeleton.RebuildJoints), pose it, compute the skinning
//     matrices;
//   - rebuild: a full anim.Skeleton.Rebuild, which grows with the number of
//     keys in the model, for comparison;
//   - drag: what one step of a gizmo drag costs with a Preview: pose (the
//     frame does not change during a drag, so a viewport could even keep the
//     pose), patch the edited joint and its descendants, skinning matrices.
func benchPoseEdit(b *testing.B, m *model.Model, joint int, frame float64) {
	sk, _ := anim.NewSkeleton(m)
	g := make([]mgl32.Mat4, sk.Len())
	s := make([]mgl32.Mat4, sk.Len())
	t := anim.FrameToTime(float32(frame), m.FPS)
	pose := []animedit.JointPose{{Joint: joint, KeyRotation: true}}
	b.Run("key", func(b *testing.B) {
		n := 0
		b.ReportAllocs()
		for b.Loop() {
			n++
			pose[0].Rotation = [3]float32{0, 0, float32(n%360) * 0.01}
			e, err := animedit.SetKeys(m, frame, pose)
			if err != nil {
				b.Fatal(err)
			}
			sk.RebuildJoints(m, e.Joints...)
			sk.Pose(t, g)
			sk.SkinMatrices(g, s)
		}
	})
	b.Run("rebuild", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sk.Rebuild(m)
		}
	})
	b.Run("drag", func(b *testing.B) {
		pv := animedit.NewPreview(sk)
		n := 0
		b.ReportAllocs()
		for b.Loop() {
			n++
			pose[0].Rotation = [3]float32{0, 0, float32(n%360) * 0.01}
			sk.Pose(t, g)
			pv.Apply(m, g, pose[0])
			sk.SkinMatrices(g, s)
		}
	})
}

// BenchmarkPoseEditLargest is a pose edit on the largest corpus model
// (Woman4: 31 joints, 69,246 keys).
func BenchmarkPoseEditLargest(b *testing.B) {
	m := readModel(b, corpus.Largest(b))
	if len(m.Joints) == 0 {
		b.Fatalf("%s has no joints", corpus.Largest(b))
	}
	benchPoseEdit(b, m, 3, 100)
}

// BenchmarkPoseEdit65k is a pose edit on a generated model: 65,535 vertices
// with 4 weights each, 128 joints with 48 rotation and 48 position keys.
func BenchmarkPoseEdit65k(b *testing.B) {
	benchPoseEdit(b, genModel(65535, 128, 48), 64, 8)
}

// BenchmarkSkinCPU65k is the CPU skinning of the same model after the edit,
// for comparison (the viewport skins on the GPU when it can).
func BenchmarkSkinCPU65k(b *testing.B) {
	m := genModel(65535, 128, 48)
	sk, _ := anim.NewSkeleton(m)
	sn, _ := anim.NewSkinner(m)
	g := make([]mgl32.Mat4, sk.Len())
	s := make([]mgl32.Mat4, sk.Len())
	pos := make([][3]float32, sn.Len())
	sk.Pose(0.3, g)
	sk.SkinMatrices(g, s)
	b.ReportAllocs()
	for b.Loop() {
		sn.Skin(s, pos, nil)
	}
}

// BenchmarkResampleWoman4 resamples the largest animated corpus model
// (2,133 frames at 15 fps) to 30 fps, then reverts it for the next round.
func BenchmarkResampleWoman4(b *testing.B) {
	m := woman4(b)
	b.ReportAllocs()
	for b.Loop() {
		e, err := animedit.Resample(m, 30)
		if err != nil {
			b.Fatal(err)
		}
		e.Revert(m)
	}
}
