package validate

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"strings"
	"testing"
	"testing/fstest"

	"ms3dstudio/formats/ms3d"
	"ms3dstudio/model"
	"ms3dstudio/model/num"
	"ms3dstudio/model/texpath"
)

var nan = float32(math.NaN())
var inf = float32(math.Inf(1))

// base returns a small model that passes every check: two triangles in two
// groups, a textured material, two animated joints, comments and all the
// optional blocks.
func base() *model.Model {
	up := [3]float32{0, 0, 1}
	none := uint16(model.NoBone)
	m := &model.Model{Version: 4, FPS: 24, CurrentTime: 1, TotalFrames: 30}
	m.Vertices = []model.Vertex{
		{Position: [3]float32{0, 0, 0}, Bones: [4]uint16{0, none, none, none}, ReferenceCount: 1},
		{Position: [3]float32{1, 0, 0}, Bones: [4]uint16{0, none, none, none}, ReferenceCount: 2},
		{Position: [3]float32{0, 1, 0}, Bones: [4]uint16{1, none, none, none}, ReferenceCount: 2},
		{Position: [3]float32{1, 1, 0}, Bones: [4]uint16{1, 0, none, none}, Weights: [3]uint8{60, 40, 0}, ReferenceCount: 1},
	}
	m.Triangles = []model.Triangle{
		{Vertices: [3]uint32{0, 1, 2}, Normals: [3][3]float32{up, up, up}, S: [3]float32{0, 1, 0}, T: [3]float32{1, 1, 0}, SmoothingGroup: 1, Group: 0},
		{Vertices: [3]uint32{1, 3, 2}, Normals: [3][3]float32{up, up, {0.6, 0, 0.8}}, S: [3]float32{1, 1, 0}, T: [3]float32{1, 0, 0}, SmoothingGroup: 1, Group: 1},
	}
	m.Groups = []model.Group{
		{Name: "body", Triangles: []uint32{0}, Material: 0},
		{Name: "head", Triangles: []uint32{1}, Material: -1},
	}
	m.Materials = []model.Material{{Name: "skin", Ambient: [4]float32{0.2, 0.2, 0.2, 1}, Diffuse: [4]float32{0.8, 0.8, 0.8, 1},
		Shininess: 10, Transparency: 1, Texture: "tex/skin.png", AlphaMap: "skin_a.png"}}
	keys := func(v float32) []model.Key {
		return []model.Key{{Time: 1.0 / 24, Value: [3]float32{0, 0, 0}}, {Time: 15.0 / 24, Value: [3]float32{v, 0, 0}}, {Time: 30.0 / 24, Value: [3]float32{0, 0, 0}}}
	}
	m.Joints = []model.Joint{
		{Name: "root", Position: [3]float32{0, 1, 0}, RotationKeys: keys(0.5), PositionKeys: keys(2), Color: [3]float32{1, 1, 0}},
		{Name: "arm", Parent: "root", Rotation: [3]float32{0, 0, 0.3}, Position: [3]float32{1, 0, 0}, RotationKeys: keys(1), PositionKeys: keys(0), Color: [3]float32{0, 1, 1}},
	}
	m.Comments = model.Comments{SubVersion: 1,
		Groups: []model.Comment{{Index: 1, Text: "the head"}}, Materials: []model.Comment{{Index: 0, Text: "MC"}},
		Joints: []model.Comment{{Index: 0, Text: "root\r\nbone"}, {Index: 1, Text: "arm"}}, HasModel: true, Model: "a model"}
	m.VertexExtraSubVersion = 3
	m.JointExtraSubVersion = 1
	m.Extra = model.ModelExtra{SubVersion: 1, JointSize: 1, AlphaRef: 0.5}
	return m
}

func baseFS() *texpath.Resolver {
	return texpath.New(fstest.MapFS{
		"m/model.ms3d":   {Data: []byte("x")},
		"m/tex/skin.png": {Data: []byte("x")},
		"m/skin_a.png":   {Data: []byte("x")},
	}, "m")
}

