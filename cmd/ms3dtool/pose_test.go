package main

import (
	"encoding/json"
	"fmt"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"ms3dstudio/formats/ms3d"
	"ms3dstudio/internal/corpus"
	"ms3dstudio/model"
)

// poseDoc mirrors the JSON of "ms3dtool pose --json"; pointers tell null
// from a number.
type poseDoc struct {
	Frames []struct {
		Time   *float64 `json:"time"`
		Frame  *float64 `json:"frame"`
		Joints []struct {
			Name   string     `json:"name"`
			Global []*float64 `json:"global"`
		} `json:"joints"`
		Vertices [][]*float64 `json:"vertices"`
		Normals  [][]*float64 `json:"normals"`
	} `json:"frames"`
}

// poseModel writes a two-joint model, worked out by hand, to a temporary
// file at 24 fps:
//
//	joint 0 "root": rest Rz(90°) at (1,0,0); position keys (0,0,0) at
//	  t=1 s and (2,0,0) at t=3 s, in its rest frame (so +y globally).
//	joint 1 "bone": parent root, at (0,2,0); rotation keys 0 at t=1 s and
//	  Rz(90°) at t=3 s.
//	vertex 0 at (−1,0,0), the bone's rest origin, on bone; vertex 1 at
//	  (5,5,5), on root; vertex 2 with a NaN coordinate; vertex 3 unused by
//	  any triangle.
func poseModel(t *testing.T) string {
	t.Helper()
	nan := float32(math.NaN())
	m := &model.Model{Version: 4, FPS: 24, TotalFrames: 72, Joints: []model.Joint{
		{Name: "root", Rotation: [3]float32{0, 0, math.Pi / 2}, Position: [3]float32{1, 0, 0},
			PositionKeys: []model.Key{{Time: 1}, {Time: 3, Value: [3]float32{2, 0, 0}}}},
		{Name: "bone", Parent: "root", Position: [3]float32{0, 2, 0},
			RotationKeys: []model.Key{{Time: 1}, {Time: 3, Value: [3]float32{0, 0, math.Pi / 2}}}},
	}, Vertices: []model.Vertex{
		{Position: [3]float32{-1, 0, 0}, Bones: [4]uint16{1, model.NoBone, model.NoBone, model.NoBone}},
		{Position: [3]float32{5, 5, 5}, Bones: [4]uint16{0, model.NoBone, model.NoBone, model.NoBone}},
		{Position: [3]float32{nan, 0, 0}, Bones: [4]uint16{0, model.NoBone, model.NoBone, model.NoBone}},
		{Position: [3]float32{0, 0, 0}, Bones: [4]uint16{model.NoBone, model.NoBone, model.NoBone, model.NoBone}},
	}, Triangles: []model.Triangle{
		{Vertices: [3]uint32{0, 1, 2}, Normals: [3][3]float32{{0, 1, 0}, {0, 0, 1}, {1, 0, 0}}},
		{Vertices: [3]uint32{0, 1, 0}, Normals: [3][3]float32{{1, 0, 0}, {0, 0, 1}, {0, 1, 0}}},
	}, Groups: []model.Group{{Name: "g", Triangles: []uint32{0, 1}, Material: -1}}}
	b, err := ms3d.Encode(m)
	if err != nil {
		t.Fatal(err)
	}
	path := writeFile(t, filepath.Join(t.TempDir(), "pose.ms3d"), b)
	return path
}

func vec(t *testing.T, got []*float64, want ...float64) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%d numbers, want %v", len(got), want)
	}
	for i, g := range got {
		if g == nil || math.Abs(*g-want[i]) > 1e-5 {
			t.Fatalf("got %v, want %v", deref(got), want)
		}
	}
}

func deref(p []*float64) []any {
	var out []any
	for _, x := range p {
		if x == nil {
			out = append(out, nil)
		} else {
			out = append(out, *x)
		}
	}
	return out
}

