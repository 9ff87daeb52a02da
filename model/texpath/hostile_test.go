package texpath

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"ms3dstudio/internal/hostile"
)

// BenchmarkResolveMissingTextures resolves the textures of a model whose
// materials each name a missing file in a folder of many other files
// (issue 29, item 9): 2,000 in a folder of 2,000, and 5,000 in one of
// 11,000.
func BenchmarkResolveMissingTextures(b *testing.B) {
	for _, c := range []struct{ materials, files int }{{2000, 2000}, {5000, 11000}} {
		b.Run(fmt.Sprintf("%d-in-%d", c.materials, c.files), func(b *testing.B) {
			dir := b.TempDir()
			if err := os.Mkdir(filepath.Join(dir, "missing"), 0o755); err != nil {
				b.Fatal(err)
			}
			if err := hostile.FillFolder(filepath.Join(dir, "missing"), c.files); err != nil {
				b.Fatal(err)
			}
			m := hostile.MissingTextures(c.materials)
			b.ReportAllocs()
			for b.Loop() {
				r, err := NewOS(filepath.Join(dir, "model.ms3d"))
				if err != nil {
					b.Fatal(err)
				}
				for i := range m.Materials {
					if r.Resolve(m.Materials[i].Texture).Found {
						b.Fatalf("material %d resolves", i)
					}
				}
			}
		})
	}
}
