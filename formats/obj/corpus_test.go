package obj

import (
	"bufio"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"ms3dstudio/internal/corpus"
	"ms3dstudio/internal/testenv"
	"ms3dstudio/model"
)

// corpusOBJ returns the corpus OBJ files.
func corpusOBJ(t *testing.T) []string {
	t.Helper()
	var files []string
	filepath.WalkDir(filepath.Join(corpus.Dir(t), "obj"), func(p string, e os.DirEntry, err error) error {
		if err == nil && strings.EqualFold(filepath.Ext(p), ".obj") {
			files = append(files, p)
		}
		return nil
	})
	if len(files) == 0 {
		t.Fatal("no OBJ files in the corpus")
	}
	return files
}

// assimpTriangle is a triangle as a reader sees it: its material's diffuse
// texture file name (lower case, folders dropped) and its corners'
// positions and texture coordinates (OpenGL's bottom-left origin), rounded
// to 1e-4.
type assimpTriangle string

func triangleKey(texture string, pos [3][3]float32, uv [3][2]float32) assimpTriangle {
	texture = strings.ToLower(texture)
	if i := strings.LastIndexAny(texture, `/\`); i >= 0 {
		texture = texture[i+1:]
	}
	var b strings.Builder
	b.WriteString(texture)
	for k := range 3 {
		fmt.Fprintf(&b, " (%.4f %.4f %.4f / %.4f %.4f)", pos[k][0], pos[k][1], pos[k][2], uv[k][0], uv[k][1])
	}
	return assimpTriangle(strings.ReplaceAll(b.String(), "-0.0000", "0.0000"))
}

// modelTriangles returns the triangles of m as triangleKeys, sorted.
func modelTriangles(m *model.Model) []assimpTriangle {
	var out []assimpTriangle
	for _, g := range m.Groups {
		tex := ""
		if g.Material >= 0 {
			tex = string(m.Materials[g.Material].Texture)
		}
		for _, ti := range g.Triangles {
			tr := m.Triangles[ti]
			var pos [3][3]float32
			var uv [3][2]float32
			for k := range 3 {
				pos[k] = m.Vertices[tr.Vertices[k]].Position
				uv[k] = [2]float32{tr.S[k], 1 - tr.T[k]}
			}
			out = append(out, triangleKey(tex, pos, uv))
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

// assimpTriangles runs "assimp dump" (a raw import: no post-processing)
// and returns the triangles it read, sorted, and its materials' names.
func assimpTriangles(t *testing.T, file string) ([]assimpTriangle, []string) {
	t.Helper()
	bin, err := exec.LookPath("assimp")
	if err != nil {
		testenv.Missing(t, "MS3D_REQUIRE_CORPUS", "assimp not found (apt-get install assimp-utils): OBJ import is judged by it")
		return nil, nil
	}
	out := filepath.Join(t.TempDir(), "dump.assxml")
	if b, err := exec.Command(bin, "dump", file, out).CombinedOutput(); err != nil {
		t.Fatalf("assimp dump: %v\n%s", err, b)
	}
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	type mesh struct {
		material int
		faces    [][]int
		pos      [][3]float32
		uv       [][2]float32
	}
	var meshes []*mesh
	var names, textures []string
	var cur *mesh
	section, key := "", ""
	numbers := func(line string) []float64 {
		var v []float64
		for _, w := range strings.Fields(line) {
			x, err := strconv.ParseFloat(w, 64)
			if err != nil {
				t.Fatalf("assxml: %q: %v", line, err)
			}
			v = append(v, x)
		}
		return v
	}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		switch {
		case strings.HasPrefix(line, "<Material>"):
			names, textures = append(names, ""), append(textures, "")
		case strings.HasPrefix(line, "<MatProperty key="):
			key = strings.Trim(strings.TrimPrefix(line, "<MatProperty key="), `"`)
		case strings.HasPrefix(line, `"`) && key == "?mat.name":
			names[len(names)-1] = strings.Trim(line, `"`)
		case strings.HasPrefix(line, `"`) && key == "$tex.file":
			textures[len(textures)-1] = strings.Trim(line, `"`)
		case strings.HasPrefix(line, "<Mesh types="):
			i := strings.Index(line, `material_index="`)
			k, _ := strconv.Atoi(strings.Split(line[i+len(`material_index="`):], `"`)[0])
			cur = &mesh{material: k}
			meshes = append(meshes, cur)
		case strings.HasPrefix(line, "<Face "):
			section = "face"
		case strings.HasPrefix(line, "<Positions"):
			section = "pos"
		case strings.HasPrefix(line, "<TextureCoords") && strings.Contains(line, `set="0"`):
			section = "uv"
		case strings.HasPrefix(line, "<"):
			section = ""
		case cur != nil && section != "" && line != "":
			v := numbers(line)
			switch section {
			case "face":
				idx := make([]int, len(v))
				for k := range v {
					idx[k] = int(v[k])
				}
				cur.faces = append(cur.faces, idx)
			case "pos":
				cur.pos = append(cur.pos, [3]float32{float32(v[0]), float32(v[1]), float32(v[2])})
			case "uv":
				cur.uv = append(cur.uv, [2]float32{float32(v[0]), float32(v[1])})
			}
		}
	}
	var tris []assimpTriangle
	for _, ms := range meshes {
		for _, fc := range ms.faces {
			if len(fc) != 3 {
				t.Fatalf("assimp read a face of %d corners", len(fc))
			}
			var pos [3][3]float32
			var uv [3][2]float32
			for k, i := range fc {
				pos[k] = ms.pos[i]
				if len(ms.uv) > 0 {
					uv[k] = ms.uv[i]
				}
			}
			tris = append(tris, triangleKey(textures[ms.material], pos, uv))
		}
	}
	sort.Slice(tris, func(i, j int) bool { return tris[i] < tris[j] })
	return tris, names
}

