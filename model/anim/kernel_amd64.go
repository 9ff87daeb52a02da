//go:build amd64 && !purego

package anim

// haveFMA tells whether the AVX2/FMA kernels of kernel_amd64.s can run: the
// CPU has AVX2 and FMA and the operating system saves the YMM registers.
var haveFMA = cpuHasAVX2FMA()

// useFMA selects those kernels; tests turn it off to check the pure-Go
// kernels and compare both.
var useFMA = haveFMA

func cpuHasAVX2FMA() bool {
	const (
		fma     = 1 << 12 // CPUID.1:ECX
		osxsave = 1 << 27 // CPUID.1:ECX
		avx     = 1 << 28 // CPUID.1:ECX
		avx2    = 1 << 5  // CPUID.(7,0):EBX
		ymmMask = 0b110   // XCR0: SSE and AVX state saved by the OS
	)
	maxLeaf, _, _, _ := cpuid(0, 0)
	if maxLeaf < 7 {
		return false
	}
	_, _, c1, _ := cpuid(1, 0)
	if c1&(fma|osxsave|avx) != fma|osxsave|avx {
		return false
	}
	if xcr0, _ := xgetbv(); xcr0&ymmMask != ymmMask {
		return false
	}
	_, b7, _, _ := cpuid(7, 0)
	return b7&avx2 != 0
}

func cpuid(leaf, sub uint32) (a, b, c, d uint32)

func xgetbv() (lo, hi uint32)

// The assembly kernels: same contract as the Go ones (see kernel.go). They
// trust their inputs: every record's dst is below len(pos) (and len(rot)
// when rot is not nil); Skinner.setCall and Rebuild make sure of it.
//
//go:noescape
func skin2FMA(rs []rec2, m *matTable, pos [][3]float32, rot [][9]float32)

//go:noescape
func skin3FMA(rs []rec3, m *matTable, pos [][3]float32, rot [][9]float32)

//go:noescape
func skin4FMA(rs []rec4, m *matTable, pos [][3]float32, rot [][9]float32)

func skin2(rs []rec2, m *matTable, pos [][3]float32, rot [][9]float32) {
	if useFMA {
		skin2FMA(rs, m, pos, rot)
		return
	}
	skin2Go(rs, m, pos, rot)
}

func skin3(rs []rec3, m *matTable, pos [][3]float32, rot [][9]float32) {
	if useFMA {
		skin3FMA(rs, m, pos, rot)
		return
	}
	skin3Go(rs, m, pos, rot)
}

func skin4(rs []rec4, m *matTable, pos [][3]float32, rot [][9]float32) {
	if useFMA {
		skin4FMA(rs, m, pos, rot)
		return
	}
	skin4Go(rs, m, pos, rot)
}
