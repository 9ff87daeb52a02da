package gltf

import (
	"fmt"
	"path/filepath"
	"testing"

	"ms3dstudio/model/texpath"
)

// TestValidatorCorpus exports every readable corpus model to .glb and to
// .gltf and runs the Khronos glTF validator over the files: zero errors.
func TestValidatorCorpus(t *testing.T) {
	validatorScript(t) // skip before exporting when the validator is missing
	dir := t.TempDir()
	var files []string
	for i, c := range readableCorpus(t) {
		res, err := texpath.NewOS(c.entry.Path)
		if err != nil {
			t.Fatal(err)
		}
		opt := Options{Resolver: res}
		for _, ext := range []string{".glb", ".gltf"} {
			// Each model in its own folder: .gltf textures go beside it.
			out := filepath.Join(dir, fmt.Sprint(i), filepath.Base(c.entry.File)+ext)
			if err := mkdirFor(out); err != nil {
				t.Fatal(err)
			}
			_, findings, err := WriteFile(out, c.m, opt)
			if err != nil {
				t.Errorf("%s: %v", c.entry, err)
				continue
			}
			for _, f := range findings {
				t.Logf("%s: %s", c.entry, f)
			}
			files = append(files, out)
		}
	}
	validate(t, files)
}
