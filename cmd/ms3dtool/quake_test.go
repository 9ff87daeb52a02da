package main

import (
	"path/filepath"
	"strings"
	"testing"

	"ms3dstudio/formats/md2"
	"ms3dstudio/formats/md3"
	"ms3dstudio/formats/ms3d"
	"ms3dstudio/internal/corpus"
	"ms3dstudio/model/clips"
)

// TestConvertQuake converts a corpus model with two clips to MD2 (the key
// frames of each printed, the skin size given), one clip alone to MD3 at
// another rate, and the MD2 back to MS3D at a key frame.
func TestConvertQuake(t *testing.T) {
	dir := t.TempDir()
	in, m := walkAndWave(t, dir)
	out := filepath.Join(dir, "guy.md2")
	code, stdout, errs := runTool("convert", in, out, "--skin", "64x32")
	if code != 0 || !strings.Contains(stdout, "24 key frames\nkey frames 0-11: walk01 … walk12\nkey frames 12-23: wave01 … wave12\n") {
		t.Fatalf("exit %d: %s%s", code, stdout, errs)
	}
	f, _, err := md2.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if f.SkinWidth != 64 || f.SkinHeight != 32 {
		t.Errorf("skin %d×%d, want 64×32", f.SkinWidth, f.SkinHeight)
	}
	one := filepath.Join(dir, "wave.md3")
	if code, stdout, errs := runTool("convert", in, one, "--clip", "wave", "--fps", "12"); code != 0 || !strings.Contains(stdout, "key frames 0-5: wave01 … wave06") {
		t.Fatalf("--clip wave --fps 12: exit %d: %s%s", code, stdout, errs)
	}
	if g, _, err := md3.ReadFile(one); err != nil || len(g.Frames) != 6 {
		t.Fatalf("the clip at 12 fps: %v, %d frames, want 6 (11 frames at 24 fps after the first)", err, len(g.Frames))
	}
	back := filepath.Join(dir, "back.ms3d")
	if code, _, errs := runTool("convert", out, back, "--key-frame", "13"); code != 0 {
		t.Fatalf("md2 to ms3d: exit %d: %s", code, errs)
	}
	got, _, err := ms3d.ReadFile(back)
	if err != nil {
		t.Fatal(err)
	}
	list, _ := clips.Read(got)
	if len(got.Triangles) != len(m.Triangles) || got.TotalFrames != 24 || len(list) != 2 || list[1].Name != "wave" {
		t.Errorf("read back %d triangles, %d frames, clips %v", len(got.Triangles), got.TotalFrames, list)
	}
	for _, bad := range [][]string{{"--skin", "64"}, {"--skin", "0x8"}, {"--key-frame", "-1"}} {
		if code, _, errs := runTool(append([]string{"convert", in, out}, bad...)...); code != 2 {
			t.Errorf("%v: exit %d, want 2: %s", bad, code, errs)
		}
	}
}

// TestValidateForQuake checks the Quake engine profiles: Quake 2 refuses
// Woman4's MD2 export (15 MB, past its 2 MiB model buffer), Quake 3 only
// warns about its 2133 frames; the NeHe model suits both but for its BMP
// texture.
func TestValidateForQuake(t *testing.T) {
	woman := corpus.File(t, "Woman4.ms3d").Path
	code, stdout, errs := runTool("validate", woman, "--for", "quake2")
	if code != 1 || !strings.Contains(stdout, "[md2.quake2]") || !strings.Contains(stdout, "Quake 2 holds 2097152 bytes") {
		t.Errorf("--for quake2: exit %d: %s%s", code, stdout, errs)
	}
	code, stdout, errs = runTool("validate", woman, "--for", "quake3")
	if !strings.Contains(stdout, "[md3.limit]") || strings.Contains(stdout, "[md3.quake3]") {
		t.Errorf("--for quake3: exit %d: %s%s", code, stdout, errs)
	}
	nehe := corpus.File(t, "lesson31_bcb6/Data/Model.ms3d").Path
	code, stdout, errs = runTool("validate", nehe, "--for", "quake3")
	if code != 0 || !strings.Contains(stdout, `the texture "Wood.bmp" is not a TGA or JPEG file`) {
		t.Errorf("--for quake3: exit %d: %s%s", code, stdout, errs)
	}
}

// TestInfoMD2 describes faerie.md2: imported from MD2, its frames as
// clips, what the import leaves out.
func TestInfoMD2(t *testing.T) {
	path := filepath.Join(corpus.Dir(t), "md2", "assimp", "test", "models", "MD2", "faerie.md2")
	code, stdout, errs := runTool("info", path)
	if code != 0 || !strings.Contains(stdout, "imported from MD2") || !strings.Contains(stdout, "[quake.vertex-animation]") || !strings.Contains(stdout, "run 41-46") {
		t.Errorf("exit %d: %s%s", code, stdout, errs)
	}
}
