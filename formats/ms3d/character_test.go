package ms3d

import (
	"testing"
	"unsafe"

	"ms3dstudio/internal/hostile"
	"ms3dstudio/internal/stress"
	"ms3dstudio/model"
)

// characterFile returns the bytes of internal/stress.Character: a file of
// the size where decoding speed is felt (28,000 vertices, 77 joints, 8,500
// keys), which the corpus lacks.
func characterFile(tb testing.TB) []byte {
	tb.Helper()
	data, err := Encode(stress.Character())
	if err != nil {
		tb.Fatal(err)
	}
	return data
}

// BenchmarkDecodeCharacter decodes the character model. Beside
// interop.BenchmarkAgainstAssimp, which compares the same work with
// Assimp's, it is the figure to watch when the decoder changes.
func BenchmarkDecodeCharacter(b *testing.B) {
	data := characterFile(b)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := Decode(data); err != nil {
			b.Fatal(err)
		}
	}
}

// TestDecodeAllocatesTheModelOnly decodes the character and checks that
// what Decode allocates is about what the model holds: no copy of the
// input, no second decode, no per-element allocation (decoding a large file
// is as fast as the memory it writes).
func TestDecodeAllocatesTheModelOnly(t *testing.T) {
	data := characterFile(t)
	m, _, err := Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	held := uintptr(len(m.Vertices))*unsafe.Sizeof(m.Vertices[0]) + uintptr(len(m.Triangles))*unsafe.Sizeof(m.Triangles[0]) +
		uintptr(len(m.Joints))*unsafe.Sizeof(m.Joints[0]) + uintptr(len(m.Groups))*unsafe.Sizeof(m.Groups[0]) +
		uintptr(len(m.Materials))*unsafe.Sizeof(m.Materials[0])
	for _, g := range m.Groups {
		held += uintptr(len(g.Triangles)) * 4
	}
	for _, j := range m.Joints {
		held += uintptr(len(j.RotationKeys)+len(j.PositionKeys)) * unsafe.Sizeof(model.Key{})
	}
	allocs := testing.AllocsPerRun(3, func() { Decode(data) })
	if _, got := hostile.Allocated(func() { Decode(data) }); float64(got) > 1.05*float64(held) {
		t.Errorf("decoding a %d-byte file allocated %d bytes; its model holds %d", len(data), got, held)
	}
	// One allocation per slice: vertices, triangles, groups, their index
	// lists, materials, joints, one slab of keys, the names.
	if max := 8 + len(m.Groups) + 3*len(m.Joints) + 2*len(m.Materials); allocs > float64(max) {
		t.Errorf("decoding allocated %v times, want at most %d", allocs, max)
	}
}
