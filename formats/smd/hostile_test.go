package smd

import (
	"bytes"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"ms3dstudio/internal/hostile"
	"ms3dstudio/model"
)

// BenchmarkReadDeepBoneChain reads and imports a reference whose 4,000 and
// 16,000 bones form one chain (issue 29, item 8).
func BenchmarkReadDeepBoneChain(b *testing.B) {
	for _, n := range []int{4000, 16000} {
		data := hostile.ChainSMD(n)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				f, _, err := Read(bytes.NewReader(data), "chain.smd")
				if err != nil {
					b.Fatal(err)
				}
				if m, _, err := Import(f, nil, ImportOptions{}); err != nil || len(m.Joints) != n {
					b.Fatalf("%v, want %d joints", err, n)
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

// TestLongBoneNamesAreLinear imports references of 1,000 and 4,000 bones
// whose names differ only past MilkShape's 31 bytes, so that every joint
// needs a number: the work, counted in allocations, grows with the bone
// count and every joint name is unique.
func TestLongBoneNamesAreLinear(t *testing.T) {
	work := func(n int) uint64 {
		var b strings.Builder
		b.WriteString("version 1\nnodes\n")
		for i := range n {
			fmt.Fprintf(&b, "%d \"%s%06d\" -1\n", i, strings.Repeat("x", 31), i)
		}
		b.WriteString("end\nskeleton\ntime 0\nend\n")
		data := []byte(b.String())
		return allocsOf(func() {
			f, _, err := Read(bytes.NewReader(data), "long.smd")
			if err != nil {
				t.Fatal(err)
			}
			m, _, err := Import(f, nil, ImportOptions{})
			if err != nil || len(m.Joints) != n {
				t.Fatalf("%v, %d joints, want %d", err, len(m.Joints), n)
			}
			seen := map[model.Str]bool{}
			for _, j := range m.Joints {
				if seen[j.Name] || len(j.Name) > 31 {
					t.Fatalf("joint name %q repeats or is longer than 31 bytes", j.Name)
				}
				seen[j.Name] = true
			}
		})
	}
	small, large := work(1000), work(4000)
	if large > 6*small {
		t.Errorf("%d allocations for 1,000 bones, %d for 4,000: more than 6 times as many for 4 times the bones", small, large)
	}
}
