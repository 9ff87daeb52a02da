package animedit_test

import (
	"errors"
	"math"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"ms3dstudio/internal/corpus"
	"ms3dstudio/model"
	"ms3dstudio/model/anim"
	"ms3dstudio/model/animedit"
)

// armModel is a three-joint arm along +x, worked out by hand, at 24 fps with
// 30 frames and no keys:
//
//	joint 0 "root" at (0,0,0); joint 1 "arm" under root at (2,0,0); joint 2
//	"hand" under arm at (2,0,0) locally, (4,0,0) in model space.
//	vertex 0 at (4,0,0) on arm; vertex 1 at (1,0,0) on root; vertex 2 at
//	(5,0,0) on hand; vertex 3 at (3,1,0) on arm.
func armModel() *model.Model {
	nb := uint16(model.NoBone)
	return &model.Model{Version: 4, FPS: 24, TotalFrames: 30,
		Joints: []model.Joint{
			{Name: "root"},
			{Name: "arm", Parent: "root", Position: [3]float32{2, 0, 0}},
			{Name: "hand", Parent: "arm", Position: [3]float32{2, 0, 0}},
		},
		Vertices: []model.Vertex{
			{Position: [3]float32{4, 0, 0}, Bones: [4]uint16{1, nb, nb, nb}},
			{Position: [3]float32{1, 0, 0}, Bones: [4]uint16{0, nb, nb, nb}},
			{Position: [3]float32{5, 0, 0}, Bones: [4]uint16{2, nb, nb, nb}},
			{Position: [3]float32{3, 1, 0}, Bones: [4]uint16{1, nb, nb, nb}},
		},
		Triangles: []model.Triangle{{Vertices: [3]uint32{0, 1, 2}}},
		Groups:    []model.Group{{Name: "g", Triangles: []uint32{0}, Material: -1}},
	}
}

// same reports whether a and b hold the same data, ignoring the difference
// between nil and empty slices.
func same(a, b *model.Model) bool {
	return reflect.DeepEqual(norm(a), norm(b))
}

func norm(m *model.Model) *model.Model {
	c := m.Clone()
	for i := range c.Joints {
		if len(c.Joints[i].RotationKeys) == 0 {
			c.Joints[i].RotationKeys = nil
		}
		if len(c.Joints[i].PositionKeys) == 0 {
			c.Joints[i].PositionKeys = nil
		}
	}
	if len(c.Comments.Joints) == 0 {
		c.Comments.Joints = nil
	}
	return c
}

// doUndo applies op to m, checks that it changed m, reverts it and checks
// that m is back as it was, then applies op again (redo) and checks that it
// gives the same model as the first time. It leaves m edited and returns the
// edit.
func doUndo(t *testing.T, m *model.Model, op func(m *model.Model) (*animedit.Edit, error)) *animedit.Edit {
	t.Helper()
	before := m.Clone()
	e, err := op(m)
	if err != nil {
		t.Fatalf("apply: %v", err)
	}
	if e.Changed == 0 || same(before, m) {
		t.Fatalf("the edit %q changed nothing (Changed %v)", e.Summary, e.Changed)
	}
	if e.Summary == "" || len(e.Details) == 0 {
		t.Errorf("the edit reports nothing: %q %q", e.Summary, e.Details)
	}
	after := m.Clone()
	e.Revert(m)
	if !same(before, m) {
		t.Fatalf("undo of %q does not restore the model:\nbefore %+v\nafter  %+v", e.Summary, before.Joints, m.Joints)
	}
	e2, err := op(m)
	if err != nil {
		t.Fatalf("redo: %v", err)
	}
	if !same(after, m) {
		t.Fatalf("redo of %q differs from the first apply", e.Summary)
	}
	return e2
}

// refused applies op, which must fail, and checks that m is unchanged.
func refused(t *testing.T, m *model.Model, want string, op func(m *model.Model) (*animedit.Edit, error)) {
	t.Helper()
	before := m.Clone()
	e, err := op(m)
	if err == nil {
		t.Fatalf("want an error (%s), got edit %q", want, e.Summary)
	}
	var ae *animedit.Error
	if !errors.As(err, &ae) {
		t.Errorf("error %v is not an *animedit.Error", err)
	}
	if want != "" && !strings.Contains(err.Error(), want) {
		t.Errorf("error %q does not mention %q", err, want)
	}
	if !same(before, m) {
		t.Fatalf("a refused edit changed the model: %v", err)
	}
}

// skinned poses m with model/anim at MilkShape frame f and returns the
// skinned vertex positions and the global joint matrices.
func skinned(t *testing.T, m *model.Model, frame float32) ([][3]float32, []mgl32.Mat4) {
	t.Helper()
	sk, _ := anim.NewSkeleton(m)
	sn, _ := anim.NewSkinner(m)
	g := make([]mgl32.Mat4, sk.Len())
	s := make([]mgl32.Mat4, sk.Len())
	sk.Pose(anim.FrameToTime(frame, m.FPS), g)
	sk.SkinMatrices(g, s)
	pos := make([][3]float32, sn.Len())
	sn.Skin(s, pos, nil)
	return pos, g
}

func near(t *testing.T, what string, got, want [3]float32, tol float64) {
	t.Helper()
	for i := range got {
		if math.Abs(float64(got[i]-want[i])) > tol || math.IsNaN(float64(got[i])) {
			t.Errorf("%s = %v, want %v", what, got, want)
			return
		}
	}
}

func deg(x, y, z float32) [3]float32 { return animedit.Radians([3]float32{x, y, z}) }

func rot30z(j int) animedit.JointPose {
	return animedit.JointPose{Joint: j, Rotation: deg(0, 0, 30), KeyRotation: true}
}

var c30, s30 = float32(math.Sqrt(3) / 2), float32(0.5)

func neheModel(tb testing.TB) string {
	return filepath.Join(corpus.Dir(tb), "ms3d", "nehe-opengl", "bcb6", "lesson31_bcb6", "Data", "Model.ms3d")
}
