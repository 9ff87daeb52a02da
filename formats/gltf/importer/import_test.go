package importer

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"strings"
	"testing"

	qgltf "github.com/qmuntal/gltf"
	"github.com/qmuntal/gltf/modeler"

	"ms3dstudio/model"
)

// quad returns a document with one quad mesh node and the quad's primitive.
func quad() (*qgltf.Document, *qgltf.Primitive) {
	doc := qgltf.NewDocument()
	prim := &qgltf.Primitive{Mode: qgltf.PrimitiveTriangles, Attributes: qgltf.PrimitiveAttributes{
		qgltf.POSITION:   modeler.WritePosition(doc, [][3]float32{{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}}),
		qgltf.TEXCOORD_0: modeler.WriteTextureCoord(doc, [][2]float32{{0, 1}, {1, 1}, {1, 0}, {0, 0}})},
		Indices: qgltf.Index(modeler.WriteIndices(doc, []uint16{0, 1, 2, 0, 2, 3}))}
	doc.Meshes = []*qgltf.Mesh{{Name: "quad", Primitives: []*qgltf.Primitive{prim}}}
	doc.Nodes = []*qgltf.Node{{Name: "quad", Mesh: qgltf.Index(0)}}
	doc.Scenes[0].Nodes = []int{0}
	return doc, prim
}

func encodeGLB(t *testing.T, doc *qgltf.Document) []byte {
	t.Helper()
	var buf bytes.Buffer
	e := qgltf.NewEncoder(&buf)
	e.AsBinary = true
	if err := e.Encode(doc); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestImportEightJoints: a vertex with six joints over JOINTS_0 and
// JOINTS_1 keeps the four strongest, renormalised to whole percents summing
// to 100, and the import says so.
func TestImportEightJoints(t *testing.T) {
	doc, prim := quad()
	for j := range 6 {
		doc.Nodes = append(doc.Nodes, &qgltf.Node{Name: "j" + string(rune('0'+j))})
		doc.Scenes[0].Nodes = append(doc.Scenes[0].Nodes, len(doc.Nodes)-1)
	}
	doc.Skins = []*qgltf.Skin{{Joints: []int{1, 2, 3, 4, 5, 6}}}
	doc.Nodes[0].Skin = qgltf.Index(0)
	j0 := [][4]uint8{{0, 1, 2, 3}, {0, 0, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}}
	w0 := [][4]float32{{0.1, 0.3, 0.05, 0.2}, {1, 0, 0, 0}, {1, 0, 0, 0}, {1, 0, 0, 0}}
	j1 := [][4]uint8{{4, 5, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}}
	w1 := [][4]float32{{0.25, 0.1, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}}
	prim.Attributes[qgltf.JOINTS_0] = modeler.WriteJoints(doc, j0)
	prim.Attributes[qgltf.WEIGHTS_0] = modeler.WriteWeights(doc, w0)
	prim.Attributes["JOINTS_1"] = modeler.WriteJoints(doc, j1)
	prim.Attributes["WEIGHTS_1"] = modeler.WriteWeights(doc, w1)
	imp, found, err := Import(encodeGLB(t, doc), nil, ImportOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if !model.HasCode(found, model.CodeGLTFWeights) {
		t.Errorf("no %s finding: %v", model.CodeGLTFWeights, found)
	}
	m := imp.Model
	var in [4]model.Influence
	n := m.Influences(0, &in)
	got := map[string]int{}
	sum := 0
	for _, x := range in[:n] {
		p := int(x.Weight*100 + 0.5)
		got[m.Joints[x.Joint].Name.Display()] = p
		sum += p
	}
	// The four strongest: j1 0.3, j4 0.25, j3 0.2, j0 0.1 (of 0.85).
	want := map[string]int{"j1": 35, "j4": 29, "j3": 24, "j0": 12}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("influences %v, want %v", got, want)
			break
		}
	}
	if sum != 100 || m.VertexExtraSubVersion == 0 {
		t.Errorf("percents sum to %d (vertex extra %d), want 100", sum, m.VertexExtraSubVersion)
	}
}

