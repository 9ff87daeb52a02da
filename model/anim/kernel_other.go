//go:build !amd64 || purego

package anim

// Without the assembly kernels (other architectures, or the purego build
// tag) the pure-Go ones do all the work.

// haveFMA and useFMA mirror kernel_amd64.go: here there is nothing to use.
const haveFMA = false

var useFMA = false

func skin2(rs []rec2, m matTable, pos [][3]float32, rot [][9]float32) { skin2Go(rs, m, pos, rot) }
func skin3(rs []rec3, m matTable, pos [][3]float32, rot [][9]float32) { skin3Go(rs, m, pos, rot) }
func skin4(rs []rec4, m matTable, pos [][3]float32, rot [][9]float32) { skin4Go(rs, m, pos, rot) }
