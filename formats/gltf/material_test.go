package gltf

import (
	"math"
	"os"
	"path/filepath"
	"testing"

	qgltf "github.com/qmuntal/gltf"

	"ms3dstudio/model"
	"ms3dstudio/model/texpath"
)

// TestMaterials checks the PBR approximation, the alpha modes and where
// the textures go.
func TestMaterials(t *testing.T) {
	m := grid(2, 2, 1)
	base := m.Materials[0]
	m.Materials = nil
	for _, tex := range []string{"skin.png", "mask.png", "sub/alpha.bmp", ""} {
		mt := base
		mt.Texture = model.Str(tex)
		m.Materials = append(m.Materials, mt)
	}
	m.Materials[3].Transparency = 0.25
	m.Materials[3].Specular = [4]float32{}
	opt := Options{Resolver: texpath.New(textureFS(), ".")}
	doc, _, findings, err := build(m, opt, &embedSink{})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range findings {
		t.Errorf("finding: %s", f)
	}
	want := []struct {
		mode     qgltf.AlphaMode
		textured bool
		rough    float64
	}{
		{qgltf.AlphaBlend, true, math.Sqrt(2.0 / 34)},  // partial alpha
		{qgltf.AlphaMask, true, math.Sqrt(2.0 / 34)},   // alpha 0 or 1 only
		{qgltf.AlphaOpaque, true, math.Sqrt(2.0 / 34)}, // BMP converted to PNG
		{qgltf.AlphaBlend, false, 1},                   // opacity 0.25, no specular
	}
	for i, w := range want {
		g := doc.Materials[i]
		if g.AlphaMode != w.mode {
			t.Errorf("material %d: alpha mode %v, want %v", i, g.AlphaMode, w.mode)
		}
		if (g.PBRMetallicRoughness.BaseColorTexture != nil) != w.textured {
			t.Errorf("material %d: textured %v, want %v", i, !w.textured, w.textured)
		}
		if r := *g.PBRMetallicRoughness.RoughnessFactor; math.Abs(r-w.rough) > 1e-12 {
			t.Errorf("material %d: roughness %v, want %v", i, r, w.rough)
		}
		if !g.DoubleSided || *g.PBRMetallicRoughness.MetallicFactor != 0 {
			t.Errorf("material %d: want double-sided and not metallic", i)
		}
	}
	if c := *doc.Materials[3].PBRMetallicRoughness.BaseColorFactor; c != [4]float64{float64(float32(0.8)), float64(float32(0.5)), float64(float32(0.3)), 0.25} {
		t.Errorf("base colour %v", c)
	}
	for i, img := range doc.Images {
		if img.MimeType != "image/png" || img.BufferView == nil {
			t.Errorf("image %d: %+v, want an embedded PNG", i, img)
		}
	}

	// A .gltf gets image files beside it, converted where needed, and
	// never overwrites a different file of the same name.
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "alpha.png"), []byte("someone else's"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, _, err := WriteFile(filepath.Join(dir, "m.gltf"), m, opt); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"m.gltf", "m.bin", "skin.png", "mask.png", "alpha-2.png"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Error(err)
		}
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "alpha.png")); string(b) != "someone else's" {
		t.Error("alpha.png was overwritten")
	}
	doc2, err := qgltf.Open(filepath.Join(dir, "m.gltf"))
	if err != nil {
		t.Fatalf("reading the .gltf back: %v", err)
	}
	if got := doc2.Images[2].URI; got != "alpha-2.png" {
		t.Errorf("converted BMP URI %q, want alpha-2.png", got)
	}
}

// TestURIEscape checks file names that are not plain URI references.
func TestURIEscape(t *testing.T) {
	for in, want := range map[string]string{
		"a b.png":   "a%20b.png",
		"c:d.png":   "c%3Ad.png",
		"é#?.png":   "%C3%A9%23%3F.png",
		"plain.bin": "plain.bin",
	} {
		if got := uriEscape(in); got != want {
			t.Errorf("uriEscape(%q) = %q, want %q", in, got, want)
		}
	}
}
