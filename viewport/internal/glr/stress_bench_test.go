package glr_test

import (
	"image"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

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
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	skin := make([]mgl32.Mat4, len(m.Joints))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		a := float32(i%60) / 60
		for j := range skin {
			skin[j] = mgl32.HomogRotate3DY(a * 0.1)
		}
		f.Skin = skin
		f.Camera.Orbit(0.01, 0)
		if err := r.Render(f, img); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "fps")
}

func BenchmarkRenderStressSkinned_1280x800(b *testing.B)  { benchmarkStress(b, 1280, 800) }
func BenchmarkRenderStressSkinned_1920x1080(b *testing.B) { benchmarkStress(b, 1920, 1080) }
