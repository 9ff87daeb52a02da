package animedit_test

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"ms3dstudio/model"
	"ms3dstudio/model/anim"
	"ms3dstudio/model/animedit"
)

func frames(m *model.Model, j int) []float64 {
	var fs []float64
	for _, k := range m.Joints[j].RotationKeys {
		fs = append(fs, math.Round(animedit.FrameOf(m, k.Time)*1e4)/1e4)
	}
	return fs
}

func TestInsertRemoveFrames(t *testing.T) {
	m := keyed(t)
	doUndo(t, m, func(m *model.Model) (*animedit.Edit, error) { return animedit.InsertFrames(m, 8, 3) })
	if got := frames(m, 1); !equalF(got, []float64{4, 11, 15}) {
		t.Errorf("arm keys at %v, want 4 11 15", got)
	}
	if m.TotalFrames != 33 {
		t.Errorf("TotalFrames %d, want 33", m.TotalFrames)
	}
	// The 30° pose is now at frame 11; frame 8 is 4/7 of the way from 0° at
	// frame 4 to 30° at frame 11.
	pos, _ := skinned(t, m, 11)
	near(t, "vertex 0 at frame 11", pos[0], [3]float32{2 + 2*c30, 2 * s30, 0}, 1e-5)
	pos, _ = skinned(t, m, 8)
	a := 30 * 4.0 / 7 * math.Pi / 180
	near(t, "vertex 0 at frame 8", pos[0], [3]float32{2 + 2*float32(math.Cos(a)), 2 * float32(math.Sin(a)), 0}, 1e-5)

	// Removing them again gives the model back exactly.
	before := keyed(t)
	doUndo(t, m, func(m *model.Model) (*animedit.Edit, error) { return animedit.RemoveFrames(m, 8, 3) })
	if !same(before, m) {
		t.Errorf("insert then remove changed the model:\n%+v\n%+v", before.Joints, m.Joints)
	}
	// Removing frames 6–9 deletes the keys at 8 and moves 12 to 8.
	doUndo(t, m, func(m *model.Model) (*animedit.Edit, error) { return animedit.RemoveFrames(m, 6, 4) })
	if got := frames(m, 1); !equalF(got, []float64{4, 8}) {
		t.Errorf("arm keys at %v, want 4 8", got)
	}
	if len(m.Joints[2].RotationKeys) != 0 || m.TotalFrames != 26 {
		t.Errorf("hand keys %v, total %d", m.Joints[2].RotationKeys, m.TotalFrames)
	}
	pos, _ = skinned(t, m, 8)
	near(t, "vertex 0 at rest", pos[0], [3]float32{4, 0, 0}, 1e-5)

	for _, n := range []int{0, -1, animedit.MaxFrames + 1} {
		refused(t, m, "number of frames", func(m *model.Model) (*animedit.Edit, error) { return animedit.InsertFrames(m, 8, n) })
		refused(t, m, "number of frames", func(m *model.Model) (*animedit.Edit, error) { return animedit.RemoveFrames(m, 8, n) })
	}
	refused(t, m, "finite", func(m *model.Model) (*animedit.Edit, error) { return animedit.InsertFrames(m, math.NaN(), 1) })
}

func TestSetFPS(t *testing.T) {
	// Keeping seconds: the keys do not move, the animation is as long.
	m := keyed(t)
	e := doUndo(t, m, func(m *model.Model) (*animedit.Edit, error) { return animedit.SetFPS(m, 30, animedit.KeepSeconds) })
	if m.FPS != 30 || m.TotalFrames != 38 || m.Joints[1].RotationKeys[1].Time != float32(8)/24 {
		t.Errorf("fps %g, total %d, key %v (%q)", m.FPS, m.TotalFrames, m.Joints[1].RotationKeys[1].Time, e.Details)
	}
	pos, _ := skinned(t, m, 10) // 10/30 s = 8/24 s
	near(t, "vertex 0 at 1/3 s", pos[0], [3]float32{2 + 2*c30, 2 * s30, 0}, 1e-5)

	// Keeping frames: the 30° key stays on frame 8, now at 8/30 s.
	m = keyed(t)
	doUndo(t, m, func(m *model.Model) (*animedit.Edit, error) { return animedit.SetFPS(m, 30, animedit.KeepFrames) })
	if m.TotalFrames != 30 || m.Joints[1].RotationKeys[1].Time != anim.FrameToTime(8, 30) {
		t.Errorf("total %d, key %v", m.TotalFrames, m.Joints[1].RotationKeys[1].Time)
	}
	pos, _ = skinned(t, m, 8)
	near(t, "vertex 0 at frame 8", pos[0], [3]float32{2 + 2*c30, 2 * s30, 0}, 1e-5)

	for _, fps := range []float32{0, 0.5, -24, 10000, float32(math.NaN()), float32(math.Inf(1))} {
		refused(t, m, "frame rate", func(m *model.Model) (*animedit.Edit, error) { return animedit.SetFPS(m, fps, animedit.KeepSeconds) })
	}
}