// TestCorpusAgainstAssimp imports every corpus OBJ file and checks, against
// what Debian's assimp reads from the same file, that every triangle keeps
// its positions, texture coordinates and material (by its texture), and
// that every texture resolves.
func TestCorpusAgainstAssimp(t *testing.T) {
	for _, file := range corpusOBJ(t) {
		t.Run(filepath.Base(file), func(t *testing.T) {
			m, found, err := ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range found {
				if f.Severity != model.Info {
					t.Errorf("finding: %v", f)
				}
			}
			want, names := assimpTriangles(t, file)
			if want == nil {
				return
			}
			got := modelTriangles(m)
			if len(got) != len(want) {
				t.Fatalf("%d triangles, assimp reads %d", len(got), len(want))
			}
			diff := 0
			for i := range got {
				if got[i] != want[i] {
					if diff++; diff <= 3 {
						t.Errorf("triangle %d:\n got %s\nwant %s", i, got[i], want[i])
					}
				}
			}
			if diff > 0 {
				t.Errorf("%d of %d triangles differ", diff, len(got))
			}
			// assimp adds its DefaultMaterial; the others are the file's.
			for _, mt := range m.Materials {
				if !contains(names, string(mt.Name)) {
					t.Errorf("material %q is not one assimp reads (%v)", mt.Name, names)
				}
			}
			t.Logf("%d triangles, %d vertices, %d groups, %d materials, as assimp reads them", len(got), len(m.Vertices), len(m.Groups), len(m.Materials))
		})
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// TestCorpusRoundTrip exports every imported corpus OBJ with our writer
// and imports it again: the same triangles, positions, texture
// coordinates, textures and normals.
func TestCorpusRoundTrip(t *testing.T) {
	for _, file := range corpusOBJ(t) {
		t.Run(filepath.Base(file), func(t *testing.T) {
			m, _, err := ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			out := filepath.Join(t.TempDir(), "roundtrip.obj")
			if _, err := WriteFile(out, m, Options{Rest: true, ModelDir: filepath.Dir(file)}); err != nil {
				t.Fatal(err)
			}
			back, found, err := ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range found {
				if f.Severity != model.Info && f.Code != model.CodeTextureMissing {
					t.Errorf("reading our export: %v", f)
				}
			}
			a, b := modelTriangles(m), modelTriangles(back)
			if len(a) != len(b) {
				t.Fatalf("%d triangles, %d after the round trip", len(a), len(b))
			}
			for i := range a {
				if a[i] != b[i] {
					t.Fatalf("triangle %d:\n was %s\n now %s", i, a[i], b[i])
				}
			}
			worst := 0.0
			for i := range m.Triangles {
				for k := range 3 {
					n, o := m.Triangles[i].Normals[k], back.Triangles[i].Normals[k]
					worst = math.Max(worst, math.Abs(float64(n[0]-o[0]))+math.Abs(float64(n[1]-o[1]))+math.Abs(float64(n[2]-o[2])))
				}
			}
			if worst > 1e-5 {
				t.Errorf("normals change by up to %g", worst)
			}
		})
	}
}
