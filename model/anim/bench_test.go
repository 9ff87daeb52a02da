package anim

import (
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

// BenchmarkSkin10k skins the positions of 10,000 vertices with four
// influences each over 32 joints: one pose per op.
func BenchmarkSkin10k(b *testing.B) {
	benchSkin(b, false)
}

// BenchmarkSkin10kNormals also skins the ~19,600 triangles' corner normals.
func BenchmarkSkin10kNormals(b *testing.B) {
	benchSkin(b, true)
}

func benchSkin(b *testing.B, normals bool) {
	m := synthModel(10000, 32, 16, 4, 1)
	sk, _ := NewSkeleton(m)
	sn, _ := NewSkinner(m)
	g := make([]mgl32.Mat4, sk.Len())
	sm := make([]mgl32.Mat4, sk.Len())
	sk.Pose(0.7, g)
	sk.SkinMatrices(g, sm)
	pos := make([][3]float32, sn.Len())
	var cn [][3]float32
	if normals {
		cn = make([][3]float32, sn.Corners())
	}
	b.ReportAllocs()
	for b.Loop() {
		sn.Skin(sm, pos, cn)
	}
}

// BenchmarkPose128 evaluates the global matrices of 128 joints with 64
// rotation and 64 position keys each.
func BenchmarkPose128(b *testing.B) {
	m := synthModel(0, 128, 64, 1, 2)
	sk, _ := NewSkeleton(m)
	g := make([]mgl32.Mat4, sk.Len())
	t := float32(0)
	b.ReportAllocs()
	for b.Loop() {
		sk.Pose(t, g)
		t += 0.013
		if t > 2.2 {
			t = 0
		}
	}
}

// BenchmarkSkin10kPureGo is BenchmarkSkin10k with the pure-Go kernels.
func BenchmarkSkin10kPureGo(b *testing.B) {
	saved := useFMA
	defer func() { useFMA = saved }()
	useFMA = false
	benchSkin(b, false)
}