func TestSetTotalFrames(t *testing.T) {
	m := keyed(t)
	doUndo(t, m, func(m *model.Model) (*animedit.Edit, error) { return animedit.SetTotalFrames(m, 12) })
	if m.TotalFrames != 12 {
		t.Errorf("TotalFrames %d", m.TotalFrames)
	}
	refused(t, m, "after frame 11", func(m *model.Model) (*animedit.Edit, error) { return animedit.SetTotalFrames(m, 11) })
	refused(t, m, "0–", func(m *model.Model) (*animedit.Edit, error) { return animedit.SetTotalFrames(m, -1) })
}

// TestResample bakes the keyed arm at 30 fps and compares every new frame
// with the old animation at the same time, and checks one by hand.
func TestResample(t *testing.T) {
	m := keyed(t)
	m.Joints[0].PositionKeys = []model.Key{{Time: 0.1, Value: [3]float32{0, 1, 0}}, {Time: 1, Value: [3]float32{0, 3, 0}}}
	old := m.Clone()
	e := doUndo(t, m, func(m *model.Model) (*animedit.Edit, error) { return animedit.Resample(m, 30) })
	// 30 frames at 24 fps are 1.25 s: 37.5 → 38 frames at 30 fps.
	if m.FPS != 30 || m.TotalFrames != 38 {
		t.Errorf("fps %g, total %d (%s)", m.FPS, m.TotalFrames, e.Summary)
	}
	if n := len(m.Joints[1].RotationKeys); n != 38 {
		t.Errorf("%d arm keys, want 38", n)
	}
	if len(m.Joints[1].PositionKeys) != 0 || len(m.Joints[0].RotationKeys) != 0 || len(m.Joints[0].PositionKeys) != 38 {
		t.Errorf("keys were baked on tracks that had none")
	}
	samePoses(t, old, m, 30)
	// Frame 10 at 30 fps is 1/3 s, frame 8 at 24: the arm's 30° key. The
	// root has moved by (0, 1 + 2·(1/3 − 0.1)/0.9, 0).
	pos, _ := skinned(t, m, 10)
	dy := float32(1 + 2*(1.0/3-0.1)/0.9)
	near(t, "vertex 0", pos[0], [3]float32{2 + 2*c30, 2*s30 + dy, 0}, 1e-4)

	for _, fps := range []float32{0, 10000, float32(math.NaN())} {
		refused(t, m, "frame rate", func(m *model.Model) (*animedit.Edit, error) { return animedit.Resample(m, fps) })
	}
}

// samePoses checks that after (resampled at fps) poses like before at
// every frame of the new rate.
func samePoses(t *testing.T, before, after *model.Model, fps float32) {
	t.Helper()
	for f := 1; f <= int(after.TotalFrames); f++ {
		a, ga := skinned(t, before, float32(f)*before.EffectiveFPS()/fps)
		b, gb := skinned(t, after, float32(f))
		for j := range ga {
			for k := range ga[j] {
				if d := math.Abs(float64(ga[j][k] - gb[j][k])); d > 2e-4*(1+math.Abs(float64(ga[j][k]))) {
					t.Fatalf("frame %d joint %d: matrix element %d is %v after resampling, %v before", f, j, k, gb[j][k], ga[j][k])
				}
			}
		}
		for v := range a {
			for k := range a[v] {
				if d := math.Abs(float64(a[v][k] - b[v][k])); d > 2e-4*(1+math.Abs(float64(a[v][k]))) {
					t.Fatalf("frame %d vertex %d: %v after resampling, %v before", f, v, b[v], a[v])
				}
			}
		}
	}
}

// TestResampleWoman4 resamples the largest animated corpus model (keys out
// of order included) and compares the joints' global matrices with the old
// animation at every 7th frame of the new rate, and the baked frames'
// count with its length.
func TestResampleWoman4(t *testing.T) {
	m := woman4(t)
	before, _ := anim.NewSkeleton(m)
	e, err := animedit.Resample(m, 30)
	if err != nil {
		t.Fatal(err)
	}
	after, _ := anim.NewSkeleton(m)
	// 2,133 frames at 15 fps are 142.2 s: 4,266 frames at 30 fps.
	if m.TotalFrames != 4266 || m.FPS != 30 {
		t.Errorf("total %d fps %g (%s)", m.TotalFrames, m.FPS, e.Summary)
	}
	ga := make([]mgl32.Mat4, before.Len())
	gb := make([]mgl32.Mat4, after.Len())
	for f := 1; f <= int(m.TotalFrames); f += 7 {
		tm := anim.FrameToTime(float32(f), 30)
		before.Pose(tm, ga)
		after.Pose(tm, gb)
		for j := range ga {
			for k := range ga[j] {
				if d := math.Abs(float64(ga[j][k] - gb[j][k])); d > 1e-3*math.Max(1, math.Abs(float64(ga[j][k]))) {
					t.Fatalf("frame %d joint %d: %v after resampling, %v before", f, j, gb[j], ga[j])
				}
			}
		}
	}
}
