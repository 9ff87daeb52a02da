package compat_test

import (
	"slices"
	"testing"

	"ms3dstudio/model"
	"ms3dstudio/model/compat"
)

// half makes the materials half opaque, which Blender reads the same
// inverted, so that the Blender cases show only their own rule.
func half(m *model.Model) *model.Model {
	for i := range m.Materials {
		m.Materials[i].Transparency = 0.5
	}
	return m
}

func TestBlenderRules(t *testing.T) {
	runRules(t, []ruleCase{
		{name: "sub-version 3", profile: compat.Blender,
			model: func() *model.Model {
				m := half(skinned(tri(1)))
				m.VertexExtraSubVersion = 3
				m.Vertices[1].Extra = [2]uint32{7, 9}
				return m
			},
			want: map[model.Code]int{model.CodeBlenderVertexExtra: 1},
			check: func(t *testing.T, m *model.Model) {
				if m.VertexExtraSubVersion != 2 || m.Vertices[1].Extra != [2]uint32{7, 0} {
					t.Errorf("sub-version %d, extra %v", m.VertexExtraSubVersion, m.Vertices[1].Extra)
				}
			}},
		{name: "implied sub-version 3", profile: compat.Blender,
			model: func() *model.Model { m := half(tri(1)); m.JointExtraSubVersion = 1; return m },
			want:  map[model.Code]int{model.CodeBlenderVertexExtra: 1},
			check: func(t *testing.T, m *model.Model) {
				if m.VertexExtraSubVersion != 2 || m.Vertices[0].Bones != [4]uint16{model.NoBone, model.NoBone, model.NoBone, model.NoBone} {
					t.Errorf("sub-version %d, bones %v", m.VertexExtraSubVersion, m.Vertices[0].Bones)
				}
			}},
		{name: "sub-version 3 without joints", profile: compat.Blender,
			model: func() *model.Model { m := half(tri(2)); m.VertexExtraSubVersion = 3; return m },
			want:  map[model.Code]int{model.CodeBlenderVertexExtra: 1},
			check: func(t *testing.T, m *model.Model) {
				m.VertexExtraSubVersion = 3
				if fs := compat.Check(m, compat.Blender); len(fs) != 1 || fs[0].Severity != model.Warning {
					t.Errorf("Check = %v, want one warning", fs)
				}
			}},
		{name: "sub-version 2", profile: compat.Blender,
			model: func() *model.Model { m := half(tri(1)); m.VertexExtraSubVersion = 2; return m },
			want:  map[model.Code]int{}},
		{name: "opacity", profile: compat.Blender,
			model: func() *model.Model {
				m := tri(1)
				m.Materials = append(m.Materials, model.Material{Name: "glass", Transparency: 0.2}, model.Material{Name: "half", Transparency: 0.5})
				return m
			},
			want:  map[model.Code]int{model.CodeBlenderTransparency: 2},
			after: map[model.Code]int{model.CodeBlenderTransparency: 2}},
	})
}

func TestIrrlichtRules(t *testing.T) {
	runRules(t, []ruleCase{
		{name: "sub-version 3 with joints", profile: compat.Irrlicht,
			model: func() *model.Model { m := skinned(tri(1)); m.VertexExtraSubVersion = 3; return m },
			want:  map[model.Code]int{model.CodeIrrlichtVertexExtra: 1}},
		{name: "sub-version 3 without joints", profile: compat.Irrlicht,
			// Irrlicht reads no optional block of a model without joints.
			model: func() *model.Model { m := tri(1); m.VertexExtraSubVersion = 3; return m },
			want:  map[model.Code]int{}},
		{name: "triangles out of group order", profile: compat.Irrlicht,
			model: func() *model.Model {
				m := tri(4)
				m.Groups = []model.Group{{Name: "a", Triangles: []uint32{3, 1}}, {Name: "b", Triangles: []uint32{0}}}
				m.Triangles[3].Group, m.Triangles[1].Group, m.Triangles[0].Group = 0, 0, 1
				m.Triangles[2].Group = 7 // in no group
				for i := range m.Triangles {
					m.Triangles[i].S[0] = float32(i) // tells them apart
				}
				return m
			},
			want: map[model.Code]int{model.CodeIrrlichtTriangleOrder: 1},
			check: func(t *testing.T, m *model.Model) {
				var s []float32
				for _, tr := range m.Triangles {
					s = append(s, tr.S[0])
				}
				if want := []float32{3, 1, 0, 2}; !slices.Equal(s, want) {
					t.Errorf("triangle order %v, want %v", s, want)
				}
				if g := m.Groups; !slices.Equal(g[0].Triangles, []uint32{0, 1}) || !slices.Equal(g[1].Triangles, []uint32{2}) {
					t.Errorf("groups %+v", g)
				}
				if m.Triangles[2].Group != 1 || m.Triangles[3].Group != 7 {
					t.Errorf("group indices %d, %d", m.Triangles[2].Group, m.Triangles[3].Group)
				}
			}},
		{name: "group index not the group", profile: compat.Irrlicht,
			model: func() *model.Model { m := tri(2); m.Triangles[1].Group = 3; return m },
			want:  map[model.Code]int{model.CodeIrrlichtTriangleOrder: 1}},
		{name: "triangle listed twice", profile: compat.Irrlicht,
			// model/validate reports it, and model/fix repairs it first.
			model: func() *model.Model { m := tri(2); m.Groups[0].Triangles = []uint32{1, 1}; return m },
			want:  map[model.Code]int{}},
		{name: "group without material", profile: compat.Irrlicht,
			model: func() *model.Model {
				m := tri(2)
				m.Groups = []model.Group{{Name: "a", Triangles: []uint32{0}}, {Name: "b", Triangles: []uint32{1}, Material: -1}}
				m.Triangles[1].Group = 1
				return m
			},
			want:  map[model.Code]int{model.CodeIrrlichtNoMaterial: 1},
			after: map[model.Code]int{model.CodeIrrlichtNoMaterial: 1}},
		{name: "position keys", profile: compat.Irrlicht,
			model: func() *model.Model {
				m := skinned(tri(1))
				m.Joints[1].Rotation = [3]float32{1, 0, 0}
				m.Joints[1].PositionKeys = []model.Key{{Time: 1, Value: [3]float32{0, 2, 0}}}
				return m
			},
			want:  map[model.Code]int{model.CodeIrrlichtPositionKeys: 1},
			after: map[model.Code]int{model.CodeIrrlichtPositionKeys: 1}},
	})
}

func TestMilkShapeRules(t *testing.T) {
	runRules(t, []ruleCase{
		{name: "too many joints", profile: compat.MilkShape,
			model: func() *model.Model { m := tri(1); m.Joints = make([]model.Joint, 129); return m },
			want:  map[model.Code]int{model.CodeMilkShapeLimit: 1},
			after: map[model.Code]int{model.CodeMilkShapeLimit: 1}},
		{name: "too many materials and groups", profile: compat.MilkShape,
			model: func() *model.Model {
				m := tri(1)
				m.Materials = make([]model.Material, 129)
				m.Groups = append(m.Groups, make([]model.Group, 255)...)
				return m
			},
			want:  map[model.Code]int{model.CodeMilkShapeLimit: 2},
			after: map[model.Code]int{model.CodeMilkShapeLimit: 2}},
		{name: "at the limits", profile: compat.MilkShape,
			model: func() *model.Model {
				m := tri(1)
				m.Materials = make([]model.Material, 128)
				m.Joints = make([]model.Joint, 128)
				return m
			},
			want: map[model.Code]int{}},
	})
}
