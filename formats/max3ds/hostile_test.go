package max3ds

import (
	"fmt"
	"runtime"
	"testing"

	"ms3dstudio/internal/hostile"
	"ms3dstudio/model"
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

// allocsOf returns the number of heap allocations f makes.
func allocsOf(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.Mallocs - before.Mallocs
}

// TestSameNamedNodesAreLinear imports keyframers of 1,000 and 4,000 nodes
// named alike: each joint gets the next free number ("Box", "Box.2", …),
// and the work, counted in allocations (one per name tried), grows with
// the node count, not with its square as when each name counted from 2.
func TestSameNamedNodesAreLinear(t *testing.T) {
	work := func(n int) uint64 {
		data := hostile.SameNamed3DS(n)
		return allocsOf(func() {
			s, _, err := Decode(data)
			if err != nil {
				t.Fatal(err)
			}
			m, _, _ := Import(s, Options{})
			if len(m.Joints) != n || m.Joints[0].Name != "Box" || m.Joints[n-1].Name != model.Str(fmt.Sprintf("Box.%d", n)) {
				t.Fatalf("%d joints from %q to %q, want %d from \"Box\" to \"Box.%d\"", len(m.Joints), m.Joints[0].Name, m.Joints[len(m.Joints)-1].Name, n, n)
			}
		})
	}
	small, large := work(1000), work(4000)
	if large > 6*small {
		t.Errorf("%d allocations for 1,000 nodes, %d for 4,000: more than 6 times as many for 4 times the nodes", small, large)
	}
}
