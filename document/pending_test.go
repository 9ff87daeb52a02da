package document

import (
	"bytes"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"testing"

	qgltf "github.com/qmuntal/gltf"
	"github.com/qmuntal/gltf/modeler"

	"ms3dstudio/model"
)

// texturedGLB writes a .glb of one textured triangle whose PNG is embedded
// in a buffer view, and returns its path and the PNG.
func texturedGLB(t *testing.T, dir string) (string, []byte) {
	t.Helper()
	var img bytes.Buffer
	if err := png.Encode(&img, image.NewGray(image.Rect(0, 0, 4, 4))); err != nil {
		t.Fatal(err)
	}
	doc := qgltf.NewDocument()
	prim := &qgltf.Primitive{Mode: qgltf.PrimitiveTriangles, Material: qgltf.Index(0), Attributes: qgltf.PrimitiveAttributes{
		qgltf.POSITION:   modeler.WritePosition(doc, [][3]float32{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}),
		qgltf.TEXCOORD_0: modeler.WriteTextureCoord(doc, [][2]float32{{0, 0}, {1, 0}, {0, 1}})}}
	doc.Meshes = []*qgltf.Mesh{{Primitives: []*qgltf.Primitive{prim}}}
	doc.Nodes = []*qgltf.Node{{Mesh: qgltf.Index(0)}}
	doc.Scenes[0].Nodes = []int{0}
	doc.Images = []*qgltf.Image{{BufferView: qgltf.Index(modeler.WriteBufferView(doc, qgltf.TargetNone, img.Bytes())), MimeType: "image/png"}}
	doc.Textures = []*qgltf.Texture{{Source: qgltf.Index(0)}}
	doc.Materials = []*qgltf.Material{{Name: "skin", PBRMetallicRoughness: &qgltf.PBRMetallicRoughness{BaseColorTexture: &qgltf.TextureInfo{Index: 0}}}}
	p := filepath.Join(dir, "crate.glb")
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	e := qgltf.NewEncoder(f)
	e.AsBinary = true
	if err := e.Encode(doc); err != nil {
		t.Fatal(err)
	}
	return p, img.Bytes()
}

func listDir(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

// TestGLTFEmbeddedImages: opening a .glb writes nothing, yet its embedded
// texture resolves and decodes; saving writes it beside the .ms3d, under a
// numbered name where a file of its name holds something else, which is
// left alone.
func TestGLTFEmbeddedImages(t *testing.T) {
	src := t.TempDir()
	in, data := texturedGLB(t, src)
	d, err := Open(in)
	if err != nil {
		t.Fatal(err)
	}
	if got := listDir(t, src); !slices.Equal(got, []string{"crate.glb"}) {
		t.Errorf("opening wrote into the folder: %v", got)
	}
	if tex := d.Model().Materials[0].Texture.Display(); tex != "crate_img0.png" {
		t.Fatalf("texture path %q", tex)
	}
	if r := d.TextureResolver().Resolve(d.Model().Materials[0].Texture); !r.Found {
		t.Errorf("the embedded texture does not resolve before saving: %+v", r)
	}
	// A file beside the model still resolves to its place on disk.
	if err := os.WriteFile(filepath.Join(src, "wood.png"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	if r := d.TextureResolver().Resolve(model.Str("wood.png")); r.OSPath != filepath.Join(src, "wood.png") {
		t.Errorf("a file on disk resolves to %+v", r)
	}
	if res := d.Textures(); res.Images[0] == nil || len(res.Findings) != 0 {
		t.Errorf("the embedded texture does not decode: %v", res.Findings)
	}

	dst := t.TempDir()
	other := []byte("someone else's file")
	if err := os.WriteFile(filepath.Join(dst, "crate_img0.png"), other, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := d.SaveAs(filepath.Join(dst, "crate.ms3d")); err != nil {
		t.Fatal(err)
	}
	if kept, _ := os.ReadFile(filepath.Join(dst, "crate_img0.png")); !bytes.Equal(kept, other) {
		t.Error("saving overwrote another file")
	}
	written, err := os.ReadFile(filepath.Join(dst, "crate_img0-2.png"))
	if err != nil || !bytes.Equal(written, data) {
		t.Fatalf("the image was not written as crate_img0-2.png: %v", err)
	}
	if tex := d.Model().Materials[0].Texture.Display(); tex != "crate_img0-2.png" {
		t.Errorf("texture path %q after saving, want crate_img0-2.png", tex)
	}
	if r := d.TextureResolver().Resolve(d.Model().Materials[0].Texture); !r.Found || r.OSPath != filepath.Join(dst, "crate_img0-2.png") {
		t.Errorf("after saving the texture resolves to %+v", r)
	}
	if len(d.PendingFiles()) != 0 || d.Modified() {
		t.Errorf("after saving: %d files pending, modified %v", len(d.PendingFiles()), d.Modified())
	}
}
