package fix_test

import (
	"fmt"

	"ms3dstudio/model"
	"ms3dstudio/model/fix"
	"ms3dstudio/model/validate"
)

func ExampleFix() {
	m := base()
	m.Groups[0].Material = 3                 // no such material
	m.Triangles[1].Normals[0] = [3]float32{} // a zero normal
	m.Materials[0].Texture = `.\tex\skin.png`
	for _, c := range fix.Fix(m, nil, fix.Options{}) {
		fmt.Println(c)
	}
	fmt.Println(len(validate.Check(m, validate.Options{})), "findings left")
	// Output:
	// group 0 [group.material-range]: group 0 ("quad"): material index 3 → −1 (no material; the model has 1 material)
	// triangle 1 [triangle.normal-zero]: triangle 1: recomputed zero normals: corner 0 (0, 0, 0) → (0, 0, 1) (average of 2 triangles of smoothing group 1 at vertex 0)
	// material 0 [material.texture-path]: material 0 ("skin"): texture path ".\\tex\\skin.png" → "tex/skin.png" (not found: worked out from the path alone)
	// 0 findings left
}

func ExampleOptions_Enabled() {
	opt := fix.Options{Skip: []model.Code{model.CodeFPS}}
	for _, code := range []model.Code{model.CodeGroupMaterialRange, model.CodeFPS, model.CodeTextureRemapped, model.CodeTextureMissing} {
		fmt.Println(code, opt.Enabled(code))
	}
	// Output:
	// group.material-range true
	// keyframer.fps false
	// material.texture-remapped false
	// material.texture-missing false
}
