package ui_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"ms3dstudio/document"
	"ms3dstudio/model"
	"ms3dstudio/ui"
	"ms3dstudio/ui/internal/edtest"
	"ms3dstudio/ui/internal/uitest"
	"ms3dstudio/ui/problems"
)

// importedScene shows a scene of n one-triangle groups as an unsaved
// import would be (3n vertices).
func importedScene(t *testing.T, n int) (*ui.Editor, fyne.Window, *document.Document) {
	t.Helper()
	e, w, _ := edtest.NewEditor(t)
	d := document.New(uitest.GroupsScene(n), "", nil)
	d.MarkUnsaved()
	e.SetDocument(d)
	return e, w, d
}

// TestSaveAsShowsTheFitFirst: saving a scene of 305 groups as .ms3d
// first lists what the fit changes; Cancel writes and changes nothing,
// Save writes the fitted model, and the problems panel then lists the
// changes until the model is edited.
func TestSaveAsShowsTheFitFirst(t *testing.T) {
	e, w, d := importedScene(t, 305)
	out := filepath.Join(t.TempDir(), "scene.ms3d")
	e.SaveTo(out, nil)
	shown := uitest.OverlayText(w)
	if !strings.Contains(shown, "["+string(model.CodeFitGroups)+"]") || !strings.Contains(shown, "part") {
		t.Fatalf("the save shows no list of merged groups:\n%s", shown)
	}
	test.Tap(uitest.OverlayButton(t, w, "Cancel"))
	if _, err := os.Stat(out); err == nil || len(d.Model().Groups) != 305 || d.CanUndo() {
		t.Fatalf("Cancel wrote the file (%v) or changed the model (%d groups)", err, len(d.Model().Groups))
	}

	e.SaveTo(out, nil)
	test.Tap(uitest.OverlayButton(t, w, "Save"))
	back, err := document.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(back.Model().Groups); n != 255 {
		t.Errorf("saved %d groups, want MS3D's 255", n)
	}
	if d.Modified() || d.UndoLabel() != "Fit to MS3D limits" {
		t.Errorf("modified %v, undo %q: want saved, with the fit to undo", d.Modified(), d.UndoLabel())
	}
	if !model.HasCode(e.Problems.Findings(), model.CodeFitGroups) {
		t.Errorf("the problems panel does not list the merged groups: %v", e.Problems.Findings())
	}
	if got, want := e.Status.Findings.Text, problems.FindingSummary(e.Problems.Findings()); got != want || got == problems.FindingSummary(d.Findings()) {
		t.Errorf("the status bar says %q, want the Problems tab's %q (the document alone has %q)", got, want, problems.FindingSummary(d.Findings()))
	}
	if err := d.Do(document.SetFPS(12)); err != nil {
		t.Fatal(err)
	}
	if model.HasCode(e.Problems.Findings(), model.CodeFitGroups) {
		t.Error("the save's notes stay after the model was edited")
	}
	if got, want := e.Status.Findings.Text, problems.FindingSummary(d.Findings()); got != want {
		t.Errorf("after an edit the status bar says %q, want the document's %q", got, want)
	}
}

// TestSaveTooLargeOffersSplitOrGlTF: a model that one MS3D file cannot
// hold is not saved; the dialog names the counts and offers to split it
// into files that each open, or to export it as glTF.
func TestSaveTooLargeOffersSplitOrGlTF(t *testing.T) {
	e, w, d := importedScene(t, 25000) // 75,000 vertices
	dir := t.TempDir()
	out := filepath.Join(dir, "big.ms3d")
	e.SaveTo(out, nil)
	if shown := uitest.OverlayText(w); !strings.Contains(shown, "75000 vertices") {
		t.Fatalf("the refusal does not give the count:\n%s", shown)
	}
	test.Tap(uitest.OverlayButton(t, w, "Split into several files"))
	for _, part := range []string{"big-1.ms3d", "big-2.ms3d"} {
		if _, err := document.Open(filepath.Join(dir, part)); err != nil {
			t.Errorf("%s: %v", part, err)
		}
	}
	if _, err := os.Stat(out); err == nil || !d.Modified() {
		t.Error("the split wrote big.ms3d itself, or marked the document saved")
	}
	if !model.HasCode(e.Problems.Findings(), model.CodeFitSplit) {
		t.Error("the problems panel does not say the model was split")
	}
	test.Tap(uitest.OverlayButton(t, w, "OK"))

	e.SaveTo(out, nil)
	test.Tap(uitest.OverlayButton(t, w, "Export as glTF…"))
	sel := uitest.Find(w.Canvas().Overlays().Top(), func(s *widget.Select) bool { return strings.HasPrefix(s.Selected, "glTF") })
	if sel == nil {
		t.Fatalf("Export as glTF… did not open the export dialog on glTF; shown:\n%s", uitest.OverlayText(w))
	}
}

// TestSaveThatNeedsNoFitAsksNothing: Ctrl+S on an edited MS3D file saves
// without a dialog.
func TestSaveThatNeedsNoFitAsksNothing(t *testing.T) {
	_, w, d := edtest.OpenEditor(t, uitest.CopyCorpus(t, "lesson31_bcb6/Data/Model.ms3d"))
	if err := d.Do(document.SetFPS(12)); err != nil {
		t.Fatal(err)
	}
	w.Canvas().(fyne.Shortcutable).TypedShortcut(ui.Ctrl(fyne.KeyS))
	if d.Modified() {
		t.Fatal("Ctrl+S did not save")
	}
	if top := w.Canvas().Overlays().Top(); top != nil {
		t.Errorf("saving a model MS3D holds showed a dialog:\n%s", uitest.OverlayText(w))
	}
}
