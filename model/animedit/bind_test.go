package animedit_test

import (
	"testing"

	"ms3dstudio/model"
	"ms3dstudio/model/animedit"
)

func TestAssignVertices(t *testing.T) {
	m := keyed(t)
	doUndo(t, m, func(m *model.Model) (*animedit.Edit, error) { return animedit.AssignVertices(m, []int{0, 3}, 2) })
	if m.Vertices[0].Bones != [4]uint16{2, model.NoBone, model.NoBone, model.NoBone} || m.VertexExtraSubVersion != 0 {
		t.Errorf("vertex 0 %+v, sub-version %d", m.Vertices[0], m.VertexExtraSubVersion)
	}
	// At frame 8 the arm is at 30° and the hand turns 90° more about its
	// origin (2 + 2·cos 30°, 2·sin 30°): vertex 0, at the hand's rest origin,
	// stays on it; vertex 3 at (3,1,0) is (−1,1) from the hand's rest origin,
	// turned 120°.
	pos, _ := skinned(t, m, 8)
	o := [3]float32{2 + 2*c30, 2 * s30, 0}
	near(t, "vertex 0", pos[0], o, 1e-5)
	c, s := float32(-0.5), c30 // cos, sin 120°
	near(t, "vertex 3", pos[3], [3]float32{o[0] - c - s, o[1] - s + c, 0}, 1e-5)

	// With a vertex-extra block the weight is explicit.
	m.VertexExtraSubVersion = 2
	doUndo(t, m, func(m *model.Model) (*animedit.Edit, error) { return animedit.AssignVertices(m, []int{1}, 1) })
	if v := m.Vertices[1]; v.Bones != [4]uint16{1, model.NoBone, model.NoBone, model.NoBone} || v.Weights != [3]uint8{100, 0, 0} {
		t.Errorf("vertex 1 %+v", v)
	}
	refused(t, m, "no vertex 9", func(m *model.Model) (*animedit.Edit, error) { return animedit.AssignVertices(m, []int{9}, 1) })
	refused(t, m, "twice", func(m *model.Model) (*animedit.Edit, error) { return animedit.AssignVertices(m, []int{1, 1}, 1) })
	refused(t, m, "no joint 4", func(m *model.Model) (*animedit.Edit, error) { return animedit.AssignVertices(m, []int{1}, 4) })
	refused(t, m, "no vertices", func(m *model.Model) (*animedit.Edit, error) { return animedit.AssignVertices(m, nil, 1) })
}

func TestSetWeights(t *testing.T) {
	m := keyed(t)
	m.Vertices[2].Weights = [3]uint8{7, 0, 0} // stale weights, ignored without the block
	e := doUndo(t, m, func(m *model.Model) (*animedit.Edit, error) {
		return animedit.SetWeights(m, []int{0}, []animedit.Weight{{Joint: 0, Weight: 1}, {Joint: 1, Weight: 1}})
	})
	if m.VertexExtraSubVersion != 3 {
		t.Errorf("sub-version %d, want 3 (%q)", m.VertexExtraSubVersion, e.Details)
	}
	if v := m.Vertices[0]; v.Bones != [4]uint16{0, 1, model.NoBone, model.NoBone} || v.Weights != [3]uint8{50, 50, 0} {
		t.Errorf("vertex 0 %+v", v)
	}
	if m.Vertices[2].Weights != [3]uint8{} {
		t.Errorf("vertex 2 keeps stale weights %v in the new block", m.Vertices[2].Weights)
	}
	// Half on the root (at rest), half on the arm at 30°.
	pos, _ := skinned(t, m, 8)
	near(t, "vertex 0", pos[0], [3]float32{(4 + 2 + 2*c30) / 2, s30, 0}, 1e-5)
	// The other vertices move as before.
	near(t, "vertex 2", pos[2], [3]float32{2 + 2*c30 - s30, 2*s30 + c30, 0}, 1e-5)

	// Four joints, rounded to whole percent adding up to 100.
	doUndo(t, m, func(m *model.Model) (*animedit.Edit, error) {
		return animedit.SetWeights(m, []int{1, 2}, []animedit.Weight{{Joint: 2, Weight: 1}, {Joint: 0, Weight: 1}, {Joint: 1, Weight: 1}})
	})
	if v := m.Vertices[1]; v.Bones != [4]uint16{2, 0, 1, model.NoBone} || v.Weights != [3]uint8{34, 33, 33} {
		t.Errorf("vertex 1 %+v", v)
	}
	m.Joints = append(m.Joints, model.Joint{Name: "tip", Parent: "hand"})
	doUndo(t, m, func(m *model.Model) (*animedit.Edit, error) {
		return animedit.SetWeights(m, []int{3}, []animedit.Weight{{Joint: 3, Weight: 0.1}, {Joint: 0, Weight: 0.4}, {Joint: 1, Weight: 0.3}, {Joint: 2, Weight: 0.2}})
	})
	var inf [4]model.Influence
	n := m.Influences(3, &inf)
	want := []model.Influence{{Joint: 0, Weight: 0.4}, {Joint: 1, Weight: 0.3}, {Joint: 2, Weight: 0.2}, {Joint: 3, Weight: 0.1}}
	if n != 4 {
		t.Fatalf("influences %v", inf[:n])
	}
	for i := range want {
		if inf[i].Joint != want[i].Joint || inf[i].Weight-want[i].Weight > 1e-6 || want[i].Weight-inf[i].Weight > 1e-6 {
			t.Errorf("influences %v, want %v", inf[:n], want)
		}
	}
	// Sub-version 1 stores weights out of 255.
	m.VertexExtraSubVersion = 1
	doUndo(t, m, func(m *model.Model) (*animedit.Edit, error) {
		return animedit.SetWeights(m, []int{0}, []animedit.Weight{{Joint: 0, Weight: 1}, {Joint: 1, Weight: 1}})
	})
	if v := m.Vertices[0]; v.Weights != [3]uint8{128, 127, 0} {
		t.Errorf("sub-version 1 weights %v", v.Weights)
	}
	for _, c := range []struct {
		name string
		ws   []animedit.Weight
		want string
	}{
		{"none", nil, "1 to 4"},
		{"five", []animedit.Weight{{0, 1}, {1, 1}, {2, 1}, {3, 1}, {0, 1}}, "1 to 4"},
		{"twice", []animedit.Weight{{0, 1}, {0, 1}}, "twice"},
		{"negative", []animedit.Weight{{0, -1}}, "≥ 0"},
		{"zero", []animedit.Weight{{0, 0}, {1, 0}}, "add up to 0"},
		{"joint", []animedit.Weight{{7, 1}}, "no joint 7"},
	} {
		refused(t, m, c.want, func(m *model.Model) (*animedit.Edit, error) { return animedit.SetWeights(m, []int{0}, c.ws) })
	}
}