// want is an expected finding. Key findings also say which key the offset
// must point at; comment findings say the comment's stored index.
type want struct {
	code  model.Code
	sev   model.Severity
	part  string
	index int
	key   *keyRef
	fix   string // a substring of the fix, or "" to not check
}

type keyRef struct {
	position bool
	key      int
}

func TestCheck(t *testing.T) {
	tests := []struct {
		name   string
		mutate func(m *model.Model)
		want   []want
	}{
		{"valid", func(m *model.Model) {}, nil},
		{"no optional blocks", func(m *model.Model) {
			m.Comments, m.VertexExtraSubVersion, m.JointExtraSubVersion, m.Extra = model.Comments{}, 0, 0, model.ModelExtra{}
		}, nil},
		{"empty model", func(m *model.Model) { *m = model.Model{} }, []want{{model.CodeFPS, model.Warning, model.PartKeyframer, -1, nil, "24"}}},
		{"version", func(m *model.Model) { m.Version = 7 }, []want{{model.CodeVersion, model.Error, model.PartHeader, -1, nil, "version 4"}}},
		{"version 3 is fine", func(m *model.Model) { m.Version = 3 }, nil},
		{"triangle vertex range", func(m *model.Model) { m.Triangles[1].Vertices[2] = 4 },
			[]want{{model.CodeTriangleVertexRange, model.Error, model.PartTriangle, 1, nil, "delete"}}},
		{"group triangle range", func(m *model.Model) { m.Groups[1].Triangles[0] = 2 }, []want{
			{model.CodeGroupTriangleRange, model.Error, model.PartGroup, 1, nil, "drop"},
			{model.CodeTriangleNoGroup, model.Warning, model.PartTriangle, 1, nil, "add the triangle to group 1"}}},
		{"triangle in two groups", func(m *model.Model) { m.Groups[1].Triangles = []uint32{1, 0} },
			[]want{{model.CodeTriangleMultiGroup, model.Error, model.PartTriangle, 0, nil, "once, in group 0"}}},
		{"triangle twice in a group", func(m *model.Model) { m.Groups[0].Triangles = []uint32{0, 0} },
			[]want{{model.CodeTriangleMultiGroup, model.Error, model.PartTriangle, 0, nil, "once, in group 0"}}},
		{"group index", func(m *model.Model) { m.Triangles[0].Group = 1 },
			[]want{{model.CodeTriangleGroupIndex, model.Warning, model.PartTriangle, 0, nil, "set the group index to 0"}}},
		{"empty group is fine", func(m *model.Model) { m.Groups = append(m.Groups, model.Group{Name: "empty", Material: -1}) }, nil},
		{"material index equal to the count", func(m *model.Model) { m.Groups[1].Material = 1 },
			[]want{{model.CodeGroupMaterialRange, model.Error, model.PartGroup, 1, nil, "none"}}},
		{"material index below -1", func(m *model.Model) { m.Groups[0].Material = -2 },
			[]want{{model.CodeGroupMaterialRange, model.Error, model.PartGroup, 0, nil, "none"}}},
		{"vertex bone range", func(m *model.Model) { m.Vertices[2].Bones[0] = 2 },
			[]want{{model.CodeVertexBoneRange, model.Error, model.PartVertex, 2, nil, "none"}}},
		{"bone 255 is none", func(m *model.Model) { m.Vertices[2].Bones[0] = model.NoBone }, nil},
		{"extra bone range", func(m *model.Model) { m.Vertices[3].Bones[1] = 7 },
			[]want{{model.CodeExtraBoneRange, model.Error, model.PartVertexExtra, 3, nil, "none"}}},
		{"weights over 100", func(m *model.Model) { m.Vertices[3].Weights = [3]uint8{60, 50, 0} },
			[]want{{model.CodeWeightsOver, model.Error, model.PartVertexExtra, 3, nil, "sum to 100"}}},
		{"weights on no bone", func(m *model.Model) { m.Vertices[3].Weights = [3]uint8{50, 20, 0} },
			[]want{{model.CodeWeightsLost, model.Warning, model.PartVertexExtra, 3, nil, "100"}}},
		{"weights on a bone that is none", func(m *model.Model) { m.Vertices[3].Weights = [3]uint8{60, 0, 40} },
			[]want{{model.CodeWeightsLost, model.Warning, model.PartVertexExtra, 3, nil, ""}}},
		{"four bones summing to 100", func(m *model.Model) {
			m.Vertices[3].Bones = [4]uint16{1, 0, 1, 0}
			m.Vertices[3].Weights = [3]uint8{25, 25, 25}
		}, nil},
		{"sub-version 1 sums to 255", func(m *model.Model) {
			m.VertexExtraSubVersion = 1
			m.Vertices[3].Weights = [3]uint8{200, 55, 0}
		}, nil},
		{"sub-version 1 short of 255", func(m *model.Model) {
			m.VertexExtraSubVersion = 1
			m.Vertices[3].Weights = [3]uint8{60, 40, 0}
		}, []want{{model.CodeWeightsLost, model.Warning, model.PartVertexExtra, 3, nil, "255"}}},
		{"weights without the block are ignored", func(m *model.Model) {
			m.Comments, m.VertexExtraSubVersion, m.JointExtraSubVersion, m.Extra = model.Comments{}, 0, 0, model.ModelExtra{}
			m.Vertices[3].Weights = [3]uint8{200, 200, 200}
		}, nil},
		{"parent missing", func(m *model.Model) { m.Joints[1].Parent = "hips" },
			[]want{{model.CodeParentMissing, model.Error, model.PartJoint, 1, nil, "root"}}},
		{"parent case", func(m *model.Model) { m.Joints[1].Parent = "ROOT" },
			[]want{{model.CodeParentCase, model.Warning, model.PartJoint, 1, nil, ""}}},
		{"duplicate name", func(m *model.Model) { m.Joints[1].Name = "root" },
			[]want{{model.CodeDuplicateName, model.Error, model.PartJoint, 1, nil, "rename"}}},
		{"cycle", func(m *model.Model) { m.Joints[0].Parent = "arm" },
			[]want{{model.CodeParentCycle, model.Error, model.PartJoint, 0, nil, "root"}}},
		{"key time NaN", func(m *model.Model) { m.Joints[1].PositionKeys[1].Time = nan },
			[]want{{model.CodeKeyTimeNonFinite, model.Error, model.PartJoint, 1, &keyRef{true, 1}, ""}}},
		{"key order", func(m *model.Model) { m.Joints[0].RotationKeys[2].Time = 0.5 },
			[]want{{model.CodeKeyOrder, model.Error, model.PartJoint, 0, &keyRef{false, 2}, ""}}},
		{"equal key times", func(m *model.Model) { m.Joints[0].RotationKeys[1].Time = 1.0 / 24 },
			[]want{{model.CodeKeyOrder, model.Error, model.PartJoint, 0, &keyRef{false, 1}, ""}}},
		{"key value infinite", func(m *model.Model) { m.Joints[1].RotationKeys[2].Value[1] = -inf },
			[]want{{model.CodeKeyNonFinite, model.Error, model.PartJoint, 1, &keyRef{false, 2}, ""}}},
		{"joint rest NaN", func(m *model.Model) { m.Joints[1].Position[2] = nan },
			[]want{{model.CodeJointNonFinite, model.Error, model.PartJoint, 1, nil, ""}}},
		{"keyless joint is fine", func(m *model.Model) { m.Joints[1].RotationKeys, m.Joints[1].PositionKeys = nil, nil }, nil},
		{"vertex NaN", func(m *model.Model) { m.Vertices[1].Position[1] = nan },
			[]want{{model.CodeVertexNonFinite, model.Error, model.PartVertex, 1, nil, ""}}},
		{"normal NaN", func(m *model.Model) { m.Triangles[0].Normals[2][0] = nan },
			[]want{{model.CodeTriangleNonFinite, model.Error, model.PartTriangle, 0, nil, ""}}},
		{"uv infinite", func(m *model.Model) { m.Triangles[1].T[0] = inf },
			[]want{{model.CodeTriangleNonFinite, model.Error, model.PartTriangle, 1, nil, ""}}},
		{"zero normal", func(m *model.Model) { m.Triangles[1].Normals[0] = [3]float32{} },
			[]want{{model.CodeNormalZero, model.Warning, model.PartTriangle, 1, nil, "recompute"}}},
		{"long normal", func(m *model.Model) { m.Triangles[1].Normals[2] = [3]float32{0.6, 0, 0.81} },
			[]want{{model.CodeNormalLength, model.Warning, model.PartTriangle, 1, nil, "normalise"}}},
		{"normal within tolerance", func(m *model.Model) { m.Triangles[1].Normals[2] = [3]float32{0.6, 0, 0.8005} }, nil},
		{"transparency", func(m *model.Model) { m.Materials[0].Transparency = 1.5 },
			[]want{{model.CodeTransparencyRange, model.Warning, model.PartMaterial, 0, nil, "set it to 1"}}},
		{"shininess", func(m *model.Model) { m.Materials[0].Shininess = -3 },
			[]want{{model.CodeShininessRange, model.Warning, model.PartMaterial, 0, nil, "set it to 0"}}},
		{"colour NaN", func(m *model.Model) { m.Materials[0].Diffuse[3] = nan },
			[]want{{model.CodeMaterialNonFinite, model.Error, model.PartMaterial, 0, nil, ""}}},
		{"texture backslash", func(m *model.Model) { m.Materials[0].Texture = `.\tex\skin.png` },
			[]want{{model.CodeTexturePath, model.Warning, model.PartMaterial, 0, nil, `"tex/skin.png"`}}},
		{"texture absolute", func(m *model.Model) { m.Materials[0].Texture = `C:\art\tex\skin.png` },
			[]want{{model.CodeTexturePath, model.Warning, model.PartMaterial, 0, nil, `"tex/skin.png"`}}},
		{"texture missing", func(m *model.Model) { m.Materials[0].Texture = "tex/face.png" },
			[]want{{model.CodeTextureMissing, model.Warning, model.PartMaterial, 0, nil, ""}}},
		{"texture missing and not portable", func(m *model.Model) { m.Materials[0].Texture = `tex\face.png` }, []want{
			{model.CodeTexturePath, model.Warning, model.PartMaterial, 0, nil, `"tex/face.png"`},
			{model.CodeTextureMissing, model.Warning, model.PartMaterial, 0, nil, ""}}},
		{"texture case", func(m *model.Model) { m.Materials[0].Texture = "TEX/Skin.PNG" },
			[]want{{model.CodeTextureRemapped, model.Info, model.PartMaterial, 0, nil, `"tex/skin.png"`}}},
		{"alpha map", func(m *model.Model) { m.Materials[0].AlphaMap = `x:\skin_a.png` },
			[]want{{model.CodeAlphaMapPath, model.Warning, model.PartMaterial, 0, nil, `"skin_a.png"`}}},
		{"alpha map missing", func(m *model.Model) { m.Materials[0].AlphaMap = "gone.png" },
			[]want{{model.CodeAlphaMapMissing, model.Warning, model.PartMaterial, 0, nil, ""}}},
		{"alpha map found by name", func(m *model.Model) { m.Materials[0].AlphaMap = "maps/skin_a.png" },
			[]want{{model.CodeAlphaMapRemapped, model.Info, model.PartMaterial, 0, nil, `"skin_a.png"`}}},
		{"no texture is fine", func(m *model.Model) { m.Materials[0].Texture, m.Materials[0].AlphaMap = "", "\x00leftover" }, nil},
		{"fps below 1", func(m *model.Model) { m.FPS = 0.5 },
			[]want{{model.CodeFPS, model.Warning, model.PartKeyframer, -1, nil, "24"}}},
		{"fps absurd", func(m *model.Model) { m.FPS = 5000 }, []want{
			{model.CodeFPS, model.Warning, model.PartKeyframer, -1, nil, "24"},
			{model.CodeTotalFrames, model.Warning, model.PartKeyframer, -1, nil, "6250"}}},
		{"fps NaN", func(m *model.Model) { m.FPS = nan },
			[]want{{model.CodeKeyframerNonFinite, model.Error, model.PartKeyframer, -1, nil, ""}}},
		{"total frames short", func(m *model.Model) { m.TotalFrames = 24 },
			[]want{{model.CodeTotalFrames, model.Warning, model.PartKeyframer, -1, nil, "set total frames to 30"}}},
		{"total frames negative", func(m *model.Model) { m.TotalFrames = -1 },
			[]want{{model.CodeTotalFrames, model.Warning, model.PartKeyframer, -1, nil, "0"}}},
		{"total frames past the last key is fine", func(m *model.Model) { m.TotalFrames = 100 }, nil},
		{"comment index", func(m *model.Model) { m.Comments.Joints[1].Index = 2 },
			[]want{{model.CodeCommentIndex, model.Warning, model.PartComments, 1, nil, "drop"}}},
		{"comment index negative", func(m *model.Model) { m.Comments.Groups[0].Index = -1 },
			[]want{{model.CodeCommentIndex, model.Warning, model.PartComments, 0, nil, "drop"}}},
		{"joint colour NaN", func(m *model.Model) { m.Joints[0].Color[1] = nan },
			[]want{{model.CodeJointColorNonFinite, model.Error, model.PartJointExtra, 0, nil, ""}}},
		{"model extra infinite", func(m *model.Model) { m.Extra.AlphaRef = inf },
			[]want{{model.CodeModelExtraNonFinite, model.Error, model.PartModelExtra, -1, nil, ""}}},
		{"name too long", func(m *model.Model) { m.Groups[1].Name = model.Str(strings.Repeat("g", 33)) },
			[]want{{model.CodeFieldLength, model.Error, model.PartGroup, 1, nil, "32"}}},
		{"too many materials", func(m *model.Model) {
			for len(m.Materials) < 129 {
				m.Materials = append(m.Materials, model.Material{Name: "m", Transparency: 1})
			}
		}, []want{{model.CodeCount, model.Error, model.PartMaterial, -1, nil, ""}}},
		{"many joints", func(m *model.Model) {
			for i := len(m.Joints); i < 129; i++ {
				m.Joints = append(m.Joints, model.Joint{Name: model.Str(fmt.Sprintf("j%d", i)), Parent: "root"})
			}
		}, []want{{model.CodeCount, model.Warning, model.PartJoint, -1, nil, ""}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := base()
			tc.mutate(m)
			got := Check(m, Options{Textures: baseFS(), Locator: ms3d.NewLayout(m)})
			if len(got) != len(tc.want) {
				t.Fatalf("got %d findings, want %d:\n%s", len(got), len(tc.want), list(got))
			}
			data, encErr := ms3d.Encode(m)
			for i, w := range tc.want {
				f := got[i]
				if f.Code != w.code || f.Severity != w.sev || f.Where.Part != w.part || f.Where.Index != w.index || !strings.Contains(f.Fix, w.fix) {
					t.Errorf("finding %d = %v (fix %q), want %s %s %s %d (fix containing %q)", i, f, f.Fix, w.sev, w.code, w.part, w.index, w.fix)
				}
				if f.Message == "" {
					t.Errorf("finding %d has no message", i)
				}
				if encErr == nil {
					verifyOffset(t, m, data, f, w.key)
				}
			}
			// Without a locator the same findings come, with no offsets.
			bare := Check(m, Options{Textures: baseFS()})
			if len(bare) != len(got) {
				t.Fatalf("without a locator: %d findings, want %d", len(bare), len(got))
			}
			for i := range bare {
				if bare[i].Where.Offset != -1 || bare[i].Code != got[i].Code {
					t.Errorf("without a locator: finding %d = %v, want %s at no offset", i, bare[i], got[i].Code)
				}
			}
		})
	}
}

