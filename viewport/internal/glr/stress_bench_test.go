package glr_test

import (
	"image"
	"testing"

	"ms3dstudio/internal/stress"
	"ms3dstudio/viewport/internal/glr"
	"ms3dstudio/viewport/internal/scene"
)

// benchmarkStress renders the model at the format's limits (internal/stress:
// 65,535 vertices and triangles, 32 textured groups, 128 joints, 4 weights)
// with a new pose every frame, as playback does.
func benchmarkStress(b *testing.B, w, h int) {
	r, f, step := stressFrame(b, w, h)
	renderFrames(b, r, f, step)
}

// stressFrame sets up a renderer with the stress model and its textures
// and a w×h frame with the grid, and returns the step that poses it anew
// each frame.
func stressFrame(tb testing.TB, w, h int) (*glr.Renderer, *scene.Frame, func(i int)) {
	r := newRenderer(tb)
	m := stress.Model()
	texs := make([]image.Image, stress.Groups)
	for g := range texs {
		texs[g] = stress.Texture(g)
	}
	mesh := setModel(r, m, texs...)
	f := frameFor(w, h, mesh.Lo, mesh.Hi)
	f.Overlays.Grid = true
	return r, f, turnJoints(f, len(m.Joints))
}

// The 704×395 one is the viewport's size in a 1280×800 window.
func BenchmarkRenderStressSkinned_704x395(b *testing.B)   { benchmarkStress(b, 704, 395) }
func BenchmarkRenderStressSkinned_1280x800(b *testing.B)  { benchmarkStress(b, 1280, 800) }
func BenchmarkRenderStressSkinned_1920x1080(b *testing.B) { benchmarkStress(b, 1920, 1080) }