func pngBytes(t *testing.T) []byte {
	img := image.NewNRGBA(image.Rect(0, 0, 2, 2))
	img.Set(0, 0, color.NRGBA{255, 0, 0, 128})
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestImportMaterials: base colour, emissive, alpha modes, and images
// embedded in a buffer view or named by a file.
func TestImportMaterials(t *testing.T) {
	doc, prim := quad()
	view := modeler.WriteBufferView(doc, qgltf.TargetNone, pngBytes(t))
	doc.Images = []*qgltf.Image{{BufferView: qgltf.Index(view), MimeType: "image/png"}, {URI: "tex/wood%20grain.jpg"}, {URI: "https://example.com/x.png"}}
	doc.Textures = []*qgltf.Texture{{Source: qgltf.Index(0)}, {Source: qgltf.Index(1)}, {Source: qgltf.Index(2)}}
	doc.Materials = []*qgltf.Material{
		{Name: "cut", AlphaMode: qgltf.AlphaMask, AlphaCutoff: qgltf.Float(0.3), EmissiveFactor: [3]float64{0.5, 0, 0},
			PBRMetallicRoughness: &qgltf.PBRMetallicRoughness{BaseColorFactor: &[4]float64{1, 0.5, 0.25, 0.5}, BaseColorTexture: &qgltf.TextureInfo{Index: 0}}},
		{Name: "glass", AlphaMode: qgltf.AlphaBlend, PBRMetallicRoughness: &qgltf.PBRMetallicRoughness{BaseColorFactor: &[4]float64{1, 1, 1, 0.25}, BaseColorTexture: &qgltf.TextureInfo{Index: 1}}},
		{Name: "web", PBRMetallicRoughness: &qgltf.PBRMetallicRoughness{BaseColorTexture: &qgltf.TextureInfo{Index: 2}, RoughnessFactor: qgltf.Float(0.5)}},
	}
	doc.Meshes[0].Primitives = nil
	for i := range 3 {
		p := *prim
		p.Material = qgltf.Index(i)
		doc.Meshes[0].Primitives = append(doc.Meshes[0].Primitives, &p)
	}
	imp, found, err := Import(encodeGLB(t, doc), nil, ImportOptions{Name: "crate"})
	if err != nil {
		t.Fatal(err)
	}
	m := imp.Model
	if len(m.Materials) != 3 || len(m.Groups) != 3 {
		t.Fatalf("%d materials, %d groups; want 3 and 3", len(m.Materials), len(m.Groups))
	}
	cut, glass, web := m.Materials[0], m.Materials[1], m.Materials[2]
	if len(imp.Images) != 1 || imp.Images[0].Name != "crate_img0.png" || cut.Texture.Display() != "crate_img0.png" || !bytes.Equal(imp.Images[0].Data, pngBytes(t)) {
		t.Errorf("embedded image: %+v, texture %q", imp.Images, cut.Texture.Display())
	}
	if cut.Diffuse != [4]float32{1, 0.5, 0.25, 1} || cut.Transparency != 1 || cut.Emissive != [4]float32{0.5, 0, 0, 1} || cut.Mode&model.MaterialHasAlpha == 0 {
		t.Errorf("MASK material: %+v", cut)
	}
	if m.Extra.SubVersion != 1 || m.Extra.TransparencyMode != 1 || m.Extra.AlphaRef != 0.3 {
		t.Errorf("model extras %+v, want alpha-reference mode at 0.3", m.Extra)
	}
	if glass.Transparency != 0.25 || glass.Texture.Display() != "tex/wood grain.jpg" {
		t.Errorf("BLEND material: opacity %g, texture %q", glass.Transparency, glass.Texture.Display())
	}
	if web.Texture.Display() != "" || !model.HasCode(found, model.CodeGLTFImage) || !(web.Shininess > 0) {
		t.Errorf("URL texture %q, shininess %g, findings %v", web.Texture.Display(), web.Shininess, found)
	}
	for _, tri := range m.Triangles {
		if tri.T[0] < 0 || tri.T[0] > 1 || !strings.HasPrefix(m.Groups[tri.Group].Name.Display(), "quad") {
			t.Errorf("triangle %+v", tri)
			break
		}
	}
}

// TestImportDracoLeftOut: a Draco-compressed primitive, which the import
// cannot decode, is left out with a finding rather than read as zeros.
func TestImportDracoLeftOut(t *testing.T) {
	doc, prim := quad()
	prim.Extensions = qgltf.Extensions{"KHR_draco_mesh_compression": map[string]any{"bufferView": 0}}
	doc.ExtensionsUsed = []string{"KHR_draco_mesh_compression"}
	doc.ExtensionsRequired = doc.ExtensionsUsed
	imp, found, err := Import(encodeGLB(t, doc), nil, ImportOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(imp.Model.Triangles) != 0 || !model.HasCode(found, model.CodeGLTFExtension) {
		t.Errorf("%d triangles, findings %v", len(imp.Model.Triangles), found)
	}
}

// TestImportFloatJoints: JOINTS_0 written as floats (against the
// specification, by some exporters) reads as the joint indices it holds.
func TestImportFloatJoints(t *testing.T) {
	doc, prim := quad()
	doc.Nodes = append(doc.Nodes, &qgltf.Node{Name: "a"}, &qgltf.Node{Name: "b"})
	doc.Scenes[0].Nodes = append(doc.Scenes[0].Nodes, 1, 2)
	doc.Skins = []*qgltf.Skin{{Joints: []int{1, 2}}}
	doc.Nodes[0].Skin = qgltf.Index(0)
	prim.Attributes[qgltf.JOINTS_0] = modeler.WriteAccessor(doc, qgltf.TargetArrayBuffer, [][4]float32{{1, 0, 0, 0}, {1, 0, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}})
	prim.Attributes[qgltf.WEIGHTS_0] = modeler.WriteWeights(doc, [][4]float32{{1, 0, 0, 0}, {1, 0, 0, 0}, {1, 0, 0, 0}, {1, 0, 0, 0}})
	imp, _, err := Import(encodeGLB(t, doc), nil, ImportOptions{})
	if err != nil {
		t.Fatal(err)
	}
	m := imp.Model
	if b := m.Vertices[0].Bones[0]; m.Joints[b].Name.Display() != "b" {
		t.Errorf("vertex 0 follows %q, want b", m.Joints[b].Name.Display())
	}
}
