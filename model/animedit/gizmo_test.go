package animedit_test

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"ms3dstudio/model/anim"
	"ms3dstudio/model/animedit"
)

// posedArm returns armModel's skeleton and its global matrices at rest,
// with joint 0 turned a quarter turn about +z (previewed) when turnRoot.
func posedArm(t *testing.T, turnRoot bool) (*anim.Skeleton, []mgl32.Mat4) {
	t.Helper()
	m := armModel()
	sk, err := anim.NewSkeleton(m)
	if err != nil {
		t.Fatal(err)
	}
	g := make([]mgl32.Mat4, sk.Len())
	sk.RestPose(g)
	if turnRoot {
		root := animedit.JointPose{Joint: 0}
		root = animedit.TurnedPose(m, sk, g, root, mgl32.Vec3{0, 0, 1}, math.Pi/2)
		animedit.NewPreview(sk).Apply(m, g, root)
	}
	return sk, g
}

// TestTurnedPose turns the arm (joint 1) a quarter turn about the world's
// +z through its origin, with the root at rest and with the root turned a
// quarter turn already: the arm's origin stays, the hand (joint 2) swings
// round it, and the key is the turn relative to the arm's rest pose in its
// parent's frame.
func TestTurnedPose(t *testing.T) {
	for _, c := range []struct {
		name      string
		turnRoot  bool
		arm, hand [3]float32
	}{
		{"root at rest", false, [3]float32{2, 0, 0}, [3]float32{2, 2, 0}},
		{"root turned", true, [3]float32{0, 2, 0}, [3]float32{-2, 2, 0}},
	} {
		m := armModel()
		sk, g := posedArm(t, c.turnRoot)
		p := animedit.TurnedPose(m, sk, g, animedit.JointPose{Joint: 1}, mgl32.Vec3{0, 0, 2}, math.Pi/2)
		if !p.KeyRotation || p.KeyPosition {
			t.Errorf("%s: keys rotation %v, position %v; want rotation only", c.name, p.KeyRotation, p.KeyPosition)
		}
		near(t, c.name+": rotation key", p.Rotation, deg(0, 0, 90), 1e-5)
		animedit.NewPreview(sk).Apply(m, g, p)
		near(t, c.name+": arm", g[1].Col(3).Vec3(), c.arm, 1e-5)
		near(t, c.name+": hand", g[2].Col(3).Vec3(), c.hand, 1e-5)
	}
	// No axis, no turn.
	m := armModel()
	sk, g := posedArm(t, false)
	base := animedit.JointPose{Joint: 1, Rotation: [3]float32{0.1, 0, 0}}
	if p := animedit.TurnedPose(m, sk, g, base, mgl32.Vec3{}, 1); p != base {
		t.Errorf("a turn about no axis gave %+v", p)
	}
}

// TestMovedPose moves the arm (joint 1) one unit along a world axis, with
// the root at rest and turned a quarter turn about +z: the arm's origin
// and the hand move by that, and the key is the move in the parent's
// frame, relative to the arm's rest position.
func TestMovedPose(t *testing.T) {
	for _, c := range []struct {
		name      string
		turnRoot  bool
		axis      mgl32.Vec3
		key       [3]float32
		arm, hand [3]float32
	}{
		{"root at rest", false, mgl32.Vec3{0, 1, 0}, [3]float32{0, 1, 0}, [3]float32{2, 1, 0}, [3]float32{4, 1, 0}},
		{"root turned", true, mgl32.Vec3{1, 0, 0}, [3]float32{0, -1, 0}, [3]float32{1, 2, 0}, [3]float32{1, 4, 0}},
	} {
		m := armModel()
		sk, g := posedArm(t, c.turnRoot)
		p := animedit.MovedPose(m, sk, g, animedit.JointPose{Joint: 1}, c.axis, 1)
		if !p.KeyPosition || p.KeyRotation {
			t.Errorf("%s: keys position %v, rotation %v; want position only", c.name, p.KeyPosition, p.KeyRotation)
		}
		near(t, c.name+": position key", p.Position, c.key, 1e-5)
		animedit.NewPreview(sk).Apply(m, g, p)
		near(t, c.name+": arm", g[1].Col(3).Vec3(), c.arm, 1e-5)
		near(t, c.name+": hand", g[2].Col(3).Vec3(), c.hand, 1e-5)
	}
}
