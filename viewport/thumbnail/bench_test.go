package thumbnail_test

import (
	"image"
	"image/color"
	"math"
	"path/filepath"
	"testing"

	"ms3dstudio/document"
	"ms3dstudio/internal/corpus"
	"ms3dstudio/internal/stress"
	"ms3dstudio/model"
	"ms3dstudio/viewport/thumbnail"
)

// torus returns a smooth textured torus of 2·rings·sides triangles (one
// group, one material naming a texture) and its 512×512 texture.
func torus(rings, sides int) (*model.Model, image.Image) {
	m := &model.Model{Version: 4, FPS: 24}
	const big, small = 1.0, 0.4
	for i := 0; i <= rings; i++ {
		u := 2 * math.Pi * float64(i) / float64(rings)
		for j := 0; j <= sides; j++ {
			v := 2 * math.Pi * float64(j) / float64(sides)
			r := big + small*math.Cos(v)
			m.Vertices = append(m.Vertices, model.Vertex{
				Position: [3]float32{float32(r * math.Cos(u)), float32(small * math.Sin(v)), float32(r * math.Sin(u))},
				Bones:    [4]uint16{model.NoBone, model.NoBone, model.NoBone, model.NoBone},
			})
		}
	}
	normal := func(i, j int) [3]float32 {
		u := 2 * math.Pi * float64(i) / float64(rings)
		v := 2 * math.Pi * float64(j) / float64(sides)
		return [3]float32{float32(math.Cos(v) * math.Cos(u)), float32(math.Sin(v)), float32(math.Cos(v) * math.Sin(u))}
	}
	g := model.Group{Name: model.Str("torus")}
	for i := 0; i < rings; i++ {
		for j := 0; j < sides; j++ {
			at := func(di, dj int) (uint32, [3]float32, float32, float32) {
				return uint32((i+di)*(sides+1) + j + dj), normal(i+di, j+dj), float32(i+di) / float32(rings) * 4, float32(j+dj) / float32(sides)
			}
			for _, tri := range [2][3][2]int{{{0, 0}, {0, 1}, {1, 1}}, {{0, 0}, {1, 1}, {1, 0}}} {
				t := model.Triangle{SmoothingGroup: 1}
				for c, k := range tri {
					t.Vertices[c], t.Normals[c], t.S[c], t.T[c] = at(k[0], k[1])
				}
				g.Triangles = append(g.Triangles, uint32(len(m.Triangles)))
				m.Triangles = append(m.Triangles, t)
			}
		}
	}
	m.Groups = []model.Group{g}
	m.Materials = []model.Material{{
		Name: model.Str("torus"), Ambient: [4]float32{0.2, 0.2, 0.2, 1}, Diffuse: [4]float32{0.8, 0.8, 0.8, 1},
		Specular: [4]float32{0.3, 0.3, 0.3, 1}, Shininess: 32, Transparency: 1, Texture: model.Str("torus.png"),
	}}
	tex := image.NewNRGBA(image.Rect(0, 0, 512, 512))
	for y := 0; y < 512; y++ {
		for x := 0; x < 512; x++ {
			tex.SetNRGBA(x, y, color.NRGBA{R: uint8(x / 2), G: uint8(y / 2), B: uint8((x ^ y) & 0xff), A: 255})
		}
	}
	return m, tex
}

// BenchmarkTorus16k draws a 16,384-triangle textured, specular torus
// (512×512 texture) at 256×256: scene building, posing, mipmaps and
// drawing, everything but reading a file.
func BenchmarkTorus16k(b *testing.B) {
	m, tex := torus(128, 64)
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
