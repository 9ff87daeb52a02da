package gltf

import (
	"bytes"
	"errors"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"testing/fstest"

	"golang.org/x/image/bmp"

	"ms3dstudio/model"
	"ms3dstudio/model/clips"
	"ms3dstudio/model/texpath"
)

var nan = float32(math.NaN())

// badCases are damaged or unusual models. Each must export to a file the
// validator accepts with the findings codes says (each code once or more,
// no other), or fail with an error; never panic.
var badCases = []struct {
	name    string
	codes   []model.Code
	edit    func(m *model.Model)
	opt     Options
	wantErr bool
}{
	{name: "intact"},
	{name: "empty model", edit: func(m *model.Model) { *m = model.Model{} }},
	{name: "no groups", codes: []model.Code{model.CodeTriangleNoGroup}, edit: func(m *model.Model) { m.Groups = nil }},
	{name: "no joints", edit: func(m *model.Model) { m.Joints = nil }},
	{name: "no materials", codes: []model.Code{model.CodeGroupMaterialRange}, edit: func(m *model.Model) { m.Materials = nil }},
	{name: "NaN position", codes: []model.Code{model.CodeVertexNonFinite}, edit: func(m *model.Model) { m.Vertices[3].Position[1] = nan }},
	{name: "all positions NaN", codes: []model.Code{model.CodeVertexNonFinite}, edit: func(m *model.Model) {
		for i := range m.Vertices {
			m.Vertices[i].Position = [3]float32{nan, nan, nan}
		}
	}},
	{name: "huge positions", edit: func(m *model.Model) { m.Vertices[0].Position = [3]float32{3e38, -3e38, 3e38} }},
	{name: "NaN and zero normals", codes: []model.Code{model.CodeNormalZero}, edit: func(m *model.Model) {
		m.Triangles[0].Normals[0] = [3]float32{nan, 0, 1}
		m.Triangles[1].Normals = [3][3]float32{}
		m.Triangles[2].Normals[2] = [3]float32{float32(math.Inf(1)), 0, 0}
	}},
	{name: "degenerate triangle with zero normals", codes: []model.Code{model.CodeNormalZero}, edit: func(m *model.Model) {
		m.Triangles[0].Vertices = [3]uint32{0, 0, 0}
		m.Triangles[0].Normals = [3][3]float32{}
	}},
	{name: "NaN texture coordinates", codes: []model.Code{model.CodeTriangleNonFinite}, edit: func(m *model.Model) { m.Triangles[4].S[1], m.Triangles[5].T[0] = nan, float32(math.Inf(-1)) }},
	{name: "bone id past the joints", edit: func(m *model.Model) { m.Vertices[0].Bones[0] = 200; m.Vertices[1].Bones[1] = 77 }},
	{name: "every bone past the joints", edit: func(m *model.Model) {
		for i := range m.Vertices {
			m.Vertices[i].Bones = [4]uint16{250, 251, 252, 253}
		}
	}},
	{name: "same bone twice", edit: func(m *model.Model) {
		m.Vertices[1].Bones = [4]uint16{1, 1, 1, model.NoBone}
		m.Vertices[1].Weights = [3]uint8{30, 30, 40}
	}},
	{name: "weights over 100", edit: func(m *model.Model) { m.Vertices[1].Weights = [3]uint8{200, 200, 200} }},
	{name: "empty group", edit: func(m *model.Model) { m.Groups = append(m.Groups, model.Group{Name: "empty", Material: 0}) }},
	{name: "material index out of range", codes: []model.Code{model.CodeGroupMaterialRange}, edit: func(m *model.Model) { m.Groups[0].Material = 9; m.Groups[1].Material = -1 }},
	{name: "group lists a missing triangle", codes: []model.Code{model.CodeGroupTriangleRange}, edit: func(m *model.Model) { m.Groups[0].Triangles = append(m.Groups[0].Triangles, 60000) }},
	{name: "triangle names a missing vertex", codes: []model.Code{model.CodeTriangleVertexRange}, edit: func(m *model.Model) { m.Triangles[2].Vertices[1] = 65535 }},
	{name: "triangle in two groups", codes: []model.Code{model.CodeTriangleMultiGroup}, edit: func(m *model.Model) { m.Groups[1].Triangles = append(m.Groups[1].Triangles, m.Groups[0].Triangles...) }},
	{name: "triangle in no group", codes: []model.Code{model.CodeTriangleNoGroup}, edit: func(m *model.Model) { m.Groups[0].Triangles = m.Groups[0].Triangles[1:] }},
	{name: "NaN material values", edit: func(m *model.Model) {
		mt := &m.Materials[0]
		mt.Diffuse = [4]float32{nan, 2, -1, nan}
		mt.Emissive = [4]float32{nan, 5, 0, 1}
		mt.Specular = [4]float32{nan, nan, nan, nan}
		mt.Shininess, mt.Transparency = nan, nan
	}},
	{name: "out-of-range material values", edit: func(m *model.Model) {
		m.Materials[1].Shininess, m.Materials[1].Transparency = 1e9, -3
	}},
	{name: "NaN key times and values", codes: []model.Code{model.CodeKeyNonFinite}, edit: func(m *model.Model) {
		m.Joints[1].RotationKeys[2].Time = nan
		m.Joints[1].RotationKeys[3].Value[0] = nan
		m.Joints[2].PositionKeys[1].Value[2] = float32(math.Inf(1))
	}},
	{name: "keys out of order", codes: []model.Code{model.CodeKeyOrder}, edit: func(m *model.Model) {
		k := m.Joints[1].RotationKeys
		k[1], k[4] = k[4], k[1]
	}},
	{name: "repeated key times (steps)", codes: []model.Code{model.CodeKeyOrder}, edit: func(m *model.Model) {
		k := m.Joints[1].PositionKeys
		k[2].Time = k[1].Time
		r := m.Joints[2].RotationKeys
		r[3].Time, r[4].Time = r[2].Time, r[2].Time
	}},
	{name: "keys one float32 step apart", edit: func(m *model.Model) {
		k := m.Joints[1].PositionKeys
		k[2].Time = math.Nextafter32(k[1].Time, 1)
	}},
	{name: "negative key times", edit: func(m *model.Model) { m.Joints[0].RotationKeys[0].Time = -0.5 }},
	{name: "keys past the last frame", edit: func(m *model.Model) { m.TotalFrames = 2 }},
	{name: "single key", edit: func(m *model.Model) {
		m.Joints[1].RotationKeys = m.Joints[1].RotationKeys[:1]
		m.Joints[1].PositionKeys = nil
	}},
	{name: "no keys at all", edit: func(m *model.Model) {
		for i := range m.Joints {
			m.Joints[i].RotationKeys, m.Joints[i].PositionKeys = nil, nil
		}
	}},
	{name: "NaN rest transform", codes: []model.Code{model.CodeJointNonFinite}, edit: func(m *model.Model) { m.Joints[1].Rotation[0], m.Joints[2].Position[1] = nan, nan }},
	{name: "parent cycle", codes: []model.Code{model.CodeParentCycle}, edit: func(m *model.Model) { m.Joints[0].Parent = m.Joints[2].Name }},
	{name: "missing parent and duplicate names", codes: []model.Code{model.CodeDuplicateName, model.CodeParentMissing}, edit: func(m *model.Model) {
		m.Joints[1].Parent = "nobody"
		m.Joints[2].Name = m.Joints[0].Name
	}},
	{name: "NaN fps and negative frame count", edit: func(m *model.Model) { m.FPS, m.TotalFrames = nan, -5 }},
	{name: "300 joints", codes: []model.Code{model.CodeDuplicateName}, edit: func(m *model.Model) {
		for len(m.Joints) < 300 {
			m.Joints = append(m.Joints, model.Joint{Name: "extra"})
		}
		m.Vertices[0].Bones[0] = model.NoBone
	}},
	{name: "invalid UTF-8 names", codes: []model.Code{model.CodeParentMissing}, edit: func(m *model.Model) {
		m.Groups[0].Name, m.Materials[0].Name, m.Joints[0].Name = "\xff\xfe", "caf\xe9", "\x00junk"
	}},
	{name: "clips", opt: Options{Clips: []clips.Clip{{Name: "a", First: 1, Last: 10}, {Name: "b", First: 10, Last: 10}, {Name: "past", First: 20, Last: 90}}}},
	{name: "clip backwards", opt: Options{Clips: []clips.Clip{{Name: "back", First: 10, Last: 2}}}, wantErr: true},
	{name: "textures", codes: []model.Code{model.CodeTextureMissing, model.CodeTextureUnsupported}, edit: func(m *model.Model) {
		m.Materials = append(m.Materials, m.Materials[0], m.Materials[0], m.Materials[0], m.Materials[0], m.Materials[0])
		for i, tex := range []string{`.\skin.png`, "sub/Alpha.BMP", "missing.jpg", "garbage.bmp", "mask.png", "skin.png"} {
			m.Materials[i].Texture = model.Str(tex)
			m.Groups[i%len(m.Groups)].Material = int16(i)
		}
	}, opt: Options{Resolver: texpath.New(textureFS(), ".")}},
	{name: "textures without a folder", codes: []model.Code{model.CodeTextureMissing}, edit: func(m *model.Model) { m.Materials[0].Texture = "skin.png" }},
}

