package animate_test

import (
	"testing"

	"fyne.io/fyne/v2"

	"ms3dstudio/ui/internal/edtest"
)

// TestAnimateMenuShowsModes: Pose Mode and Auto-Key are ticked in the
// Animate menu while on.
func TestAnimateMenuShowsModes(t *testing.T) {
	e, _, _ := edtest.NewPoseEditor(t)
	item := func(label string) *fyne.MenuItem {
		for _, m := range e.Menu().Items {
			for _, it := range m.Items {
				if it.Label == label {
					return it
				}
			}
		}
		t.Fatalf("no menu item %q", label)
		return nil
	}
	pose, auto := item("Pose Mode"), item("Auto-Key")
	if pose.Checked || auto.Checked {
		t.Fatal("ticked before being turned on")
	}
	e.Anim.SetPoseMode(true)
	e.Anim.AutoKeyCheck().SetChecked(true)
	if !pose.Checked || !auto.Checked {
		t.Errorf("pose mode ticked %v, auto-key %v; want both", pose.Checked, auto.Checked)
	}
	pose.Action()
	if pose.Checked || e.Anim.PoseMode() {
		t.Error("the menu item did not turn pose mode off")
	}
}
