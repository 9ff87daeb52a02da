package animate_test

import (
	"encoding/json"
	"math"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"github.com/go-gl/mathgl/mgl32"

	"ms3dstudio/document"
	"ms3dstudio/model"
	"ms3dstudio/model/animedit"
	"ms3dstudio/ui"
	"ms3dstudio/ui/animate"
	"ms3dstudio/ui/hub"
	"ms3dstudio/ui/internal/edtest"
	"ms3dstudio/ui/internal/uitest"
)

const neheModel = "nehe-opengl/bcb6/lesson31_bcb6/Data/Model.ms3d"

// TestAnimateNeHe is the scenario: open the NeHe model, enter pose
// mode, drag joint1's X ring by 30° at frame 8 (the events the viewport's
// gizmo sends), key it, copy the key to frame 16, undo and redo all of it,
// save, reopen and find the same animation; "ms3dtool pose --frame 8" on
// the saved file shows joint1 turned 30° about its local X axis.
func TestAnimateNeHe(t *testing.T) {
	a := test.NewTempApp(t)
	w := test.NewTempWindow(t, nil)
	w.Resize(fyne.NewSize(1200, 800))
	vp := &edtest.PoseViewport{FakeViewport: edtest.NewFakeViewport(), Gizmo: -2}
	e := edtest.Install(w, ui.Config{Viewport: vp, Prefs: a.Preferences()})
	path := uitest.CopyCorpus(t, neheModel)
	d := edtest.Open(t, e, path)
	m := d.Model()
	j := animedit.FindJoint(m, "joint1")
	if j < 0 {
		t.Fatal("no joint1")
	}

	e.Anim.SetPoseMode(true)
	e.Selection().Select(hub.Selection{Kind: hub.KindJoint, Index: j})
	if vp.Gizmo != j {
		t.Fatalf("gizmo at %d, want joint1 (%d)", vp.Gizmo, j)
	}
	edtest.SeekFrame(e, 8)
	g := e.Anim.PoseNow()
	axis := g[j].Col(0).Vec3().Normalize() // the X ring turns about local X
	drag := func(ph animate.GizmoPhase, deg float64) {
		vp.OnGizmo(animate.GizmoDrag{Phase: ph, Joint: j, Axis: axis, Angle: float32(deg * math.Pi / 180)})
	}
	drag(animate.GizmoStart, 0)
	for _, deg := range []float64{5, 12, 21, 30} {
		drag(animate.GizmoMove, deg)
	}
	drag(animate.GizmoEnd, 30)
	if !e.Anim.Unkeyed() {
		t.Fatal("the drag did not leave an unkeyed pose")
	}
	e.Anim.SetKey(false)
	e.Anim.Copy()
	edtest.SeekFrame(e, 16)
	e.Anim.Paste()
	if h := d.History(); len(h) != 2 {
		t.Fatalf("history %v, want Set key and Paste keys", h)
	}
	want := keysOf(m, j)
	check := func(what string) {
		t.Helper()
		ks := m.Joints[j].RotationKeys
		if len(ks) != 3 || math.Abs(float64(ks[1].Time)*24-8) > 1e-3 || math.Abs(float64(ks[2].Time)*24-16) > 1e-3 {
			t.Fatalf("%s: rotation keys %v, want frames 1, 8, 16", what, ks)
		}
		if deg := animedit.Degrees(ks[1].Value); math.Abs(float64(deg[0])-30) > 1e-3 || math.Abs(float64(deg[1])) > 1e-3 || math.Abs(float64(deg[2])) > 1e-3 {
			t.Errorf("%s: key at frame 8 = %v°, want (30, 0, 0)", what, deg)
		}
		if ks[2].Value != ks[1].Value {
			t.Errorf("%s: pasted key %v differs from %v", what, ks[2].Value, ks[1].Value)
		}
	}
	check("after paste")
	e.Undo()
	e.Undo()
	if n := len(m.Joints[j].RotationKeys); n != 1 || d.Modified() {
		t.Fatalf("after undoing both: %d keys, modified %v", n, d.Modified())
	}
	e.Redo()
	e.Redo()
	check("after redo")

	saved := filepath.Join(t.TempDir(), "posed.ms3d")
	e.SaveTo(saved, nil)
	if d.Modified() {
		t.Fatal("not saved")
	}
	d2, err := document.Open(saved)
	if err != nil {
		t.Fatal(err)
	}
	if got := keysOf(d2.Model(), j); !equalKeys(got, want) {
		t.Errorf("reopened keys %v, want %v", got, want)
	}

	// ms3dtool on the saved file: joint1's global matrix at frame 8 is its
	// frame-1 matrix (keys of 0) turned 30° about its local X axis.
	out, err := exec.Command("go", "run", "ms3dstudio/cmd/ms3dtool", "pose", "--frame", "1", "--frame", "8", "--json", saved).Output()
	if err != nil {
		t.Fatalf("ms3dtool pose: %v", err)
	}
	var res struct {
		Frames []struct {
			Joints []struct {
				Name   string
				Global [16]float32
			}
		}
	}
	if err := json.Unmarshal(out, &res); err != nil || len(res.Frames) != 2 {
		t.Fatalf("ms3dtool pose output %q: %v", out, err)
	}
	g1, g8 := mgl32.Mat4(res.Frames[0].Joints[j].Global), mgl32.Mat4(res.Frames[1].Joints[j].Global)
	rel := g1.Mat3().Transpose().Mul3(g8.Mat3())
	wantRel := mgl32.Rotate3DX(math.Pi / 6)
	diff := float32(0)
	for i := range rel {
		diff = max(diff, float32(math.Abs(float64(rel[i]-wantRel[i]))))
	}
	if diff > 1e-4 {
		t.Errorf("ms3dtool: joint1 at frame 8 relative to frame 1 = %v, want Rx(30°) %v", rel, wantRel)
	}
}

func keysOf(m *model.Model, j int) []model.Key { return slices.Clone(m.Joints[j].RotationKeys) }

func equalKeys(a, b []model.Key) bool { return slices.Equal(a, b) }
