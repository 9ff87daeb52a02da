package main

import (
	"bytes"
	"encoding/json"
	"image"
	"image/draw"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/image/bmp"

	"ms3dstudio/formats/ms3d"
	"ms3dstudio/formats/teximage"
	"ms3dstudio/internal/corpus"
)

// brokenModel is a corpus model copied into the test folder with its
// textures moved, renamed and converted.
type brokenModel struct {
	src, dst string
	// textures maps each texture's corpus file name to its new place
	// under the art folder; the extension says the format written.
	textures map[string]string
	// stand-ins maps texture names to a DDS or PCX file of the decoders'
	// test data (we write neither format) put in their place under art;
	// the file's PNG golden is the pixels it must decode to.
	standIns map[string][2]string
}

var brokenModels = []brokenModel{
	{"lesson31_bcb6/Data/Model.ms3d", "nehe/Data/Model.ms3d", map[string]string{"Wood.bmp": "WOOD.BMP"}, nil},
	{"scare/models/level/level.ms3d", "level/level.ms3d", map[string]string{
		"crate.png": "Crate.PNG",     // other case
		"st1.png":   "tiles/st1.tga", // converted to TGA, in a sub-folder
		"st2.png":   "tiles/ST2.bmp", // converted to BMP, other case
	}, map[string][2]string{"wall.png": {"../../formats/pcx/testdata/im-rgb24.pcx", "deep/a/b/WALL.pcx"}}},
	{"scare/models/player/guy.ms3d", "player/guy.ms3d", map[string]string{"guy.png": "skins/guy.bmp"}, nil},
	// Old game assets: the gun's texture became a DXT1 .dds (and the
	// level's wall a 24-bit .pcx).
	{"scare/models/pistol/gun.ms3d", "pistol/gun.ms3d", nil, map[string][2]string{"gun.png": {"../../formats/dds/testdata/im-dxt1.dds", "weapons/GUN.dds"}}},
}

// writeTGA writes img as an uncompressed 32-bit top-left TGA (test code: the
// product only reads TGA).
func writeTGA(t *testing.T, path string, img image.Image) {
	b := img.Bounds()
	n := image.NewNRGBA(b)
	draw.Draw(n, b, img, b.Min, draw.Src)
	h := []byte{0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, byte(b.Dx()), byte(b.Dx() >> 8), byte(b.Dy()), byte(b.Dy() >> 8), 32, 0x28}
	for i := 0; i < len(n.Pix); i += 4 {
		h = append(h, n.Pix[i+2], n.Pix[i+1], n.Pix[i], n.Pix[i+3])
	}
	writeFile(t, path, h)
}

// writeAs writes img in the format path's extension names.
func writeAs(t *testing.T, path string, img image.Image) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	var err error
	switch strings.ToLower(filepath.Ext(path)) {
	case ".tga":
		writeTGA(t, path, img)
		return
	case ".bmp":
		err = bmp.Encode(&buf, img)
	case ".png":
		err = png.Encode(&buf, img)
	default:
		t.Fatalf("no encoder for %s", path)
	}
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, path, buf.Bytes())
}

// samePixels compares two images colour for colour (as 8-bit NRGBA).
func samePixels(t *testing.T, what string, got, want image.Image) {
	t.Helper()
	if got.Bounds().Size() != want.Bounds().Size() {
		t.Fatalf("%s: size %v, want %v", what, got.Bounds().Size(), want.Bounds().Size())
	}
	g, w := image.NewNRGBA(got.Bounds()), image.NewNRGBA(want.Bounds())
	draw.Draw(g, g.Bounds(), got, got.Bounds().Min, draw.Src)
	draw.Draw(w, w.Bounds(), want, want.Bounds().Min, draw.Src)
	if !bytes.Equal(g.Pix, w.Pix) {
		t.Errorf("%s: pixels differ from the original texture", what)
	}
}

