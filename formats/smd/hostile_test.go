package smd

import (
	"bytes"
	"fmt"
	"testing"

	"ms3dstudio/internal/hostile"
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
