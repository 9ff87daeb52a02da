package smooth

import "testing"

// BenchmarkNormals computes the corner normals of 1,000,000 triangles: a
// 708×708 grid with UV-seam duplicates every 8th column and smoothing
// groups in regions, some faces flat and some in two groups.
func BenchmarkNormals(b *testing.B) {
	pos, faces, masks := regions(708, 8)
	dst := make([][3][3]float32, len(faces))
	var s Smoother
	b.ReportMetric(float64(len(faces)), "triangles")
	s.CornerNormals(pos, faces, masks, dst, Options{}) // grow the scratch memory
	b.ReportAllocs()
	for b.Loop() {
		s.CornerNormals(pos, faces, masks, dst, Options{})
	}
}

// BenchmarkFragmented is BenchmarkNormals with the masks changing every few
// quads, so that most positions are met by several masks.
func BenchmarkFragmented(b *testing.B) {
	pos, faces, masks := grid(708, 8)
	dst := make([][3][3]float32, len(faces))
	var s Smoother
	s.CornerNormals(pos, faces, masks, dst, Options{})
	b.ReportAllocs()
	for b.Loop() {
		s.CornerNormals(pos, faces, masks, dst, Options{})
	}
}

// BenchmarkNormals16k is the fast path on the mesh of BenchmarkNaive.
func BenchmarkNormals16k(b *testing.B) {
	pos, faces, masks := regions(120, 8)
	dst := make([][3][3]float32, len(faces))
	var s Smoother
	b.ReportMetric(float64(len(pos)), "vertices")
	s.CornerNormals(pos, faces, masks, dst, Options{})
	b.ReportAllocs()
	for b.Loop() {
		s.CornerNormals(pos, faces, masks, dst, Options{})
	}
}

// BenchmarkNaive is the per-corner search of all faces, O(V·F), on a
// 16k-vertex mesh, to measure what the one-pass method saves.
func BenchmarkNaive(b *testing.B) {
	pos, faces, masks := regions(120, 8)
	b.ReportMetric(float64(len(pos)), "vertices")
	for b.Loop() {
		naive(pos, faces, masks, AngleWeighted)
	}
}
