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
			want: map[model.Code]int{model.CodeBlenderTransparency: 2}, noFix: true},
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
			want: map[model.Code]int{model.CodeIrrlichtNoMaterial: 1}, noFix: true},
		{name: "position keys", profile: compat.Irrlicht,
			model: func() *model.Model {
				m := skinned(tri(1))
				m.Joints[0].Rotation = [3]float32{0, 0.5, 0}
				m.Joints[1].Rotation = [3]float32{1, 0, 0}
				m.Joints[1].PositionKeys = []model.Key{{Time: 1, Value: [3]float32{0, 2, 0}}}
				m.Joints[1].RotationKeys = []model.Key{{Time: 0.5, Value: [3]float32{0, 0, 1}}, {Time: 1.5, Value: [3]float32{0.2, 0, 2.5}}}
				return m
			},
			want:  map[model.Code]int{model.CodeIrrlichtPositionKeys: 1},
			check: restRotationsZero},
		{name: "rest rotation read as degrees", profile: compat.Irrlicht,
			model: func() *model.Model {
				m := skinned(tri(1))
				m.Joints[1].Rotation = [3]float32{0.01, 0, 0}
				m.Joints[1].PositionKeys = []model.Key{{Time: 1, Value: [3]float32{0, 0.001, 0}}}
				return m
			},
			want:  map[model.Code]int{model.CodeIrrlichtRestDegrees: 1},
			check: restRotationsZero},
		{name: "bone ids from 128", profile: compat.Irrlicht,
			model: func() *model.Model {
				m := numbered(tri(1), 130)
				m.Joints[129].Parent = "j5"
				m.Vertices[2].Bones[0] = 129
				m.Comments.SubVersion = 1
				m.Comments.Joints = []model.Comment{{Index: 129, Text: "tip"}, {Index: 0, Text: "first"}}
				return m
			},
			want: map[model.Code]int{model.CodeIrrlichtBoneID: 1},
			check: func(t *testing.T, m *model.Model) {
				if b := m.Vertices[2].Bones[0]; b >= 128 || m.Joints[b].Name != "j129" || m.Joints[b].Parent != "j5" {
					t.Errorf("vertex 2 on joint %d", b)
				}
				if m.Joints[0].Name != "j5" || m.Joints[1].Name != "j129" || m.Joints[2].Name != "j0" {
					t.Errorf("joints start %q %q %q, want j5 j129 j0", m.Joints[0].Name, m.Joints[1].Name, m.Joints[2].Name)
				}
				if c := m.Comments.Joints; c[0].Index != 1 || c[1].Index != 2 {
					t.Errorf("joint comments %+v", c)
				}
			}},
		{name: "more than 128 joints bound", profile: compat.Irrlicht,
			model: func() *model.Model {
				m := numbered(tri(1), 200)
				for i := range 129 {
					m.Vertices = append(m.Vertices, model.Vertex{Bones: [4]uint16{uint16(i), model.NoBone, model.NoBone, model.NoBone}})
				}
				m.Vertices[2].Bones[0] = 199
				return m
			},
			want: map[model.Code]int{model.CodeIrrlichtBoneID: 1}, noFix: true},
		{name: "rotation keys 34 degrees apart", profile: compat.Irrlicht,
			model: func() *model.Model {
				m := skinned(tri(1))
				m.Joints[1].RotationKeys = []model.Key{{Time: 0}, {Time: 1, Value: [3]float32{0, 0, 0.6}}, {Time: 2, Value: [3]float32{0, 0, 1.8}}}
				return m
			},
			want: map[model.Code]int{model.CodeIrrlichtRotationLerp: 1},
			check: func(t *testing.T, m *model.Model) {
				keys := m.Joints[1].RotationKeys
				if len(keys) < 4 || keys[0].Time != 0 || keys[len(keys)-2].Time != 1 || keys[len(keys)-1].Time != 2 {
					t.Errorf("keys %v: want keys added between 0 s and 1 s only", keys)
				}
			}},
		{name: "rotation keys 57 degrees apart", profile: compat.Irrlicht,
			// Irrlicht slerps keys more than about 36° apart.
			model: func() *model.Model {
				m := skinned(tri(1))
				m.Joints[1].RotationKeys = []model.Key{{Time: 0}, {Time: 1, Value: [3]float32{0, 0, 1}}}
				return m
			},
			want: map[model.Code]int{}},
	})
}

// restRotationsZero checks a re-based skeleton.
func restRotationsZero(t *testing.T, m *model.Model) {
	for i, j := range m.Joints {
		if j.Rotation != [3]float32{} {
			t.Errorf("joint %d: rest rotation %v", i, j.Rotation)
		}
	}
}

func TestMilkShapeRules(t *testing.T) {
	runRules(t, []ruleCase{
		{name: "too many joints", profile: compat.MilkShape,
			model: func() *model.Model { m := tri(1); m.Joints = make([]model.Joint, 129); return m },
			want:  map[model.Code]int{model.CodeMilkShapeLimit: 1}, noFix: true},
		{name: "too many materials and groups", profile: compat.MilkShape,
			model: func() *model.Model {
				m := tri(1)
				m.Materials = make([]model.Material, 129)
				m.Groups = append(m.Groups, make([]model.Group, 255)...)
				return m
			},
			want: map[model.Code]int{model.CodeMilkShapeLimit: 2}, noFix: true},
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
