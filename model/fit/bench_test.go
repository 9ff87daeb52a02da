package fit_test

import (
	"testing"

	"ms3dstudio/model/fit"
)

// BenchmarkFitGroups fits 30,000 one-triangle groups of 200 materials
// (90,000 vertices): materials merged to 128, groups to 255.
func BenchmarkFitGroups(b *testing.B) {
	m := scene(30000, 200, func(g int) int { return g % 200 })
	b.ReportAllocs()
	for b.Loop() {
		c := *m
		fit.Fit(&c, fit.Options{})
	}
}

// BenchmarkFitJoints fits 300 rigged joints, 45 of them folded.
func BenchmarkFitJoints(b *testing.B) {
	m := rigged(300, func(j int) bool { return j%3 == 0 })
	b.ReportAllocs()
	for b.Loop() {
		c := *m
		fit.Fit(&c, fit.Options{})
	}
}

// BenchmarkSplit cuts 90,000 vertices into two MS3D-sized parts.
func BenchmarkSplit(b *testing.B) {
	m := scene(30000, 2, func(g int) int { return g % 2 })
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := fit.Split(m, fit.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
