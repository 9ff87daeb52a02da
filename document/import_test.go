package document

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"ms3dstudio/document/exporter"
	"ms3dstudio/formats/smd"
	"ms3dstudio/internal/corpus"
	"ms3dstudio/internal/posetest"
	"ms3dstudio/model"
	"ms3dstudio/model/anim"
)

// posedBox returns the box around m's vertices posed at MilkShape frame f.
func posedBox(m *model.Model, f float32) model.Box {
	pos, _ := posetest.Posed(m, anim.FrameToTime(f, m.EffectiveFPS()))
	var b model.Box
	for _, p := range pos {
		b.Add(p)
	}
	return b
}

// TestImportedIntoSMD exports imported models (an OBJ with textures, an
// animated 3DS robot) as GoldSrc SMDs with every clip, reads the SMDs
// back with the SMD importer, and checks that the triangles and, at
// several frames, the posed model's extent are what the import held.
func TestImportedIntoSMD(t *testing.T) {
	for _, in := range []string{
		"obj/assimp/test/models/OBJ/spider.obj",
		"3ds/blitz3d/makbot/mak_running.3DS",
	} {
		t.Run(filepath.Base(in), func(t *testing.T) {
			d, err := Open(filepath.Join(corpus.Dir(t), filepath.FromSlash(in)))
			if err != nil {
				t.Fatal(err)
			}
			m := d.Model()
			out := filepath.Join(t.TempDir(), "model.smd")
			written, _, err := exporter.Write(m, out, d.TextureResolver(), exporter.Options{SMDProfile: smd.GoldSrc, AllClips: true})
			if err != nil {
				t.Fatal(err)
			}
			read := func(path string) *smd.File {
				f, err := os.Open(path)
				if err != nil {
					t.Fatal(err)
				}
				defer f.Close()
				file, _, err := smd.Read(f, filepath.Base(path))
				if err != nil {
					t.Fatalf("%s: %v", path, err)
				}
				return file
			}
			ref := read(out)
			var anims []smd.NamedFile
			for _, w := range written {
				if strings.HasSuffix(w, ".smd") && w != out {
					anims = append(anims, smd.NamedFile{Name: strings.TrimSuffix(filepath.Base(w), ".smd"), File: read(w)})
				}
			}
			back, _, err := smd.Import(ref, anims, smd.ImportOptions{FPS: m.EffectiveFPS()})
			if err != nil {
				t.Fatal(err)
			}
			if len(back.Triangles) != len(m.Triangles) {
				t.Errorf("the SMD holds %d triangles, the import %d", len(back.Triangles), len(m.Triangles))
			}
			size := posetest.Size(m)
			frames := []float32{1}
			if m.TotalFrames > 1 {
				frames = append(frames, float32(m.TotalFrames)/3, float32(m.TotalFrames))
			}
			for _, f := range frames {
				a, b := posedBox(m, f), posedBox(back, f)
				for k := range 3 {
					if d := max(abs(a.Lo[k]-b.Lo[k]), abs(a.Hi[k]-b.Hi[k])); float64(d) > 1e-4*size {
						t.Errorf("frame %g: the SMD's posed box %v–%v, the import's %v–%v", f, b.Lo, b.Hi, a.Lo, a.Hi)
						break
					}
				}
			}
			t.Logf("%d files, %d triangles, frames %v", len(written), len(back.Triangles), frames)
		})
	}
}

func abs(x float32) float32 {
	if x < 0 {
		return -x
	}
	return x
}
