package smooth

import "testing"

// BenchmarkNormals computes the corner normals of 1,000,000 triangles: a
// 708×708 grid with UV-seam duplicates every 8th column and smoothing
// groups in regions, some faces flat and some in two groups.
func BenchmarkNormals(b *testing.B) {
	pos, faces, masks := regions(708, 8)
	b.ReportMetric(float64(len(faces)), "triangles")
	benchCornerNormals(b, pos, faces, masks)
}

// benchCornerNormals measures CornerNormals on a mesh, once a first call
// has grown the Smoother's scratch memory.
func benchCornerNormals(b *testing.B, pos [][3]float32, faces [][3]uint32, masks []uint32) {
	dst := make([][3][3]float32, len(faces))
	var s Smoother
	s.CornerNormals(pos, faces, masks, dst, Options{})
	b.ReportAllocs()
	for b.Loop() {
		s.CornerNormals(pos, faces, masks, dst, Options{})
	}
}

// BenchmarkFragmented is BenchmarkNormals with the masks changing every few
// quads, so that most positions are met by several masks.
func BenchmarkFragmented(b *testing.B) {
	pos, faces, masks := grid(708, 8)
	benchCornerNormals(b, pos, faces, masks)
}

// BenchmarkNormals16k is the fast path on the mesh of BenchmarkNaive.
func BenchmarkNormals16k(b *testing.B) {
	pos, faces, masks := regions(120, 8)
	b.ReportMetric(float64(len(pos)), "vertices")
	benchCornerNormals(b, pos, faces, masks)
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
