package problems_test

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"ms3dstudio/document"
	"ms3dstudio/model"
	"ms3dstudio/ui/internal/edtest"
	"ms3dstudio/ui/internal/uitest"
	"ms3dstudio/ui/problems"
)

// TestProblemsReaderChoice chooses assimp in the problems panel on a file
// assimp refuses (Box.ms3d has empty groups): its quirk is listed, Fix all
// fixes it as one undoable edit, and choosing no reader drops the finding.
func TestProblemsReaderChoice(t *testing.T) {
	e, _, d := edtest.OpenEditor(t, uitest.CorpusPath(t, "Demos/media/models/Box.ms3d"))
	has := func(code model.Code) bool {
		for _, f := range e.Problems.Findings() {
			if f.Code == code {
				return true
			}
		}
		return false
	}
	if has(model.CodeAssimpEmptyGroup) {
		t.Fatal("assimp's quirk listed before assimp was chosen")
	}
	e.Problems.Reader.SetSelected("assimp")
	if !has(model.CodeAssimpEmptyGroup) || e.Problems.FixAll.Disabled() {
		t.Fatalf("with assimp chosen: %v, Fix all disabled %v", e.Problems.Findings(), e.Problems.FixAll.Disabled())
	}
	plan, err := document.PlanFixes(d, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := plan.Apply(d); err != nil {
		t.Fatal(err)
	}
	if has(model.CodeAssimpEmptyGroup) {
		t.Fatalf("still listed after the fix: %v", e.Problems.Findings())
	}
	d.Undo()
	if !has(model.CodeAssimpEmptyGroup) {
		t.Fatal("undo did not bring the empty groups back")
	}
	e.Problems.Reader.SetSelected(problems.NoReader)
	if has(model.CodeAssimpEmptyGroup) {
		t.Fatal("assimp's quirk still listed with no reader chosen")
	}
}

// TestFixAllOffersOptInFixesWhenNoOtherApplies: a model whose only fixable
// finding has an opt-in fix (a comment on a missing joint) enables Fix
// all…, which offers that fix. (Earlier Fix all… was enabled and then said
// "Nothing to fix"; then it was greyed although the finding lists a fix.)
func TestFixAllOffersOptInFixesWhenNoOtherApplies(t *testing.T) {
	e, w, _ := edtest.NewEditor(t)
	m := &model.Model{Version: 4, FPS: 24, TotalFrames: 1,
		Comments: model.Comments{SubVersion: 1, Joints: []model.Comment{{Index: 3, Text: "gone"}}}}
	e.SetDocument(document.New(m, "", nil))
	found := false
	for _, f := range e.Problems.Findings() {
		found = found || f.Code == model.CodeCommentIndex
	}
	if !found {
		t.Fatalf("no %s finding: %v", model.CodeCommentIndex, e.Problems.Findings())
	}
	if e.Problems.FixAll.Disabled() {
		t.Fatal("Fix all is greyed although the finding has a fix")
	}
	test.Tap(e.Problems.FixAll)
	if txt := uitest.OverlayText(w); strings.Contains(txt, "Nothing to fix") || !strings.Contains(txt, "change") {
		t.Errorf("Fix all… shows %q", txt)
	}
}
