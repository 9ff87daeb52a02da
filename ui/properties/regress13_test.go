package properties_test

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"ms3dstudio/ui/hub"
	"ms3dstudio/ui/internal/edtest"
	"ms3dstudio/ui/internal/uitest"
	"ms3dstudio/ui/widgets"
)

// shownTexts returns the texts of the visible labels under o.
func shownTexts(o fyne.CanvasObject) string {
	var b strings.Builder
	for _, c := range test.LaidOutObjects(o) {
		if l, ok := c.(*widget.Label); ok && l.Visible() {
			b.WriteString(l.Text + "\n")
		}
	}
	return b.String()
}

// TestMaterialModeErrorIsShown is the regression test for the material's
// mode check boxes dropping the command's error: a refused edit showed
// nothing (and indexed past the end of the materials first).
func TestMaterialModeErrorIsShown(t *testing.T) {
	e, _, d := edtest.OpenEditor(t, uitest.SampleFile(t, nil))
	e.Selection().Select(hub.Selection{Kind: hub.KindMaterial, Index: 0})
	var chk *widget.Check
	for _, o := range test.LaidOutObjects(e.Properties.Object()) {
		if c, ok := o.(*widgets.KeyCheck); ok && c.Text == "Has alpha" {
			chk = &c.Check
		}
	}
	if chk == nil {
		t.Fatal("no Has alpha check box")
	}
	// The material went away under the panel (as after an edit the panel
	// has not caught up with): the command refuses.
	d.Model().Materials = nil
	chk.SetChecked(!chk.Checked)
	if got := shownTexts(e.Properties.Object()); !strings.Contains(got, "material 0") {
		t.Errorf("the refusal is not shown; the panel shows:\n%s", got)
	}
}
