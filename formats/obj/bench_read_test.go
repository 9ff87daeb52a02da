package obj

import (
	"os"
	"path/filepath"
	"testing"

	"ms3dstudio/internal/corpus"
	"ms3dstudio/model/texpath"
)

// BenchmarkDecodeSpider imports the corpus spider with its library and
// textures.
func BenchmarkDecodeSpider(b *testing.B) {
	dir := filepath.Join(corpus.Dir(b), "obj", "assimp", "test", "models", "OBJ")
	data, err := os.ReadFile(filepath.Join(dir, "spider.obj"))
	if err != nil {
		b.Fatal(err)
	}
	res := texpath.New(os.DirFS(dir), ".")
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := Decode(data, ReadOptions{Name: "spider.obj", Files: res}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDecodeStar imports one star polygon of 4000 corners, half of
// them reflex: the worst shape ear clipping gets within maxEarCorners.
func BenchmarkDecodeStar(b *testing.B) {
	data := []byte(polygon(4000, 0.5))
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := Decode(data, ReadOptions{Name: "star.obj"}); err != nil {
			b.Fatal(err)
		}
	}
}
