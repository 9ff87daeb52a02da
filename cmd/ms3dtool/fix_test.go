package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"ms3dstudio/document/engine/enginetest"
	"ms3dstudio/formats/ms3d"
	"ms3dstudio/internal/corpus"
	"ms3dstudio/internal/testenv"
	"ms3dstudio/model"
)

func corpusFile(t *testing.T, rel string) string {
	t.Helper()
	return filepath.Join(corpus.Dir(t), "ms3d", rel)
}

func fixJSON(t *testing.T, args ...string) (int, FixReport, string) {
	t.Helper()
	code, out, errs := runTool(append([]string{"fix", "--json"}, args...)...)
	var r FixReport
	if code != 2 {
		if err := json.Unmarshal([]byte(out), &r); err != nil {
			t.Fatalf("%v: %v\n%s%s", args, err, out, errs)
		}
	}
	return code, r, errs
}

func changeCount(r FixReport) map[model.Code]int {
	n := map[model.Code]int{}
	for _, c := range r.Changes {
		n[c.Code]++
	}
	return n
}

// TestFixKnownDefects fixes the corpus's defective files: each comes out
// with no error, the changes the log lists, and a file that validates.
func TestFixKnownDefects(t *testing.T) {
	tmp := t.TempDir()
	for _, c := range []struct {
		file string
		want map[model.Code]int
	}{
		{"assimp/test/models/MS3D/invalid/InvalidMaterialIndex.ms3d", map[model.Code]int{model.CodeGroupMaterialRange: 1, model.CodeNormalZero: 1}},
		{"assimp/test/models/MS3D/Wuson_a8a1ca98.ms3d", map[model.Code]int{"file.truncated": 1, model.CodeGroupTriangleRange: 1, model.CodeTriangleMultiGroup: 38,
			model.CodeTriangleNoGroup: 761, model.CodeGroupMaterialRange: 1, model.CodeFPS: 1}},
		{"GLScene/Samples/media/Woman4.ms3d", map[model.Code]int{"joint.keys-short": 1, model.CodeWeightsLost: 1}},
	} {
		out := filepath.Join(tmp, filepath.Base(c.file))
		code, r, errs := fixJSON(t, corpusFile(t, c.file), out)
		if code != 0 || !r.Written || r.Output != out {
			t.Errorf("%s: exit %d, written %v: %s", c.file, code, r.Written, errs)
		}
		if got := changeCount(r); !maps.Equal(got, c.want) {
			t.Errorf("%s: changes %v, want %v", c.file, got, c.want)
		}
		if model.HasErrors(r.Remaining) {
			t.Errorf("%s: errors remain: %v", c.file, r.Remaining)
		}
		if code, vout, _ := runTool("validate", out); code != 0 {
			t.Errorf("%s: validate of the fixed file: exit %d\n%s", c.file, code, vout)
		}
	}
	// The material index is now none, in the bytes.
	m, _, err := ms3d.ReadFile(filepath.Join(tmp, "InvalidMaterialIndex.ms3d"))
	if err != nil || m.Groups[0].Material != -1 {
		t.Fatalf("fixed InvalidMaterialIndex: %v, material %d", err, m.Groups[0].Material)
	}
	// Woman4's repaired joint keeps all its keys.
	m, _, err = ms3d.ReadFile(filepath.Join(tmp, "Woman4.ms3d"))
	if err != nil || len(m.Joints[30].RotationKeys) != 2133 || m.VertexExtraSubVersion != 3 {
		t.Fatalf("fixed Woman4: %v", err)
	}
}

// TestFixCleanFile writes a file with nothing to fix byte for byte.
func TestFixCleanFile(t *testing.T) {
	in := corpusFile(t, "GLScene/Demos/media/models/Box.ms3d")
	out := filepath.Join(t.TempDir(), "box.ms3d")
	code, text, errs := runTool("fix", in, out)
	if code != 0 || !strings.Contains(text, "Box.ms3d: 0 changes") || !strings.Contains(text, "remaining: 0 errors, 0 warnings, 0 notes") {
		t.Fatalf("exit %d\n%s%s", code, text, errs)
	}
	a, _ := os.ReadFile(in)
	b, _ := os.ReadFile(out)
	if !bytes.Equal(a, b) {
		t.Fatal("the bytes changed")
	}
}

