package thumbnail_test

import (
	"image"
	"path/filepath"
	"testing"

	"ms3dstudio/document"
	"ms3dstudio/internal/corpus"
	"ms3dstudio/internal/stress"
	"ms3dstudio/model"
	"ms3dstudio/viewport/internal/testmodel"
	"ms3dstudio/viewport/thumbnail"
)

// BenchmarkTorus16k draws a 16,384-triangle textured, specular torus
// (512×512 texture) at 256×256: scene building, posing, mipmaps and
// drawing, everything but reading a file.
func BenchmarkTorus16k(b *testing.B) {
	m, tex := testmodel.Torus(128, 64)
	if len(m.Triangles) != 16384 {
		b.Fatalf("%d triangles", len(m.Triangles))
	}
	benchmarkRender(b, m, []image.Image{tex})
}

// BenchmarkStress draws the stress model (65,535 triangles, 32 textures,
// 128 joints, four weights a vertex) at 256×256.
func BenchmarkStress(b *testing.B) {
	m := stress.Model()
	textures := make([]image.Image, len(m.Materials))
	for i := range textures {
		textures[i] = stress.Texture(i)
	}
	benchmarkRender(b, m, textures)
}

// BenchmarkFileJeep opens, decodes and draws the corpus's jeep1.ms3d
// (2,032 triangles, a 1024×1024 texture) as ms3dtool thumbnail does.
func BenchmarkFileJeep(b *testing.B) {
	path := filepath.Join(corpus.Dir(b), "ms3d/assimp/test/models/MS3D/jeep1.ms3d")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := thumbnail.File(path, thumbnail.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkWoman draws the corpus's Woman4.ms3d (3,450 skinned triangles)
// from its opened document.
func BenchmarkWoman(b *testing.B) {
	d, err := document.Open(filepath.Join(corpus.Dir(b), "ms3d/GLScene/Samples/media/Woman4.ms3d"))
	if err != nil {
		b.Fatal(err)
	}
	benchmarkRender(b, d.Model(), d.Textures().Images)
}

func benchmarkRender(b *testing.B, m *model.Model, textures []image.Image) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := thumbnail.Render(m, textures, thumbnail.Options{Size: 256}); err != nil {
			b.Fatal(err)
		}
	}
}
