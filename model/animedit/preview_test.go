package animedit_test

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"ms3dstudio/model"
	"ms3dstudio/model/anim"
	"ms3dstudio/model/animedit"
)

// TestPreviewMatchesKey checks that a previewed pose is the pose anim plays
// after SetKeys and a rebuild, on a hand model, NeHe's model, Woman4 and a
// generated tree.
func TestPreviewMatchesKey(t *testing.T) {
	nehe := readModel(t, neheModel(t))
	for _, c := range []struct {
		name  string
		m     *model.Model
		joint int
		frame float64
		pose  animedit.JointPose
	}{
		{"arm", keyed(t), 1, 6, animedit.JointPose{Rotation: deg(10, 20, 30), KeyRotation: true}},
		{"arm position", keyed(t), 1, 8, animedit.JointPose{Position: [3]float32{1, 2, 3}, KeyPosition: true}},
		{"nehe joint1", nehe, 0, 8, animedit.JointPose{Rotation: deg(0, 0, 30), KeyRotation: true}},
		{"nehe joint4", nehe, 3, 5.5, animedit.JointPose{Rotation: deg(-40, 5, 12), Position: [3]float32{0.5, 0, 1}, KeyRotation: true, KeyPosition: true}},
		{"woman4", woman4(t), 3, 100, animedit.JointPose{Rotation: deg(15, -30, 45), KeyRotation: true}},
		{"generated", genModel(10, 128, 8), 5, 13, animedit.JointPose{Rotation: deg(50, 60, 70), KeyRotation: true, Position: [3]float32{1, 1, 1}, KeyPosition: true}},
	} {
		t.Run(c.name, func(t *testing.T) {
			m := c.m
			c.pose.Joint = c.joint
			sk, _ := anim.NewSkeleton(m)
			g := make([]mgl32.Mat4, sk.Len())
			tm := anim.FrameToTime(float32(c.frame), m.FPS)
			sk.Pose(tm, g)
			animedit.NewPreview(sk).Apply(m, g, c.pose)

			if _, err := animedit.SetKeys(m, c.frame, []animedit.JointPose{c.pose}); err != nil {
				t.Fatal(err)
			}
			sk.Rebuild(m)
			want := make([]mgl32.Mat4, sk.Len())
			sk.Pose(tm, want)
			for j := range want {
				for k := range want[j] {
					if math.Abs(float64(g[j][k]-want[j][k])) > 2e-4*math.Max(1, math.Abs(float64(want[j][k]))) {
						t.Fatalf("joint %d: preview %v, keyed %v", j, g[j], want[j])
					}
				}
			}
		})
	}
}
