package stress

import (
	"fmt"
	"math/rand/v2"

	"ms3dstudio/model"
)

// Skeleton returns nj joints named "joint0", "joint1"… in a random tree
// (each joint's parent is an earlier one), each with a random rest pose
// and nk rotation and position keys spread over 2 seconds, all drawn from
// r: the skeleton of the synthetic models of the animation tests and
// benchmarks. The same r state gives the same joints.
func Skeleton(r *rand.Rand, nj, nk int) []model.Joint {
	f := func(s float32) float32 { return (r.Float32()*2 - 1) * s }
	var joints []model.Joint
	for j := 0; j < nj; j++ {
		jt := model.Joint{Name: model.Str(fmt.Sprintf("joint%d", j)),
			Rotation: [3]float32{f(1), f(1), f(1)}, Position: [3]float32{f(3), f(3), f(3)}}
		if j > 0 {
			jt.Parent = model.Str(fmt.Sprintf("joint%d", r.IntN(j)))
		}
		for k := 0; k < nk; k++ {
			t := 2 * float32(k+1) / float32(nk)
			jt.RotationKeys = append(jt.RotationKeys, model.Key{Time: t, Value: [3]float32{f(0.6), f(0.6), f(0.6)}})
			jt.PositionKeys = append(jt.PositionKeys, model.Key{Time: t, Value: [3]float32{f(0.5), f(0.5), f(0.5)}})
		}
		joints = append(joints, jt)
	}
	return joints
}