// TestFixText checks the text report: one line per change, the remaining
// findings and what was written.
func TestFixText(t *testing.T) {
	out := filepath.Join(t.TempDir(), "fixed.ms3d")
	code, text, _ := runTool("fix", corpusFile(t, "assimp/test/models/MS3D/invalid/InvalidMaterialIndex.ms3d"), out)
	for _, want := range []string{
		"InvalidMaterialIndex.ms3d: 2 changes\n",
		`  group 0 at offset 0x69 [group.material-range]: group 0 ("grp"): material index 1 → −1 (no material; the model has 1 material)`,
		"  triangle 0 at offset 0x21 [triangle.normal-zero]: triangle 0: recomputed zero normals",
		"remaining: 0 errors, 0 warnings, 0 notes\n",
		"wrote " + out + " (520 bytes)\n",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("output lacks %q:\n%s", want, text)
		}
	}
	if code != 0 {
		t.Errorf("exit %d", code)
	}
}

// TestFixDryRun writes nothing, whether or not OUT is given.
func TestFixDryRun(t *testing.T) {
	tmp := t.TempDir()
	in := corpusFile(t, "assimp/test/models/MS3D/jeep1.ms3d")
	out := filepath.Join(tmp, "jeep.ms3d")
	for _, args := range [][]string{{in, "--dry-run"}, {in, out, "--dry-run"}} {
		code, r, errs := fixJSON(t, args...)
		if code != 0 || r.Written || len(r.Changes) != 1 || r.Changes[0].Code != model.CodeTexturePath {
			t.Errorf("%v: exit %d, %+v, %s", args, code, r, errs)
		}
		if !strings.Contains(r.Changes[0].Message, `texture path ".\\jeep1.jpg" → "jeep1.jpg"`) {
			t.Errorf("%v: %s", args, r.Changes[0].Message)
		}
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Fatalf("a dry run wrote %s", out)
	}
}

// TestFixInPlace overwrites IN only when asked, keeps the original as .bak,
// and leaves a file with nothing (more) to fix untouched.
func TestFixInPlace(t *testing.T) {
	orig, err := os.ReadFile(corpusFile(t, "blitz3d/_release/samples/zenith/scare/models/pistol/gun.ms3d"))
	if err != nil {
		t.Fatal(err)
	}
	in := writeFile(t, filepath.Join(t.TempDir(), "gun.ms3d"), orig)
	if code, _, errs := runTool("fix", in, in); code != 2 || !strings.Contains(errs, "--in-place") {
		t.Fatalf("fix IN IN: exit %d %s", code, errs)
	}
	if code, _, errs := runTool("fix", in, filepath.Join(filepath.Dir(in), ".", "gun.ms3d")); code != 2 {
		t.Fatalf("fix IN ./IN: exit %d %s", code, errs)
	}
	code, r, errs := fixJSON(t, in, "--in-place")
	if code != 0 || !r.Written || r.Output != in {
		t.Fatalf("exit %d %+v %s", code, r, errs)
	}
	if got := changeCount(r); !maps.Equal(got, map[model.Code]int{model.CodeNormalZero: 3, model.CodeTexturePath: 1}) {
		t.Errorf("changes %v", got)
	}
	bak, _ := os.ReadFile(in + ".bak")
	fixed, _ := os.ReadFile(in)
	if !bytes.Equal(bak, orig) || bytes.Equal(fixed, orig) || len(fixed) != len(orig) {
		t.Fatalf("backup equal %v, fixed differs %v", bytes.Equal(bak, orig), !bytes.Equal(fixed, orig))
	}
	code, text, _ := runTool("fix", in, "--in-place")
	if code != 0 || !strings.Contains(text, "0 changes") || !strings.Contains(text, "nothing to fix: "+in+" is unchanged") {
		t.Fatalf("second run: exit %d\n%s", code, text)
	}
	if again, _ := os.ReadFile(in); !bytes.Equal(again, fixed) {
		t.Fatal("the second run changed the file")
	}
}