// TestTexturesSearchApplyFixesBrokenCopies is the "done when": a
// broken copy of corpus models whose textures were moved to another
// folder, renamed to other case and converted to other formats is fixed by
// one search and apply; every texture then decodes to the original's
// pixels, and the saved files reopen with every texture found.
func TestTexturesSearchApplyFixesBrokenCopies(t *testing.T) {
	root := t.TempDir()
	art := filepath.Join(root, "art")
	var files []string
	originals := map[string]image.Image{} // new texture path → original pixels
	for _, bm := range brokenModels {
		src := corpus.File(t, bm.src).Path
		dst := filepath.Join(root, "models", filepath.FromSlash(bm.dst))
		data, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			t.Fatal(err)
		}
		writeFile(t, dst, data)
		files = append(files, dst)
		for name, to := range bm.textures {
			img, err := teximage.DecodeFile(filepath.Join(filepath.Dir(src), name))
			if err != nil {
				t.Fatal(err)
			}
			p := filepath.Join(art, filepath.FromSlash(to))
			writeAs(t, p, img)
			originals[p] = img
		}
		for _, si := range bm.standIns {
			data, err := os.ReadFile(filepath.FromSlash(si[0]))
			if err != nil {
				t.Fatal(err)
			}
			p := filepath.Join(art, filepath.FromSlash(si[1]))
			os.MkdirAll(filepath.Dir(p), 0o755)
			writeFile(t, p, data)
			golden, err := teximage.DecodeFile(strings.TrimSuffix(filepath.FromSlash(si[0]), filepath.Ext(si[0])) + ".png")
			if err != nil {
				t.Fatal(err)
			}
			originals[p] = golden
		}
	}
	before := map[string][]byte{}
	for _, f := range files {
		before[f], _ = os.ReadFile(f)
	}

	// Before: every texture is missing.
	code, out, errs := runTool(append([]string{"textures", "--json"}, files...)...)
	if code != 1 {
		t.Fatalf("before: exit %d, want 1\n%s%s", code, out, errs)
	}

	code, out, errs = runTool(append([]string{"textures", "--search", art, "--apply", "--json"}, files...)...)
	if code != 0 {
		t.Fatalf("search and apply: exit %d\n%s%s", code, out, errs)
	}
	var rep TexturesReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.Searches) != 1 || rep.Searches[0].Files != len(originals) || !rep.Searches[0].Complete {
		t.Errorf("search %+v", rep.Searches)
	}
	for i, mr := range rep.Models {
		if !mr.Written || mr.Unresolved != 0 || len(mr.Changes) != len(brokenModels[i].textures)+len(brokenModels[i].standIns) {
			t.Errorf("%s: written %v, %d unresolved, changes %+v", mr.File, mr.Written, mr.Unresolved, mr.Changes)
		}
		for _, c := range mr.Changes {
			if strings.Contains(c.New, `\`) || filepath.IsAbs(c.New) || !strings.HasPrefix(c.New, "../") {
				t.Errorf("%s: new path %q is not relative with forward slashes", mr.File, c.New)
			}
		}
		if b, err := os.ReadFile(mr.File + ".bak"); err != nil || !bytes.Equal(b, before[mr.File]) {
			t.Errorf("%s.bak does not hold the original: %v", mr.File, err)
		}
	}

	// Reopened, every texture is found exactly and decodes to the
	// original's pixels; nothing but the texture paths changed.
	for _, f := range files {
		d := openDoc(t, f)
		m := d.Model()
		tex := d.Textures()
		if len(tex.Findings) != 0 {
			t.Errorf("%s: texture findings %v", f, tex.Findings)
		}
		res := d.TextureResolver()
		for k, mt := range m.Materials {
			if mt.Texture.Text() == "" {
				continue
			}
			r := res.Resolve(mt.Texture)
			if !r.Found || r.Rule != "exact" {
				t.Errorf("%s material %d: %q resolves %+v", f, k, mt.Texture, r)
				continue
			}
			want, ok := originals[r.OSPath]
			if !ok {
				t.Errorf("%s material %d: points at %s, not a moved texture", f, k, r.OSPath)
				continue
			}
			if tex.Images[k] == nil {
				t.Errorf("%s material %d: no image", f, k)
				continue
			}
			samePixels(t, f+" "+r.OSPath, tex.Images[k], want)
		}
		// Put the old paths back: the bytes must be the original file's.
		orig, _, err := ms3d.Decode(before[f])
		if err != nil {
			t.Fatal(err)
		}
		for k := range m.Materials {
			m.Materials[k].Texture = orig.Materials[k].Texture
		}
		if b, err := ms3d.Encode(m); err != nil || !bytes.Equal(b, before[f]) {
			t.Errorf("%s: more than the texture paths changed (%v)", f, err)
		}
	}

	// A second run changes nothing and succeeds.
	code, out, _ = runTool(append([]string{"textures", "--search", art, "--apply"}, files...)...)
	if code != 0 || strings.Contains(out, "changed material") {
		t.Errorf("second run: exit %d\n%s", code, out)
	}
}

// TestTexturesCollectBackslashAndErrors collects a moved texture beside the
// model with MilkShape's backslash style, and checks the exit statuses.
func TestTexturesCollectBackslashAndErrors(t *testing.T) {
	root := t.TempDir()
	src := corpus.File(t, "lesson31_bcb6/Data/Model.ms3d").Path
	data, _ := os.ReadFile(src)
	model := filepath.Join(root, "m", "Model.ms3d")
	os.MkdirAll(filepath.Dir(model), 0o755)
	os.WriteFile(model, data, 0o644)
	img, err := teximage.DecodeFile(filepath.Join(filepath.Dir(src), "Wood.bmp"))
	if err != nil {
		t.Fatal(err)
	}
	writeAs(t, filepath.Join(root, "art", "a", "wood.png"), img)
	writeAs(t, filepath.Join(root, "art", "b", "Wood.bmp"), img)

	code, out, errs := runTool("textures", model, "--search", filepath.Join(root, "art"), "--apply", "--collect", "tex", "--style", "backslash")
	if code != 0 {
		t.Fatalf("exit %d\n%s%s", code, out, errs)
	}
	// Both files are listed; the same name wins over the other extension.
	if !strings.Contains(out, "* "+filepath.Join(root, "art", "b", "Wood.bmp")) || !strings.Contains(out, filepath.Join(root, "art", "a", "wood.png")) {
		t.Errorf("candidates not listed:\n%s", out)
	}
	d := openDoc(t, model)
	if got := d.Model().Materials[0].Texture; got != `tex\Wood.bmp` {
		t.Errorf("stored %q, want tex\\Wood.bmp", got)
	}
	if _, err := os.Stat(filepath.Join(root, "m", "tex", "Wood.bmp")); err != nil {
		t.Error(err)
	}

	for _, c := range []struct {
		args []string
		want int
	}{
		{[]string{"textures", filepath.Join(root, "nothing.ms3d")}, 2},
		{[]string{"textures", model, "--search", filepath.Join(root, "no-folder")}, 2},
		{[]string{"textures", model, "--collect", "x"}, 2},
		{[]string{"textures", model, "--style", "dos"}, 2},
		{[]string{"textures"}, 2},
	} {
		if code, out, errs := runTool(c.args...); code != c.want {
			t.Errorf("%v: exit %d, want %d\n%s%s", c.args, code, c.want, out, errs)
		}
	}
	os.Remove(filepath.Join(root, "m", "tex", "Wood.bmp"))
	if code, out, _ := runTool("textures", model); code != 1 || !strings.Contains(out, "missing") {
		t.Errorf("missing texture: exit %d\n%s", code, out)
	}
}
