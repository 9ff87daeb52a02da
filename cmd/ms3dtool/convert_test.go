package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"ms3dstudio/document"
	"ms3dstudio/internal/corpus"
)

// TestConvertFormats converts a textured, animated corpus model into every
// format and reads what can be read back.
func TestConvertFormats(t *testing.T) {
	in := corpus.File(t, "nehe-opengl/bcb6/lesson31_bcb6/Data/Model.ms3d").Path
	dir := t.TempDir()
	var convertErrs string
	for _, out := range []string{"m.ms3d", "m.glb", "m.gltf", "m.obj", "m.smd"} {
		p := filepath.Join(dir, out)
		code, stdout, errs := runTool("convert", in, p, "--frame", "8", "--all-clips")
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", out, code, errs)
		}
		if st, err := os.Stat(p); err != nil || st.Size() < 100 || !strings.Contains(stdout, "wrote "+p) {
			t.Fatalf("%s: not written (%v): %s", out, err, stdout)
		}
		if out == "m.ms3d" {
			convertErrs = errs
		}
	}
	// Into another folder, the texture path is rewritten to name the same
	// file from there, and convert says so.
	if m, err := document.Open(filepath.Join(dir, "m.ms3d")); err != nil || !m.TextureResolver().Resolve(m.Model().Materials[0].Texture).Found {
		t.Errorf("the converted model's texture does not resolve (%v)", err)
	}
	if !strings.Contains(convertErrs, "material.texture-rebased") {
		t.Errorf("convert did not say the texture path was rewritten: %s", convertErrs)
	}
	// Into its own folder, an unchanged .ms3d converts byte for byte.
	own := t.TempDir()
	orig, _ := os.ReadFile(in)
	os.WriteFile(filepath.Join(own, "Model.ms3d"), orig, 0o644)
	if code, _, errs := runTool("convert", filepath.Join(own, "Model.ms3d"), filepath.Join(own, "again.ms3d")); code != 0 {
		t.Fatalf("convert in its own folder: exit %d: %s", code, errs)
	}
	again, _ := os.ReadFile(filepath.Join(own, "again.ms3d"))
	if string(orig) != string(again) {
		t.Error("an unchanged .ms3d did not convert byte for byte in its own folder")
	}
	d := openDoc(t, filepath.Join(dir, "m.smd"))
	src, _ := document.Open(in)
	if got, want := len(d.Model().Triangles), len(src.Model().Triangles); got != want {
		t.Errorf("SMD read back with %d triangles, want %d", got, want)
	}
}

// TestConvert3DS imports every corpus .3ds file through the CLI into MS3D,
// and checks that info --json reports the import.
func TestConvert3DS(t *testing.T) {
	files := corpus3DS(t)
	dir := t.TempDir()
	for i, in := range files {
		out := filepath.Join(dir, filepath.Base(in)+".ms3d")
		if code, _, errs := runTool("convert", in, out); code == 2 {
			t.Errorf("%s: exit 2: %s", in, errs)
			continue
		}
		d, err := document.Open(out)
		if err != nil {
			t.Errorf("%s: the converted file does not read back: %v", in, err)
			continue
		}
		if len(d.Model().Triangles) == 0 {
			t.Errorf("%s: converted without triangles", in)
		}
		if i > 3 {
			continue // info on a few is enough
		}
		code, stdout, errs := runTool("info", in, "--json")
		var info map[string]any
		if code != 0 || json.Unmarshal([]byte(stdout), &info) != nil {
			t.Fatalf("%s: info exit %d: %s", in, code, errs)
		}
		for _, k := range []string{"objects", "nodes", "frames", "pivotRule", "axes"} {
			if _, ok := info[k]; !ok {
				t.Errorf("%s: info --json has no %q", in, k)
			}
		}
		if info["format"] != "3ds" {
			t.Errorf("%s: format %v", in, info["format"])
		}
	}
}

// TestConvert3DSToGLTFValidates exports every corpus .3ds scene to .glb and
// .gltf through the CLI and has the Khronos validator check them all: zero
// errors.
func TestConvert3DSToGLTFValidates(t *testing.T) {
	script, err := filepath.Abs("../../tools/gltf-validator/validate.mjs")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(filepath.Dir(script), "node_modules", "gltf-validator")); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("the glTF validator is not installed (npm ci --prefix tools/gltf-validator); CI must have it")
		}
		t.Skip("glTF validator not installed: npm ci --prefix tools/gltf-validator")
	}
	in := corpus3DS(t)
	dir := t.TempDir()
	var outs []string
	for i, p := range in {
		for _, ext := range []string{".glb", ".gltf"} {
			out := filepath.Join(dir, fmt.Sprintf("%02d%s", i, ext))
			if code, _, errs := runTool("convert", p, out); code == 2 {
				t.Fatalf("%s: %s", p, errs)
			}
			outs = append(outs, out)
		}
	}
	if len(outs) < 40 {
		t.Fatalf("only %d exports", len(outs))
	}
	cmd := exec.Command("node", append([]string{script}, outs...)...)
	out, err := cmd.Output()
	var report struct {
		Files []struct {
			File     string `json:"file"`
			Errors   int    `json:"errors"`
			Messages []any  `json:"messages"`
		} `json:"files"`
	}
	if jerr := json.Unmarshal(out, &report); jerr != nil {
		t.Fatalf("validator: %v %v\n%s", err, jerr, out)
	}
	if len(report.Files) != len(outs) {
		t.Fatalf("validator checked %d files, want %d", len(report.Files), len(outs))
	}
	for _, f := range report.Files {
		if f.Errors != 0 {
			t.Errorf("%s: %d validator errors: %v", f.File, f.Errors, f.Messages)
		}
	}
}

