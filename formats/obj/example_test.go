package obj_test

import (
	"log"
	"path/filepath"

	"ms3dstudio/formats/ms3d"
	"ms3dstudio/formats/obj"
	"ms3dstudio/model/anim"
)

// ExampleWriteFile writes the mesh as posed at frame 12, with its material
// library beside it.
func ExampleWriteFile() {
	const in = "models/tentacle.ms3d"
	m, _, err := ms3d.ReadFile(in)
	if err != nil {
		log.Fatal(err)
	}
	t := anim.FrameToTime(12, m.EffectiveFPS())
	if _, err := obj.WriteFile("out/tentacle.obj", m, obj.Options{Time: t, ModelDir: filepath.Dir(in)}); err != nil {
		log.Fatal(err)
	}
}
