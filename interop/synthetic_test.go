package interop_test

import (
	"testing"

	"ms3dstudio/model"
	"ms3dstudio/model/compat"
)

// square returns a model of two triangles in one group, with a material.
func square() *model.Model {
	none := [4]uint16{model.NoBone, model.NoBone, model.NoBone, model.NoBone}
	n := [3][3]float32{{0, 0, 1}, {0, 0, 1}, {0, 0, 1}}
	return &model.Model{
		Version: 4, FPS: 24, TotalFrames: 30,
		Vertices: []model.Vertex{
			{Position: [3]float32{0, 0, 0}, Bones: none}, {Position: [3]float32{1, 0, 0}, Bones: none},
			{Position: [3]float32{1, 1, 0}, Bones: none}, {Position: [3]float32{0, 1, 0}, Bones: none},
		},
		Triangles: []model.Triangle{{Vertices: [3]uint32{0, 1, 2}, Normals: n}, {Vertices: [3]uint32{0, 2, 3}, Normals: n}},
		Groups:    []model.Group{{Name: "square", Triangles: []uint32{0, 1}}},
		Materials: []model.Material{{Name: "m", Diffuse: [4]float32{1, 1, 1, 1}, Transparency: 1}},
	}
}

func withJoints(m *model.Model, keyed bool) *model.Model {
	m.Joints = []model.Joint{{Name: "root"}, {Name: "tip", Parent: "root", Position: [3]float32{0, 1, 0}}}
	if keyed {
		m.Joints[1].RotationKeys = []model.Key{{Time: 1 / float32(24)}, {Time: 1, Value: [3]float32{0, 0, 1}}}
	}
	for i := range m.Vertices {
		m.Vertices[i].Bones[0] = uint16(i % 2)
	}
	return m
}

// TestAssimpAgreesWithCheck runs the real assimp on small models, one per
// quirk, and checks that compat.Check predicts its verdict: an error
// finding exactly when assimp refuses the file. After compat.Fix, every
// model whose quirks all have a fix loads.
func TestAssimpAgreesWithCheck(t *testing.T) {
	bin, _ := assimpBinary(t)
	tests := []struct {
		name  string
		model func() *model.Model
	}{
		{"plain", square},
		{"version 3", func() *model.Model { m := square(); m.Version = 3; return m }},
		{"no joint section", func() *model.Model { m := square(); m.NoJointSection = true; return m }},
		{"group comment", func() *model.Model {
			m := square()
			m.Comments = model.Comments{SubVersion: 1, Groups: []model.Comment{{Index: 0, Text: "MC"}}}
			return m
		}},
		{"material comment before vertex extras", func() *model.Model {
			m := withJoints(square(), true)
			m.Comments = model.Comments{SubVersion: 1, Materials: []model.Comment{{Index: 0, Text: "shiny\r\nreally"}}, HasModel: true, Model: "x"}
			m.VertexExtraSubVersion, m.JointExtraSubVersion, m.Extra.SubVersion = 3, 1, 1
			return m
		}},
		{"empty group comment", func() *model.Model {
			m := square()
			m.Comments = model.Comments{SubVersion: 1, Groups: []model.Comment{{Index: 0}}}
			return m
		}},
		{"model comment", func() *model.Model {
			m := square()
			m.Comments = model.Comments{SubVersion: 1, HasModel: true, Model: "a model comment"}
			m.VertexExtraSubVersion = 3
			return m
		}},
		{"empty group", func() *model.Model {
			m := square()
			m.Groups = append([]model.Group{{Name: "empty"}}, m.Groups...)
			m.Triangles[0].Group, m.Triangles[1].Group = 1, 1
			return m
		}},
		{"keyless joints", func() *model.Model { return withJoints(square(), false) }},
		{"keyed joints", func() *model.Model { return withJoints(square(), true) }},
		{"bone 128", func() *model.Model {
			m := square()
			for i := range 129 {
				m.Joints = append(m.Joints, model.Joint{Name: model.Str([]byte{'j', byte('0' + i/100), byte('0' + i/10%10), byte('0' + i%10)}), RotationKeys: []model.Key{{Time: 1}}})
			}
			m.Vertices[0].Bones[0] = 128
			return m
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := tt.model()
			predicted := model.HasErrors(compat.Check(m, compat.Assimp))
			got := runAssimp(t, bin, writeTemp(t, "in.ms3d", m))
			if predicted == got.ok {
				t.Errorf("Check predicts refusal %v, assimp loads %v (%s): %v", predicted, got.ok, got.reason, compat.Check(m, compat.Assimp))
			}
			compat.Fix(m, compat.Assimp)
			left := compat.Check(m, compat.Assimp)
			after := runAssimp(t, bin, writeTemp(t, "fixed.ms3d", m))
			if model.HasErrors(left) == after.ok {
				t.Errorf("after Fix: Check predicts refusal %v, assimp loads %v (%s): %v", model.HasErrors(left), after.ok, after.reason, left)
			}
			if after.ok {
				checkStats(t, m, after)
			}
		})
	}
}
