package ui_test

import (
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"

	"ms3dstudio/ui/internal/edtest"
	"ms3dstudio/ui/internal/uitest"
	"ms3dstudio/ui/textures"
)

func TestMaterialsMenuOpensTextures(t *testing.T) {
	e, w, _ := edtest.OpenEditor(t, uitest.CopyCorpus(t, "lesson31_bcb6/Data/Model.ms3d"))
	var found *fyne.MenuItem
	for _, m := range e.Menu().Items {
		if m.Label == "Materials" {
			found = m.Items[0]
		}
	}
	if found == nil || found.Label != "Textures…" || found.Shortcut == nil {
		t.Fatalf("Materials ▸ Textures… missing: %+v", found)
	}
	waitIdle(t, e.ShowTexturesDialog())
	if !containsText(uitest.OverlayText(w), " path") {
		t.Errorf("dialog text:\n%s", uitest.OverlayText(w))
	}
}

func containsText(s, sub string) bool { return strings.Contains(s, sub) }

// waitIdle waits until the dialog's background work (decoding the files it
// lists) has finished. The test driver runs what that work posts through
// fyne.Do at once, on the posting goroutine, so Idle turning true means
// everything was posted; the deadline only guards a hang.
func waitIdle(t *testing.T, td *textures.Dialog) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for !td.Idle() {
		if time.Now().After(deadline) {
			t.Fatal("the textures dialog's background work did not finish within a minute")
		}
		time.Sleep(time.Millisecond)
	}
}
