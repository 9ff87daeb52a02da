package smd

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"testing"
)

// bigSMD returns a Source reference SMD with n triangles as studiomdl-era
// exporters write it: a 40-bone tree with its rest pose, eight materials
// in runs, and for every vertex a position, a unit normal and UVs printed
// with six decimals, and one to three weighted links to nearby bones
// (a third of the vertices each), all from a fixed seed.
func bigSMD(n int) []byte {
	const bones = 40
	r := rand.New(rand.NewPCG(1, 2))
	var b bytes.Buffer
	b.Grow(n * 320)
	num := func(v float64) {
		b.WriteByte(' ')
		b.Write(strconv.AppendFloat(nil, v, 'f', 6, 64))
	}
	b.WriteString("version 1\nnodes\n")
	for i := 0; i < bones; i++ {
		parent := -1
		if i > 0 {
			parent = (i - 1) / 2
		}
		fmt.Fprintf(&b, "%d \"bip01_bone%02d\" %d\n", i, i, parent)
	}
	b.WriteString("end\nskeleton\ntime 0\n")
	for i := 0; i < bones; i++ {
		b.WriteString(strconv.Itoa(i))
		for k := 0; k < 3; k++ {
			num((r.Float64()*2 - 1) * 12)
		}
		for k := 0; k < 3; k++ {
			num((r.Float64()*2 - 1) * math.Pi)
		}
		b.WriteByte('\n')
	}
	b.WriteString("end\ntriangles\n")
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "skin_%d.bmp\n", i/500%8)
		for c := 0; c < 3; c++ {
			bone := r.IntN(bones)
			b.WriteString(strconv.Itoa(bone))
			for k := 0; k < 3; k++ {
				num((r.Float64()*2 - 1) * 64)
			}
			nx, ny, nz := r.NormFloat64(), r.NormFloat64(), r.NormFloat64()
			l := math.Sqrt(nx*nx + ny*ny + nz*nz)
			num(nx / l)
			num(ny / l)
			num(nz / l)
			num(r.Float64())
			num(r.Float64())
			links := 1 + r.IntN(3)
			b.WriteString(" " + strconv.Itoa(links))
			w := 1.0
			for k := 0; k < links; k++ {
				wk := w
				if k < links-1 {
					wk = w * (0.5 + 0.4*r.Float64())
				}
				w -= wk
				b.WriteString(" " + strconv.Itoa((bone+k)%bones))
				num(wk)
			}
			b.WriteByte('\n')
		}
	}
	b.WriteString("end\n")
	return b.Bytes()
}

// BenchmarkRead100k reads a generated 100 000-triangle reference SMD with
// bones and weights (bigSMD, about 30 MB).
func BenchmarkRead100k(b *testing.B) {
	data := bigSMD(100_000)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		f, _, err := Read(bytes.NewReader(data), "big.smd")
		if err != nil || len(f.Triangles) != 100_000 || len(f.Nodes) != 40 {
			b.Fatal(err)
		}
	}
}
