package gltf_test

import (
	"fmt"
	"log"
	"os"
	"path/filepath"

	"ms3dstudio/formats/gltf"
	"ms3dstudio/formats/ms3d"
	"ms3dstudio/model/clips"
)

// ExampleWriteFile converts an MS3D file to a .glb with its textures
// embedded, one animation per clip stored in the model.
func ExampleWriteFile() {
	const in = "models/tentacle.ms3d"
	m, _, err := ms3d.ReadFile(in)
	if err != nil {
		log.Fatal(err)
	}
	list, _ := clips.Read(m)
	_, findings, err := gltf.WriteFile(filepath.Join(os.TempDir(), "tentacle.glb"), m, gltf.Options{
		ModelDir: filepath.Dir(in),
		Clips:    list,
	})
	if err != nil {
		log.Fatal(err)
	}
	for _, f := range findings {
		fmt.Println(f)
	}
}
