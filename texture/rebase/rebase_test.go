package rebase

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"ms3dstudio/model"
	"ms3dstudio/model/texpath"
)

// write creates the file at path, with its folders, holding data.
func write(t *testing.T, path, data string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestPlan saves a model from src/m.ms3d into out/: its texture (slashes)
// and alpha map (backslashes) are rewritten to lead back to src/tex, in
// the separators they had; a texture that names nothing, one collected as
// an identical copy beside the new file, and every path of a save into the
// model's own folder stay as they are. Apply writes the rewrites into a
// copy and Findings reports each as information.
func TestPlan(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "src", "m.ms3d")
	write(t, filepath.Join(dir, "src", "tex", "skin.png"), "skin")
	write(t, filepath.Join(dir, "src", "tex", "mask.png"), "mask")
	write(t, filepath.Join(dir, "src", "wood.bmp"), "wood")
	write(t, filepath.Join(dir, "out", "wood.bmp"), "wood") // the user collected it
	m := &model.Model{Materials: []model.Material{
		{Texture: "tex/skin.png", AlphaMap: `tex\mask.png`},
		{Texture: "wood.bmp", AlphaMap: "gone.png"},
	}}
	from, err := texpath.NewOS(src)
	if err != nil {
		t.Fatal(err)
	}
	if rs := Plan(m, from, filepath.Join(dir, "src", "again.ms3d")); rs != nil {
		t.Errorf("saved in its own folder: %v", rs)
	}
	rs := Plan(m, from, filepath.Join(dir, "out", "m.ms3d"))
	want := []Path{
		{Material: 0, From: "tex/skin.png", To: "../src/tex/skin.png"},
		{Material: 0, AlphaMap: true, From: `tex\mask.png`, To: `..\src\tex\mask.png`},
	}
	if len(rs) != len(want) || rs[0] != want[0] || rs[1] != want[1] {
		t.Fatalf("Plan = %v, want %v", rs, want)
	}
	c := Apply(m, rs)
	if c.Materials[0].Texture != "../src/tex/skin.png" || c.Materials[0].AlphaMap != `..\src\tex\mask.png` || c.Materials[1] != m.Materials[1] {
		t.Errorf("Apply: %+v", c.Materials)
	}
	if m.Materials[0].Texture != "tex/skin.png" {
		t.Errorf("Apply changed the model: %q", m.Materials[0].Texture)
	}
	if Apply(m, nil) != m {
		t.Error("Apply of no rebase copied the model")
	}
	for _, f := range Findings(rs) {
		if f.Code != model.CodeTextureRebased || f.Severity != model.Info || f.Where.Part != model.PartMaterial || f.Where.Index != 0 {
			t.Errorf("finding %+v", f)
		}
	}
}

// TestPlanPathTooLong: a path that would need more bytes than the format's
// field holds is not rewritten, and its finding is a warning that says so.
func TestPlanPathTooLong(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "src", "m.ms3d")
	long := strings.Repeat("d", 60) + "/" + strings.Repeat("e", 60) + "/skin.png"
	write(t, filepath.Join(dir, "src", filepath.FromSlash(long)), "skin")
	from, err := texpath.NewOS(src)
	if err != nil {
		t.Fatal(err)
	}
	deep := filepath.Join(dir, "out", strings.Repeat("o", 30), "m.ms3d")
	m := &model.Model{Materials: []model.Material{{Texture: model.Str(long)}}}
	rs := Plan(m, from, deep)
	if len(rs) != 1 || rs[0].To != "" || !strings.Contains(rs[0].Problem, "bytes") {
		t.Fatalf("Plan = %v, want one path refused for its length", rs)
	}
	if Apply(m, rs) != m {
		t.Error("Apply rewrote a path it could not")
	}
	if f := Findings(rs); len(f) != 1 || f[0].Severity != model.Warning {
		t.Errorf("findings %v", f)
	}
}

// TestSameFolder tells a file in the same folder, spelt another way, from
// one in another folder.
func TestSameFolder(t *testing.T) {
	dir := t.TempDir()
	if !SameFolder(filepath.Join(dir, "a.ms3d"), filepath.Join(dir, ".", "b.ms3d")) {
		t.Error("one folder spelt two ways counts as two")
	}
	if SameFolder(filepath.Join(dir, "a.ms3d"), filepath.Join(dir, "sub", "a.ms3d")) {
		t.Error("a sub-folder counts as the same folder")
	}
}