// textureFS holds the textures of the "textures" case.
func textureFS() fstest.MapFS {
	img := image.NewNRGBA(image.Rect(0, 0, 4, 4))
	mask := image.NewNRGBA(image.Rect(0, 0, 4, 4))
	for i := range img.Pix {
		img.Pix[i] = uint8(i * 7)
		mask.Pix[i] = 255
	}
	for i := 3; i < len(mask.Pix); i += 8 {
		mask.Pix[i] = 0
	}
	var p, mp, b bytes.Buffer
	if err := png.Encode(&mp, mask); err != nil {
		panic(err)
	}
	opaque := image.NewRGBA(image.Rect(0, 0, 3, 2))
	for i := range opaque.Pix {
		opaque.Pix[i] = 200
	}
	opaque.Set(1, 1, color.RGBA{255, 0, 0, 255})
	if err := png.Encode(&p, img); err != nil {
		panic(err)
	}
	if err := bmp.Encode(&b, opaque); err != nil {
		panic(err)
	}
	return fstest.MapFS{
		"skin.png":      {Data: p.Bytes()},
		"mask.png":      {Data: mp.Bytes()},
		"sub/alpha.bmp": {Data: b.Bytes()},
		"garbage.bmp":   {Data: []byte("BM this is not a bitmap")},
	}
}

