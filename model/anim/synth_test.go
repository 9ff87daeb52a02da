package anim

import (
	"math/rand/v2"

	"ms3dstudio/internal/stress"
	"ms3dstudio/model"
)

// synthModel builds a deterministic animated model: a tree of nj joints
// (each joint's parent is an earlier one), every joint with nk rotation and
// position keys over 2 seconds, and a grid mesh of about nv vertices, each
// with nInf influences (vertex-extra sub-version 3).
func synthModel(nv, nj, nk, nInf int, seed uint64) *model.Model {
	r := rand.New(rand.NewPCG(seed, 1))
	m := &model.Model{Version: 4, FPS: 24, TotalFrames: 48, VertexExtraSubVersion: 3}
	f := func(s float32) float32 { return (r.Float32()*2 - 1) * s }
	m.Joints = stress.Skeleton(r, nj, nk)
	side := 1
	for side*side < nv {
		side++
	}
	for i := 0; i < nv; i++ {
		v := model.Vertex{Position: [3]float32{float32(i%side) * 0.1, float32(i/side) * 0.1, f(0.2)},
			Bones: [4]uint16{uint16(r.IntN(nj)), model.NoBone, model.NoBone, model.NoBone}}
		switch nInf {
		case 2:
			v.Bones[1] = uint16(r.IntN(nj))
			v.Weights = [3]uint8{60, 40, 0}
		case 3:
			v.Bones[1], v.Bones[2] = uint16(r.IntN(nj)), uint16(r.IntN(nj))
			v.Weights = [3]uint8{50, 30, 20}
		case 4:
			v.Bones[1], v.Bones[2], v.Bones[3] = uint16(r.IntN(nj)), uint16(r.IntN(nj)), uint16(r.IntN(nj))
			v.Weights = [3]uint8{40, 30, 20}
		}
		m.Vertices = append(m.Vertices, v)
	}
	for y := 0; y+1 < side; y++ {
		for x := 0; x+1 < side; x++ {
			a := y*side + x
			b, c, d := a+1, a+side, a+side+1
			if d >= nv {
				continue
			}
			for _, tri := range [][3]int{{a, b, d}, {a, d, c}} {
				t := model.Triangle{Vertices: [3]uint32{uint32(tri[0]), uint32(tri[1]), uint32(tri[2])}}
				for k := range t.Normals {
					t.Normals[k] = [3]float32{f(0.3), f(0.3), 1}
				}
				m.Triangles = append(m.Triangles, t)
			}
		}
	}
	return m
}
