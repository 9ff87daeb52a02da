package texture

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"ms3dstudio/internal/testtree"
	"ms3dstudio/model"
	"ms3dstudio/model/texpath"
)

func TestPlanEditsAndCollect(t *testing.T) {
	dir := t.TempDir()
	testtree.Write(t, dir, "models/ok.png", "models/Case.PNG", "found/skin.tga", "found/x/glow.png", "found/y/glow.png")
	file := filepath.Join(dir, "models", "m.ms3d")
	m := &model.Model{Materials: []model.Material{
		{Texture: "ok.png"},   // exact and portable: kept
		{Texture: `.\ok.png`}, // exact, not portable
		{Texture: "case.png"}, // case-insensitive
		{Texture: `C:\art\SKIN.bmp`, AlphaMap: `C:\art\glow.png`}, // searched: other extension, two candidates
		{Texture: "gone.bmp"}, // missing
	}}
	res, err := texpath.NewOS(file)
	if err != nil {
		t.Fatal(err)
	}
	ix := search(t, filepath.Join(dir, "found"), SearchOptions{})
	p := NewPlan(m, file, res, ix)
	if len(p.Items) != 6 || p.Missing() != 1 {
		t.Fatalf("%d items, %d missing", len(p.Items), p.Missing())
	}
	if got := p.Items[4].Candidates; len(got) != 2 {
		t.Fatalf("glow candidates: %v", got)
	}
	if err := p.Choose(4, 1); err != nil {
		t.Fatal(err)
	}
	str := func(es []Edit) []string {
		var out []string
		for _, e := range es {
			out = append(out, e.New)
		}
		return out
	}
	if got, want := str(p.Edits(Relative)), []string{"ok.png", "Case.PNG", "../found/skin.tga", "../found/y/glow.png"}; !slices.Equal(got, want) {
		t.Errorf("relative edits %q, want %q", got, want)
	}
	if got, want := str(p.Edits(Backslash)), []string{"Case.PNG", `..\found\skin.tga`, `..\found\y\glow.png`}; !slices.Equal(got, want) {
		t.Errorf("backslash edits %q, want %q", got, want)
	}
	copies, err := p.Collect("textures")
	if err != nil {
		t.Fatal(err)
	}
	if len(copies) != 4 {
		t.Fatalf("copies %v", copies)
	}
	if got, want := str(p.Edits(Relative)), []string{"textures/ok.png", "textures/ok.png", "textures/Case.PNG", "textures/skin.tga", "textures/glow.png"}; !slices.Equal(got, want) {
		t.Errorf("collected edits %q, want %q", got, want)
	}
	// Collecting again copies nothing new; a different file of the same
	// name gets a numbered name.
	p2 := NewPlan(m, file, res, ix)
	p2.Choose(4, 0)
	copies, err = p2.Collect("textures")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, c := range copies {
		names = append(names, filepath.Base(c.To))
		if c.Existed != (filepath.Base(c.To) != "glow-2.png") {
			t.Errorf("copy %v", c)
		}
	}
	if !slices.Equal(names, []string{"ok.png", "Case.PNG", "skin.tga", "glow-2.png"}) {
		t.Errorf("second collect: %v", names)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "models/textures/glow-2.png")); string(b) != "found/x/glow.png" {
		t.Errorf("glow-2.png holds %q", b)
	}
}
