package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"ms3dstudio/model"

	"ms3dstudio/ui/internal/uitest"
)

// TestFixAllForANoteWithAFix: the nehe lesson model's only finding is a
// note whose fix is opt-in (material.texture-remapped); Fix these and Fix
// all… are not greyed for it, and Fix all… offers that fix.
func TestFixAllForANoteWithAFix(t *testing.T) {
	e, w, _ := newTestEditor(t)
	openDoc(t, e, uitest.CorpusPath(t, "nehe-opengl/bcb6/lesson31_bcb6/Data/Model.ms3d")) // beside its texture
	p := e.Problems
	if len(p.findings) != 1 || p.findings[0].Code != model.CodeTextureRemapped {
		t.Fatalf("findings %v", p.findings)
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
