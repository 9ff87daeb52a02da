package compat_test

import (
	"ms3dstudio/model"
)

// tri returns a model with n triangles over three vertices, all in one
// group "g", a material and no optional blocks.
func tri(n int) *model.Model {
	m := &model.Model{
		Version: 4,
		FPS:     24, TotalFrames: 30,
		Vertices: []model.Vertex{
			{Position: [3]float32{0, 0, 0}, Bones: [4]uint16{model.NoBone, model.NoBone, model.NoBone, model.NoBone}},
			{Position: [3]float32{1, 0, 0}, Bones: [4]uint16{model.NoBone, model.NoBone, model.NoBone, model.NoBone}},
			{Position: [3]float32{0, 1, 0}, Bones: [4]uint16{model.NoBone, model.NoBone, model.NoBone, model.NoBone}},
		},
		Groups:    []model.Group{{Name: "g", Material: 0}},
		Materials: []model.Material{{Name: "mat", Transparency: 1}},
	}
	for i := range n {
		m.Triangles = append(m.Triangles, model.Triangle{Vertices: [3]uint32{0, 1, 2}, Normals: [3][3]float32{{0, 0, 1}, {0, 0, 1}, {0, 0, 1}}})
		m.Groups[0].Triangles = append(m.Groups[0].Triangles, uint32(i))
	}
	return m
}

// skinned adds two joints, a root and its child, with the vertices on the
// child.
func skinned(m *model.Model) *model.Model {
	m.Joints = []model.Joint{{Name: "root"}, {Name: "arm", Parent: "root", Position: [3]float32{1, 0, 0}}}
	for i := range m.Vertices {
		m.Vertices[i].Bones[0] = 1
	}
	return m
}

func codes(fs []model.Finding) map[model.Code]int {
	out := map[model.Code]int{}
	for _, f := range fs {
		out[f.Code]++
	}
	return out
}
