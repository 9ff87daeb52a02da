package fix_test

import (
	"math"
	"slices"
	"testing"

	"ms3dstudio/formats/ms3d/ms3dtest"
	"ms3dstudio/model"
	"ms3dstudio/model/fix"
	"ms3dstudio/model/validate"
)

var nan = float32(math.NaN())

func inf(sign int) float32 { return float32(math.Inf(sign)) }

// base returns a small model with every block that validates clean: a unit
// quad (two triangles in smoothing group 1) in one group with one material,
// and a two-joint skeleton with keys at frames 1 and 48 of 24 fps.
func base() *model.Model {
	up := [3][3]float32{{0, 0, 1}, {0, 0, 1}, {0, 0, 1}}
	none := uint16(model.NoBone)
	key := func(t float32, v float32) model.Key { return model.Key{Time: t, Value: [3]float32{v, 0, 0}} }
	return &model.Model{
		Version: 4,
		Vertices: []model.Vertex{
			{Position: [3]float32{0, 0, 0}, Bones: [4]uint16{0, none, none, none}, ReferenceCount: 2},
			{Position: [3]float32{1, 0, 0}, Bones: [4]uint16{0, none, none, none}, ReferenceCount: 1},
			{Position: [3]float32{1, 1, 0}, Bones: [4]uint16{1, none, none, none}, ReferenceCount: 2},
			{Position: [3]float32{0, 1, 0}, Bones: [4]uint16{1, none, none, none}, ReferenceCount: 1},
		},
		Triangles: []model.Triangle{
			{Vertices: [3]uint32{0, 1, 2}, Normals: up, S: [3]float32{0, 1, 1}, T: [3]float32{1, 1, 0}, SmoothingGroup: 1},
			{Vertices: [3]uint32{0, 2, 3}, Normals: up, S: [3]float32{0, 1, 0}, T: [3]float32{1, 0, 0}, SmoothingGroup: 1},
		},
		Groups: []model.Group{{Name: "quad", Triangles: []uint32{0, 1}, Material: 0}},
		Materials: []model.Material{{Name: "skin", Ambient: [4]float32{0.2, 0.2, 0.2, 1}, Diffuse: [4]float32{0.8, 0.8, 0.8, 1},
			Specular: [4]float32{0, 0, 0, 1}, Emissive: [4]float32{0, 0, 0, 1}, Shininess: 10, Transparency: 1, Texture: "tex/skin.png"}},
		FPS: 24, CurrentTime: 1, TotalFrames: 48,
		Joints: []model.Joint{
			{Name: "root", RotationKeys: []model.Key{key(1.0/24, 0), key(2, 1)}, PositionKeys: []model.Key{key(1.0/24, 0), key(2, 1)}, Color: [3]float32{1, 0, 0}},
			{Name: "arm", Parent: "root", Position: [3]float32{0, 1, 0}, RotationKeys: []model.Key{key(1.0/24, 0), key(1, 0.5), key(2, 1)}, Color: [3]float32{0, 1, 0}},
		},
		Comments: model.Comments{SubVersion: 1, Groups: []model.Comment{{Index: 0, Text: "the quad"}},
			Joints: []model.Comment{{Index: 1, Text: "the arm"}}, HasModel: true, Model: "a test model"},
		VertexExtraSubVersion: 3,
		JointExtraSubVersion:  1,
		Extra:                 model.ModelExtra{SubVersion: 1, JointSize: 1, AlphaRef: 0.5},
	}
}

// check runs every check with no cap and no texture lookups.
func check(m *model.Model) []model.Finding {
	return validate.Check(m, validate.Options{MaxPerCode: -1})
}

func changeCodes(cs []fix.Change) []model.Code {
	var out []model.Code
	for _, c := range cs {
		if !slices.Contains(out, c.Code) {
			out = append(out, c.Code)
		}
	}
	return out
}

// roundTrip encodes m and decodes the bytes again, failing on any error or
// decoder finding.
func roundTrip(t *testing.T, m *model.Model) *model.Model {
	t.Helper()
	back, _ := ms3dtest.RoundTrip(t, m)
	return back
}

func near(a, b [3]float32, tol float64) bool {
	for k := range a {
		if math.Abs(float64(a[k]-b[k])) > tol {
			return false
		}
	}
	return true
}
