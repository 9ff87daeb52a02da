package b3d_test

import (
	"os"
	"testing"

	"ms3dstudio/formats/b3d"
	"ms3dstudio/formats/ms3d/ms3dfix"
	"ms3dstudio/internal/corpus"
	"ms3dstudio/model/fix"
)

// BenchmarkExportWoman4 exports the corpus's largest animation (31 joints
// keyed at each of 2133 frames), as ValidateFor does each time the
// document's findings are checked for Irrlicht or Luanti.
func BenchmarkExportWoman4(b *testing.B) {
	data, err := os.ReadFile(corpus.File(b, "Woman4.ms3d").Path)
	if err != nil {
		b.Fatal(err)
	}
	m, _, err := ms3dfix.Decode(data, fix.Options{})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := b3d.Export(m, b3d.ExportOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}
