package anim_test

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl32"

	"ms3dstudio/model"
	"ms3dstudio/model/anim"
)

// A one-joint model whose joint turns 90° about Z over one second: pose it
// half way and skin its single vertex, as the CLI does. The viewport would
// upload Skinner.Influences once and the skinning matrices every frame.
func Example() {
	m := &model.Model{
		FPS: 24,
		Joints: []model.Joint{{Name: "arm", RotationKeys: []model.Key{
			{Time: 0}, {Time: 1, Value: [3]float32{0, 0, math.Pi / 2}},
		}}},
		Vertices: []model.Vertex{{Position: [3]float32{2, 0, 0}, Bones: [4]uint16{0, model.NoBone, model.NoBone, model.NoBone}}},
	}
	sk, findings := anim.NewSkeleton(m)
	sn, more := anim.NewSkinner(m)
	fmt.Println("findings:", len(findings)+len(more))

	// Buffers are allocated once; posing and skinning allocate nothing.
	global := make([]mgl32.Mat4, sk.Len())
	skin := make([]mgl32.Mat4, sk.Len())
	pos := make([][3]float32, sn.Len())

	t := anim.FrameToTime(12, m.EffectiveFPS()) // MilkShape frame 12 = 0.5 s
	sk.Pose(t, global)
	sk.SkinMatrices(global, skin)
	sn.Skin(skin, pos, nil)
	fmt.Printf("t=%.2f s: vertex at (%.3f, %.3f, %.3f)\n", t, pos[0][0], pos[0][1], pos[0][2])
	// Output:
	// findings: 0
	// t=0.50 s: vertex at (1.414, 1.414, 0.000)
}
