package obj

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"ms3dstudio/internal/testenv"
	"ms3dstudio/model"
)

var nan = float32(math.NaN())

// quad is two triangles over two joints, with keys, in one group.
func quad() *model.Model {
	m := &model.Model{Version: 4, FPS: 24, TotalFrames: 10}
	for i, p := range [][3]float32{{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}} {
		m.Vertices = append(m.Vertices, model.Vertex{Position: p, Bones: [4]uint16{uint16(i / 2), model.NoBone, model.NoBone, model.NoBone}})
	}
	for _, c := range [][3]uint32{{0, 1, 2}, {0, 2, 3}} {
		tri := model.Triangle{Vertices: c}
		for k, v := range c {
			tri.Normals[k] = [3]float32{0, 0, 1}
			tri.S[k], tri.T[k] = m.Vertices[v].Position[0], m.Vertices[v].Position[1]
		}
		m.Triangles = append(m.Triangles, tri)
	}
	m.Groups = []model.Group{{Name: "the quad", Triangles: []uint32{0, 1}, Material: 0}}
	m.Materials = []model.Material{{Name: "red paint", Diffuse: [4]float32{1, 0, 0, 1}, Transparency: 1, Shininess: 20}}
	m.Joints = []model.Joint{
		{Name: "a", RotationKeys: []model.Key{{Time: 1.0 / 24, Value: [3]float32{0, 0, 0}}, {Time: 10.0 / 24, Value: [3]float32{0, 0, 1}}}},
		{Name: "b", Parent: "a", Position: [3]float32{1, 0, 0}, PositionKeys: []model.Key{{Time: 5.0 / 24, Value: [3]float32{0, 1, 0}}}},
	}
	return m
}

// TestBadModels exports damaged models: each must give an error or an
// OBJ whose numbers are finite and whose indices are in range (parse
// checks both), which assimp reads back with the triangles we wrote (and,
// for an OBJ without faces, refuses or reads with none).
func TestBadModels(t *testing.T) {
	assimp := testenv.Program(t, "assimp", "apt-get install -y assimp-utils")
	cases := []struct {
		name      string
		edit      func(m *model.Model)
		wantFaces int
	}{
		{"intact", nil, 2},
		{"empty", func(m *model.Model) { *m = model.Model{} }, 0},
		{"NaN position", func(m *model.Model) { m.Vertices[3].Position[0] = nan }, 1},
		{"missing vertex", func(m *model.Model) { m.Triangles[0].Vertices[2] = 999 }, 1},
		{"missing triangle", func(m *model.Model) { m.Groups[0].Triangles = append(m.Groups[0].Triangles, 77) }, 2},
		{"triangle twice", func(m *model.Model) { m.Groups = append(m.Groups, m.Groups[0]) }, 2},
		{"no groups", func(m *model.Model) { m.Groups = nil }, 0},
		{"empty group", func(m *model.Model) { m.Groups = append(m.Groups, model.Group{Name: "e"}) }, 2},
		{"material out of range", func(m *model.Model) { m.Groups[0].Material = 5 }, 2},
		{"NaN normals and coordinates", func(m *model.Model) {
			m.Triangles[0].Normals = [3][3]float32{{nan, 0, 0}}
			m.Triangles[1].S[0], m.Triangles[1].T[2] = nan, float32(math.Inf(1))
		}, 2},
		{"bone past the joints", func(m *model.Model) { m.Vertices[0].Bones[0] = 9 }, 2},
		{"NaN keys and rest", func(m *model.Model) {
			m.Joints[0].RotationKeys[1].Value[2] = nan
			m.Joints[1].Position[0] = nan
		}, 2},
		{"NaN material", func(m *model.Model) {
			m.Materials[0].Diffuse[0], m.Materials[0].Shininess, m.Materials[0].Transparency = nan, nan, nan
		}, 2},
		{"odd names", func(m *model.Model) {
			m.Groups[0].Name, m.Materials[0].Name = "\tg #1\x00\xff", ""
		}, 2},
	}
	dir := t.TempDir()
	for _, tc := range cases {
		m := quad()
		if tc.edit != nil {
			tc.edit(m)
		}
		var o, l bytes.Buffer
		if _, err := Write(&o, &l, m, Options{Time: 0.2, MTLName: "x.mtl"}); err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		p := parse(t, o.Bytes())
		parse(t, l.Bytes())
		if p.faces != tc.wantFaces {
			t.Errorf("%s: %d faces, want %d", tc.name, p.faces, tc.wantFaces)
		}
		for _, line := range p.lines {
			if f := strings.Fields(line); len(f) > 2 && (f[0] == "g" || f[0] == "usemtl") {
				t.Errorf("%s: %q is not one word", tc.name, line)
			}
		}
		path := filepath.Join(dir, sanitize(tc.name)+".obj")
		if _, err := WriteFile(path, m, Options{Time: 0.2}); err != nil {
			t.Fatal(err)
		}
		if got := assimpFaces(t, assimp, path); got != p.faces {
			t.Errorf("%s: assimp reads %d faces, we wrote %d", tc.name, got, p.faces)
		}
	}
}

func sanitize(s string) string {
	return strings.Map(func(r rune) rune {
		if r == ' ' {
			return '-'
		}
		return r
	}, s)
}

// TestTexturePaths checks that map_Kd names the texture relative to the
// .obj's folder, and the stored path, made portable, when it is missing.
func TestTexturePaths(t *testing.T) {
	root := t.TempDir()
	modelDir := filepath.Join(root, "models", "car")
	if err := os.MkdirAll(modelDir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(modelDir, "Paint.png"), []byte("png"), 0o644); err != nil {
		t.Fatal(err)
	}
	m := quad()
	m.Materials[0].Texture = `.\paint.png`
	m.Materials = append(m.Materials, m.Materials[0])
	m.Materials[1].Texture = `C:\art\gone.bmp`
	out := filepath.Join(root, "export", "car.obj")
	if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
		t.Fatal(err)
	}
	findings, err := WriteFile(out, m, Options{ModelDir: modelDir, Rest: true})
	if err != nil {
		t.Fatal(err)
	}
	mtl, err := os.ReadFile(filepath.Join(root, "export", "car.mtl"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"map_Kd ../models/car/Paint.png\n", "map_Kd gone.bmp\n", "newmtl red_paint\n", "newmtl red_paint_2\n"} {
		if !bytes.Contains(mtl, []byte(want)) {
			t.Errorf("car.mtl lacks %q:\n%s", want, mtl)
		}
	}
	if len(findings) != 1 || findings[0].Code != model.CodeTextureMissing {
		t.Errorf("findings %v, want one %s", findings, model.CodeTextureMissing)
	}
	obj, _ := os.ReadFile(out)
	if !bytes.Contains(obj, []byte("mtllib car.mtl\n")) {
		t.Errorf("car.obj does not name car.mtl")
	}
}
