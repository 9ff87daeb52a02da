package document

import (
	"bytes"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"ms3dstudio/formats/ms3d"
	"ms3dstudio/model"
	"ms3dstudio/model/anim/animtest"
	"ms3dstudio/model/animedit"
)

// armModel is a two-joint arm: "root" at the origin and "hand" one unit
// along +X, with one vertex bound to each, 24 fps, 24 frames.
func armModel() *model.Model {
	return &model.Model{
		FPS: 24, TotalFrames: 24,
		Vertices: []model.Vertex{
			{Position: [3]float32{0, 0, 0}, Bones: [4]uint16{0, model.NoBone, model.NoBone, model.NoBone}},
			{Position: [3]float32{2, 0, 0}, Bones: [4]uint16{1, model.NoBone, model.NoBone, model.NoBone}},
			{Position: [3]float32{1, 1, 0}, Bones: [4]uint16{1, model.NoBone, model.NoBone, model.NoBone}},
		},
		Joints: []model.Joint{
			{Name: model.Str("root")},
			{Name: model.Str("hand"), Parent: model.Str("root"), Position: [3]float32{1, 0, 0}},
		},
	}
}

func encodeModel(t *testing.T, m *model.Model) []byte {
	t.Helper()
	b, err := ms3d.Encode(m)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func near(a, b mgl32.Vec3) bool { return a.Sub(b).Len() < 1e-4 }

func rot(x, y, z float32) [3]float32 { return animedit.Radians([3]float32{x, y, z}) }

// TestAnimCommands applies every animation command, checks what it
// reports, undoes it (the file bytes come back exactly) and redoes it.
func TestAnimCommands(t *testing.T) {
	key := func(m *model.Model) {
		m.Joints[0].RotationKeys = []model.Key{{Time: 1.0 / 24}, {Time: 8.0 / 24, Value: rot(0, 0, 90)}}
		m.Joints[1].PositionKeys = []model.Key{{Time: 1.0 / 24}, {Time: 12.0 / 24, Value: [3]float32{0, 1, 0}}}
	}
	refs := func(m *model.Model) []animedit.KeyRef { return animedit.AllKeys(m, []int{0}) }
	clip := func() *animedit.Clip {
		m := armModel()
		key(m)
		c, err := animedit.Copy(m, []animedit.KeyRef{{Joint: 0, Kind: animedit.Rotation, Time: 8.0 / 24}})
		if err != nil {
			panic(err)
		}
		return c
	}()
	tests := []struct {
		name  string
		setup func(m *model.Model)
		cmd   func(m *model.Model) Command
		what  Aspect
		check func(t *testing.T, m *model.Model)
	}{
		{"set keys", nil, func(*model.Model) Command {
			return SetKeys(8, []animedit.JointPose{{Joint: 0, Rotation: rot(0, 0, 90), KeyRotation: true}})
		}, Keys, func(t *testing.T, m *model.Model) {
			// Rz(90°) at the root turns the hand from (1,0,0) to (0,1,0).
			if got := animtest.OriginAt(m, 1, 8); !near(got, mgl32.Vec3{0, 1, 0}) {
				t.Errorf("hand at frame 8 = %v, want (0, 1, 0)", got)
			}
		}},
		{"delete keys", key, func(m *model.Model) Command { return DeleteKeys(refs(m)) }, Keys, func(t *testing.T, m *model.Model) {
			if n := len(m.Joints[0].RotationKeys); n != 0 {
				t.Errorf("%d keys left", n)
			}
		}},
		{"delete keys at", key, func(*model.Model) Command { return DeleteKeysAt(8, nil) }, Keys, func(t *testing.T, m *model.Model) {
			if n := len(m.Joints[0].RotationKeys); n != 1 {
				t.Errorf("%d keys left, want 1", n)
			}
		}},
		{"paste by name", key, func(*model.Model) Command { return PasteKeys(clip, 16, animedit.ByName) }, Keys, func(t *testing.T, m *model.Model) {
			// Frame 16 holds the pasted Rz(90°) and the hand's last
			// position key (0, 1, 0): Rz(90°)·(1+0, 0+1, 0) = (−1, 1, 0).
			if got := animtest.OriginAt(m, 1, 16); !near(got, mgl32.Vec3{-1, 1, 0}) {
				t.Errorf("hand at frame 16 = %v, want (-1, 1, 0)", got)
			}
		}},
		{"paste onto joint", key, func(*model.Model) Command { return PasteKeys(clip, 4, 1) }, Keys, func(t *testing.T, m *model.Model) {
			if n := len(m.Joints[1].RotationKeys); n != 1 {
				t.Errorf("hand has %d rotation keys, want 1", n)
			}
		}},
		{"move keys", key, func(m *model.Model) Command { return MoveKeys(refs(m)[1:], 4) }, Keys, func(t *testing.T, m *model.Model) {
			if got := m.Joints[0].RotationKeys[1].Time; math.Abs(float64(got)-12.0/24) > 1e-6 {
				t.Errorf("moved key at %g s, want 0.5", got)
			}
		}},
		{"scale keys", key, func(m *model.Model) Command { return ScaleKeys(refs(m), 2) }, Keys, func(t *testing.T, m *model.Model) {
			// Frame 1 stays; frame 8 (7 after it) goes to 15.
			if got := m.Joints[0].RotationKeys[1].Time * 24; math.Abs(float64(got)-15) > 1e-4 {
				t.Errorf("scaled key at frame %g, want 15", got)
			}
		}},
		{"insert frames", key, func(*model.Model) Command { return InsertFrames(5, 3) }, Keys | Meta, func(t *testing.T, m *model.Model) {
			if m.TotalFrames != 27 {
				t.Errorf("total frames %d, want 27", m.TotalFrames)
			}
			// The root's 90° key moved from frame 8 to 11, the hand's
			// position key from 12 to 15: at frame 11 it is 10/14 of
			// the way, so the hand is at Rz(90°)·(1, 5/7, 0).
			if got := animtest.OriginAt(m, 1, 11); !near(got, mgl32.Vec3{-5.0 / 7, 1, 0}) {
				t.Errorf("hand at frame 11 = %v, want (-5/7, 1, 0)", got)
			}
		}},
		{"remove frames", key, func(*model.Model) Command { return RemoveFrames(2, 2) }, Keys | Meta, func(t *testing.T, m *model.Model) {
			if m.TotalFrames != 22 {
				t.Errorf("total frames %d, want 22", m.TotalFrames)
			}
		}},
		{"fps keep seconds", key, func(*model.Model) Command { return ChangeFPS(48, animedit.KeepSeconds) }, Meta, func(t *testing.T, m *model.Model) {
			if m.FPS != 48 || m.TotalFrames != 48 {
				t.Errorf("fps %g, frames %d; want 48, 48", m.FPS, m.TotalFrames)
			}
		}},
		{"fps keep frames", key, func(*model.Model) Command { return ChangeFPS(12, animedit.KeepFrames) }, Keys | Meta, func(t *testing.T, m *model.Model) {
			// Frame 8 at 12 fps is 2/3 s.
			if got := m.Joints[0].RotationKeys[1].Time; math.Abs(float64(got)-8.0/12) > 1e-6 {
				t.Errorf("key at %g s, want %g", got, 8.0/12)
			}
		}},
		{"total frames", key, func(*model.Model) Command { return ChangeTotalFrames(30) }, Meta, nil},
		{"resample", key, func(*model.Model) Command { return Resample(12) }, Keys | Meta, func(t *testing.T, m *model.Model) {
			if m.FPS != 12 {
				t.Errorf("fps %g", m.FPS)
			}
		}},
		{"add joint", nil, func(*model.Model) Command { return AddJoint(1, "finger", [3]float32{2, 0, 0}) }, Rest | Names | Keys | Skin, func(t *testing.T, m *model.Model) {
			if len(m.Joints) != 3 || m.Joints[2].Position != [3]float32{1, 0, 0} {
				t.Errorf("joints %d, new local position %v", len(m.Joints), m.Joints[len(m.Joints)-1].Position)
			}
		}},
		{"delete joint", key, func(*model.Model) Command { return DeleteJoint(1) }, Rest | Names | Keys | Skin, func(t *testing.T, m *model.Model) {
			if len(m.Joints) != 1 || m.Vertices[1].Bones[0] != 0 {
				t.Errorf("joints %d, vertex 1 on bone %d", len(m.Joints), m.Vertices[1].Bones[0])
			}
		}},
		{"reparent", nil, func(*model.Model) Command { return Reparent(1, -1) }, Rest | Names | Keys | Skin, func(t *testing.T, m *model.Model) {
			if got := animtest.OriginAt(m, 1, 1); !near(got, mgl32.Vec3{1, 0, 0}) {
				t.Errorf("hand at %v after reparenting, want it kept at (1, 0, 0)", got)
			}
		}},
		{"assign", nil, func(*model.Model) Command { return AssignVertices([]int{0, 1}, 1) }, Skin, func(t *testing.T, m *model.Model) {
			if m.Vertices[0].Bones[0] != 1 {
				t.Errorf("vertex 0 on bone %d", m.Vertices[0].Bones[0])
			}
		}},
		{"weights", nil, func(*model.Model) Command {
			return SetWeights([]int{2}, []animedit.Weight{{Joint: 0, Weight: 1}, {Joint: 1, Weight: 3}})
		}, Skin, func(t *testing.T, m *model.Model) {
			if m.VertexExtraSubVersion == 0 {
				t.Error("no vertex-extra block was created")
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := armModel()
			if tt.setup != nil {
				tt.setup(m)
			}
			d := New(m, "", nil)
			before := encodeModel(t, m)
			var got []Change
			d.Subscribe(func(ch Change) { got = append(got, ch) })
			if err := d.Do(tt.cmd(m)); err != nil {
				t.Fatal(err)
			}
			if len(got) != 1 || got[0].What != tt.what {
				t.Fatalf("changes %+v, want one of %v", got, tt.what)
			}
			if tt.check != nil {
				tt.check(t, d.Model())
			}
			after := encodeModel(t, d.Model())
			if !d.Undo() {
				t.Fatal("nothing to undo")
			}
			if b := encodeModel(t, d.Model()); !bytes.Equal(b, before) {
				t.Fatal("undo did not restore the file's bytes")
			}
			if ok, err := d.Redo(); !ok || err != nil {
				t.Fatalf("redo: %v %v", ok, err)
			}
			if b := encodeModel(t, d.Model()); !bytes.Equal(b, after) {
				t.Fatal("redo gave other bytes than do")
			}
		})
	}
}

// TestAnimCommandErrors checks that bad input is refused with a message
// and leaves the document unchanged and its history empty.
func TestAnimCommandErrors(t *testing.T) {
	nan := float32(math.NaN())
	other := armModel()
	other.Joints[1].Name = model.Str("elbow")
	other.Joints[1].RotationKeys = []model.Key{{Time: 0.5}}
	clip, err := animedit.Copy(other, animedit.AllKeys(other, []int{1}))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		cmd  Command
		want string
	}{
		{"NaN frame", SetKeys(math.NaN(), []animedit.JointPose{{Joint: 0, KeyRotation: true}}), "frame"},
		{"negative frame", SetKeys(-1, []animedit.JointPose{{Joint: 0, KeyRotation: true}}), "frame"},
		{"NaN value", SetKeys(3, []animedit.JointPose{{Joint: 0, Rotation: [3]float32{nan}, KeyRotation: true}}), ""},
		{"key on missing joint", SetKeys(3, []animedit.JointPose{{Joint: 7, KeyRotation: true}}), "joint"},
		{"paste onto missing joint", PasteKeys(clip, 3, animedit.ByName), "elbow"},
		{"move before 0", MoveKeys([]animedit.KeyRef{{Joint: 0, Kind: animedit.Rotation, Time: 1.0 / 24}}, -5), ""},
		{"fps 0", ChangeFPS(0, animedit.KeepSeconds), "fps"},
		{"resample fps 0", Resample(0), ""},
		{"resample fps 10000", Resample(10000), ""},
		{"delete missing joint", DeleteJoint(5), "joint"},
		{"reparent onto child", Reparent(0, 1), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := armModel()
			m.Joints[0].RotationKeys = []model.Key{{Time: 1.0 / 24}}
			d := New(m, "", nil)
			before := encodeModel(t, m)
			err := d.Do(tt.cmd)
			if err == nil {
				t.Fatal("accepted")
			}
			var ae *animedit.Error
			if !errors.As(err, &ae) || ae.Msg == "" {
				t.Errorf("error %v is not an animedit.Error with a message", err)
			}
			if !strings.Contains(strings.ToLower(err.Error()), tt.want) {
				t.Errorf("error %q does not mention %q", err, tt.want)
			}
			if d.CanUndo() || d.Modified() {
				t.Error("a refused command was recorded")
			}
			if !bytes.Equal(encodeModel(t, d.Model()), before) {
				t.Error("a refused command changed the model")
			}
		})
	}
}

// TestDeletedJointKeysGo: a key set on a joint that is then deleted goes
// with it, and undoing both brings it back.
func TestDeletedJointKeysGo(t *testing.T) {
	d := New(armModel(), "", nil)
	before := encodeModel(t, d.Model())
	if err := d.Do(SetKeys(8, []animedit.JointPose{{Joint: 1, Rotation: rot(30, 0, 0), KeyRotation: true}})); err != nil {
		t.Fatal(err)
	}
	if err := d.Do(DeleteJoint(1)); err != nil {
		t.Fatal(err)
	}
	if err := d.Do(DeleteKeys([]animedit.KeyRef{{Joint: 1, Kind: animedit.Rotation, Time: 8.0 / 24}})); err == nil {
		t.Error("deleting a key of the deleted joint was accepted")
	}
	d.Undo()
	d.Undo()
	if !bytes.Equal(encodeModel(t, d.Model()), before) {
		t.Error("undo did not restore the model")
	}
}