func TestPoseJSON(t *testing.T) {
	path := poseModel(t)
	// Times and frames mix, in command-line order: frame 48 at 24 fps is
	// t = 2 s.
	code, out, errOut := runTool("pose", path, "--time", "2", "--json", "--frame", "48", "--time", "100")
	if code != 0 {
		t.Fatalf("exit %d, stderr %s", code, errOut)
	}
	var doc poseDoc
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("invalid JSON: %v\n%s", err, out)
	}
	if len(doc.Frames) != 3 {
		t.Fatalf("%d frames, want 3", len(doc.Frames))
	}
	const c = math.Sqrt2 / 2
	for i, want := range []struct {
		time, frame float64
		// root origin; bone global matrix; vertex 0; its normal.
		root       []float64
		bone       []float64
		v0, n0, n1 []float64
	}{
		// t=2: root moved half way, (1,0,0) + Rz90·(1,0,0) = (1,1,0). The
		// bone turned 45° about z: global rotation Rz90·Rz45 = Rz135, origin
		// (1,1,0) + Rz90·(0,2,0) = (−1,1,0). Vertex 0 sat on the bone's
		// origin. Its normals: corner (0,1,0) [rest bone rotation Rz90]
		// → Rz45·(0,1,0) = (−c,c,0), and corners (1,0,0) → (c,c,0) and
		// (0,1,0) again: mean direction of 2·(−c,c,0) + (c,c,0).
		{2, 48, []float64{1, 1, 0}, []float64{-c, c, 0, 0, -c, -c, 0, 0, 0, 0, 1, 0, -1, 1, 0, 1},
			[]float64{-1, 1, 0}, normalize(-c, 3*c, 0), []float64{0, 0, 1}},
		{2, 48, []float64{1, 1, 0}, []float64{-c, c, 0, 0, -c, -c, 0, 0, 0, 0, 1, 0, -1, 1, 0, 1},
			[]float64{-1, 1, 0}, normalize(-c, 3*c, 0), []float64{0, 0, 1}},
		// After the last keys: root at (1,2,0), bone Rz180 at (−1,2,0).
		{100, 2400, []float64{1, 2, 0}, []float64{-1, 0, 0, 0, 0, -1, 0, 0, 0, 0, 1, 0, -1, 2, 0, 1},
			[]float64{-1, 2, 0}, normalize(-2, 1, 0), []float64{0, 0, 1}},
	} {
		f := doc.Frames[i]
		vec(t, []*float64{f.Time, f.Frame}, want.time, want.frame)
		if len(f.Joints) != 2 || f.Joints[0].Name != "root" || f.Joints[1].Name != "bone" {
			t.Fatalf("frame %d joints %+v", i, f.Joints)
		}
		vec(t, f.Joints[0].Global[12:15], want.root...)
		vec(t, f.Joints[1].Global, want.bone...)
		if len(f.Vertices) != 4 || len(f.Normals) != 4 {
			t.Fatalf("frame %d: %d vertices, %d normals; want 4", i, len(f.Vertices), len(f.Normals))
		}
		vec(t, f.Vertices[0], want.v0...)
		// Vertex 1 rides on the root, which only translates.
		vec(t, f.Vertices[1], 5, 5+want.root[1], 5)
		// Vertex 2's NaN coordinate reaches every skinned coordinate
		// (0·NaN is NaN): all null, and the document stays valid JSON.
		if v := f.Vertices[2]; len(v) != 3 || v[0] != nil || v[1] != nil || v[2] != nil {
			t.Errorf("frame %d vertex 2 = %v, want [null, null, null]", i, deref(v))
		}
		vec(t, f.Vertices[3], 0, 0, 0) // no bone: stays
		vec(t, f.Normals[0], want.n0...)
		vec(t, f.Normals[1], want.n1...)
		vec(t, f.Normals[3], 0, 0, 0) // used by no triangle
	}
}

