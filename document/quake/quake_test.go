package quake

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/image/bmp"

	"ms3dstudio/formats/md2"
	"ms3dstudio/formats/md3"
	"ms3dstudio/formats/ms3d/ms3dtest"
	"ms3dstudio/internal/corpus"
	"ms3dstudio/model"
	"ms3dstudio/model/clips"
)

// imported imports the .md2 or .md3 file at path, the whole animation.
func imported(t *testing.T, path string) *model.Model {
	t.Helper()
	m, _, err := Import(path, ImportOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestParse reads the engines' names in any case and nothing else.
func TestParse(t *testing.T) {
	for s, want := range map[string]Engine{"quake2": Quake2, " Quake3 ": Quake3, "quake": "", "goldsrc": ""} {
		if got, ok := Parse(s); got != want || ok != (want != "") {
			t.Errorf("Parse(%q) = %q, %v", s, got, ok)
		}
	}
}

// TestOpenMD3WithAnimationConfig opens an MD3 export of a model with
// clips named for Quake 3's animations: the animation.cfg written beside
// it gives the clips and the rate back, and a lower.md3 counts the LEGS_
// frames as Quake 3 does.
func TestOpenMD3WithAnimationConfig(t *testing.T) {
	m, res := ms3dtest.Read(t, corpus.File(t, "lesson31_bcb6/Data/Model.ms3d").Path)
	list := []clips.Clip{{Name: "TORSO_GESTURE", First: 1, Last: 8}, {Name: "LEGS_WALKCR", First: 9, Last: 16}, {Name: "LEGS_RUN", First: 17, Last: 24}}
	if err := clips.Write(m, list); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	out := filepath.Join(dir, "upper.md3")
	written, found, err := Export(m, out, res, ExportOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{out, filepath.Join(dir, md3.ConfigName)}; !slices.Equal(written, want) {
		t.Fatalf("wrote %v, want %v (findings %v)", written, want, found)
	}
	back := imported(t, out)
	got, _ := clips.Read(back)
	for _, c := range list {
		if !slices.Contains(got, c) {
			t.Errorf("clips %v, want %v among them", got, c)
		}
	}
	if back.FPS != m.FPS {
		t.Errorf("fps %g, want %g", back.FPS, m.FPS)
	}
	// As lower.md3, the LEGS_ clips are 8 frames earlier (LEGS_WALKCR −
	// TORSO_GESTURE): this file holds every frame, so they fall on the
	// torso's.
	if err := os.Rename(out, filepath.Join(dir, "lower.md3")); err != nil {
		t.Fatal(err)
	}
	got, _ = clips.Read(imported(t, filepath.Join(dir, "lower.md3")))
	if !slices.Contains(got, clips.Clip{Name: "LEGS_WALKCR", First: 1, Last: 8}) || !slices.Contains(got, clips.Clip{Name: "LEGS_RUN", First: 9, Last: 16}) {
		t.Errorf("lower.md3's clips %v", got)
	}
}

// TestExportMD2SkinSize exports a textured corpus model to MD2: the skin's
// size is its texture file's (Wood.bmp), or the one the options give.
func TestExportMD2SkinSize(t *testing.T) {
	path := corpus.File(t, "lesson31_bcb6/Data/Model.ms3d").Path
	m, res := ms3dtest.Read(t, path)
	dir := filepath.Dir(path)
	out := filepath.Join(t.TempDir(), "model.md2")
	if _, found, err := Export(m, out, res, ExportOptions{}); err != nil || slices.ContainsFunc(found, func(f model.Finding) bool {
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
	if _, _, err := Export(m, out, res, ExportOptions{SkinWidth: 64, SkinHeight: 32}); err != nil {
		t.Fatal(err)
	}
	if f, _, _ = md2.ReadFile(out); f.SkinWidth != 64 || f.SkinHeight != 32 {
		t.Errorf("skin %d×%d, want 64×32", f.SkinWidth, f.SkinHeight)
	}
}
