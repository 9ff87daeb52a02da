package document_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/image/bmp"

	"ms3dstudio/document"
	"ms3dstudio/formats/md2"
	"ms3dstudio/formats/md3"
	"ms3dstudio/internal/corpus"
	"ms3dstudio/model"
	"ms3dstudio/model/clips"
)

// TestOpenMD2AtAFrame opens faerie.md2 at its first frame and at its
// 41st (the first of "run"): an import of 198 frames whose clips are its
// animations, holding each frame's vertices.
func TestOpenMD2AtAFrame(t *testing.T) {
	path := filepath.Join(corpus.Dir(t), "md2", "assimp", "test", "models", "MD2", "faerie.md2")
	first := openImport(t, path, "md2")
	run, err := document.OpenWith(path, document.OpenOptions{Frame: 41, FPS: 8})
	if err != nil {
		t.Fatal(err)
	}
	a, b := first.Model(), run.Model()
	if a.TotalFrames != 198 || a.FPS != 10 || b.FPS != 8 {
		t.Errorf("%d frames at %g fps (%g asked for 8)", a.TotalFrames, a.FPS, b.FPS)
	}
	if a.Vertices[0].Position == b.Vertices[0].Position {
		t.Error("frames 1 and 41 have the same vertices")
	}
	f, _, err := md2.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := b.Vertices[0].Position, f.Frames[40].Position(0); got[0] != want[0] || got[1] != want[2] || got[2] != -want[1] {
		t.Errorf("vertex 0 of frame 41 at %v; the file has %v (z up)", got, want)
	}
	list, _ := clips.Read(b)
	if len(list) != 20 || list[1] != (clips.Clip{Name: "run", First: 41, Last: 46}) {
		t.Errorf("clips %v", list)
	}
	if !slices.ContainsFunc(run.DecodeFindings(), func(f model.Finding) bool { return f.Code == model.CodeQuakeVertexAnimation }) {
		t.Errorf("no finding says the vertex animation is left out: %v", run.DecodeFindings())
	}
}

// TestOpenMD3WithAnimationConfig opens an MD3 export of a model with
// clips named for Quake 3's animations: the animation.cfg written beside
// it gives the clips and the rate back, and a lower.md3 counts the LEGS_
// frames as Quake 3 does.
func TestOpenMD3WithAnimationConfig(t *testing.T) {
	d := open(t, corpus.File(t, "lesson31_bcb6/Data/Model.ms3d").Path)
	m := d.Model()
	list := []clips.Clip{{Name: "TORSO_GESTURE", First: 1, Last: 8}, {Name: "LEGS_WALKCR", First: 9, Last: 16}, {Name: "LEGS_RUN", First: 17, Last: 24}}
	if err := clips.Write(m, list); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	out := filepath.Join(dir, "upper.md3")
	written, found, err := document.Export(m, out, d.TextureResolver(), document.ExportOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{out, filepath.Join(dir, md3.ConfigName)}; !slices.Equal(written, want) {
		t.Fatalf("wrote %v, want %v (findings %v)", written, want, found)
	}
	back := open(t, out)
	got, _ := clips.Read(back.Model())
	for _, c := range list {
		if !slices.Contains(got, c) {
			t.Errorf("clips %v, want %v among them", got, c)
		}
	}
	if back.Model().FPS != m.FPS {
		t.Errorf("fps %g, want %g", back.Model().FPS, m.FPS)
	}
	// As lower.md3, the LEGS_ clips are 8 frames earlier (LEGS_WALKCR −
	// TORSO_GESTURE): this file holds every frame, so they fall on the
	// torso's.
	if err := os.Rename(out, filepath.Join(dir, "lower.md3")); err != nil {
		t.Fatal(err)
	}
	lower := open(t, filepath.Join(dir, "lower.md3"))
	got, _ = clips.Read(lower.Model())
	if !slices.Contains(got, clips.Clip{Name: "LEGS_WALKCR", First: 1, Last: 8}) || !slices.Contains(got, clips.Clip{Name: "LEGS_RUN", First: 9, Last: 16}) {
		t.Errorf("lower.md3's clips %v", got)
	}
}

// TestExportMD2SkinSize exports a textured corpus model to MD2: the skin's
// size is its texture file's (Wood.bmp), or the one the options give.
func TestExportMD2SkinSize(t *testing.T) {
	d := open(t, corpus.File(t, "lesson31_bcb6/Data/Model.ms3d").Path)
	dir := filepath.Dir(corpus.File(t, "lesson31_bcb6/Data/Model.ms3d").Path)
	out := filepath.Join(t.TempDir(), "model.md2")
	if _, found, err := document.Export(d.Model(), out, d.TextureResolver(), document.ExportOptions{}); err != nil || slices.ContainsFunc(found, func(f model.Finding) bool {
		return f.Code == model.CodeMD2Skin && strings.Contains(f.Message, "not known")
	}) {
		t.Fatalf("Export: %v %v", err, found)
	}
	f, _, err := md2.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	tex, err := os.Open(filepath.Join(dir, "Wood.bmp"))
	if err != nil {
		t.Fatal(err)
	}
	defer tex.Close()
	cfg, err := bmp.DecodeConfig(tex)
	if err != nil {
		t.Fatal(err)
	}
	if int(f.SkinWidth) != cfg.Width || int(f.SkinHeight) != cfg.Height {
		t.Errorf("skin %d×%d, the texture is %d×%d", f.SkinWidth, f.SkinHeight, cfg.Width, cfg.Height)
	}
	if _, _, err := document.Export(d.Model(), out, d.TextureResolver(), document.ExportOptions{SkinWidth: 64, SkinHeight: 32}); err != nil {
		t.Fatal(err)
	}
	if f, _, _ = md2.ReadFile(out); f.SkinWidth != 64 || f.SkinHeight != 32 {
		t.Errorf("skin %d×%d, want 64×32", f.SkinWidth, f.SkinHeight)
	}
}

// TestQuakeTargets checks the quake2 and quake3 targets on Woman4: Quake
// 2 refuses its 2133 frames (15 MB, past its 2 MiB model buffer), Quake
// 3 takes it with a warning (MD3 holds 1024 frames).
func TestQuakeTargets(t *testing.T) {
	d := open(t, corpus.File(t, "Woman4.ms3d").Path)
	for _, c := range []struct {
		name string
		code model.Code
		sev  model.Severity
	}{{"quake2", model.CodeMD2Quake2, model.Error}, {"Quake3", model.CodeMD3Limit, model.Warning}} {
		target, err := document.ParseTarget(c.name)
		if err != nil || target.String() != strings.ToLower(c.name) {
			t.Fatalf("ParseTarget(%q) = %v, %v", c.name, target, err)
		}
		d.SetTarget(target)
		if !slices.ContainsFunc(d.Findings(), func(f model.Finding) bool { return f.Code == c.code && f.Severity == c.sev }) {
			t.Errorf("%s: no %s %s in %v", c.name, c.sev, c.code, d.Findings())
		}
	}
	if !slices.Contains(document.TargetNames(), "quake3") {
		t.Errorf("TargetNames %v has no quake3", document.TargetNames())
	}
}
