//go:build amd64 && !purego

package anim

import (
	"math"
	"math/rand/v2"
	"testing"
	"unsafe"

	"github.com/go-gl/mathgl/mgl32"
)

// TestRecordLayout pins the record offsets that kernel_amd64.s hard-codes.
func TestRecordLayout(t *testing.T) {
	check := func(name string, got, want [4]uintptr) {
		if got != want {
			t.Errorf("%s: offsets of w, j, dst and size = %v, want %v (update kernel_amd64.s)", name, got, want)
		}
	}
	var r2 rec2
	var r3 rec3
	var r4 rec4
	check("rec2", [4]uintptr{unsafe.Offsetof(r2.w), unsafe.Offsetof(r2.j), unsafe.Offsetof(r2.dst), unsafe.Sizeof(r2)}, [4]uintptr{12, 20, 24, 28})
	check("rec3", [4]uintptr{unsafe.Offsetof(r3.w), unsafe.Offsetof(r3.j), unsafe.Offsetof(r3.dst), unsafe.Sizeof(r3)}, [4]uintptr{12, 24, 32, 36})
	check("rec4", [4]uintptr{unsafe.Offsetof(r4.w), unsafe.Offsetof(r4.j), unsafe.Offsetof(r4.dst), unsafe.Sizeof(r4)}, [4]uintptr{12, 28, 36, 40})
	if unsafe.Sizeof(mgl32.Mat4{}) != 64 {
		t.Error("mgl32.Mat4 is not 64 bytes")
	}
}

// TestKernelsAgree feeds the same random records to the Go and assembly
// kernels: results agree to float32 rounding (the assembly fuses
// multiply-adds), every vertex is written, and nothing else is.
func TestKernelsAgree(t *testing.T) {
	if !haveFMA {
		t.Skip("no AVX2/FMA kernels on this machine")
	}
	r := rand.New(rand.NewPCG(3, 4))
	// More joints than a byte can name, so that the kernels' 16-bit loads
	// are exercised.
	m := make(matTable, 300)
	for j := range m {
		for k := 0; k < 16; k++ {
			m[j][k] = r.Float32()*4 - 2
		}
		m[j][3], m[j][7], m[j][11], m[j][15] = 0, 0, 0, 1
	}
	const n = 1001
	sentinel := float32(-12345)
	// Vertices get every other index, so a stray write lands on a
	// sentinel.
	dsts := r.Perm(n)
	fill := func() ([][3]float32, [][9]float32) {
		pos := make([][3]float32, 2*n+1)
		rot := make([][9]float32, 2*n+1)
		for i := range pos {
			pos[i] = [3]float32{sentinel, sentinel, sentinel}
			for k := range rot[i] {
				rot[i][k] = sentinel
			}
		}
		return pos, rot
	}
	p3 := func() [3]float32 { return [3]float32{r.Float32()*20 - 10, r.Float32()*20 - 10, r.Float32()*20 - 10} }
	j := func() uint16 { return uint16(r.IntN(len(m))) }
	w := func() float32 { return r.Float32() }
	var r2 []rec2
	var r3 []rec3
	var r4 []rec4
	for i := 0; i < n; i++ {
		d := uint32(2*dsts[i] + 1)
		r2 = append(r2, rec2{p3(), [2]float32{w(), w()}, [2]uint16{j(), j()}, d})
		r3 = append(r3, rec3{p3(), [3]float32{w(), w(), w()}, [3]uint16{j(), j(), j()}, d})
		r4 = append(r4, rec4{p3(), [4]float32{w(), w(), w(), w()}, [4]uint16{j(), j(), j(), j()}, d})
	}
	for _, k := range []struct {
		name    string
		goK, fK func(pos [][3]float32, rot [][9]float32)
	}{
		{"2", func(p [][3]float32, q [][9]float32) { skin2Go(r2, m, p, q) }, func(p [][3]float32, q [][9]float32) { skin2FMA(r2, &m[0], p, q) }},
		{"3", func(p [][3]float32, q [][9]float32) { skin3Go(r3, m, p, q) }, func(p [][3]float32, q [][9]float32) { skin3FMA(r3, &m[0], p, q) }},
		{"4", func(p [][3]float32, q [][9]float32) { skin4Go(r4, m, p, q) }, func(p [][3]float32, q [][9]float32) { skin4FMA(r4, &m[0], p, q) }},
	} {
		for _, withRot := range []bool{false, true} {
			gp, gr := fill()
			fp, fr := fill()
			if !withRot {
				gr, fr = nil, nil
			}
			k.goK(gp, gr)
			k.fK(fp, fr)
			for i := range gp {
				written := i%2 == 1
				for c := 0; c < 3; c++ {
					if (fp[i][c] == sentinel) == written || math.Abs(float64(fp[i][c]-gp[i][c])) > 1e-5*(1+math.Abs(float64(gp[i][c]))) {
						t.Fatalf("%s influences, rot %v: pos[%d] = %v, Go kernel %v", k.name, withRot, i, fp[i], gp[i])
					}
				}
				if !withRot {
					continue
				}
				for c := 0; c < 9; c++ {
					if (fr[i][c] == sentinel) == written || math.Abs(float64(fr[i][c]-gr[i][c])) > 1e-5*(1+math.Abs(float64(gr[i][c]))) {
						t.Fatalf("%s influences: rot[%d] = %v, Go kernel %v", k.name, i, fr[i], gr[i])
					}
				}
			}
		}
	}
	// No records: nothing happens.
	skin4FMA(nil, &m[0], nil, nil)
}