func list(fs []model.Finding) string {
	var b strings.Builder
	for _, f := range fs {
		fmt.Fprintf(&b, "  %v | fix: %s\n", f, f.Fix)
	}
	return b.String()
}

// verifyOffset checks that a finding's offset points, in the encoded file,
// at the bytes of the element it blames.
func verifyOffset(t *testing.T, m *model.Model, data []byte, f model.Finding, key *keyRef) {
	t.Helper()
	off, i := f.Where.Offset, f.Where.Index
	if off < 0 || off >= int64(len(data)) {
		t.Errorf("%v: offset %d outside the %d-byte file", f, off, len(data))
		return
	}
	b := data[off:]
	f32 := func(p []byte) uint32 { return binary.LittleEndian.Uint32(p) }
	name := func(p []byte, s model.Str) bool { return bytes.Equal(bytes.TrimRight(p[:32], "\x00"), []byte(s)) }
	ok := true
	switch part := f.Where.Part; {
	case part == model.PartHeader:
		ok = off == 0
	case part == model.PartVertex && i >= 0:
		ok = f32(b[1:]) == math.Float32bits(m.Vertices[i].Position[0]) && f32(b[5:]) == math.Float32bits(m.Vertices[i].Position[1])
	case part == model.PartTriangle && i >= 0:
		tr := m.Triangles[i]
		ok = uint32(binary.LittleEndian.Uint16(b[2:])) == tr.Vertices[0] && uint32(binary.LittleEndian.Uint16(b[6:])) == tr.Vertices[2]
	case part == model.PartGroup && i >= 0:
		ok = name(b[1:], m.Groups[i].Name)
	case part == model.PartMaterial && i >= 0:
		ok = name(b, m.Materials[i].Name)
	case part == model.PartKeyframer:
		ok = f32(b) == math.Float32bits(m.FPS)
	case part == model.PartJoint && key != nil:
		keys := m.Joints[i].RotationKeys
		if key.position {
			keys = m.Joints[i].PositionKeys
		}
		k := keys[key.key]
		ok = f32(b) == math.Float32bits(k.Time) && f32(b[4:]) == math.Float32bits(k.Value[0]) && f32(b[12:]) == math.Float32bits(k.Value[2])
	case part == model.PartJoint && i >= 0:
		ok = name(b[1:], m.Joints[i].Name)
	case part == model.PartVertexExtra && i >= 0:
		v := m.Vertices[i]
		bone := func(id uint16) byte {
			if id == model.NoBone {
				return 0xFF
			}
			return byte(id)
		}
		ok = bytes.Equal(b[:6], []byte{bone(v.Bones[1]), bone(v.Bones[2]), bone(v.Bones[3]), v.Weights[0], v.Weights[1], v.Weights[2]})
	case part == model.PartJointExtra && i >= 0:
		ok = f32(b) == math.Float32bits(m.Joints[i].Color[0]) && f32(b[4:]) == math.Float32bits(m.Joints[i].Color[1])
	case part == model.PartModelExtra:
		ok = f32(b) == 1 && f32(b[4:]) == math.Float32bits(m.Extra.JointSize)
	case part == model.PartComments && i >= 0:
		// A comment entry: index, length, text. The message names the list.
		idx, n := int32(f32(b)), int(f32(b[4:]))
		found := false
		for _, l := range [][]model.Comment{m.Comments.Groups, m.Comments.Materials, m.Comments.Joints} {
			if i < len(l) && l[i].Index == idx && string(l[i].Text) == string(b[8:8+n]) {
				found = true
			}
		}
		ok = found
	default:
		return
	}
	if !ok {
		t.Errorf("%v: the bytes at offset %#x are not the %s's", f, off, f.Where.Part)
	}
}

