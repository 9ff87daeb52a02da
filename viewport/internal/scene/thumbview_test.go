package scene

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"ms3dstudio/model/sample"
)

// TestFramePointsFitsTightly: from the thumbnail camera every vertex of
// the sample projects inside the picture, the extreme ones at the margin
// (1/1.04 of the half-width) across or up, and centred both ways.
func TestFramePointsFitsTightly(t *testing.T) {
	mesh := Build(sample.Model())
	for _, aspect := range []float32{1, 2, 0.5} {
		c := mesh.ThumbnailCamera(nil, aspect, 0)
		vp := c.Proj(aspect, mgl32.Vec3{}, 100).Mul4(c.View())
		lo, hi := mgl32.Vec2{1e9, 1e9}, mgl32.Vec2{-1e9, -1e9}
		for _, p := range mesh.Points {
			h := vp.Mul4x1(mgl32.Vec3(p.Pos).Vec4(1))
			if h[3] <= 0 {
				t.Fatalf("aspect %v: a vertex behind the eye", aspect)
			}
			x, y := h[0]/h[3], h[1]/h[3]
			lo, hi = mgl32.Vec2{min(lo[0], x), min(lo[1], y)}, mgl32.Vec2{max(hi[0], x), max(hi[1], y)}
		}
		edge := float32(1 / thumbnailMargin)
		if lo[0] < -edge-1e-4 || lo[1] < -edge-1e-4 || hi[0] > edge+1e-4 || hi[1] > edge+1e-4 {
			t.Errorf("aspect %v: the vertices span %v–%v, beyond ±%v", aspect, lo, hi, edge)
		}
		if reach := max(hi[0], hi[1]); math.Abs(float64(reach-edge)) > 1e-3 {
			t.Errorf("aspect %v: the vertices reach %v, want the margin %v", aspect, reach, edge)
		}
		if math.Abs(float64(lo[0]+hi[0])) > 1e-3 || math.Abs(float64(lo[1]+hi[1])) > 1e-3 {
			t.Errorf("aspect %v: off centre: %v–%v", aspect, lo, hi)
		}
	}
}
