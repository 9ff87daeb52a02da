package max3ds

import (
	"fmt"
	"testing"

	"ms3dstudio/internal/hostile"
)

// BenchmarkImportSameNamedNodes decodes and imports a keyframer of 2,500
// and 10,000 nodes that all have the same name (issue 29, item 7).
func BenchmarkImportSameNamedNodes(b *testing.B) {
	for _, n := range []int{2500, 10000} {
		data := hostile.SameNamed3DS(n)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				s, _, err := Decode(data)
				if err != nil {
					b.Fatal(err)
				}
				if m, _, _ := Import(s, Options{}); len(m.Joints) != n {
					b.Fatalf("%d joints, want %d", len(m.Joints), n)
				}
			}
		})
	}
}
