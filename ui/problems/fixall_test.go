package problems_test

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"ms3dstudio/model"
	"ms3dstudio/ui/internal/edtest"
	"ms3dstudio/ui/internal/uitest"
)

// TestFixAllForANoteWithAFix: the nehe lesson model's only finding is a
// note whose fix is opt-in (material.texture-remapped); Fix these and Fix
// all… are not greyed for it, and Fix all… offers that fix.
func TestFixAllForANoteWithAFix(t *testing.T) {
	e, w, _ := edtest.OpenEditor(t, uitest.CorpusPath(t, "nehe-opengl/bcb6/lesson31_bcb6/Data/Model.ms3d")) // beside its texture
	p := e.Problems
	if len(p.Findings()) != 1 || p.Findings()[0].Code != model.CodeTextureRemapped {
		t.Fatalf("findings %v", p.Findings())
	}
	p.List.Select(0)
	if p.FixOne.Disabled() || p.FixAll.Disabled() {
		t.Fatalf("Fix these disabled %v, Fix all… disabled %v", p.FixOne.Disabled(), p.FixAll.Disabled())
	}
	test.Tap(p.FixAll)
	if txt := uitest.OverlayText(w); !strings.Contains(txt, "Wood.bmp") {
		t.Errorf("Fix all… shows %q", txt)
	}
}
