package md2_test

import (
	"testing"

	"ms3dstudio/formats/md2"
	"ms3dstudio/internal/corpus"
)

// BenchmarkImportFaerie imports faerie.md2 (366 vertices, 198 frames)
// whole: most of the time goes to fitting the joints that carry its
// animation.
func BenchmarkImportFaerie(b *testing.B) {
	f, _, err := md2.Decode(corpus.Read(b, realFiles[0]))
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		md2.Import(f, md2.ImportOptions{})
	}
}

// BenchmarkExportSmall exports the small model: posing, quantising and
// stripifying ten frames of four vertices.
func BenchmarkExportSmall(b *testing.B) {
	m := small()
	for b.Loop() {
		if _, _, err := md2.Export(m, md2.ExportOptions{SkinWidth: 64, SkinHeight: 64}); err != nil {
			b.Fatal(err)
		}
	}
}
