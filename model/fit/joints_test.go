package fit_test

import (
	"fmt"
	"strings"
	"testing"

	"ms3dstudio/model"
	"ms3dstudio/model/fit"
)

// rigged returns scene(n) with one joint per group, every vertex of group
// g bound to joint g. Joints form chains of four (every fourth a root), each
// at x = 1 from its parent and turned a little; joints for which animated
// says so get rotation and position keys at times 0.1, 0.5 and 1, the
// others one key that holds the rest pose (as importers write them).
func rigged(n int, animated func(j int) bool) *model.Model {
	m := scene(n, 1, func(int) int { return 0 })
	m.VertexExtraSubVersion = 2
	for j := range n {
		jt := model.Joint{Name: model.Str(fmt.Sprintf("j%d", j)), Position: [3]float32{1, 0.1, 0}, Rotation: [3]float32{0.1, 0.2, 0.3}}
		if j%4 != 0 {
			jt.Parent = m.Joints[j-1].Name
		}
		if animated(j) {
			for k, tm := range []float32{0.1, 0.5, 1} {
				f := float32(k + 1)
				jt.RotationKeys = append(jt.RotationKeys, model.Key{Time: tm, Value: [3]float32{0.3 * f, -0.2 * f, 0.1}})
				jt.PositionKeys = append(jt.PositionKeys, model.Key{Time: tm, Value: [3]float32{0.1 * f, 0, -0.2 * f}})
			}
		} else {
			jt.RotationKeys = []model.Key{{Time: 0.1}}
			jt.PositionKeys = []model.Key{{Time: 0.1, Value: [3]float32{1e-9, 0, 0}}}
		}
		m.Joints = append(m.Joints, jt)
	}
	for v := range m.Vertices {
		g := v / 3
		m.Vertices[v].Bones = [4]uint16{uint16(g), model.NoBone, model.NoBone, model.NoBone}
		if v%3 == 1 && g > 0 {
			// Two influences: 60 % on its joint, 40 % on the one before.
			m.Vertices[v].Bones[1] = uint16(g - 1)
			m.Vertices[v].Weights = [3]uint8{60, 40, 0}
		}
	}
	return m
}

// TestJointsFolded fits 300 joints that all move vertices: the ones that
// never move fold into their parents, every joint left has a bone id a
// byte holds, and every vertex is where it was at every key time.
func TestJointsFolded(t *testing.T) {
	m := rigged(300, func(j int) bool { return j%3 == 0 })
	before := *m.Clone()
	times := []float32{0, 0.1, 0.3, 0.5, 0.75, 1, 1.5}
	var want [][][3]float32
	for _, tm := range times {
		want = append(want, posed(m, tm))
	}
	r := fit.Fit(m, fit.Options{})
	if !r.Fits {
		t.Fatalf("does not fit: %v", r.Findings)
	}
	mustFit(t, m)
	if len(m.Joints) != 255 {
		t.Errorf("%d joints, want 255 (45 folded)", len(m.Joints))
	}
	for v := range m.Vertices {
		for _, b := range m.Vertices[v].Bones {
			if b != model.NoBone && b >= 255 {
				t.Fatalf("vertex %d names bone %d", v, b)
			}
		}
	}
	for k, tm := range times {
		if d := maxDistance(posed(m, tm), want[k]); d > 1e-6*size(m) {
			t.Errorf("at %gs a vertex moved by %g (%.2g of the model's size)", tm, d, d/size(m))
		} else if tm == 1 {
			t.Logf("at %gs the vertices are within %.2g of the model's size", tm, d/size(m))
		}
	}
	all := ""
	for _, c := range m.Comments.Joints {
		all += string(c.Text) + "\n"
	}
	if n := strings.Count(all, "folded joint: j"); n != 45 {
		t.Errorf("%d folded joints named in the comments, want 45", n)
	}
	r.Revert(m)
	sameModel(t, "after Revert", m, &before)
}

// TestJointsRenumbered fits 300 joints of which only the last 200 move
// vertices: renumbering them first is enough, and no joint is folded.
func TestJointsRenumbered(t *testing.T) {
	m := rigged(300, func(int) bool { return true })
	for v := range m.Vertices {
		if v/3 < 100 {
			m.Vertices[v].Bones = [4]uint16{model.NoBone, model.NoBone, model.NoBone, model.NoBone}
			m.Vertices[v].Weights = [3]uint8{}
		}
	}
	want := posed(m, 0.7)
	r := fit.Fit(m, fit.Options{})
	mustFit(t, m)
	if !r.Fits || len(m.Joints) != 300 {
		t.Fatalf("Fits %v, %d joints: %v", r.Fits, len(m.Joints), r.Findings)
	}
	if d := maxDistance(posed(m, 0.7), want); d > 1e-5 {
		t.Errorf("a vertex moved by %g", d)
	}
	h := m.ResolveHierarchy()
	for j, p := range h.Parent {
		if p > j {
			t.Fatalf("joint %d comes before its parent %d", j, p)
		}
	}
	if js := model.WithCode(r.Findings, model.CodeFitJoints); len(js) != 1 || js[0].Severity != model.Info {
		t.Errorf("joint findings %v, want one info", js)
	}
}

// TestJointsTooMany leaves a skeleton whose moving joints alone are more
// than a byte names, and says so.
func TestJointsTooMany(t *testing.T) {
	m := rigged(300, func(int) bool { return true })
	before := *m.Clone()
	r := fit.Fit(m, fit.Options{})
	if r.Fits {
		t.Fatal("fits")
	}
	sameModel(t, "the unfitted joints", &model.Model{Joints: m.Joints, Vertices: m.Vertices}, &model.Model{Joints: before.Joints, Vertices: before.Vertices})
	if tl := model.WithCode(r.Findings, model.CodeFitTooLarge); len(tl) != 1 || !strings.Contains(tl[0].Message, "300 joints move vertices") {
		t.Errorf("too-large findings %v", tl)
	}
	if js := model.WithCode(r.Findings, model.CodeFitJoints); len(js) != 0 {
		t.Errorf("joint findings %v, want none", js)
	}
}
