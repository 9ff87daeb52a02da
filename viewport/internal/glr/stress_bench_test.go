package glr_test

import (
	"image"
	"testing"

	"ms3dstudio/internal/stress"
)

// benchmarkStress renders the model at the format's limits (internal/stress:
// 65,535 vertices and triangles, 32 textured groups, 128 joints, 4 weights)
// with a new pose every frame, as playback does.
func benchmarkStress(b *testing.B, w, h int) {
	r := newRenderer(b)
	m := stress.Model()
	texs := make([]image.Image, stress.Groups)
	for g := range texs {
		texs[g] = stress.Texture(g)
	}
	mesh := setModel(r, m, texs...)
	f := frameFor(w, h, mesh.Lo, mesh.Hi)
	f.Overlays.Grid = true
	renderFrames(b, r, f, turnJoints(f, len(m.Joints)))
}

func BenchmarkRenderStressSkinned_1280x800(b *testing.B)  { benchmarkStress(b, 1280, 800) }
func BenchmarkRenderStressSkinned_1920x1080(b *testing.B) { benchmarkStress(b, 1920, 1080) }
