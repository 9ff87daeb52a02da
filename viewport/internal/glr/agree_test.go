package glr_test

import (
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"ms3dstudio/model"
	"ms3dstudio/model/anim"
	"ms3dstudio/viewport/internal/gltest"
	"ms3dstudio/viewport/internal/scene"
)

// TestRendererSkinningAgreesWithAnim renders Woman4 posed by the renderer
// (scene's blends, uploaded every frame) and the same model pre-skinned by
// model/anim (the path the CLI uses) and compares the pictures: the two
// implementations must show the same thing.
func TestRendererSkinningAgreesWithAnim(t *testing.T) {
	r := newRenderer(t)
	m := loadWoman(t)
	skel, _ := anim.NewSkeleton(m)
	skinner, _ := anim.NewSkinner(m)
	first, last, ok := skel.KeyRange()
	if !ok {
		t.Fatal("Woman4 has no keys")
	}
	global := make([]mgl32.Mat4, skel.Len())
	skin := make([]mgl32.Mat4, skel.Len())
	pos := make([][3]float32, skinner.Len())
	normals := make([][3]float32, skinner.Corners())

	gpuMesh := scene.Build(m)
	for _, tm := range []float32{first, (first + last) / 3, (first + last) / 2, last} {
		skel.Pose(tm, global)
		skel.SkinMatrices(global, skin)
		skinner.Skin(skin, pos, normals)

		// The CPU-posed copy has no influences, so the shader leaves it.
		cpu := *m
		cpu.VertexExtraSubVersion = 0
		cpu.Vertices = append([]model.Vertex(nil), m.Vertices...)
		for i := range cpu.Vertices {
			cpu.Vertices[i].Position = pos[i]
			cpu.Vertices[i].Bones[0] = model.NoBone
		}
		cpu.Triangles = append([]model.Triangle(nil), m.Triangles...)
		for ti := range cpu.Triangles {
			for c := 0; c < 3; c++ {
				cpu.Triangles[ti].Normals[c] = normals[3*ti+c]
			}
		}
		cpuMesh := scene.Build(&cpu)

		// Frame the posed model so that it fills the picture.
		f := frameFor(320, 240, cpuMesh.Lo, cpuMesh.Hi)
		f.Overlays.TwoSided = true
		r.SetMesh(cpuMesh)
		want := render(t, r, f)

		r.SetMesh(gpuMesh)
		f.Skin = skin
		got := render(t, r, f)
		// The GPU mesh has the bind-pose bounds, which only move the
		// clipping planes; the CPU mesh's are used for both.
		changed := gltest.Changed(want, got, 12)
		drawn := f.Width*f.Height - gltest.Count(want, want.Bounds())[gltest.Dark]
		if drawn < 2000 {
			t.Fatalf("t=%v: only %d pixels drawn", tm, drawn)
		}
		if changed > drawn/100 {
			t.Errorf("t=%v: %d of %d drawn pixels differ between GPU and CPU skinning", tm, changed, drawn)
		}
	}
}
