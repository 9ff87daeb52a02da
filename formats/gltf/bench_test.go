package gltf

import (
	"io"
	"testing"
)

// BenchmarkWrite exports a 16384-triangle skinned, animated model to .glb
// (the issue asks for under 100 ms).
func BenchmarkWrite(b *testing.B) {
	m := grid(128, 64, 16)
	if len(m.Triangles) != 16384 {
		b.Fatalf("%d triangles", len(m.Triangles))
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Write(io.Discard, m, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
