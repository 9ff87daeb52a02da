package animedit_test

import (
	"math"
	"reflect"
	"slices"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"ms3dstudio/model"
	"ms3dstudio/model/anim"
	"ms3dstudio/model/animedit"
)

// keysChanged returns the joints whose keys differ between a and b, which
// have the same joints.
func keysChanged(a, b *model.Model) []int {
	var js []int
	for j := range a.Joints {
		if !slices.Equal(a.Joints[j].RotationKeys, b.Joints[j].RotationKeys) ||
			!slices.Equal(a.Joints[j].PositionKeys, b.Joints[j].PositionKeys) {
			js = append(js, j)
		}
	}
	return js
}

// caughtUp fails t unless sk poses exactly (bit for bit) as a skeleton
// built from m from scratch, at every frame of m and between frames.
func caughtUp(t *testing.T, what string, sk *anim.Skeleton, m *model.Model) {
	t.Helper()
	want, _ := anim.NewSkeleton(m)
	if sk.Len() != want.Len() {
		t.Fatalf("%s: %d joints, want %d", what, sk.Len(), want.Len())
	}
	for j := 0; j < sk.Len(); j++ {
		r, p := sk.KeyCounts(j)
		wr, wp := want.KeyCounts(j)
		if r != wr || p != wp {
			t.Fatalf("%s: joint %d has %d/%d keys, want %d/%d", what, j, r, p, wr, wp)
		}
	}
	g, w := make([]mgl32.Mat4, sk.Len()), make([]mgl32.Mat4, sk.Len())
	for f := float32(-1); f <= float32(m.TotalFrames)+2; f += 0.5 {
		tm := anim.FrameToTime(f, m.FPS)
		sk.Pose(tm, g)
		want.Pose(tm, w)
		for j := range g {
			for i := range g[j] {
				if math.Float32bits(g[j][i]) != math.Float32bits(w[j][i]) {
					t.Fatalf("%s: joint %d at frame %g: %v, want %v", what, j, f, g[j], w[j])
				}
			}
		}
	}
}

// TestEditJoints checks that every key operation lists the joints whose
// keys it wrote in Edit.Joints, and that a skeleton brought up to date with
// RebuildJoints after the edit and after its Revert poses exactly as one
// built from scratch.
func TestEditJoints(t *testing.T) {
	refsOf := func(m *model.Model, joints ...int) []animedit.KeyRef {
		return animedit.AllKeys(m, joints)
	}
	for _, tc := range []struct {
		name string
		op   func(m *model.Model) (*animedit.Edit, error)
	}{
		{"set keys", func(m *model.Model) (*animedit.Edit, error) {
			return animedit.SetKeys(m, 7, []animedit.JointPose{rot30z(5), {Joint: 2, Position: [3]float32{1, 2, 3}, KeyPosition: true}})
		}},
		{"set key past the end", func(m *model.Model) (*animedit.Edit, error) {
			return animedit.SetKeys(m, 90, []animedit.JointPose{rot30z(3)})
		}},
		{"delete keys", func(m *model.Model) (*animedit.Edit, error) { return animedit.DeleteKeys(m, refsOf(m, 3)[:4]) }},
		{"delete keys at", func(m *model.Model) (*animedit.Edit, error) { return animedit.DeleteKeysAt(m, 12, nil) }},
		{"paste", func(m *model.Model) (*animedit.Edit, error) {
			c, err := animedit.Copy(m, refsOf(m, 6)[:3])
			if err != nil {
				return nil, err
			}
			return animedit.Paste(m, c, 20, 1)
		}},
		{"move keys", func(m *model.Model) (*animedit.Edit, error) { return animedit.MoveKeys(m, refsOf(m, 4, 0), 1.5) }},
		{"scale keys", func(m *model.Model) (*animedit.Edit, error) { return animedit.ScaleKeys(m, refsOf(m, 7), 0.5) }},
		{"insert frames", func(m *model.Model) (*animedit.Edit, error) { return animedit.InsertFrames(m, 30, 4) }},
		{"remove frames", func(m *model.Model) (*animedit.Edit, error) { return animedit.RemoveFrames(m, 30, 4) }},
		{"fps keeping frames", func(m *model.Model) (*animedit.Edit, error) { return animedit.SetFPS(m, 30, animedit.KeepFrames) }},
		{"fps keeping seconds", func(m *model.Model) (*animedit.Edit, error) { return animedit.SetFPS(m, 30, animedit.KeepSeconds) }},
		{"resample", func(m *model.Model) (*animedit.Edit, error) { return animedit.Resample(m, 30) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := genModel(0, 8, 6)
			sk, _ := anim.NewSkeleton(m)
			before := m.Clone()
			e, err := tc.op(m)
			if err != nil {
				t.Fatal(err)
			}
			if e.Changed&animedit.ChangedSkeleton != 0 {
				t.Fatalf("Changed = %v", e.Changed)
			}
			changed := keysChanged(before, m)
			if !slices.IsSorted(e.Joints) || len(slices.Compact(slices.Clone(e.Joints))) != len(e.Joints) {
				t.Errorf("Joints %v is not sorted and without repeats", e.Joints)
			}
			for _, j := range changed {
				if !slices.Contains(e.Joints, j) {
					t.Errorf("joint %d's keys changed, Joints = %v", j, e.Joints)
				}
			}
			if (e.Changed&animedit.ChangedKeys != 0) != (len(e.Joints) > 0) {
				t.Errorf("Changed = %v, Joints = %v", e.Changed, e.Joints)
			}
			sk.RebuildJoints(m, e.Joints...)
			caughtUp(t, "after the edit", sk, m)
			e.Revert(m)
			sk.RebuildJoints(m, e.Joints...)
			caughtUp(t, "after revert", sk, m)
		})
	}
}

// TestEditJointsSkeleton: joint operations leave Joints nil, and
// RebuildJoints then falls back to a full rebuild by itself.
func TestEditJointsSkeleton(t *testing.T) {
	for _, tc := range []struct {
		name string
		op   func(m *model.Model) (*animedit.Edit, error)
	}{
		{"add joint", func(m *model.Model) (*animedit.Edit, error) {
			return animedit.AddJoint(m, 2, "new", [3]float32{1, 0, 0})
		}},
		{"delete joint", func(m *model.Model) (*animedit.Edit, error) { return animedit.DeleteJoint(m, 3) }},
		{"reparent", func(m *model.Model) (*animedit.Edit, error) { return animedit.Reparent(m, 5, -1) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := genModel(20, 8, 6)
			sk, _ := anim.NewSkeleton(m)
			e, err := tc.op(m)
			if err != nil {
				t.Fatal(err)
			}
			if e.Joints != nil {
				t.Errorf("Joints = %v, want nil", e.Joints)
			}
			sk.RebuildJoints(m, e.Joints...)
			caughtUp(t, "after the edit", sk, m)
			e.Revert(m)
			sk.RebuildJoints(m, e.Joints...)
			caughtUp(t, "after revert", sk, m)
			if !reflect.DeepEqual(sk.Order(), mustSkeleton(m).Order()) {
				t.Errorf("order differs")
			}
		})
	}
}

func mustSkeleton(m *model.Model) *anim.Skeleton {
	sk, _ := anim.NewSkeleton(m)
	return sk
}
