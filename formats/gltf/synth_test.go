package gltf

import (
	"math"

	"ms3dstudio/model"
)

// grid builds a skinned test model: a (nx × ny)-cell sheet in the XY plane
// (2·nx·ny triangles) in four groups over two materials, bent by a chain of
// joints along X, each with rotation and position keys over 30 frames at
// 24 fps. Vertices between two joints are shared by both.
func grid(nx, ny, joints int) *model.Model {
	m := &model.Model{Version: 4, FPS: 24, TotalFrames: 30, VertexExtraSubVersion: 2}
	jointAt := func(x int) int { return min(x*joints/(nx+1), joints-1) }
	for y := 0; y <= ny; y++ {
		for x := 0; x <= nx; x++ {
			j := jointAt(x)
			v := model.Vertex{Position: [3]float32{float32(x), float32(y), 0}, Bones: [4]uint16{uint16(j), model.NoBone, model.NoBone, model.NoBone}}
			if j+1 < joints && x%2 == 1 {
				v.Bones[1] = uint16(j + 1)
				v.Weights = [3]uint8{60, 40, 0}
			}
			m.Vertices = append(m.Vertices, v)
		}
	}
	for g := range 4 {
		m.Groups = append(m.Groups, model.Group{Name: model.Str("group" + string(rune('A'+g))), Material: int16(g % 2)})
	}
	for y := 0; y < ny; y++ {
		for x := 0; x < nx; x++ {
			a := uint32(y*(nx+1) + x)
			b, c, d := a+1, a+uint32(nx+1), a+uint32(nx+2)
			for _, corners := range [][3]uint32{{a, b, d}, {a, d, c}} {
				tri := model.Triangle{Vertices: corners, SmoothingGroup: 1}
				for k, vi := range corners {
					p := m.Vertices[vi].Position
					tri.Normals[k] = [3]float32{0, 0, 1}
					tri.S[k], tri.T[k] = p[0]/float32(nx), 1-p[1]/float32(ny)
				}
				g := (y * 4) / ny
				tri.Group = uint16(g)
				m.Groups[g].Triangles = append(m.Groups[g].Triangles, uint32(len(m.Triangles)))
				m.Triangles = append(m.Triangles, tri)
			}
		}
	}
	for i := range 2 {
		m.Materials = append(m.Materials, model.Material{
			Name:    model.Str("mat" + string(rune('0'+i))),
			Ambient: [4]float32{0.2, 0.2, 0.2, 1}, Diffuse: [4]float32{0.8, 0.5, 0.3, 1},
			Specular: [4]float32{0.5, 0.5, 0.5, 1}, Shininess: 32, Transparency: 1 - 0.5*float32(i),
		})
	}
	span := float32(nx+1) / float32(joints)
	for j := range joints {
		jt := model.Joint{Name: model.Str("bone" + string(rune('a'+j%26)) + string(rune('0'+j/26%10)))}
		if j > 0 {
			jt.Parent = m.Joints[j-1].Name
			jt.Position = [3]float32{span, 0, 0}
		}
		jt.Rotation = [3]float32{0, 0, 0.05 * float32(j)}
		for f := 1; f <= 30; f += 3 + j%3 {
			a := 0.6 * float32(math.Sin(float64(f+j)/5))
			jt.RotationKeys = append(jt.RotationKeys, model.Key{Time: float32(f) / 24, Value: [3]float32{a / 3, a / 2, a}})
		}
		for f := 1; f <= 30; f += 5 {
			jt.PositionKeys = append(jt.PositionKeys, model.Key{Time: float32(f) / 24, Value: [3]float32{0, 0.1 * float32(f%7), 0.05 * float32(j)}})
		}
		m.Joints = append(m.Joints, jt)
	}
	return m
}
