package texpath_test

import (
	"fmt"
	"testing/fstest"

	"ms3dstudio/model"
	"ms3dstudio/model/texpath"
)

func ExampleResolver_Resolve() {
	fsys := fstest.MapFS{
		"game/models/Data/Model.ms3d": {},
		"game/models/Data/Wood.bmp":   {},
		"game/models/Tex/METAL.PNG":   {},
	}
	r := texpath.New(fsys, "game/models/Data")
	for _, tex := range []model.Str{`data/Wood.bmp`, `..\tex\metal.png`, `C:\art\stone.jpg`} {
		res := r.Resolve(tex)
		fix, portable := r.Portable(tex)
		fmt.Printf("%-18s found=%-5v rule=%-16s path=%q portable=%v fix=%q\n", tex, res.Found, res.Rule, res.Path, portable, fix)
	}
	// Output:
	// data/Wood.bmp      found=true  rule=basename         path="game/models/Data/Wood.bmp" portable=true fix="Wood.bmp"
	// ..\tex\metal.png   found=true  rule=case-insensitive path="game/models/Tex/METAL.PNG" portable=false fix="../Tex/METAL.PNG"
	// C:\art\stone.jpg   found=false rule=                 path="" portable=false fix="stone.jpg"
}
