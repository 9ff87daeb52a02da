package fit_test

import (
	"testing"

	"ms3dstudio/internal/hostile"
	"ms3dstudio/model"
	"ms3dstudio/model/fit"
)

// TestFoldDeepChainIsLinear fits chains of 2,000 and 8,000 joints that
// never move, a triangle bound to the last: all but 255 are folded, and
// the memory the fit allocates grows with the chain (each fold carried
// every joint folded below it up again, n²/2 steps: 22 s for 16,000).
func TestFoldDeepChainIsLinear(t *testing.T) {
	work := func(n int) uint64 {
		m := hostile.ChainModel(n)
		for j := range m.Joints {
			m.Joints[j].RotationKeys, m.Joints[j].PositionKeys = nil, nil
		}
		for v := range m.Vertices {
			m.Vertices[v].Bones[0] = uint16(n - 1)
		}
		_, bytes := hostile.Allocated(func() { fit.Fit(m, fit.Options{}) })
		if len(m.Joints) != 255 || m.Vertices[0].Bones[0] != 254 {
			t.Fatalf("%d joints: fitted to %d, the triangle on joint %d; want 255 and joint 254", n, len(m.Joints), m.Vertices[0].Bones[0])
		}
		if m.Vertices[0].Bones[1] != model.NoBone {
			t.Fatalf("a second bone appeared: %v", m.Vertices[0].Bones)
		}
		return bytes
	}
	small, large := work(2000), work(8000)
	if large > 6*small {
		t.Errorf("%d KiB allocated for 2,000 joints, %d KiB for 8,000: more than 6 times as much for 4 times the joints", small>>10, large>>10)
	}
}
