package notes

import (
	"testing"

	"ms3dstudio/model"
)

// TestAdd checks that Add appends in order, with the message formatted.
func TestAdd(t *testing.T) {
	var l List
	l.Add(model.CodeTextureMissing, model.Warning, model.At(model.PartMaterial, 2), "material %q: %d", "skin", 7)
	l.Add(model.CodeTruncated, model.Error, model.At(model.PartFile, -1), "cut")
	want := List{
		{Code: model.CodeTextureMissing, Severity: model.Warning, Where: model.At(model.PartMaterial, 2), Message: `material "skin": 7`},
		{Code: model.CodeTruncated, Severity: model.Error, Where: model.At(model.PartFile, -1), Message: "cut"},
	}
	if len(l) != len(want) || l[0] != want[0] || l[1] != want[1] {
		t.Errorf("got %+v, want %+v", l, want)
	}
}
