package model

import (
	"slices"
	"testing"
)

// TestCountReferences counts the corners of two triangles sharing an edge,
// one naming a vertex that does not exist, and a vertex used 300 times.
func TestCountReferences(t *testing.T) {
	m := &Model{Vertices: make([]Vertex, 5), Triangles: []Triangle{{Vertices: [3]uint32{0, 1, 2}}, {Vertices: [3]uint32{2, 1, 9}}}}
	for range 100 {
		m.Triangles = append(m.Triangles, Triangle{Vertices: [3]uint32{4, 4, 4}})
	}
	m.CountReferences()
	var got []uint8
	for _, v := range m.Vertices {
		got = append(got, v.ReferenceCount)
	}
	if want := []uint8{1, 2, 2, 0, 255}; !slices.Equal(got, want) {
		t.Errorf("reference counts %v, want %v", got, want)
	}
}
