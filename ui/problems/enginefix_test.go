package problems_test

import (
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"ms3dstudio/document"
	"ms3dstudio/document/engine/enginetest"
	"ms3dstudio/model"
	"ms3dstudio/model/sample"
	"ms3dstudio/ui/internal/edtest"
	"ms3dstudio/ui/internal/uitest"
	"ms3dstudio/ui/problems"
)

// writeGoldSrcFixture writes the sample model with a PNG skin and its
// bound vertices on one bone each (so that every GoldSrc finding has a
// fix) into a temporary folder, and returns the model's path.
func writeGoldSrcFixture(t *testing.T) string {
	t.Helper()
	m := sample.Model()
	enginetest.OneBonePerVertex(m)
	file := filepath.Join(t.TempDir(), "tentacle.ms3d")
	enginetest.WriteModel(t, file, m, sample.TextureName, enginetest.PNG(t, sample.Texture()))
	return file
}

// TestProblemsFixGoldSrc picks goldsrc in the problems panel's "Must load
// in" select and presses Fix all…: the dialog lists the bone change and the
// BMP copy it will write, Apply writes the copy and clears every engine
// finding from the panel and the status bar as one undo step, and undo
// brings them back (the copy stays).
func TestProblemsFixGoldSrc(t *testing.T) {
	file := writeGoldSrcFixture(t)
	copyPath := filepath.Join(filepath.Dir(file), "tentacle-skin.bmp")
	e, w, d := edtest.OpenEditor(t, file)
	engine := func() int {
		n := 0
		for _, f := range e.Problems.Findings() {
			if strings.HasPrefix(string(f.Code), "engine.") {
				n++
			}
		}
		return n
	}
	cleanStatus := e.Status.Findings.Text
	if engine() != 0 {
		t.Fatal("engine findings listed before an engine was chosen")
	}
	e.Problems.Reader.SetSelected("goldsrc")
	if engine() != 2 || e.Problems.FixAll.Disabled() {
		t.Fatalf("with goldsrc chosen: %v, Fix all disabled %v", e.Problems.Findings(), e.Problems.FixAll.Disabled())
	}
	if e.Status.Findings.Text == cleanStatus {
		t.Fatalf("status bar still says %q with goldsrc chosen", cleanStatus)
	}
	test.Tap(e.Problems.FixAll)
	text := uitest.OverlayText(w)
	for _, want := range []string{"2 changes", "writes 1 texture file", "undo leaves it on disk"} {
		if !strings.Contains(text, want) {
			t.Errorf("the dialog does not say %q:\n%s", want, text)
		}
	}
	if _, err := os.Stat(copyPath); err == nil {
		t.Fatal("the copy was written before Apply")
	}
	test.Tap(uitest.OverlayButton(t, w, "Apply"))
	if n := engine(); n != 0 {
		t.Fatalf("%d engine findings after the fix: %v", n, e.Problems.Findings())
	}
	if e.Status.Findings.Text != cleanStatus {
		t.Fatalf("status bar says %q after the fix, want %q", e.Status.Findings.Text, cleanStatus)
	}
	img := enginetest.ReadBMP(t, copyPath)
	if _, ok := img.(*image.Paletted); !ok {
		t.Fatalf("the copy decodes as %T", img)
	}
	if d.UndoLabel() != "Fix 2 problems" || !d.Modified() {
		t.Fatalf("undo label %q, modified %v", d.UndoLabel(), d.Modified())
	}
	d.Undo()
	if engine() != 2 || d.Modified() {
		t.Fatalf("after undo: %v, modified %v", e.Problems.Findings(), d.Modified())
	}
	if _, err := os.Stat(copyPath); err != nil {
		t.Fatalf("undo removed the copy: %v", err)
	}
}

// TestProblemsFixOneEngineCode selects the unboned-vertices finding with
// goldsrc chosen and presses its fix button: only that finding goes, and
// no texture is written.
func TestProblemsFixOneEngineCode(t *testing.T) {
	file := writeGoldSrcFixture(t)
	e, w, _ := edtest.OpenEditor(t, file)
	e.Problems.Reader.SetSelected("goldsrc")
	idx := -1
	for i, f := range e.Problems.Findings() {
		if f.Code == model.CodeEngineUnboned {
			idx = i
		}
	}
	if idx < 0 {
		t.Fatalf("no %s finding: %v", model.CodeEngineUnboned, e.Problems.Findings())
	}
	e.Problems.List.Select(idx)
	if e.Problems.FixOne.Disabled() || e.Problems.FixOne.Text != "Fix all "+string(model.CodeEngineUnboned) {
		t.Fatalf("fix button %q disabled %v", e.Problems.FixOne.Text, e.Problems.FixOne.Disabled())
	}
	test.Tap(e.Problems.FixOne)
	if text := uitest.OverlayText(w); !strings.Contains(text, "1 change") || strings.Contains(text, "texture file") {
		t.Fatalf("dialog:\n%s", text)
	}
	test.Tap(uitest.OverlayButton(t, w, "Apply"))
	var codes []model.Code
	for _, f := range e.Problems.Findings() {
		if strings.HasPrefix(string(f.Code), "engine.") {
			codes = append(codes, f.Code)
		}
	}
	if len(codes) != 1 || codes[0] != model.CodeEngineTexture {
		t.Fatalf("engine findings left: %v", codes)
	}
	if _, err := os.Stat(filepath.Join(filepath.Dir(file), "tentacle-skin.bmp")); err == nil {
		t.Fatal("fixing the bones wrote the texture copy")
	}
}

// TestProblemsMissingTextureNotFixable: with goldsrc chosen, a material
// whose texture is missing is an engine finding without a fix: its fix
// button stays disabled, and once the vertices are bound Fix all has no
// engine fix left to offer.
func TestProblemsMissingTextureNotFixable(t *testing.T) {
	file := writeGoldSrcFixture(t)
	if err := os.Remove(filepath.Join(filepath.Dir(file), sample.TextureName)); err != nil {
		t.Fatal(err)
	}
	e, _, d := edtest.OpenEditor(t, file)
	e.Problems.Reader.SetSelected("goldsrc")
	plan, err := document.PlanFixes(d, []model.Code{model.CodeEngineUnboned})
	if err != nil {
		t.Fatal(err)
	}
	if err := plan.Apply(d); err != nil {
		t.Fatal(err)
	}
	idx := -1
	for i, f := range e.Problems.Findings() {
		if f.Code == model.CodeEngineTexture {
			idx = i
		}
		if _, byDefault := problems.FixableIn(d, f); byDefault && strings.HasPrefix(string(f.Code), "engine.") {
			t.Errorf("Fix all would fix %v", f)
		}
	}
	if idx < 0 {
		t.Fatalf("no %s finding: %v", model.CodeEngineTexture, e.Problems.Findings())
	}
	e.Problems.List.Select(idx)
	if !e.Problems.FixOne.Disabled() {
		t.Fatalf("fix button %q enabled for a missing texture", e.Problems.FixOne.Text)
	}
}
