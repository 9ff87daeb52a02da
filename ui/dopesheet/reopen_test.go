package dopesheet_test

import (
	"testing"

	"fyne.io/fyne/v2"

	"ms3dstudio/model/animedit"
	"ms3dstudio/ui/internal/edtest"
	"ms3dstudio/ui/internal/uitest"
	"ms3dstudio/ui/widgets"
)

// TestOpeningResetsEveryView: after File ▸ Open, nothing of the previous
// document stays on screen: not its dialogs (an Export dialog stayed up),
// not pose mode, not the dope sheet's zoom, scroll, collapsed rows, key
// selection or playback range (the sheet showed the old ruler and key
// positions under the new joint names).
func TestOpeningResetsEveryView(t *testing.T) {
	e, w, _ := edtest.NewEditor(t)
	w.Resize(fyne.NewSize(1280, 800))
	d := edtest.Open(t, e, uitest.CorpusPath(t, "Woman4.ms3d"))
	ds := e.Anim.Dope
	w.Content().Refresh()
	e.Anim.SetPoseMode(true)
	ds.Zoom(8, ds.XOf(100))
	ds.Pan(300)
	ds.SelectKeys(animedit.KeysInRange(d.Model(), []int{0}, 1, 50))
	ds.SetCollapsed(0, true)
	ds.SetRange(10, 40)
	e.ShowExport()
	if w.Canvas().Overlays().Top() == nil {
		t.Fatal("the Export dialog did not show")
	}

	edtest.Open(t, e, uitest.CorpusPath(t, "nehe-opengl/bcb6/lesson31_bcb6/Data/Model.ms3d"))
	if o := w.Canvas().Overlays().Top(); o != nil {
		t.Errorf("a dialog of the previous document is still shown: %T", o)
	}
	poseCheck := uitest.Find(e.Anim.Object(), func(c *widgets.KeyCheck) bool { return c.Text == "Pose mode" })
	if e.Anim.PoseMode() || poseCheck == nil || poseCheck.Checked {
		t.Error("pose mode stayed on")
	}
	if n := len(ds.SelectedKeys()); n != 0 {
		t.Errorf("%d keys still selected", n)
	}
	if len(ds.Rows()) != 9 {
		t.Errorf("rows %v, want the model's 9 joints expanded", ds.Rows())
	}
	if in, out := e.Timeline.Player.Range(); in != 1 || out != 24 {
		t.Errorf("playback range %g–%g, want the whole 1–24", in, out)
	}
	// The whole new animation fits the key area, from its first frame.
	if ds.First() != 0 || ds.XOf(24) > ds.Size().Width || ds.XOf(24) < ds.Size().Width-40 {
		t.Errorf("dope sheet shows frames from %g at %g units a frame: frame 24 at x=%g of %g", ds.First(), ds.PPF(), ds.XOf(24), ds.Size().Width)
	}
}
