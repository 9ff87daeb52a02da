package animedit_test

import (
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"ms3dstudio/model"
	"ms3dstudio/model/anim"
	"ms3dstudio/model/animedit"
)

func restGlobal(t *testing.T, m *model.Model) []mgl32.Mat4 {
	t.Helper()
	sk, fs := anim.NewSkeleton(m)
	if model.HasErrors(fs) {
		t.Fatalf("skeleton findings: %v", fs)
	}
	g := make([]mgl32.Mat4, sk.Len())
	sk.RestPose(g)
	return g
}

func sameMat(t *testing.T, what string, got, want mgl32.Mat4) {
	t.Helper()
	for k := range got {
		if math.Abs(float64(got[k]-want[k])) > 1e-5 {
			t.Errorf("%s = %v, want %v", what, got, want)
			return
		}
	}
}

func TestAddJoint(t *testing.T) {
	m := armModel()
	m.Joints[1].Rotation = deg(0, 0, 90) // the arm points along +y; the hand is at (2,2,0)
	e := doUndo(t, m, func(m *model.Model) (*animedit.Edit, error) {
		return animedit.AddJoint(m, 1, "finger", [3]float32{1, 3, 0})
	})
	if e.Changed != animedit.ChangedSkeleton || len(m.Joints) != 4 {
		t.Fatalf("Changed %v, %d joints", e.Changed, len(m.Joints))
	}
	f := m.Joints[3]
	// (1,3,0) is (−1,3,0) from the arm's origin (2,0,0); in the arm's frame,
	// turned 90° about Z, that is (3, 1, 0).
	near(t, "local position", f.Position, [3]float32{3, 1, 0}, 1e-6)
	if f.Parent != "arm" || f.Rotation != [3]float32{} {
		t.Errorf("parent %q rotation %v", f.Parent, f.Rotation)
	}
	g := restGlobal(t, m)
	near(t, "rest origin", [3]float32{g[3][12], g[3][13], g[3][14]}, [3]float32{1, 3, 0}, 1e-5)
	// Turning the arm 30° about Z at frame 8 carries the finger: (−1, 3) from
	// the arm's origin turned 30°.
	if _, err := animedit.SetKeys(m, 8, []animedit.JointPose{rot30z(1)}); err != nil {
		t.Fatal(err)
	}
	_, ga := skinned(t, m, 8)
	near(t, "finger at frame 8", [3]float32{ga[3][12], ga[3][13], ga[3][14]}, [3]float32{2 - c30 - 3*s30, -s30 + 3*c30, 0}, 1e-5)

	doUndo(t, m, func(m *model.Model) (*animedit.Edit, error) {
		return animedit.AddJoint(m, -1, "free", [3]float32{1, 2, 3})
	})
	if j := m.Joints[4]; j.Parent != "" || j.Position != [3]float32{1, 2, 3} {
		t.Errorf("root joint %+v", j)
	}
	for _, c := range []struct {
		name   string
		parent int
		joint  model.Str
		want   string
	}{
		{"taken", 0, "ARM", "already called"},
		{"empty", 0, "", "needs a name"},
		{"long", 0, model.Str(strings.Repeat("x", 33)), "at most 32"},
		{"nul", 0, "a\x00b", "NUL"},
		{"parent", 9, "new", "no joint 9"},
	} {
		refused(t, m, c.want, func(m *model.Model) (*animedit.Edit, error) {
			return animedit.AddJoint(m, c.parent, c.joint, [3]float32{})
		})
	}
	refused(t, m, "finite", func(m *model.Model) (*animedit.Edit, error) {
		return animedit.AddJoint(m, 0, "nan", [3]float32{float32(math.NaN())})
	})
	full := &model.Model{}
	for i := 0; i < animedit.MaxJoints; i++ {
		full.Joints = append(full.Joints, model.Joint{Name: model.Str(strings.Repeat("j", 1+i%30) + string(rune('A'+i/30)))})
	}
	refused(t, full, "the most bone ids", func(m *model.Model) (*animedit.Edit, error) { return animedit.AddJoint(m, 0, "one-more", [3]float32{}) })
}

func nearZero(v [3]float32) bool {
	return math.Abs(float64(v[0]))+math.Abs(float64(v[1]))+math.Abs(float64(v[2])) < 1e-6
}

// TestDeleteJoint deletes the arm: the hand goes under the root at (4,0,0),
// the arm's vertices to the root, the hand's bone id from 2 to 1, the arm's
// keys and comment go away, the hand's comment follows it.
func TestDeleteJoint(t *testing.T) {
	m := keyed(t)
	m.Joints[1].Rotation = deg(0, 0, 90) // the hand's rest origin is (2,2,0)
	m.Joints[2].Rotation = deg(0, 0, -90)
	m.Comments = model.Comments{SubVersion: 1, Joints: []model.Comment{{Index: 1, Text: "arm"}, {Index: 2, Text: "hand"}}}
	rest := restGlobal(t, m)
	e := doUndo(t, m, func(m *model.Model) (*animedit.Edit, error) { return animedit.DeleteJoint(m, 1) })
	if len(m.Joints) != 2 || m.Joints[1].Name != "hand" || m.Joints[1].Parent != "root" {
		t.Fatalf("joints %+v", m.Joints)
	}
	want := animedit.Changed(animedit.ChangedSkeleton | animedit.ChangedKeys | animedit.ChangedSkin | animedit.ChangedComments)
	if e.Changed != want {
		t.Errorf("Changed %v, want %v", e.Changed, want)
	}
	after := restGlobal(t, m)
	sameMat(t, "hand rest", after[1], rest[2])
	near(t, "hand local rest position", m.Joints[1].Position, [3]float32{2, 2, 0}, 1e-6)
	if !nearZero(m.Joints[1].Rotation) {
		t.Errorf("hand local rest rotation %v, want 0", m.Joints[1].Rotation)
	}
	if b := [4]uint16{m.Vertices[0].Bones[0], m.Vertices[1].Bones[0], m.Vertices[2].Bones[0], m.Vertices[3].Bones[0]}; b != [4]uint16{0, 0, 1, 0} {
		t.Errorf("bones %v, want 0 0 1 0", b)
	}
	if len(m.Comments.Joints) != 1 || m.Comments.Joints[0] != (model.Comment{Index: 1, Text: "hand"}) {
		t.Errorf("comments %+v", m.Comments.Joints)
	}
	// At frame 8 the hand turns 90° about Z about its origin (2,2,0), now
	// directly under the root: vertex 2 at (5,0,0) is (3,−2) from it → (4,5).
	pos, _ := skinned(t, m, 8)
	near(t, "vertex 2", pos[2], [3]float32{4, 5, 0}, 1e-5)
	near(t, "vertex 0 (on the root now)", pos[0], [3]float32{4, 0, 0}, 1e-6)

	refused(t, m, "no joint 5", func(m *model.Model) (*animedit.Edit, error) { return animedit.DeleteJoint(m, 5) })
}

