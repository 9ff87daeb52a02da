package smd

import (
	"bytes"
	"fmt"
	"testing"
)

// bigSMD returns a Source reference SMD with n triangles and two-bone links.
func bigSMD(n int) []byte {
	var b bytes.Buffer
	b.WriteString("version 1\nnodes\n0 \"root\" -1\n1 \"arm\" 0\nend\nskeleton\ntime 0\n0 0.000000 0.000000 0.000000 0.000000 0.000000 0.000000\n1 10.000000 0.000000 0.000000 0.000000 0.000000 1.570796\nend\ntriangles\n")
	for i := 0; i < n; i++ {
		b.WriteString("skin\n")
		for c := 0; c < 3; c++ {
			x := float64(i%1000) * 0.013
			fmt.Fprintf(&b, "0 %.6f %.6f %.6f 0.000000 0.000000 1.000000 %.6f %.6f 2 0 0.750000 1 0.250000\n", x, float64(c)*1.5, -x, x/13, float64(c)/3)
		}
	}
	b.WriteString("end\n")
	return b.Bytes()
}

// BenchmarkRead100k reads a 100 000-triangle SMD (the issue asks < 100 ms).
func BenchmarkRead100k(b *testing.B) {
	data := bigSMD(100_000)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		f, _, err := Read(bytes.NewReader(data), "big.smd")
		if err != nil || len(f.Triangles) != 100_000 {
			b.Fatal(err)
		}
	}
}
