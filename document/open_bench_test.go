package document

import (
	"os"
	"path/filepath"
	"testing"

	"ms3dstudio/formats/ms3d"
	"ms3dstudio/internal/stress"
)

// BenchmarkOpenCharacter opens internal/stress.Character (28,000
// vertices, 77 joints, 8,500 keys) from a file and lists its findings:
// what the app waits for before it shows a model of that size and its
// problems (its textures are not there, so none is decoded).
func BenchmarkOpenCharacter(b *testing.B) {
	data, err := ms3d.Encode(stress.Character())
	if err != nil {
		b.Fatal(err)
	}
	path := filepath.Join(b.TempDir(), "character.ms3d")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		d, err := Open(path)
		if err != nil {
			b.Fatal(err)
		}
		d.Findings()
	}
}
