package problems_test

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"ms3dstudio/formats/ms3d"
	"ms3dstudio/model"
	"ms3dstudio/model/sample"
	"ms3dstudio/ui/internal/edtest"
	"ms3dstudio/ui/problems"
)

// TestProblemsEngineChoice chooses GoldSrc in the problems panel's "Must
// load in" select on a model whose skin is a PNG: the engine's findings are
// listed, as `ms3dtool validate --for goldsrc` reports them; Source lists
// the unboned vertices but takes the PNG; choosing no reader drops both.
func TestProblemsEngineChoice(t *testing.T) {
	dir := t.TempDir()
	data, err := ms3d.Encode(sample.Model())
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "tentacle.ms3d")
	var tex bytes.Buffer
	if err := png.Encode(&tex, sample.Texture()); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, sample.TextureName), tex.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	e, _, _ := edtest.OpenEditor(t, file)
	count := func(code model.Code) int {
		n := 0
		for _, f := range e.Problems.Findings() {
			if f.Code == code {
				n++
			}
		}
		return n
	}
	if count(model.CodeEngineTexture)+count(model.CodeEngineUnboned) != 0 {
		t.Fatal("engine findings listed before an engine was chosen")
	}
	e.Problems.Reader.SetSelected("goldsrc")
	if count(model.CodeEngineTexture) != 1 || count(model.CodeEngineUnboned) != 1 {
		t.Fatalf("with goldsrc chosen: %v", e.Problems.Findings())
	}
	e.Problems.Reader.SetSelected("source")
	if count(model.CodeEngineTexture) != 0 || count(model.CodeEngineUnboned) != 1 {
		t.Fatalf("with source chosen: %v", e.Problems.Findings())
	}
	e.Problems.Reader.SetSelected(problems.NoReader)
	if count(model.CodeEngineTexture)+count(model.CodeEngineUnboned) != 0 {
		t.Fatalf("with no reader chosen: %v", e.Problems.Findings())
	}
}