func normalize(x, y, z float64) []float64 {
	l := math.Sqrt(x*x + y*y + z*z)
	return []float64{x / l, y / l, z / l}
}

func TestPoseText(t *testing.T) {
	path := poseModel(t)
	code, out, errOut := runTool("pose", "--frame", "48", path)
	if code != 0 {
		t.Fatalf("exit %d, stderr %s", code, errOut)
	}
	if !strings.HasPrefix(out, "time 2 s (frame 48): 2 joints, 4 vertices\n") || !strings.Contains(out, "skinned vertices within") {
		t.Fatalf("output:\n%s", out)
	}
	for _, want := range []struct {
		name    string
		x, y, z float64
	}{{"root", 1, 1, 0}, {"bone", -1, 1, 0}} {
		var x, y, z float64
		i := strings.Index(out, `"`+want.name+`"`)
		if i < 0 {
			t.Fatalf("no joint %s in:\n%s", want.name, out)
		}
		line := out[i:]
		line = line[strings.Index(line, "origin"):strings.Index(line, "\n")]
		if _, err := fmt.Sscanf(line, "origin (%g, %g, %g)", &x, &y, &z); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		if math.Abs(x-want.x)+math.Abs(y-want.y)+math.Abs(z-want.z) > 1e-5 {
			t.Errorf("%s %q, want (%v, %v, %v)", want.name, line, want.x, want.y, want.z)
		}
	}
}

func TestPoseUsageErrors(t *testing.T) {
	path := poseModel(t)
	for _, args := range [][]string{
		{"pose"},
		{"pose", path},          // no time
		{"pose", "--time", "1"}, // no file
		{"pose", path, "--time", "abc"},
		{"pose", path, "--time", "NaN"},
		{"pose", path, "--frame", "Inf"},
		{"pose", path, "--time", "1", "--bogus"},
	} {
		code, out, errOut := runTool(args...)
		if code != 2 || out != "" || !strings.Contains(errOut, "usage: ms3dtool pose") {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want 2 and the usage on stderr", args, code, out, errOut)
		}
	}
}

func TestPoseUnreadableFile(t *testing.T) {
	dir := t.TempDir()
	bad := writeFile(t, filepath.Join(dir, "bad.ms3d"), []byte("not a model"))
	for _, path := range []string{bad, filepath.Join(dir, "missing.ms3d")} {
		code, out, errOut := runTool("pose", path, "--time", "0", "--json")
		if code != 2 || out != "" || !strings.Contains(errOut, path) {
			t.Errorf("%s: exit %d, stdout %q, stderr %q", path, code, out, errOut)
		}
	}
}

// TestPoseCorpus poses every corpus file with joints: valid JSON with one
// entry per joint and vertex, and findings (Woman4's garbage keys) on
// stderr without failing.
func TestPoseCorpus(t *testing.T) {
	for _, e := range corpus.MS3D(t) {
		if e.Joints <= 0 {
			continue
		}
		t.Run(e.String(), func(t *testing.T) {
			code, out, errOut := runTool("pose", e.Path, "--json", "--frame", "1", "--time", "0.5")
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			var doc poseDoc
			if err := json.Unmarshal([]byte(out), &doc); err != nil {
				t.Fatalf("invalid JSON: %v", err)
			}
			if len(doc.Frames) != 2 || len(doc.Frames[0].Joints) != e.Joints || len(doc.Frames[1].Vertices) != e.Vertices {
				t.Fatalf("%d frames; %d joints (want %d); %d vertices (want %d)",
					len(doc.Frames), len(doc.Frames[0].Joints), e.Joints, len(doc.Frames[1].Vertices), e.Vertices)
			}
			if e.File == "GLScene/Samples/media/Woman4.ms3d" && !strings.Contains(errOut, "joint.key-order") {
				t.Errorf("Woman4's garbage keys not reported on stderr: %s", errOut)
			}
		})
	}
}
