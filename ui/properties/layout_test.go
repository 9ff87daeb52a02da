package properties_test

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"ms3dstudio/ui/hub"
	"ms3dstudio/ui/internal/edtest"
	"ms3dstudio/ui/internal/uitest"
)

// TestDeletingAUsedMaterialAsks: Delete… on a material that groups use asks
// what they get instead (it deleted at once, and the panel then said
// "material 2 does not exist"); after deleting, the selection is on a
// material that exists.
func TestDeletingAUsedMaterialAsks(t *testing.T) {
	e, w, d := edtest.OpenEditor(t, uitest.CopyCorpus(t, "level.ms3d"))
	n := len(d.Model().Materials)
	last := int(d.Model().Groups[len(d.Model().Groups)-1].Material)
	if n < 2 || last < 0 {
		t.Fatalf("level.ms3d: %d materials, its last group's is %d", n, last)
	}
	e.Selection().Select(hub.Selection{Kind: hub.KindMaterial, Index: last})
	w.Content().Refresh()
	var del *widget.Button
	for _, o := range test.LaidOutObjects(e.Properties.Box()) {
		if b, ok := o.(*widget.Button); ok && b.Text == "Delete…" {
			del = b
		}
	}
	if del == nil {
		t.Fatal("no Delete… button in the material's panel")
	}
	test.Tap(del)
	if got := len(d.Model().Materials); got != n {
		t.Fatalf("Delete… deleted the material without asking (%d materials, had %d)", got, n)
	}
	if txt := uitest.OverlayText(w); !strings.Contains(txt, "They get") {
		t.Fatalf("the dialog says %q", txt)
	}
	test.Tap(uitest.OverlayButton(t, w, "Delete"))
	if got := len(d.Model().Materials); got != n-1 {
		t.Fatalf("%d materials after Delete, want %d", got, n-1)
	}
	if s := e.Selection().Current(); s.Kind != hub.KindMaterial || s.Index != min(last, n-2) {
		t.Errorf("selection after deleting material %d: %v, want material %d", last, s, min(last, n-2))
	}
	if _, shown := e.Properties.Value("Used by"); !shown {
		t.Errorf("the panel does not show the material now selected")
	}
}
