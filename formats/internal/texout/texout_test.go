package texout

import (
	"testing"
	"testing/fstest"

	"ms3dstudio/model"
	"ms3dstudio/model/texpath"
)

// TestPath checks the path and the finding for a texture found, one not
// found, and one not looked up (no resolver).
func TestPath(t *testing.T) {
	m := &model.Model{Materials: []model.Material{
		{Name: "skin", Texture: `tex\skin.png`},
		{Name: "gone", Texture: `C:\art\gone.bmp`},
	}}
	res := texpath.New(fstest.MapFS{"m/tex/skin.png": {}}, "m")
	if p, missing := Path(res, m, 0, ""); p != "tex/skin.png" || missing != nil {
		t.Errorf("found texture: %q, %v; want tex/skin.png, no finding", p, missing)
	}
	p, missing := Path(res, m, 1, "")
	want := `material "gone": texture "C:\\art\\gone.bmp" not found; its path is written as stored`
	if p != "gone.bmp" || missing == nil || missing.Code != model.CodeTextureMissing || missing.Severity != model.Warning ||
		missing.Where != model.At(model.PartMaterial, 1) || missing.Message != want {
		t.Errorf("missing texture: %q, %+v; want gone.bmp and the finding %q", p, missing, want)
	}
	if p, missing := Path(nil, m, 1, ""); p != "gone.bmp" || missing != nil {
		t.Errorf("no resolver: %q, %v; want gone.bmp, no finding", p, missing)
	}
}
