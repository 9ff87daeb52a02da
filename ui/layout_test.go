package ui_test

import (
	"testing"

	"fyne.io/fyne/v2"

	"ms3dstudio/ui/hub"
	"ms3dstudio/ui/internal/edtest"
	"ms3dstudio/ui/internal/uitest"
)

// TestLayoutStaysStillWhenSelectionChanges: selecting the model, a group,
// a material or a joint never resizes the viewport (it shrank from about
// 700 to 380 units wide when a material was selected at 1280×800, and
// reframed the camera), and the property panel keeps its width.
func TestLayoutStaysStillWhenSelectionChanges(t *testing.T) {
	e, w, vp := edtest.NewEditor(t)
	w.Resize(fyne.NewSize(1280, 800))
	edtest.Open(t, e, uitest.CorpusPath(t, "level.ms3d")) // long texture paths
	w.Content().Refresh()
	want, props := vp.Size(), e.Properties.Object().Size()
	if want.Width < 500 {
		t.Fatalf("viewport only %v wide at 1280×800", want)
	}
	for _, s := range []hub.Selection{
		{Kind: hub.KindMaterial, Index: 0}, {Kind: hub.KindGroup, Index: 0}, {Kind: hub.KindJoint, Index: 0},
		{Kind: hub.KindMaterial, Index: 1}, {Kind: hub.KindModel, Index: -1},
	} {
		e.Selection().Select(s)
		w.Content().Refresh() // lays the window out, as a paint does
		if got := vp.Size(); got != want {
			t.Errorf("selecting %v: viewport %v, want %v", s, got, want)
		}
		if got := e.Properties.Object().Size(); got != props {
			t.Errorf("selecting %v: property panel %v, want %v", s, got, props)
		}
	}
}