// TestDeleteJointWeights deletes a joint that shares vertices with its
// parent: the shares merge.
func TestDeleteJointWeights(t *testing.T) {
	m := armModel()
	if _, err := animedit.SetWeights(m, []int{0}, []animedit.Weight{{Joint: 1, Weight: 0.6}, {Joint: 0, Weight: 0.3}, {Joint: 2, Weight: 0.1}}); err != nil {
		t.Fatal(err)
	}
	doUndo(t, m, func(m *model.Model) (*animedit.Edit, error) { return animedit.DeleteJoint(m, 1) })
	var inf [4]model.Influence
	n := m.Influences(0, &inf)
	if n != 2 || inf[0] != (model.Influence{Joint: 0, Weight: 0.9}) || math.Abs(float64(inf[1].Weight)-0.1) > 1e-6 || inf[1].Joint != 1 {
		t.Errorf("influences %v", inf[:n])
	}
}

// TestDeleteRoot deletes the root: the arm becomes a root where it was, the
// root's vertex is left on no bone.
func TestDeleteRoot(t *testing.T) {
	m := armModel()
	m.Joints[0].Position = [3]float32{0, 1, 0}
	e := doUndo(t, m, func(m *model.Model) (*animedit.Edit, error) { return animedit.DeleteJoint(m, 0) })
	if m.Joints[0].Parent != "" || m.Joints[0].Position != [3]float32{2, 1, 0} {
		t.Errorf("arm %+v", m.Joints[0])
	}
	if m.Vertices[1].Bones[0] != model.NoBone || m.Vertices[0].Bones[0] != 0 || m.Vertices[2].Bones[0] != 1 {
		t.Errorf("vertices %+v", m.Vertices)
	}
	if !strings.Contains(strings.Join(e.Details, "\n"), "1 vertex left on no bone") {
		t.Errorf("details %q", e.Details)
	}
}

func TestReparent(t *testing.T) {
	m := keyed(t)
	m.Joints[1].Rotation = deg(0, 0, 90)
	m.Joints[0].Rotation = deg(10, 20, 30)
	rest := restGlobal(t, m)
	doUndo(t, m, func(m *model.Model) (*animedit.Edit, error) { return animedit.Reparent(m, 2, 0) })
	if m.Joints[2].Parent != "root" {
		t.Fatalf("parent %q", m.Joints[2].Parent)
	}
	after := restGlobal(t, m)
	for j := range rest {
		sameMat(t, "rest of joint "+m.Joints[j].Name.Display(), after[j], rest[j])
	}
	// Now a root.
	doUndo(t, m, func(m *model.Model) (*animedit.Edit, error) { return animedit.Reparent(m, 2, -1) })
	after = restGlobal(t, m)
	sameMat(t, "rest of the hand as a root", after[2], rest[2])
	// The arm under the hand, which comes after it in the file.
	e := doUndo(t, m, func(m *model.Model) (*animedit.Edit, error) { return animedit.Reparent(m, 1, 2) })
	after = restGlobal(t, m)
	sameMat(t, "rest of the arm under the hand", after[1], rest[1])
	if !strings.Contains(strings.Join(e.Details, "\n"), "after joint") {
		t.Errorf("no note about file order: %q", e.Details)
	}
	// With no rest rotation anywhere the pose is easy to check by hand: the
	// hand, reparented under the root, no longer follows the arm's keys.
	m = keyed(t)
	doUndo(t, m, func(m *model.Model) (*animedit.Edit, error) { return animedit.Reparent(m, 2, 0) })
	pos, _ := skinned(t, m, 8)
	// The hand turns its own 90° about its origin (4,0,0): vertex 2 → (4,1,0).
	near(t, "vertex 2", pos[2], [3]float32{4, 1, 0}, 1e-5)

	m = keyed(t)
	refused(t, m, "own parent", func(m *model.Model) (*animedit.Edit, error) { return animedit.Reparent(m, 1, 1) })
	refused(t, m, "descendant", func(m *model.Model) (*animedit.Edit, error) { return animedit.Reparent(m, 0, 2) })
	refused(t, m, "no joint 3", func(m *model.Model) (*animedit.Edit, error) { return animedit.Reparent(m, 3, 0) })
	if e, err := animedit.Reparent(m, 2, 1); err != nil || e.Changed != 0 {
		t.Errorf("reparenting under the same parent: %v %v", e, err)
	}
}
