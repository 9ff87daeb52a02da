package animedit_test

import (
	"math"
	"testing"

	"ms3dstudio/model"
	"ms3dstudio/model/anim"
	"ms3dstudio/model/animedit"
)

// TestSetKeysPose keys the arm turned 30° about Z at frame 8 and checks the
// skinned vertices by hand: vertex 0 at (4,0,0) is 2 units along the arm
// from its origin (2,0,0), so it moves to (2 + 2·cos 30°, 2·sin 30°, 0);
// the hand follows (vertex 2, 3 units out: (2 + 3·cos 30°, 3·sin 30°, 0));
// the root's vertex stays.
func TestSetKeysPose(t *testing.T) {
	m := armModel()
	e := doUndo(t, m, func(m *model.Model) (*animedit.Edit, error) {
		return animedit.SetKeys(m, 8, []animedit.JointPose{rot30z(1)})
	})
	if e.Changed != animedit.ChangedKeys {
		t.Errorf("Changed = %v", e.Changed)
	}
	k := m.Joints[1].RotationKeys
	if len(k) != 1 || k[0].Time != float32(8)/24 {
		t.Fatalf("keys %v, want one at 8/24 s", k)
	}
	pos, g := skinned(t, m, 8)
	near(t, "vertex 0", pos[0], [3]float32{2 + 2*c30, 2 * s30, 0}, 1e-5)
	near(t, "vertex 1", pos[1], [3]float32{1, 0, 0}, 1e-6)
	near(t, "vertex 2", pos[2], [3]float32{2 + 3*c30, 3 * s30, 0}, 1e-5)
	// vertex 3 at (3,1,0) is (1,1) from the arm's origin: turned 30°.
	near(t, "vertex 3", pos[3], [3]float32{2 + c30 - s30, s30 + c30, 0}, 1e-5)
	near(t, "hand origin", [3]float32{g[2][12], g[2][13], g[2][14]}, [3]float32{2 + 2*c30, 2 * s30, 0}, 1e-5)

	// Keying again at the same frame changes the value in place.
	e = doUndo(t, m, func(m *model.Model) (*animedit.Edit, error) {
		return animedit.SetKeys(m, 8, []animedit.JointPose{{Joint: 1, Rotation: deg(0, 0, 90), KeyRotation: true,
			Position: [3]float32{0, 1, 0}, KeyPosition: true}})
	})
	if n := len(m.Joints[1].RotationKeys); n != 1 {
		t.Fatalf("%d rotation keys after re-keying, want 1", n)
	}
	// Rotated 90° about Z and moved +1 in y (rest frame = model frame here):
	// vertex 0 goes to (2, 1, 0) + Rz(90°)·(2, 0, 0) = (2, 3, 0).
	pos, _ = skinned(t, m, 8)
	near(t, "vertex 0 re-keyed", pos[0], [3]float32{2, 3, 0}, 1e-5)
	if len(e.Details) != 2 {
		t.Errorf("details %q, want a rotation and a position line", e.Details)
	}
}

// TestSetKeysSorted inserts keys before, between and after others, and
// grows TotalFrames for a key past the end.
func TestSetKeysSorted(t *testing.T) {
	m := armModel()
	for _, f := range []float64{10, 2, 6, 40} {
		if _, err := animedit.SetKeys(m, f, []animedit.JointPose{rot30z(1)}); err != nil {
			t.Fatal(err)
		}
	}
	var frames []float64
	for _, k := range m.Joints[1].RotationKeys {
		frames = append(frames, math.Round(animedit.FrameOf(m, k.Time)*1000)/1000)
	}
	if want := []float64{2, 6, 10, 40}; !equalF(frames, want) {
		t.Errorf("frames %v, want %v", frames, want)
	}
	if m.TotalFrames != 40 {
		t.Errorf("TotalFrames %d, want 40", m.TotalFrames)
	}
	e, err := animedit.SetKeys(m, 6, []animedit.JointPose{rot30z(1)})
	if err != nil || e.Changed != 0 {
		t.Errorf("keying the same value again: %v, changed %v", err, e.Changed)
	}
}