func TestCheckNilLocatorKeys(t *testing.T) {
	// A locator without key offsets puts key findings at the joint.
	m := base()
	m.Joints[1].RotationKeys[2].Time = 0
	l := ms3d.NewLayout(m)
	got := Check(m, Options{Locator: offsetsOnly{l}})
	if len(got) != 1 || got[0].Code != model.CodeKeyOrder || got[0].Where.Offset != l.Offset(model.PartJoint, 1) {
		t.Fatalf("got %s, want one key-order finding at joint 1's offset %#x", list(got), l.Offset(model.PartJoint, 1))
	}
}

type offsetsOnly struct{ l *ms3d.Layout }

func (o offsetsOnly) Offset(part string, index int) int64 { return o.l.Offset(part, index) }

func TestCheckNoTextures(t *testing.T) {
	// Without a resolver, only portability is checked.
	m := base()
	m.Materials[0].Texture = `.\gone.png`
	got := Check(m, Options{})
	if len(got) != 1 || got[0].Code != model.CodeTexturePath || got[0].Fix != `write the texture path as "gone.png"` {
		t.Fatalf("got %s, want one texture-path finding", list(got))
	}
}

func TestCap(t *testing.T) {
	m := base()
	up := [3]float32{0, 0, 1}
	long := [3]float32{0, 0, 2}
	for i := 0; i < 50; i++ {
		m.Triangles = append(m.Triangles, model.Triangle{Vertices: [3]uint32{0, 1, 2}, Normals: [3][3]float32{up, long, up}})
		m.Groups[0].Triangles = append(m.Groups[0].Triangles, uint32(len(m.Triangles)-1))
	}
	m.FPS = 0 // one finding of another code after the capped ones
	tests := []struct {
		max, listed int
		summary     bool
	}{{0, DefaultMaxPerCode, true}, {5, 5, true}, {-1, 50, false}, {50, 50, false}}
	for _, tc := range tests {
		got := Check(m, Options{MaxPerCode: tc.max})
		n, summaries := 0, 0
		for i, f := range got {
			if f.Code != model.CodeNormalLength {
				continue
			}
			if f.Where.Index >= 0 {
				n++
				continue
			}
			summaries++
			if f.Severity != model.Warning || !strings.Contains(f.Message, fmt.Sprintf("%d more", 50-tc.listed)) || f.Where.Part != model.PartTriangle {
				t.Errorf("max %d: summary %v", tc.max, f)
			}
			if i+1 >= len(got) || got[i+1].Code != model.CodeFPS || got[i-1].Code != model.CodeNormalLength {
				t.Errorf("max %d: the summary is not right after the listed findings:\n%s", tc.max, list(got))
			}
		}
		if n != tc.listed || (summaries == 1) != tc.summary || summaries > 1 {
			t.Errorf("max %d: %d listed, %d summaries; want %d listed, summary %v", tc.max, n, summaries, tc.listed, tc.summary)
		}
		if got[len(got)-1].Code != model.CodeFPS {
			t.Errorf("max %d: the last finding is %v, want the fps finding", tc.max, got[len(got)-1])
		}
	}
}

