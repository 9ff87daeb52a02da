package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"ms3dstudio/document"
	"ms3dstudio/internal/corpus"
	"ms3dstudio/model"
)

// openDoc opens path as the app does, failing the test when it cannot.
func openDoc(t *testing.T, path string) *document.Document {
	t.Helper()
	d, err := document.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// writeFile writes data (a test's input) to path and returns path.
func writeFile(t *testing.T, path string, data []byte) string {
	t.Helper()
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func runTool(args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := run(args, &out, &errb)
	return code, out.String(), errb.String()
}

// notExistText is how this platform words a missing file ("no such file or
// directory" on Unix, "The system cannot find the file specified." on
// Windows), which the tool's message for path must carry.
func notExistText(t *testing.T, path string) string {
	t.Helper()
	_, err := os.Stat(path)
	var pe *fs.PathError
	if !errors.Is(err, fs.ErrNotExist) || !errors.As(err, &pe) {
		t.Fatalf("%s: %v, want a missing file", path, err)
	}
	return pe.Err.Error()
}

// TestInfoMatchesManifest runs `info --json` on every corpus file and
// compares the counts with MANIFEST.tsv.
func TestInfoMatchesManifest(t *testing.T) {
	for _, e := range corpus.MS3D(t) {
		code, out, errs := runTool("info", e.Path, "--json")
		if code != 0 {
			t.Errorf("%s: exit %d: %s", e, code, errs)
			continue
		}
		var info map[string]any
		if err := json.Unmarshal([]byte(out), &info); err != nil {
			t.Fatalf("%s: %v\n%s", e, err, out)
		}
		if e.Joints < 0 {
			continue // the manifest's own reader failed on this file
		}
		want := map[string]int{"version": e.Version, "vertices": e.Vertices, "triangles": e.Triangles, "groups": e.Groups,
			"materials": e.Materials, "joints": e.Joints, "rotationKeys": e.RotationKeys, "positionKeys": e.PositionKeys,
			"totalFrames": e.TotalFrames, "vertexExtraSubVersion": e.VertexExtraSubVersion}
		for k, v := range want {
			if got, ok := info[k].(float64); !ok || int(got) != v {
				t.Errorf("%s: %s = %v, manifest %d", e, k, info[k], v)
			}
		}
		if got := info["fps"].(float64); got != e.FPS {
			t.Errorf("%s: fps = %v, manifest %v", e, got, e.FPS)
		}
	}
}

func TestInfoTextures(t *testing.T) {
	dir := corpus.Dir(t)
	code, out, _ := runTool("info", "--json", filepath.Join(dir, "ms3d/assimp/test/models/MS3D/jeep1.ms3d"))
	if code != 0 {
		t.Fatal(code)
	}
	var info Info
	if err := json.Unmarshal([]byte(out), &info); err != nil {
		t.Fatal(err)
	}
	tex := info.MaterialList[0].Texture
	if tex.Path != `.\jeep1.jpg` || !tex.Resolves || filepath.Base(tex.File) != "jeep1.jpg" {
		t.Fatalf("jeep1 texture: %+v", tex)
	}
	code, out, _ = runTool("info", filepath.Join(dir, "ms3d/blitz3d/_release/samples/zenith/scare/models/level/crate.ms3d"))
	if code != 0 || !strings.Contains(out, `".\\crate02.png" (not found)`) || !strings.Contains(out, "crate.png (exact)") {
		t.Fatalf("crate textures:\n%s", out)
	}
}

func TestUsageErrors(t *testing.T) {
	for _, args := range [][]string{nil, {"nope"}, {"info"}, {"info", "--bogus", "x"}, {"convert", "in.ms3d"}, {"convert", "a.ms3d", "b.txt"}} {
		code, out, errs := runTool(args...)
		if code != 2 || out != "" || !strings.Contains(errs, "usage") && !strings.Contains(errs, "Usage") {
			t.Errorf("%q: exit %d, stdout %q, stderr %q", args, code, out, errs)
		}
	}
	code, out, _ := runTool("help")
	if code != 0 || !strings.Contains(out, "ms3dtool info FILE") {
		t.Errorf("help: %d %q", code, out)
	}
}

func TestUnreadable(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "bad.ms3d")
	os.WriteFile(bad, []byte("not a model at all"), 0o644)
	code, out, errs := runTool("info", bad, "--json")
	if code != 2 || out != "" || !strings.Contains(errs, "identifier") {
		t.Fatalf("exit %d stdout %q stderr %q", code, out, errs)
	}
	missing := filepath.Join(t.TempDir(), "missing.ms3d")
	code, _, errs = runTool("info", missing)
	if code != 2 || !strings.Contains(errs, notExistText(t, missing)) {
		t.Fatalf("missing: %d %q", code, errs)
	}
}

// TestConvertIdentical re-encodes every readable corpus file beside itself
// and compares the bytes (into another folder the texture paths are
// rewritten to still name their files: TestConvertFormats).
func TestConvertIdentical(t *testing.T) {
	tmp := t.TempDir()
	for _, e := range corpus.MS3D(t) {
		in, _ := os.ReadFile(e.Path)
		src := writeFile(t, filepath.Join(tmp, "in.ms3d"), in)
		out := filepath.Join(tmp, "out.ms3d")
		code, _, errs := runTool("convert", src, out)
		got, _ := os.ReadFile(out)
		truncated := strings.Contains(errs, "file.truncated")
		switch {
		case truncated:
			if code != 1 || len(got) == 0 {
				t.Errorf("%s: truncated file: exit %d, %d bytes written", e, code, len(got))
			}
		case !bytes.Equal(in, got):
			t.Errorf("%s: convert changed the bytes (exit %d, %s)", e, code, errs)
		}
	}
}

// TestValidateKnownDefects checks the exit status and the located findings
// of the corpus's known-defective files.
func TestValidateKnownDefects(t *testing.T) {
	dir := filepath.Join(corpus.Dir(t), "ms3d")
	cases := []struct {
		file   string
		exit   int
		code   model.Code
		part   string
		offset int64
	}{
		{"assimp/test/models/MS3D/invalid/InvalidMaterialIndex.ms3d", 1, "group.material-range", "group", 0x69},
		{"assimp/test/models/MS3D/Wuson_a8a1ca98.ms3d", 1, "file.truncated", "joint", 330208},
		{"GLScene/Samples/media/Woman4.ms3d", 1, "joint.keys-short", "joint", 0x14b591},
		{"GLScene/Samples/media/Woman4.ms3d", 1, "block.unreadable", "comments", 0x152aa4},
		{"assimp/test/models/MS3D/jeep1.ms3d", 0, "material.texture-path", "material", 0x2824c},
	}
	for _, c := range cases {
		code, out, errs := runTool("validate", "--json", filepath.Join(dir, c.file))
		if code != c.exit {
			t.Errorf("%s: exit %d, want %d (%s)", c.file, code, c.exit, errs)
		}
		var rep ValidateReport
		if err := json.Unmarshal([]byte(out), &rep); err != nil || len(rep.Files) != 1 {
			t.Fatalf("%s: %v\n%s", c.file, err, out)
		}
		found := false
		for _, f := range rep.Files[0].Findings {
			if f.Code == c.code && f.Where.Part == c.part && f.Where.Offset == c.offset {
				found = true
			}
		}
		if !found {
			t.Errorf("%s: no %s finding on %s at offset %#x in %+v", c.file, c.code, c.part, c.offset, rep.Files[0].Findings)
		}
	}
}

func TestValidateExitStatus(t *testing.T) {
	dir := filepath.Join(corpus.Dir(t), "ms3d")
	clean := filepath.Join(dir, "GLScene/Demos/media/models/Box.ms3d")
	broken := filepath.Join(dir, "assimp/test/models/MS3D/invalid/InvalidMaterialIndex.ms3d")
	missing := filepath.Join(t.TempDir(), "none.ms3d")
	for _, c := range []struct {
		files []string
		exit  int
	}{{[]string{clean}, 0}, {[]string{clean, broken}, 1}, {[]string{broken, missing, clean}, 2}} {
		code, out, errs := runTool(append([]string{"validate"}, c.files...)...)
		if code != c.exit {
			t.Errorf("%v: exit %d, want %d\n%s%s", c.files, code, c.exit, out, errs)
		}
	}
	if code, out, _ := runTool("validate", clean); code != 0 || !strings.Contains(out, "0 errors, 0 warnings") {
		t.Errorf("clean file: %d %q", code, out)
	}
}
