package main

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"ms3dstudio/formats/ms3d"
	"ms3dstudio/internal/corpus"
	"ms3dstudio/model/animedit"
	"ms3dstudio/model/xform"
)

// neheCopy copies the NeHe lesson 31 model into a temporary folder.
func neheCopy(t *testing.T) string {
	t.Helper()
	src := filepath.Join(corpus.Dir(t), "ms3d", "nehe-opengl", "bcb6", "lesson31_bcb6", "Data", "Model.ms3d")
	b, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	dst := writeFile(t, filepath.Join(t.TempDir(), "Model.ms3d"), b)
	return dst
}

func animJSON(t *testing.T, args ...string) AnimReport {
	t.Helper()
	code, out, errs := runTool(append(args, "--json")...)
	if code != 0 {
		t.Fatalf("%v: exit %d: %s", args, code, errs)
	}
	var r AnimReport
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("%v: %v\n%s", args, err, out)
	}
	return r
}

// poseGlobals runs "ms3dtool pose --frame F --json" and returns the joints'
// global matrices by name.
func poseGlobals(t *testing.T, path string, frame string) map[string]mgl32.Mat4 {
	t.Helper()
	code, out, errs := runTool("pose", path, "--frame", frame, "--json")
	if code != 0 {
		t.Fatalf("pose: exit %d: %s", code, errs)
	}
	var doc poseDoc
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	g := map[string]mgl32.Mat4{}
	for _, j := range doc.Frames[0].Joints {
		var m mgl32.Mat4
		for k, c := range j.Global {
			m[k] = float32(*c)
		}
		g[j.Name] = m
	}
	return g
}

// TestAnimSetThenPose keys NeHe's joint1 (the root) 30° about Z at frame 8,
// saves, and checks with "ms3dtool pose --frame 8" on the saved file that
// the joint is its rest rotation turned 30° about its own Z axis:
// R = R_rest · Rz(30°), as keys relative to the rest pose mean.
func TestAnimSetThenPose(t *testing.T) {
	in := neheCopy(t)
	out := filepath.Join(filepath.Dir(in), "keyed.ms3d")
	r := animJSON(t, "anim", "set", in, out, "--joint", "joint1", "--frame", "8", "--rot", "0,0,30")
	if !r.Written || r.Changed != "keys" || len(r.Details) != 1 || !strings.Contains(r.Details[0], "(0, 0, 30)°") {
		t.Fatalf("report %+v", r)
	}
	m, _, err := ms3d.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	want := xform.EulerMat(m.Joints[0].Rotation).MGL().Mul3(xform.EulerMat(animedit.Radians([3]float32{0, 0, 30})).MGL())
	g := poseGlobals(t, out, "8")["joint1"]
	got := g.Mat3()
	for k := range want {
		if math.Abs(float64(got[k]-want[k])) > 1e-5 {
			t.Fatalf("joint1 at frame 8: rotation %v, want R_rest·Rz(30°) = %v", got, want)
		}
	}
	// Relative to the rest pose the turn is 30° about the joint's Z axis.
	rel := xform.EulerMat(m.Joints[0].Rotation).MGL().Transpose().Mul3(got)
	if a := math.Acos(float64(rel[0])) * 180 / math.Pi; math.Abs(a-30) > 1e-3 || math.Abs(float64(rel[8])-1) > 1e-6 {
		t.Errorf("relative rotation %v: %g° about z", rel, a)
	}
	// The original file poses differently at frame 8, and both agree at
	// frame 1 where the file has its keys.
	before := poseGlobals(t, in, "8")["joint1"]
	if matNear(before, g, 1e-3) {
		t.Error("the key changed nothing at frame 8")
	}
	if !matNear(poseGlobals(t, in, "1")["joint1"], poseGlobals(t, out, "1")["joint1"], 1e-6) {
		t.Error("frame 1 changed")
	}
	// Keys are listed in degrees.
	code, list, _ := runTool("anim", "list", out, "--json")
	var l AnimList
	if err := json.Unmarshal([]byte(list), &l); code != 0 || err != nil {
		t.Fatalf("list: %d %v", code, err)
	}
	ks := l.Joints[0].RotationKeys
	if len(ks) != 2 || ks[1].Frame != 8 || ks[1].Value[2] != 30 {
		t.Errorf("listed keys %+v", ks)
	}
}

