package anim

import (
	"math"
	"path/filepath"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"ms3dstudio/formats/ms3d"
	"ms3dstudio/internal/fuzzseeds"
	"ms3dstudio/model"
	"ms3dstudio/model/num"
)

// FuzzPose decodes arbitrary bytes as an MS3D file and, whatever the
// decoder could read, builds the skeleton and skinner, poses at a few times
// (before, inside and after any keys, NaN) and skins. Nothing may panic,
// and the rotation part of every global matrix must stay finite (rotations
// come from unit quaternions whatever the keys hold).
func FuzzPose(f *testing.F) {
	// More seeds live in testdata/fuzz/FuzzPose (see TestWriteFuzzSeeds).
	b, err := ms3d.Encode(twoJointsSkinned())
	if err != nil {
		f.Fatal(err)
	}
	f.Add(b)
	f.Fuzz(func(t *testing.T, data []byte) {
		m, _, err := ms3d.Decode(data)
		if err != nil {
			return
		}
		sk, _ := NewSkeleton(m)
		sn, _ := NewSkinner(m)
		g := make([]mgl32.Mat4, sk.Len())
		pos := make([][3]float32, sn.Len())
		cn := make([][3]float32, sn.Corners())
		vn := make([][3]float32, sn.Len())
		first, last, _ := sk.KeyRange()
		for _, tm := range []float32{first - 1, first, (first + last) / 2, last, last + 1, float32(math.NaN())} {
			sk.Pose(tm, g)
			for j, mat := range g {
				for _, c := range [...]int{0, 1, 2, 4, 5, 6, 8, 9, 10} {
					if !num.Finite(mat[c]) {
						t.Fatalf("t=%v: joint %d rotation not finite: %v", tm, j, mat)
					}
				}
			}
			sk.SkinMatrices(g, g)
			sn.Skin(g, pos, cn)
			sn.VertexNormals(cn, vn)
		}
	})
}

// twoJointsSkinned is twoJoints with a few vertices, weights and a
// triangle.
func twoJointsSkinned() *model.Model {
	m := twoJoints()
	m.Version = 4
	m.FPS = 24
	m.VertexExtraSubVersion = 3
	m.Vertices = []model.Vertex{
		{Position: [3]float32{-1, 0, 1}, Bones: [4]uint16{0, model.NoBone, model.NoBone, model.NoBone}},
		{Position: [3]float32{-1, 0, 1}, Bones: [4]uint16{1, model.NoBone, model.NoBone, 0}, Weights: [3]uint8{50, 0, 0}},
		{Position: [3]float32{2, 0, 1}, Bones: [4]uint16{1, 0, 7, 0}, Weights: [3]uint8{30, 30, 30}},
	}
	m.Triangles = []model.Triangle{{Vertices: [3]uint32{0, 1, 2}, Normals: [3][3]float32{{0, 0, 1}, {0, 0, 1}, {1, 0, 0}}}}
	m.Groups = []model.Group{{Name: "g", Triangles: []uint32{0}, Material: -1}}
	return m
}

// fuzzSeeds returns the inputs of testdata/fuzz/FuzzPose by file name: synthetic models with bad parents, bad keys and
// both weight layouts.
func fuzzSeeds(t testing.TB) map[string][]byte {
	nan := float32(math.NaN())
	seeds := map[string]*model.Model{
		"two-joints": twoJointsSkinned(),
		"mixed":      mixedModel(40, 6, 3),
	}
	bad := twoJointsSkinned()
	bad.Joints[0].Parent = "nobody"
	bad.Joints = append(bad.Joints, model.Joint{Name: "c1", Parent: "c2"}, model.Joint{Name: "c2", Parent: "c1"}, model.Joint{Name: "root"})
	seeds["bad-parents"] = bad
	keys := twoJointsSkinned()
	keys.Joints[0].RotationKeys = append(keys.Joints[0].RotationKeys, model.Key{Time: nan}, model.Key{Time: 0.5, Value: [3]float32{1, 2, 3}}, model.Key{Time: 9, Value: [3]float32{nan, 0, 0}})
	keys.Joints[1].PositionKeys = append(keys.Joints[1].PositionKeys, model.Key{Time: 3}, model.Key{Time: 3, Value: [3]float32{1e30, 0, 0}})
	keys.Joints[1].Rotation[1] = nan
	seeds["bad-keys"] = keys
	sv1 := mixedModel(20, 4, 2)
	sv1.VertexExtraSubVersion = 1
	seeds["weights-sv1"] = sv1
	out := map[string][]byte{}
	for name, m := range seeds {
		b, err := ms3d.Encode(m)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		out[name] = b
	}
	return out
}

// TestWriteFuzzSeeds checks that testdata/fuzz/FuzzPose holds the files
// the generator writes now, byte for byte, besides the inputs the fuzz
// engine saved when the target failed (internal/fuzzseeds); with
// -update-seeds it rewrites them.
func TestWriteFuzzSeeds(t *testing.T) {
	fuzzseeds.Sync(t, filepath.Join("testdata", "fuzz", "FuzzPose"), fuzzSeeds(t))
}
