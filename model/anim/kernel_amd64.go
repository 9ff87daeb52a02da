//go:build amd64 && !purego

package anim

import (
	"github.com/go-gl/mathgl/mgl32"
	"golang.org/x/sys/cpu"
)

// haveFMA tells whether the AVX2/FMA kernels of kernel_amd64.s can run: the
// CPU has AVX2 and FMA and the operating system saves the YMM registers
// (golang.org/x/sys/cpu checks the OS support for AVX).
var haveFMA = cpu.X86.HasAVX2 && cpu.X86.HasFMA

// useFMA selects those kernels; tests turn it off to check the pure-Go
// kernels and compare both.
var useFMA = haveFMA

// The assembly kernels: same contract as the Go ones (see kernel.go). They
// trust their inputs: every record's dst is below len(pos) (and len(rot)
// when rot is not nil); Skinner.setCall and Rebuild make sure of it.
//
//go:noescape
func skin2FMA(rs []rec2, m *mgl32.Mat4, pos [][3]float32, rot [][9]float32)

//go:noescape
func skin3FMA(rs []rec3, m *mgl32.Mat4, pos [][3]float32, rot [][9]float32)

//go:noescape
func skin4FMA(rs []rec4, m *mgl32.Mat4, pos [][3]float32, rot [][9]float32)

func skin2(rs []rec2, m matTable, pos [][3]float32, rot [][9]float32) {
	if useFMA {
		skin2FMA(rs, &m[0], pos, rot)
		return
	}
	skin2Go(rs, m, pos, rot)
}

func skin3(rs []rec3, m matTable, pos [][3]float32, rot [][9]float32) {
	if useFMA {
		skin3FMA(rs, &m[0], pos, rot)
		return
	}
	skin3Go(rs, m, pos, rot)
}

func skin4(rs []rec4, m matTable, pos [][3]float32, rot [][9]float32) {
	if useFMA {
		skin4FMA(rs, &m[0], pos, rot)
		return
	}
	skin4Go(rs, m, pos, rot)
}