func equalF(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestSetKeysRefused(t *testing.T) {
	nan := math.NaN()
	for _, c := range []struct {
		name, want string
		frame      float64
		poses      []animedit.JointPose
	}{
		{"NaN frame", "finite", nan, []animedit.JointPose{rot30z(1)}},
		{"negative frame", "≥ 0", -1, []animedit.JointPose{rot30z(1)}},
		{"infinite frame", "finite", math.Inf(1), []animedit.JointPose{rot30z(1)}},
		{"huge frame", "past the last frame", 1e12, []animedit.JointPose{rot30z(1)}},
		{"no joint", "no joint 7", 8, []animedit.JointPose{rot30z(7)}},
		{"nothing", "no joint to key", 8, nil},
		{"twice", "twice", 8, []animedit.JointPose{rot30z(1), rot30z(1)}},
		{"no channel", "neither", 8, []animedit.JointPose{{Joint: 1}}},
		{"NaN value", "finite", 8, []animedit.JointPose{{Joint: 1, Rotation: [3]float32{float32(nan)}, KeyRotation: true}}},
		{"NaN position", "finite", 8, []animedit.JointPose{{Joint: 1, Position: [3]float32{float32(nan)}, KeyPosition: true}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			refused(t, armModel(), c.want, func(m *model.Model) (*animedit.Edit, error) {
				return animedit.SetKeys(m, c.frame, c.poses)
			})
		})
	}
}

// keyed returns the arm model with arm keys at frames 4 (0°), 8 (30° about
// Z) and 12 (0°) and a hand key at frame 8 (90° about Z).
func keyed(t *testing.T) *model.Model {
	t.Helper()
	m := armModel()
	for _, k := range []struct {
		frame float64
		pose  animedit.JointPose
	}{
		{4, animedit.JointPose{Joint: 1, KeyRotation: true}},
		{8, rot30z(1)},
		{12, animedit.JointPose{Joint: 1, KeyRotation: true}},
		{8, animedit.JointPose{Joint: 2, Rotation: deg(0, 0, 90), KeyRotation: true}},
	} {
		if _, err := animedit.SetKeys(m, k.frame, []animedit.JointPose{k.pose}); err != nil {
			t.Fatal(err)
		}
	}
	return m
}

func ref(m *model.Model, j int, frame float32) animedit.KeyRef {
	return animedit.KeyRef{Joint: j, Kind: animedit.Rotation, Time: anim.FrameToTime(frame, m.FPS)}
}

func TestDeleteKeys(t *testing.T) {
	m := keyed(t)
	doUndo(t, m, func(m *model.Model) (*animedit.Edit, error) {
		return animedit.DeleteKeys(m, []animedit.KeyRef{ref(m, 1, 8), ref(m, 1, 8)})
	})
	if n := len(m.Joints[1].RotationKeys); n != 2 {
		t.Fatalf("%d keys left, want 2", n)
	}
	// The arm's remaining keys are both 0°: at frame 8 it is at rest, the
	// hand turned 90° about Z at (4,0,0): vertex 2 (1 unit out) at (4,1,0).
	pos, _ := skinned(t, m, 8)
	near(t, "vertex 0", pos[0], [3]float32{4, 0, 0}, 1e-5)
	near(t, "vertex 2", pos[2], [3]float32{4, 1, 0}, 1e-5)

	m = keyed(t)
	e := doUndo(t, m, func(m *model.Model) (*animedit.Edit, error) { return animedit.DeleteKeysAt(m, 8, nil) })
	if len(m.Joints[1].RotationKeys) != 2 || len(m.Joints[2].RotationKeys) != 0 {
		t.Errorf("after deleting frame 8: %v / %v (%s)", m.Joints[1].RotationKeys, m.Joints[2].RotationKeys, e.Summary)
	}
	pos, _ = skinned(t, m, 8)
	near(t, "vertex 2 at rest", pos[2], [3]float32{5, 0, 0}, 1e-5)
	if e, err := animedit.DeleteKeysAt(m, 9, nil); err != nil || e.Changed != 0 {
		t.Errorf("deleting at a frame without keys: %v %v", e, err)
	}
}

// TestKeyOnDeletedJoint selects a key, deletes its joint, then tries to
// use the selection.
func TestKeyOnDeletedJoint(t *testing.T) {
	m := keyed(t)
	sel := []animedit.KeyRef{ref(m, 2, 8)}
	if _, err := animedit.DeleteJoint(m, 2); err != nil {
		t.Fatal(err)
	}
	for name, op := range map[string]func(m *model.Model) (*animedit.Edit, error){
		"delete": func(m *model.Model) (*animedit.Edit, error) { return animedit.DeleteKeys(m, sel) },
		"move":   func(m *model.Model) (*animedit.Edit, error) { return animedit.MoveKeys(m, sel, 1) },
		"scale":  func(m *model.Model) (*animedit.Edit, error) { return animedit.ScaleKeys(m, sel, 2) },
		"copy": func(m *model.Model) (*animedit.Edit, error) {
			_, err := animedit.Copy(m, sel)
			return &animedit.Edit{}, err
		},
	} {
		t.Run(name, func(t *testing.T) { refused(t, m, "joint 2, which does not exist", op) })
	}
	// A key reference to a joint that exists but has no key there.
	refused(t, m, "no rotation key at frame 9", func(m *model.Model) (*animedit.Edit, error) {
		return animedit.DeleteKeys(m, []animedit.KeyRef{ref(m, 1, 9)})
	})
	refused(t, m, "no keys selected", func(m *model.Model) (*animedit.Edit, error) { return animedit.DeleteKeys(m, nil) })
}

// TestCopyPaste copies the 30° arm key from frame 8 to frame 16, then onto
// the hand, then into a model without the arm.
func TestCopyPaste(t *testing.T) {
	m := keyed(t)
	clip, err := animedit.Copy(m, []animedit.KeyRef{ref(m, 1, 8)})
	if err != nil {
		t.Fatal(err)
	}
	doUndo(t, m, func(m *model.Model) (*animedit.Edit, error) { return animedit.Paste(m, clip, 16, animedit.ByName) })
	pos, _ := skinned(t, m, 16)
	near(t, "vertex 0 at frame 16", pos[0], [3]float32{2 + 2*c30, 2 * s30, 0}, 1e-5)
	if m.Joints[1].RotationKeys[3].Time != float32(16)/24 {
		t.Errorf("pasted key at %v s, want 16/24", m.Joints[1].RotationKeys[3].Time)
	}

	// Onto the hand at frame 20: at frame 20 the arm holds its last key,
	// the 30° just pasted at 16, so its hand origin is at (2 + 2·cos 30°,
	// 2·sin 30°) and the hand, turned 30° more, points at 60°: vertex 2 is
	// one unit along it.
	doUndo(t, m, func(m *model.Model) (*animedit.Edit, error) { return animedit.Paste(m, clip, 20, 2) })
	pos, _ = skinned(t, m, 20)
	near(t, "vertex 2 at frame 20", pos[2], [3]float32{2 + 2*c30 + s30, 2*s30 + c30, 0}, 1e-5)

	// Several keys keep their spacing.
	clip2, err := animedit.Copy(m, animedit.KeysInRange(m, []int{1}, 4, 12))
	if err != nil {
		t.Fatal(err)
	}
	if len(clip2.Keys) != 3 || clip2.Keys[1].Frame != 4 {
		t.Fatalf("clip %+v", clip2.Keys)
	}
	doUndo(t, m, func(m *model.Model) (*animedit.Edit, error) { return animedit.Paste(m, clip2, 24, animedit.ByName) })
	pos, _ = skinned(t, m, 28)
	near(t, "vertex 0 at frame 28", pos[0], [3]float32{2 + 2*c30, 2 * s30, 0}, 1e-5)

	// Pasting keys of two joints onto one joint is ambiguous.
	both, _ := animedit.Copy(m, []animedit.KeyRef{ref(m, 1, 8), ref(m, 2, 8)})
	refused(t, m, "paste them by name", func(m *model.Model) (*animedit.Edit, error) { return animedit.Paste(m, both, 3, 0) })

	other := armModel()
	other.Joints = other.Joints[:1] // no "arm"
	refused(t, other, `no joint "arm"`, func(m *model.Model) (*animedit.Edit, error) {
		return animedit.Paste(m, clip, 16, animedit.ByName)
	})
	refused(t, m, "nothing to paste", func(m *model.Model) (*animedit.Edit, error) {
		return animedit.Paste(m, &animedit.Clip{}, 16, animedit.ByName)
	})
	refused(t, m, "≥ 0", func(m *model.Model) (*animedit.Edit, error) {
		return animedit.Paste(m, clip, -2, animedit.ByName)
	})
	// Names match ignoring case, as parents do.
	upper := armModel()
	upper.Joints[1].Name, upper.Joints[2].Parent = "ARM", "ARM"
	doUndo(t, upper, func(m *model.Model) (*animedit.Edit, error) { return animedit.Paste(m, clip, 16, animedit.ByName) })
}

func TestMoveKeys(t *testing.T) {
	m := keyed(t)
	doUndo(t, m, func(m *model.Model) (*animedit.Edit, error) {
		return animedit.MoveKeys(m, []animedit.KeyRef{ref(m, 1, 8)}, 2)
	})
	// The 30° key now at frame 10: at frame 10 the arm is at 30°; at frame
	// 8, halfway between frame 4 (0°) and 10 is 2/3: 20°.
	pos, _ := skinned(t, m, 10)
	near(t, "vertex 0 at frame 10", pos[0], [3]float32{2 + 2*c30, 2 * s30, 0}, 1e-5)
	pos, _ = skinned(t, m, 8)
	a := 20 * math.Pi / 180
	near(t, "vertex 0 at frame 8", pos[0], [3]float32{2 + 2*float32(math.Cos(a)), 2 * float32(math.Sin(a)), 0}, 1e-5)
	if got := m.Joints[1].RotationKeys[1].Time; got != anim.FrameToTime(10, 24) {
		t.Errorf("moved key at %v s, want exactly frame 10's time %v", got, anim.FrameToTime(10, 24))
	}

	// Past the key at 12: it is replaced, the list stays sorted.
	m = keyed(t)
	e := doUndo(t, m, func(m *model.Model) (*animedit.Edit, error) {
		return animedit.MoveKeys(m, []animedit.KeyRef{ref(m, 1, 8)}, 4)
	})
	ks := m.Joints[1].RotationKeys
	if len(ks) != 2 || ks[1].Time != anim.FrameToTime(12, 24) || ks[1].Value != deg(0, 0, 30) {
		t.Errorf("keys %v after moving onto frame 12 (%q)", ks, e.Details)
	}
	// Sub-frame.
	m = keyed(t)
	doUndo(t, m, func(m *model.Model) (*animedit.Edit, error) {
		return animedit.MoveKeys(m, []animedit.KeyRef{ref(m, 1, 8)}, 0.5)
	})
	if got := animedit.FrameOf(m, m.Joints[1].RotationKeys[1].Time); math.Abs(got-8.5) > 1e-4 {
		t.Errorf("key at frame %v, want 8.5", got)
	}
	refused(t, m, "≥ 0", func(m *model.Model) (*animedit.Edit, error) {
		return animedit.MoveKeys(m, []animedit.KeyRef{ref(m, 1, 4)}, -5)
	})
	refused(t, m, "finite", func(m *model.Model) (*animedit.Edit, error) {
		return animedit.MoveKeys(m, []animedit.KeyRef{ref(m, 1, 4)}, math.NaN())
	})
}

func TestScaleKeys(t *testing.T) {
	m := keyed(t)
	sel := animedit.KeysInRange(m, []int{1}, 0, 100)
	doUndo(t, m, func(m *model.Model) (*animedit.Edit, error) { return animedit.ScaleKeys(m, sel, 2) })
	// About frame 4: 4, 8, 12 → 4, 12, 20. The 30° key is at frame 12.
	var frames []float64
	for _, k := range m.Joints[1].RotationKeys {
		frames = append(frames, math.Round(animedit.FrameOf(m, k.Time)*1e4)/1e4)
	}
	if !equalF(frames, []float64{4, 12, 20}) {
		t.Errorf("frames %v", frames)
	}
	pos, _ := skinned(t, m, 12)
	near(t, "vertex 0 at frame 12", pos[0], [3]float32{2 + 2*c30, 2 * s30, 0}, 1e-5)
	if m.Joints[2].RotationKeys[0].Time != anim.FrameToTime(8, 24) {
		t.Error("an unselected key moved")
	}
	for _, f := range []float64{0, -1, math.NaN(), math.Inf(1)} {
		refused(t, m, "factor", func(m *model.Model) (*animedit.Edit, error) { return animedit.ScaleKeys(m, sel, f) })
	}
	// A factor so small that keys collapse onto one frame.
	m = keyed(t)
	refused(t, m, "would land on", func(m *model.Model) (*animedit.Edit, error) {
		return animedit.ScaleKeys(m, animedit.KeysInRange(m, []int{1}, 0, 100), 1e-6)
	})
}