// TestFixOnlySkip: skipping the one error's fix leaves the error, which
// the exit status reports (the file is still written, improved).
func TestFixOnlySkip(t *testing.T) {
	in := corpusFile(t, "assimp/test/models/MS3D/invalid/InvalidMaterialIndex.ms3d")
	out := filepath.Join(t.TempDir(), "x.ms3d")
	code, r, _ := fixJSON(t, in, out, "--skip", string(model.CodeGroupMaterialRange))
	if code != 1 || !r.Written || !maps.Equal(changeCount(r), map[model.Code]int{model.CodeNormalZero: 1}) {
		t.Errorf("--skip: exit %d, %v", code, changeCount(r))
	}
	found := false
	for _, f := range r.Remaining {
		found = found || f.Code == model.CodeGroupMaterialRange && f.Severity == model.Error && f.Where.Offset == 0x69
	}
	if !found {
		t.Errorf("remaining %v", r.Remaining)
	}
	code, r, _ = fixJSON(t, in, out, "--only", string(model.CodeGroupMaterialRange+", "+model.CodeCommentIndex))
	if code != 0 || !maps.Equal(changeCount(r), map[model.Code]int{model.CodeGroupMaterialRange: 1}) {
		t.Errorf("--only: exit %d, %v", code, changeCount(r))
	}
	// NeHe's texture path is rewritten only on request.
	nehe := corpusFile(t, "nehe-opengl/bcb6/lesson31_bcb6/Data/Model.ms3d")
	if _, r, _ := fixJSON(t, nehe, "--dry-run"); len(r.Changes) != 0 || len(r.Remaining) != 1 {
		t.Errorf("nehe by default: %+v", r)
	}
	if _, r, _ := fixJSON(t, nehe, "--dry-run", "--only", string(model.CodeTextureRemapped)); len(r.Changes) != 1 || len(r.Remaining) != 0 {
		t.Errorf("nehe with --only: %+v", r)
	}
}

func TestFixUsageErrors(t *testing.T) {
	in := corpusFile(t, "GLScene/Demos/media/models/Box.ms3d")
	out := filepath.Join(t.TempDir(), "o.ms3d")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"fix"}, "want IN"},
		{[]string{"fix", in}, "want OUT, --in-place or --dry-run"},
		{[]string{"fix", in, out, "extra.ms3d"}, "got 3 arguments"},
		{[]string{"fix", in, "o.obj"}, "must end in .ms3d"},
		{[]string{"fix", in, out, "--in-place"}, "give no OUT"},
		{[]string{"fix", in, out, "--only", "no.such"}, `unknown finding code "no.such"`},
		{[]string{"fix", in, out, "--skip", string(model.CodeTextureMissing)}, "has no automatic fix"},
		{[]string{"fix", in, out, "--bogus"}, "flag provided but not defined"},
	} {
		code, stdout, errs := runTool(c.args...)
		if code != 2 || stdout != "" || !strings.Contains(errs, c.want) || !strings.Contains(errs, "usage: ms3dtool fix") && !strings.Contains(errs, "Usage") {
			t.Errorf("%q: exit %d, stdout %q, stderr %q", c.args, code, stdout, errs)
		}
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Fatal("a usage error wrote OUT")
	}
	bad := filepath.Join(t.TempDir(), "bad.ms3d")
	os.WriteFile(bad, []byte("MS3D000000\x09\x00\x00\x00"), 0o644)
	if code, _, errs := runTool("fix", bad, out); code != 2 || !strings.Contains(errs, "unsupported version 9") {
		t.Errorf("bad version: exit %d %q", code, errs)
	}
	none := filepath.Join(t.TempDir(), "none.ms3d")
	if code, _, errs := runTool("fix", none, out); code != 2 || !strings.Contains(errs, notExistText(t, none)) {
		t.Errorf("missing: exit %d %q", code, errs)
	}
	code, list, _ := runTool("fix", "--codes")
	if code != 0 || !strings.Contains(list, "material.texture-remapped (fixed only with --only)") || !strings.Contains(list, "model.count (no automatic fix)") {
		t.Errorf("--codes: exit %d\n%s", code, list)
	}
}

