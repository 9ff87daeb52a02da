package interop_test

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"ms3dstudio/formats/b3d"
	"ms3dstudio/formats/ms3d/ms3dfix"
	"ms3dstudio/internal/corpus"
	"ms3dstudio/interop/irrlicht"
	"ms3dstudio/model"
	"ms3dstudio/model/fix"
	"ms3dstudio/model/texpath"
)

// b3dBuffers is how Irrlicht lays out our B3D export: a buffer for each
// group with triangles, in group order.
func b3dBuffers(m *model.Model) ([][][3]uint32, bool) {
	buffer := make([]int, len(m.Groups))
	n := 0
	for g, grp := range m.Groups {
		buffer[g] = -1
		for _, ti := range grp.Triangles {
			if int(ti) < len(m.Triangles) {
				buffer[g] = n
				n++
				break
			}
		}
	}
	return drawnAs(m, n, func(g int) int { return buffer[g] })
}

// checkTextures checks that Irrlicht finds, for each mesh buffer of the
// export at path, the texture file our resolver finds for its group's
// material.
func checkTextures(t *testing.T, h *irrlicht.Harness, path string, m *model.Model, res *texpath.Resolver) {
	t.Helper()
	mesh, err := h.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	b := 0
	for _, grp := range m.Groups {
		if len(grp.Triangles) == 0 {
			continue
		}
		if b >= len(mesh.Buffers) {
			t.Fatalf("Irrlicht has %d buffers, fewer than the groups", len(mesh.Buffers))
		}
		got := mesh.Buffers[b].Texture
		b++
		if grp.Material < 0 || int(grp.Material) >= len(m.Materials) || res == nil {
			continue
		}
		r := res.Resolve(m.Materials[grp.Material].Texture)
		if !r.Found || r.OSPath == "" {
			continue
		}
		if got == "" || !strings.EqualFold(filepath.Base(got), filepath.Base(r.OSPath)) {
			t.Errorf("group %q: Irrlicht loaded texture %q, want %s", grp.Name.Display(), got, r.OSPath)
		}
	}
}

// TestIrrlichtPlaysB3DExports exports every corpus file (after model/fix)
// to B3D and checks that Irrlicht 1.8.5 loads it and plays it as the source
// plays: its animated vertices within 1e-3 of the model's size of our pose
// at five whole frames across the animation, where B3D keys are, and at
// five frames between whole frames. Between whole frames Irrlicht blends
// rotations less than about 36° apart linearly without normalising; where
// keys on whole frames cannot keep that within bounds (Woman4 is keyed at
// every frame and moves fast) the export must say so.
func TestIrrlichtPlaysB3DExports(t *testing.T) {
	h := irrlicht.New(t)
	corpus.EachMS3D(t, func(t *testing.T, e corpus.Entry, data []byte) {
		res, _ := texpath.NewOS(e.Path)
		m, _, err := ms3dfix.Decode(data, fix.Options{Textures: res})
		if err != nil {
			t.Fatal(err)
		}
		out := filepath.Join(t.TempDir(), "export.b3d")
		found, err := b3d.WriteFile(out, m, b3d.ExportOptions{Resolver: res})
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range found {
			t.Log(f)
		}
		checkTextures(t, h, out, m, res)
		j := judgeAt(t, h, out, m, b3dBuffers, fiveWholeFrames)
		t.Logf("%d joints, at whole frames: %s", len(m.Joints), j)
		if why := j.off(); why != "" {
			t.Errorf("Irrlicht does not play the export as our pose at whole frames: %s", j)
		}
		j = judge(t, h, out, m, b3dBuffers)
		t.Logf("between whole frames: %s", j)
		warned := slices.ContainsFunc(found, func(f model.Finding) bool { return f.Code == model.CodeB3DLerp })
		if why := j.off(); why != "" && !(why == "off" && j.err == nil && warned) {
			t.Errorf("Irrlicht does not play the export as our pose between whole frames, and the export did not say why: %s", j)
		}
	})
}

// realB3D are the B3D files of the corpus, from public game repositories.
var realB3D = []string{
	"b3d/assimp/test/models/B3D/WusonBlitz.b3d",
	"b3d/minetest_game/mods/player_api/models/character.b3d",
}

// TestIrrlichtPlaysRealB3D imports the real B3D files with formats/b3d and
// checks that our pose of the model is Irrlicht's pose of the file at five
// frames across its animation, within 1e-3 of the model's size.
func TestIrrlichtPlaysRealB3D(t *testing.T) {
	h := irrlicht.New(t)
	for _, name := range realB3D {
		t.Run(name, func(t *testing.T) {
			path := corpus.Path(t, name)
			f, found, err := b3d.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			m, more := b3d.Import(f)
			for _, x := range append(found, more...) {
				t.Log(x)
			}
			j := judge(t, h, path, m, func(m *model.Model) ([][][3]uint32, bool) {
				return drawnAs(m, len(m.Groups), func(g int) int { return g })
			})
			t.Logf("%d joints, %d frames at %g fps: %s", len(m.Joints), m.TotalFrames, m.FPS, j)
			if why := j.off(); why != "" {
				t.Errorf("our pose is not Irrlicht's: %s", j)
			}
		})
	}
}

// TestAssimpLoadsB3DExports runs `assimp info` on every corpus file
// exported to B3D (after model/fix): it loads each, with one face a
// grouped triangle.
func TestAssimpLoadsB3DExports(t *testing.T) {
	bin, _ := assimpBinary(t)
	corpus.EachMS3D(t, func(t *testing.T, e corpus.Entry, data []byte) {
		m, _, err := ms3dfix.Decode(data, fix.Options{})
		if err != nil {
			t.Fatal(err)
		}
		out := filepath.Join(t.TempDir(), "export.b3d")
		if _, err := b3d.WriteFile(out, m, b3d.ExportOptions{}); err != nil {
			t.Fatal(err)
		}
		info := runAssimp(t, bin, out)
		if !info.ok {
			t.Fatalf("assimp refuses the export: %s", info.reason)
		}
		faces := 0
		for _, g := range m.Groups {
			faces += len(g.Triangles)
		}
		if got := info.int(t, "Faces"); got != faces {
			t.Errorf("assimp: %d faces, want %d", got, faces)
		}
		t.Logf("assimp: %s meshes, %s faces, %s bones, %s animation channels", info.stats["Meshes"], info.stats["Faces"], info.stats["Bones"], info.stats["Animation Channels"])
	})
}
