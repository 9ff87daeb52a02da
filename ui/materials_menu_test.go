package ui_test

import (
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"

	"ms3dstudio/ui/internal/edtest"
	"ms3dstudio/ui/internal/uitest"
)

func TestMaterialsMenuOpensTextures(t *testing.T) {
	e, w, _ := edtest.NewEditor(t)
	edtest.Open(t, e, uitest.CopyCorpus(t, "lesson31_bcb6/Data/Model.ms3d"))
	var found *fyne.MenuItem
	for _, m := range e.Menu().Items {
		if m.Label == "Materials" {
			found = m.Items[0]
		}
	}
	if found == nil || found.Label != "Textures…" || found.Shortcut == nil {
		t.Fatalf("Materials ▸ Textures… missing: %+v", found)
	}
	td := e.ShowTexturesDialog()
	for !td.Idle() {
		time.Sleep(time.Millisecond)
	}
	if !containsText(uitest.OverlayText(w), " path") {
		t.Errorf("dialog text:\n%s", uitest.OverlayText(w))
	}
}

func containsText(s, sub string) bool { return strings.Contains(s, sub) }