// TestFixForAssimpLoadsInAssimp runs `ms3dtool fix --for assimp` on every
// corpus file and has Debian's assimp read each result.
func TestFixForAssimpLoadsInAssimp(t *testing.T) {
	bin := testenv.Program(t, "assimp", "apt-get install -y assimp-utils")
	dir := t.TempDir()
	n := 0
	for _, e := range corpus.MS3D(t) {
		out := filepath.Join(dir, fmt.Sprintf("%02d.ms3d", n))
		n++
		if code, _, errs := runTool("fix", e.Path, out, "--for", "assimp"); code == 2 {
			t.Errorf("%s: fix exit 2: %s", e.File, errs)
			continue
		}
		if msg, err := exec.Command(bin, "info", out).CombinedOutput(); err != nil {
			t.Errorf("%s: assimp refuses the file fixed for it: %v\n%s", e.File, err, lastLines(string(msg), 5))
		}
	}
	if n < 20 {
		t.Fatalf("only %d corpus files", n)
	}
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

// TestFixForGoldSrc: `fix --for goldsrc` binds the unboned vertices to the
// nearest joint and quantises the PNG skin into an 8-bit BMP beside it that
// golang.org/x/image/bmp decodes as a paletted image of at most 256
// colours; the fixed model names it, and `validate --for goldsrc` finds
// neither problem in it. A dry run writes nothing but reports the same.
func TestFixForGoldSrc(t *testing.T) {
	in := engineModel(t, "skin.png", pngSkin)
	dir := filepath.Dir(in)
	bmpPath := filepath.Join(dir, "skin.bmp")

	code, dry, errs := fixJSON(t, in, "--dry-run", "--for", "goldsrc")
	if code == 2 {
		t.Fatalf("dry run: exit 2: %s", errs)
	}
	if len(dry.Textures) != 1 || dry.Textures[0].Written || dry.Textures[0].Target != bmpPath {
		t.Fatalf("dry run textures %+v, want %s, not written", dry.Textures, bmpPath)
	}
	if _, err := os.Stat(bmpPath); err == nil {
		t.Fatal("the dry run wrote the copy")
	}
	if left := model.WithCode(dry.Remaining, model.CodeEngineTexture); len(left) != 0 {
		t.Errorf("dry run: remaining %v (the planned copy is not seen)", left)
	}

	out := filepath.Join(dir, "fixed.ms3d")
	code, r, errs := fixJSON(t, in, out, "--for", "goldsrc")
	if code == 2 || !r.Written {
		t.Fatalf("exit %d, written %v: %s", code, r.Written, errs)
	}
	n := changeCount(r)
	if n[model.CodeEngineTexture] != 1 || n[model.CodeEngineUnboned] != 1 {
		t.Fatalf("changes %v, want one engine.texture-format and one engine.vertex-no-bone", r.Changes)
	}
	if len(r.Textures) != 1 || !r.Textures[0].Written || r.Textures[0].Colors > 256 || r.Textures[0].Colors < 2 {
		t.Fatalf("textures %+v", r.Textures)
	}
	img := enginetest.ReadBMP(t, bmpPath)
	if p, ok := img.(*image.Paletted); !ok || len(p.Palette) > 256 || p.Bounds().Dx() != 256 {
		t.Fatalf("%s decodes as %T %v, want a 256-wide *image.Paletted", bmpPath, img, img.Bounds())
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	m, _, err := ms3d.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	if got := m.Materials[0].Texture; got != "skin.bmp" {
		t.Errorf("material 0 names %q, want skin.bmp", got)
	}
	for _, code := range []model.Code{model.CodeEngineTexture, model.CodeEngineUnboned} {
		if left := model.WithCode(r.Remaining, code); len(left) != 0 {
			t.Errorf("remaining %v", left)
		}
	}
	_, v, _ := validateJSON(t, out, "--for", "goldsrc")
	for _, code := range []model.Code{model.CodeEngineTexture, model.CodeEngineUnboned} {
		if left := model.WithCode(v.Files[0].Findings, code); len(left) != 0 {
			t.Errorf("validate --for goldsrc on the fixed file: %v", left)
		}
	}
	// The original PNG is untouched, and a second run reuses the copy.
	var want bytes.Buffer
	if err := pngSkin(&want); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "skin.png")); !bytes.Equal(got, want.Bytes()) {
		t.Error("skin.png changed")
	}
	code, text, errs := runTool("fix", in, filepath.Join(dir, "again.ms3d"), "--for", "goldsrc")
	if code == 2 || !strings.Contains(text, "already there") || !strings.Contains(text, "which already holds it") {
		t.Errorf("second run (exit %d):\n%s%s", code, text, errs)
	}
}

// TestFixForSourceLeavesTextures: the Source profile takes any texture; it
// only binds the unboned vertices.
func TestFixForSourceLeavesTextures(t *testing.T) {
	in := engineModel(t, "skin.png", pngSkin)
	out := filepath.Join(filepath.Dir(in), "fixed.ms3d")
	code, r, errs := fixJSON(t, in, out, "--for", "source")
	if code == 2 {
		t.Fatalf("exit 2: %s", errs)
	}
	if n := changeCount(r); n[model.CodeEngineUnboned] != 1 || n[model.CodeEngineTexture] != 0 || len(r.Textures) != 0 {
		t.Fatalf("changes %v, textures %v", r.Changes, r.Textures)
	}
}