func TestCapPerCodeOrder(t *testing.T) {
	f := func(code model.Code, i int) model.Finding {
		return model.Finding{Code: code, Severity: model.Severity(i % 3), Where: model.At("x", i)}
	}
	in := []model.Finding{f("a", 0), f("b", 1), f("a", 2), f("a", 3), f("b", 4), f("c", 5), f("a", 4)}
	got := capPerCode(in, 2)
	var codes []string
	for _, g := range got {
		s := string(g.Code)
		if g.Where.Index < 0 {
			s += "+"
		}
		codes = append(codes, s)
	}
	if strings.Join(codes, " ") != "a b a a+ b c" {
		t.Errorf("capPerCode order = %v, want a b a a+ b c", codes)
	}
	if got[3].Severity != model.Info+1 || !strings.Contains(got[3].Message, "2 more a findings") {
		t.Errorf("summary = %v", got[3])
	}
}

func TestFinite(t *testing.T) {
	tests := []struct {
		f    float32
		want bool
	}{
		{0, true}, {float32(math.Copysign(0, -1)), true}, {1, true}, {math.MaxFloat32, true}, {-math.MaxFloat32, true},
		{math.SmallestNonzeroFloat32, true}, {9e-44, true}, {nan, false}, {inf, false}, {-inf, false},
		{math.Float32frombits(0x7fc00001), false}, {math.Float32frombits(0xff800001), false},
	}
	for _, tc := range tests {
		if got := num.Finite(tc.f); got != tc.want {
			t.Errorf("num.Finite(%v) = %v, want %v", tc.f, got, tc.want)
		}
	}
}
