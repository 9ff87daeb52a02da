package compat_test

import (
	"fmt"
	"math"
	"slices"

	"github.com/go-gl/mathgl/mgl32"

	"ms3dstudio/model"
	"ms3dstudio/model/anim/animtest"
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

// numbered gives m n joints without parents, keys or vertices, named "j0",
// "j1"…
func numbered(m *model.Model, n int) *model.Model {
	m.Joints = make([]model.Joint, n)
	for i := range m.Joints {
		m.Joints[i].Name = model.Str(fmt.Sprintf("j%d", i))
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

// poseDiff returns the largest distance, as a fraction of the model's size,
// between the skinned vertices of a and b at every key time of either and
// half way between consecutive ones, and the time it is at. The models
// must have the same vertices.
func poseDiff(a, b *model.Model) (worst float64, at float32) {
	var times []float32
	for _, m := range []*model.Model{a, b} {
		for _, j := range m.Joints {
			for _, k := range append(append([]model.Key(nil), j.RotationKeys...), j.PositionKeys...) {
				times = append(times, k.Time)
			}
		}
	}
	slices.Sort(times)
	times = slices.Compact(times)
	for i := len(times) - 1; i > 0; i-- {
		times = append(times, (times[i]+times[i-1])/2)
	}
	if len(times) == 0 {
		times = []float32{0}
	}
	pa, pb := animtest.NewPoser(a), animtest.NewPoser(b)
	size := animtest.Size(a)
	for _, t := range times {
		va, vb := pa.At(t), pb.At(t)
		for v := range va {
			if d := float64(mgl32.Vec3(va[v]).Sub(mgl32.Vec3(vb[v])).Len()) / size; d > worst || math.IsNaN(d) {
				worst, at = d, t
				if math.IsNaN(d) {
					return math.Inf(1), t
				}
			}
		}
	}
	return worst, at
}
