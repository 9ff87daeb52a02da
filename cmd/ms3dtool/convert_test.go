package main

import (
	"encoding/json"
	"os"
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
	for _, out := range []string{"m.ms3d", "m.glb", "m.gltf", "m.obj", "m.smd"} {
		p := filepath.Join(dir, out)
		code, stdout, errs := runTool("convert", in, p, "--frame", "8", "--all-clips")
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", out, code, errs)
		}
		if st, err := os.Stat(p); err != nil || st.Size() < 100 || !strings.Contains(stdout, "wrote "+p) {
			t.Fatalf("%s: not written (%v): %s", out, err, stdout)
		}
	}
	orig, _ := os.ReadFile(in)
	again, _ := os.ReadFile(filepath.Join(dir, "m.ms3d"))
	if string(orig) != string(again) {
		t.Error("an unchanged .ms3d did not convert byte for byte")
	}
	d, err := document.Open(filepath.Join(dir, "m.smd"))
	if err != nil {
		t.Fatal(err)
	}
	src, _ := document.Open(in)
	if got, want := len(d.Model().Triangles), len(src.Model().Triangles); got != want {
		t.Errorf("SMD read back with %d triangles, want %d", got, want)
	}
}

// TestConvert3DS imports every corpus .3ds file through the CLI into MS3D,
// and checks that info --json reports the import.
func TestConvert3DS(t *testing.T) {
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