// TestBadModels exports every bad case to .glb and .gltf, checks the
// findings each export reports and the poses against model/anim, and runs
// the validator over the files.
func TestBadModels(t *testing.T) {
	dir := t.TempDir()
	var files []string
	for _, tc := range badCases {
		m := grid(8, 4, 4)
		if tc.edit != nil {
			tc.edit(m)
		}
		sub := filepath.Join(dir, sanitize(tc.name))
		if err := os.MkdirAll(sub, 0o755); err != nil {
			t.Fatal(err)
		}
		for _, ext := range []string{".glb", ".gltf"} {
			path := filepath.Join(sub, "model"+ext)
			_, findings, err := WriteFile(path, m, tc.opt)
			if tc.wantErr {
				if err == nil {
					t.Errorf("%s: no error", tc.name)
				}
				continue
			}
			if err != nil {
				t.Errorf("%s: %v", tc.name, err)
				continue
			}
			if got := model.CodesOf(findings); !slices.Equal(got, tc.codes) {
				t.Errorf("%s%s: finding codes %v, want %v", tc.name, ext, got, tc.codes)
			}
			files = append(files, path)
		}
		if !tc.wantErr {
			comparePoses(t, tc.name, m, tc.opt)
		}
	}
	validate(t, files)
}

func sanitize(s string) string {
	b := []byte(s)
	for i, c := range b {
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9') {
			b[i] = '-'
		}
	}
	return string(b)
}

// TestWriteFileFormat checks the choice of container by extension.
func TestWriteFileFormat(t *testing.T) {
	dir := t.TempDir()
	m := grid(2, 2, 2)
	if _, _, err := WriteFile(filepath.Join(dir, "x.obj"), m, Options{}); !errors.Is(err, ErrFormat) {
		t.Errorf("x.obj: error %v, want ErrFormat", err)
	}
	for _, name := range []string{"a.GLB", "b.glTF"} {
		if _, _, err := WriteFile(filepath.Join(dir, name), m, Options{}); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	data, err := os.ReadFile(filepath.Join(dir, "a.GLB"))
	if err != nil || !bytes.HasPrefix(data, []byte("glTF")) {
		t.Errorf("a.GLB is not a GLB file (%v)", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "b.bin")); err != nil {
		t.Errorf("b.glTF has no buffer file: %v", err)
	}
	if _, err := Write(new(bytes.Buffer), nil, Options{}); err == nil {
		t.Error("nil model: no error")
	}
}