// corpus3DS returns every .3ds file of the shared corpus (at least 20).
func corpus3DS(t *testing.T) []string {
	t.Helper()
	root := filepath.Join(corpus.Dir(t), "3ds")
	var files []string
	filepath.WalkDir(root, func(p string, e os.DirEntry, err error) error {
		if err == nil && strings.EqualFold(filepath.Ext(p), ".3ds") {
			files = append(files, p)
		}
		return nil
	})
	if len(files) < 20 {
		t.Fatalf("only %d .3ds files under %s", len(files), root)
	}
	return files
}

// TestConvertSplit converts an SMD of 75,000 vertices: one MS3D file is
// refused with the count, the limit and what to do; --split writes two
// files that validate.
func TestConvertSplit(t *testing.T) {
	dir := t.TempDir()
	var b strings.Builder
	b.WriteString("version 1\nnodes\n0 \"root\" -1\nend\nskeleton\ntime 0\n0 0 0 0 0 0 0\nend\ntriangles\n")
	for i := range 25000 {
		x, y := float64(i%500), float64(i/500)
		fmt.Fprintf(&b, "skin.bmp\n0 %g %g 0 0 0 1 0 0\n0 %g %g 0 0 0 1 1 0\n0 %g %g 0 0 0 1 0 1\n", x, y, x+0.5, y, x, y+0.5)
	}
	b.WriteString("end\n")
	in := writeFile(t, filepath.Join(dir, "big.smd"), []byte(b.String()))
	out := filepath.Join(dir, "big.ms3d")
	code, _, errs := runTool("convert", in, out)
	if code != 1 || !strings.Contains(errs, "75000 vertices, an MS3D file holds at most 65534") || !strings.Contains(errs, "--split") {
		t.Fatalf("without --split: exit %d: %s", code, errs)
	}
	code, stdout, errs := runTool("convert", in, out, "--split")
	if code != 0 {
		t.Fatalf("--split: exit %d: %s", code, errs)
	}
	for _, part := range []string{"big-1.ms3d", "big-2.ms3d"} {
		p := filepath.Join(dir, part)
		if !strings.Contains(stdout, "wrote "+p) {
			t.Errorf("%s not written: %s", part, stdout)
		}
		if code, vout, verrs := runTool("validate", p); code != 0 {
			t.Errorf("validate %s: exit %d: %s %s", part, code, vout, verrs)
		}
	}
	if !strings.Contains(errs, "part 2 of 2") {
		t.Errorf("the parts are not reported: %s", errs)
	}
}

// TestConvertOBJ converts the corpus's spider OBJ into an MS3D file beside
// its textures: it validates without errors, keeps every triangle, and its
// textures resolve.
func TestConvertOBJ(t *testing.T) {
	src := filepath.Join(corpus.Dir(t), "obj", "assimp", "test", "models", "OBJ")
	dir := t.TempDir()
	for _, name := range []string{"spider.obj", "spider.mtl", "SpiderTex.jpg", "drkwood2.jpg", "engineflare1.jpg", "wal67ar_small.jpg", "wal69ar_small.jpg"} {
		data, err := os.ReadFile(filepath.Join(src, name))
		if err != nil {
			t.Fatal(err)
		}
		writeFile(t, filepath.Join(dir, name), data)
	}
	out := filepath.Join(dir, "spider.ms3d")
	if code, _, errs := runTool("convert", filepath.Join(dir, "spider.obj"), out); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if code, vout, verrs := runTool("validate", out); code != 0 {
		t.Fatalf("validate: exit %d: %s %s", code, vout, verrs)
	}
	if code, tout, terrs := runTool("textures", out); code != 0 {
		t.Fatalf("textures: exit %d (0 when every texture resolves): %s %s", code, tout, terrs)
	}
	d := openDoc(t, out)
	if m := d.Model(); len(m.Triangles) != 1368 || len(m.Materials) != 4 || len(m.Groups) != 19 {
		t.Errorf("%d triangles, %d materials, %d groups; want 1368, 4, 19", len(m.Triangles), len(m.Materials), len(m.Groups))
	}
}