func TestAnimCommands(t *testing.T) {
	in := neheCopy(t)
	dir := filepath.Dir(in)
	out := filepath.Join(dir, "out.ms3d")
	// joint4 has keys at frames 1, 8 and 24.
	r := animJSON(t, "anim", "delete", in, out, "--frame", "8", "--joint", "joint4")
	if r.Summary != "deleted 2 keys" {
		t.Errorf("delete: %+v", r)
	}
	r = animJSON(t, "anim", "delete", in, out, "--frame", "8", "--joint", "joint4", "--kind", "pos")
	if r.Summary != "deleted 1 key" {
		t.Errorf("delete --kind pos: %+v", r)
	}
	r = animJSON(t, "anim", "shift", in, out, "--by", "2", "--from", "2")
	if !strings.HasPrefix(r.Summary, "moved 24 keys by 2 frames") || !strings.Contains(strings.Join(r.Details, "\n"), "total frames 24 → 26") {
		t.Errorf("shift: %+v", r)
	}
	r = animJSON(t, "anim", "scale", in, out, "--factor", "2", "--joint", "joint4")
	if m, _, _ := ms3d.ReadFile(out); r.Changed != "keys|meta" || m.TotalFrames != 47 {
		t.Errorf("scale: %+v", r)
	}
	r = animJSON(t, "anim", "fps", in, out, "--fps", "30")
	if m, _, _ := ms3d.ReadFile(out); m.FPS != 30 || m.TotalFrames != 30 {
		t.Errorf("fps: %+v", r)
	}
	r = animJSON(t, "anim", "fps", in, out, "--fps", "12", "--keep", "frames")
	if m, _, _ := ms3d.ReadFile(out); m.FPS != 12 || m.TotalFrames != 24 || m.Joints[3].RotationKeys[1].Time != float32(8)/12 {
		t.Errorf("fps --keep frames: %+v", r)
	}
	r = animJSON(t, "anim", "resample", in, out, "--fps", "30")
	m, _, _ := ms3d.ReadFile(out)
	if m.FPS != 30 || len(m.Joints[3].RotationKeys) != 30 {
		t.Errorf("resample: %+v", r)
	}
	// Resampled, the file poses as before at the same time: frame 10 at 30
	// fps is frame 8 at 24.
	a, b := poseGlobals(t, in, "8"), poseGlobals(t, out, "10")
	for name := range a {
		if !matNear(a[name], b[name], 1e-4) {
			t.Errorf("%s: %v resampled, %v before", name, b[name], a[name])
		}
	}

	// Text output says what changed and where it was written.
	code, text, _ := runTool("anim", "set", in, "--in-place", "--joint", "JOINT2", "--frame", "4.5", "--pos", "1,2,3")
	if code != 0 || !strings.Contains(text, `joint "joint2": position key at frame 4.5 added: (1, 2, 3)`) || !strings.Contains(text, "the original is kept as "+in+".bak") {
		t.Errorf("set --in-place: %d\n%s", code, text)
	}
	if _, err := os.Stat(in + ".bak"); err != nil {
		t.Error(err)
	}
	// Nothing selected is not an error.
	code, text, _ = runTool("anim", "delete", in, "--dry-run", "--frame", "5")
	if code != 0 || !strings.Contains(text, "no keys at frame 5") {
		t.Errorf("delete at an empty frame: %d %s", code, text)
	}
}

// TestAnimRefused checks that refused edits exit 1 and write nothing, and
// that usage errors exit 2.
func TestAnimRefused(t *testing.T) {
	in := neheCopy(t)
	out := filepath.Join(filepath.Dir(in), "out.ms3d")
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"resample", in, out, "--fps", "0"}, 1, "frame rate must be 1–1000"},
		{[]string{"resample", in, out, "--fps", "10000"}, 1, "frame rate must be 1–1000"},
		{[]string{"fps", in, out, "--fps", "0"}, 1, "frame rate"},
		{[]string{"set", in, out, "--joint", "nope", "--frame", "8", "--rot", "0,0,30"}, 1, `no joint "nope"`},
		{[]string{"set", in, out, "--joint", "joint1", "--frame", "-1", "--rot", "0,0,30"}, 1, "≥ 0"},
		{[]string{"shift", in, out, "--by", "-5"}, 1, "≥ 0"},
		{[]string{"scale", in, out, "--factor", "0"}, 1, "factor"},
		{[]string{"set", in, out, "--joint", "joint1", "--frame", "8"}, 2, "give --rot"},
		{[]string{"set", in, out, "--joint", "joint1", "--frame", "8", "--rot", "1,2"}, 2, "X,Y,Z"},
		{[]string{"set", in, out, "--joint", "joint1", "--frame", "NaN", "--rot", "0,0,1"}, 2, "give --frame"},
		{[]string{"set", in, "--joint", "joint1", "--frame", "8", "--rot", "0,0,1"}, 2, "want OUT"},
		{[]string{"resample", in, out}, 2, "give --fps"},
		{[]string{"fps", in, out, "--fps", "30", "--keep", "both"}, 2, "--keep"},
		{[]string{"delete", in, out}, 2, "give --frame"},
		{[]string{"delete", in, out, "--frame", "8", "--to", "2"}, 2, "after --to"},
		{[]string{"twist", in, out}, 2, "unknown command"},
		{[]string{"resample", filepath.Join(filepath.Dir(in), "missing.ms3d"), out, "--fps", "30"}, 2, "missing.ms3d"},
		{nil, 2, "give a command"},
	} {
		code, _, errs := runTool(append([]string{"anim"}, c.args...)...)
		if code != c.code || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, want %d with %q; stderr:\n%s", c.args, code, c.code, c.want, errs)
		}
		if _, err := os.Stat(out); err == nil {
			t.Fatalf("%v wrote %s", c.args, out)
		}
	}
	// Asked for its usage, anim prints it and succeeds, as every command does.
	if code, stdout, _ := runTool("anim", "-h"); code != 0 || !strings.Contains(stdout, "usage: ms3dtool anim") {
		t.Errorf("anim -h: exit %d, stdout %q; want the usage and 0", code, stdout)
	}
}

// matNear compares matrices element by element, absolutely (scaled by the
// element's size above 1).
func matNear(a, b mgl32.Mat4, tol float64) bool {
	for k := range a {
		if math.Abs(float64(a[k]-b[k])) > tol*math.Max(1, math.Abs(float64(a[k]))) {
			return false
		}
	}
	return true
}
