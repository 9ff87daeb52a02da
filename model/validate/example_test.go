package validate_test

import (
	"fmt"
	"testing/fstest"

	"ms3dstudio/formats/ms3d"
	"ms3dstudio/model"
	"ms3dstudio/model/texpath"
	"ms3dstudio/model/validate"
)

func ExampleCheck() {
	m := &model.Model{Version: 4, FPS: 24, TotalFrames: 1,
		Vertices: []model.Vertex{
			{Position: [3]float32{0, 0, 0}, Bones: [4]uint16{model.NoBone, model.NoBone, model.NoBone, model.NoBone}},
			{Position: [3]float32{1, 0, 0}, Bones: [4]uint16{model.NoBone, model.NoBone, model.NoBone, model.NoBone}},
			{Position: [3]float32{0, 1, 0}, Bones: [4]uint16{model.NoBone, model.NoBone, model.NoBone, model.NoBone}},
		},
		Triangles: []model.Triangle{{Vertices: [3]uint32{0, 1, 2}, Normals: [3][3]float32{{0, 0, 1}, {0, 0, 1}, {0, 0, 1}}}},
		Groups:    []model.Group{{Name: "box", Triangles: []uint32{0}, Material: 1}},
		Materials: []model.Material{{Name: "wood", Transparency: 1, Texture: `.\Wood.BMP`}},
	}
	textures := texpath.New(fstest.MapFS{"models/box.ms3d": {}, "models/wood.bmp": {}}, "models")
	for _, f := range validate.Check(m, validate.Options{Textures: textures, Locator: ms3d.NewLayout(m)}) {
		fmt.Println(f)
		fmt.Println("  fix:", f.Fix)
	}
	// Output:
	// error group 0 at offset 0x87 [group.material-range]: group 0 ("box"): material index 1 is out of range (the model has 1 material; −1 means none)
	//   fix: set the group's material to none
	// warning material 0 at offset 0xaf [material.texture-path]: material 0 ("wood"): texture path ".\\Wood.BMP" is not portable (backslashes, a drive or an absolute path)
	//   fix: write the texture path as "wood.bmp"
}
