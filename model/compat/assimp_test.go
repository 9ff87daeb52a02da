package compat_test

import (
	"strings"
	"testing"

	"ms3dstudio/model"
	"ms3dstudio/model/compat"
)

func TestAssimpRules(t *testing.T) {
	runRules(t, []ruleCase{
		{name: "version 3", profile: compat.Assimp,
			model: func() *model.Model { m := tri(1); m.Version = 3; return m },
			want:  map[model.Code]int{model.CodeAssimpVersion: 1},
			check: func(t *testing.T, m *model.Model) {
				if m.Version != 4 {
					t.Errorf("version %d", m.Version)
				}
			}},
		{name: "no joint section", profile: compat.Assimp,
			model: func() *model.Model { m := tri(1); m.NoJointSection = true; return m },
			want:  map[model.Code]int{model.CodeAssimpJointCount: 1},
			check: func(t *testing.T, m *model.Model) {
				if m.NoJointSection {
					t.Error("NoJointSection still set")
				}
			}},
		{name: "no joint section, but comments force the count", profile: compat.Assimp,
			model: func() *model.Model { m := tri(1); m.NoJointSection = true; m.Comments.SubVersion = 1; return m },
			want:  map[model.Code]int{}},
		{name: "empty comments block", profile: compat.Assimp,
			model: func() *model.Model { m := tri(1); m.Comments.SubVersion = 1; m.VertexExtraSubVersion = 3; return m },
			want:  map[model.Code]int{}},
		{name: "model comment alone", profile: compat.Assimp,
			model: func() *model.Model {
				m := tri(1)
				m.Comments = model.Comments{SubVersion: 1, HasModel: true, Model: "made by hand"}
				return m
			},
			want: map[model.Code]int{}},
		{name: "group comment", profile: compat.Assimp,
			model: func() *model.Model {
				m := tri(1)
				m.Comments = model.Comments{SubVersion: 1, Groups: []model.Comment{{Index: 0, Text: "MC"}}, HasModel: true, Model: "kept"}
				m.VertexExtraSubVersion = 3
				return m
			},
			want: map[model.Code]int{model.CodeAssimpComments: 1},
			check: func(t *testing.T, m *model.Model) {
				c := m.Comments
				if len(c.Groups) != 0 || !c.HasModel || c.Model != "kept" || c.SubVersion != 1 {
					t.Errorf("comments %+v", c)
				}
			}},
		{name: "empty comment on a group", profile: compat.Assimp,
			// Index 0 and length 0 read out of step are still 0 and 0:
			// assimp reads through.
			model: func() *model.Model {
				m := tri(1)
				m.Comments = model.Comments{SubVersion: 1, Groups: []model.Comment{{Index: 0}}}
				return m
			},
			want: map[model.Code]int{}},
		{name: "empty groups", profile: compat.Assimp,
			model: func() *model.Model {
				m := tri(2)
				m.Groups = []model.Group{{Name: "empty"}, {Name: "a", Triangles: []uint32{0}}, {Name: "empty too"}, {Name: "b", Triangles: []uint32{1}}}
				m.Triangles[0].Group, m.Triangles[1].Group = 1, 3
				m.Comments = model.Comments{SubVersion: 1, Groups: []model.Comment{{Index: 0}, {Index: 3}}}
				return m
			},
			want: map[model.Code]int{model.CodeAssimpEmptyGroup: 2},
			check: func(t *testing.T, m *model.Model) {
				if len(m.Groups) != 2 || m.Groups[0].Name != "a" || m.Groups[1].Name != "b" {
					t.Fatalf("groups %+v", m.Groups)
				}
				if m.Triangles[0].Group != 0 || m.Triangles[1].Group != 1 {
					t.Errorf("triangle groups %d, %d", m.Triangles[0].Group, m.Triangles[1].Group)
				}
				if c := m.Comments.Groups; len(c) != 1 || c[0].Index != 1 {
					t.Errorf("group comments %+v", c)
				}
			}},
		{name: "only empty groups", profile: compat.Assimp,
			model: func() *model.Model { m := tri(0); m.Groups = append(m.Groups, model.Group{Name: "h"}); return m },
			want:  map[model.Code]int{model.CodeAssimpNoGroups: 1}, noFix: true},
		{name: "no groups", profile: compat.Assimp,
			model: func() *model.Model { m := tri(0); m.Groups = nil; return m },
			want:  map[model.Code]int{model.CodeAssimpNoGroups: 1}, noFix: true},
		{name: "keyless skeleton", profile: compat.Assimp,
			model: func() *model.Model { m := skinned(tri(1)); m.TotalFrames = 0; return m },
			want:  map[model.Code]int{model.CodeAssimpNoKeys: 1},
			check: func(t *testing.T, m *model.Model) {
				k := m.Joints[0].RotationKeys
				if len(k) != 1 || k[0].Value != [3]float32{} || k[0].Time != 1/float32(24) || m.TotalFrames != 1 {
					t.Errorf("keys %+v, total frames %d", k, m.TotalFrames)
				}
				if len(m.Joints[1].RotationKeys)+len(m.Joints[1].PositionKeys) != 0 {
					t.Error("child got keys")
				}
			}},
		{name: "one joint with a key", profile: compat.Assimp,
			model: func() *model.Model {
				m := skinned(tri(1))
				m.Joints[1].RotationKeys = []model.Key{{Time: 1}}
				return m
			},
			want: map[model.Code]int{}},
		{name: "bone 128", profile: compat.Assimp,
			model: func() *model.Model {
				m := tri(1)
				for i := range 130 {
					m.Joints = append(m.Joints, model.Joint{Name: model.Str("j" + string(rune('A'+i%26)) + string(rune('a'+i/26))), RotationKeys: []model.Key{{Time: 1}}})
				}
				m.Vertices[2].Bones[0] = 128
				return m
			},
			want: map[model.Code]int{model.CodeAssimpBoneID: 1}, noFix: true},
		{name: "several bones", profile: compat.Assimp,
			model: func() *model.Model {
				m := skinned(tri(1))
				m.Joints[1].RotationKeys = []model.Key{{Time: 1}}
				m.VertexExtraSubVersion = 2
				m.Vertices[0].Bones[1] = 0
				m.Vertices[0].Weights = [3]uint8{60, 40, 0}
				return m
			},
			want: map[model.Code]int{model.CodeAssimpWeights: 1}, noFix: true},
		{name: "position keys off the rest rotation", profile: compat.Assimp,
			model: func() *model.Model {
				m := skinned(tri(1))
				m.Joints[1].Rotation = [3]float32{0, 0, 1.5707964}
				m.Joints[1].PositionKeys = []model.Key{{Time: 1, Value: [3]float32{1, 0, 0}}}
				return m
			},
			want: map[model.Code]int{model.CodeAssimpPositionKeys: 1}, noFix: true},
		{name: "position keys along the rest rotation's axis", profile: compat.Assimp,
			model: func() *model.Model {
				m := skinned(tri(1))
				m.Joints[1].Rotation = [3]float32{0, 0, 1.5707964}
				m.Joints[1].PositionKeys = []model.Key{{Time: 1, Value: [3]float32{0, 0, 1}}}
				return m
			},
			want: map[model.Code]int{}},
	})
}

// TestAssimpCommentsMessage checks that the refusal names the misread
// length, as assimp's own error does.
func TestAssimpCommentsMessage(t *testing.T) {
	m := tri(1)
	m.Comments = model.Comments{SubVersion: 1, Groups: []model.Comment{{Index: 0, Text: "MC"}}}
	fs := compat.Check(m, compat.Assimp)
	if len(fs) != 1 || !strings.Contains(fs[0].Message, "131072 as the length of a comment") || fs[0].Severity != model.Error {
		t.Fatalf("Check = %v", fs)
	}
	ch := compat.Fix(m, compat.Assimp)
	if len(ch) != 1 || !strings.Contains(ch[0].Message, `"MC"`) {
		t.Errorf("Fix = %v", ch)
	}
}
