package main

import (
	"path/filepath"
	"strings"
	"testing"

	"ms3dstudio/formats/b3d"
	"ms3dstudio/formats/ms3d"
	"ms3dstudio/internal/corpus"
	"ms3dstudio/model"
	"ms3dstudio/model/clips"
)

// walkAndWave writes the corpus's NeHe model with two clips, walk (frames
// 1-12) and wave (13-24), as dir/guy.ms3d and returns its path and the
// model.
func walkAndWave(t *testing.T, dir string) (string, *model.Model) {
	t.Helper()
	m, _, err := ms3d.ReadFile(corpus.File(t, "lesson31_bcb6/Data/Model.ms3d").Path)
	if err != nil {
		t.Fatal(err)
	}
	if err := clips.Write(m, []clips.Clip{{Name: "walk", First: 1, Last: 12}, {Name: "wave", First: 13, Last: 24}}); err != nil {
		t.Fatal(err)
	}
	enc, err := ms3d.Encode(m)
	if err != nil {
		t.Fatal(err)
	}
	return writeFile(t, filepath.Join(dir, "guy.ms3d"), enc), m
}

// TestConvertB3D converts a corpus model with two clips to B3D (the clips'
// frame ranges printed for a Luanti mod), one clip alone at another rate,
// and the B3D back to MS3D.
func TestConvertB3D(t *testing.T) {
	dir := t.TempDir()
	in, m := walkAndWave(t, dir)
	out := filepath.Join(dir, "guy.b3d")
	code, stdout, errs := runTool("convert", in, out)
	if code != 0 || !strings.Contains(stdout, "clip walk: frames 1-12\nclip wave: frames 13-24\n") {
		t.Fatalf("exit %d: %s%s", code, stdout, errs)
	}
	one := filepath.Join(dir, "wave.b3d")
	if code, stdout, errs := runTool("convert", in, one, "--clip", "wave", "--fps", "12"); code != 0 || strings.Contains(stdout, "clip ") {
		t.Fatalf("--clip wave: exit %d: %s%s", code, stdout, errs)
	}
	f, _, err := b3d.ReadFile(one)
	if err != nil {
		t.Fatal(err)
	}
	if a := f.Nodes[0].Anim; a.Frames != 12 || a.FPS != 12 {
		t.Errorf("the clip's ANIM %+v, want 12 frames at 12 fps", a)
	}
	back := filepath.Join(dir, "back.ms3d")
	if code, _, errs := runTool("convert", out, back); code != 0 {
		t.Fatalf("b3d to ms3d: exit %d: %s", code, errs)
	}
	got, _, err := ms3d.ReadFile(back)
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Joints) != len(m.Joints) || len(got.Triangles) != len(m.Triangles) || got.TotalFrames != m.TotalFrames {
		t.Errorf("read back %d joints, %d triangles, %d frames; want %d, %d, %d", len(got.Joints), len(got.Triangles), got.TotalFrames, len(m.Joints), len(m.Triangles), m.TotalFrames)
	}
	if code, _, errs := runTool("convert", in, one, "--fps", "-1"); code != 2 {
		t.Errorf("--fps -1: exit %d, want 2: %s", code, errs)
	}
}

// TestValidateForLuanti lists, for Luanti, the mesh buffers the mod's
// textures list names, and for Irrlicht both its MS3D reader's quirks and
// its B3D loader's.
func TestValidateForLuanti(t *testing.T) {
	in := corpus.File(t, "lesson31_bcb6/Data/Model.ms3d").Path
	code, stdout, errs := runTool("validate", in, "--for", "luanti")
	if code != 0 || !strings.Contains(stdout, "[b3d.luanti-textures]") {
		t.Errorf("--for luanti: exit %d: %s%s", code, stdout, errs)
	}
	code, stdout, errs = runTool("validate", in, "--for", "irrlicht")
	if code != 0 || !strings.Contains(stdout, "[reader.irrlicht-position-keys]") {
		t.Errorf("--for irrlicht: exit %d: %s%s", code, stdout, errs)
	}
}
