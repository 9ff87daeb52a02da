package smd

import (
	"bytes"
	"testing"

	"ms3dstudio/model"
)

// TestMaterialLinesReadBack exports triangles whose textures would make
// material lines a reader skips or stops on (an extension only, "end", a
// section keyword, comment marks): each comes back as a material of its
// own, for both profiles, and every triangle is read. FuzzRead found the
// first: a texture ".00" exported as an empty line.
func TestMaterialLinesReadBack(t *testing.T) {
	textures := []string{".00", "end.png", "nodes", "#skin.tga", ";x.bmp", "//y.png", "ok.png"}
	m := &model.Model{Version: 4}
	for i, tex := range textures {
		m.Materials = append(m.Materials, model.Material{Name: model.Str("m"), Texture: model.Str(tex)})
		base := uint32(len(m.Vertices))
		x := float32(i)
		none := [4]uint16{model.NoBone, model.NoBone, model.NoBone, model.NoBone}
		m.Vertices = append(m.Vertices, model.Vertex{Position: [3]float32{x, 0, 0}, Bones: none},
			model.Vertex{Position: [3]float32{x + 1, 0, 0}, Bones: none}, model.Vertex{Position: [3]float32{x, 1, 0}, Bones: none})
		m.Groups = append(m.Groups, model.Group{Name: model.Str("g"), Material: int16(i), Triangles: []uint32{uint32(len(m.Triangles))}})
		m.Triangles = append(m.Triangles, model.Triangle{Vertices: [3]uint32{base, base + 1, base + 2}, Group: uint16(i)})
	}
	for _, p := range []Profile{Source, GoldSrc} {
		var b bytes.Buffer
		if err := NewExporter(m, p).WriteReference(&b); err != nil {
			t.Fatal(err)
		}
		f, _, err := Read(&b, "ref.smd")
		if err != nil {
			t.Fatalf("%s: our export does not read back: %v", p, err)
		}
		if len(f.Triangles) != len(textures) || len(f.Materials) != len(textures) {
			t.Errorf("%s: %d triangles with %d materials %q, want %d each", p, len(f.Triangles), len(f.Materials), f.Materials, len(textures))
		}
	}
}
