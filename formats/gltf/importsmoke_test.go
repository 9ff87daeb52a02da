package gltf

import (
	"path/filepath"
	"testing"
)

func TestImportSmoke(t *testing.T) {
	files, _ := filepath.Glob("../../testdata/gltf/glTF-Sample-Assets-OLD/Models/*/*/*.gl*")
	for _, f := range files {
		res, found, err := ImportFile(f, ImportOptions{})
		if err != nil {
			t.Errorf("%s: %v", f, err)
			continue
		}
		m := res.Model
		t.Logf("%s: v%d t%d g%d m%d j%d frames %d size %.3g errors %v images %d comment %q", filepath.Base(f), len(m.Vertices), len(m.Triangles), len(m.Groups), len(m.Materials), len(m.Joints), m.TotalFrames, res.Size, res.Errors, len(res.Images), m.Comments.Model)
		for _, x := range found {
			t.Logf("  %s", x)
		}
	}
}
