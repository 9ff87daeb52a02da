package ui

import (
	"testing"

	"fyne.io/fyne/v2"
)

// TestAnimateMenuShowsModes: Pose Mode and Auto-Key are ticked in the
// Animate menu while on.
func TestAnimateMenuShowsModes(t *testing.T) {
	e, _, _ := newPoseEditor(t)
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
	e.Anim.autoCheck.SetChecked(true)
	if !pose.Checked || !auto.Checked {
		t.Errorf("pose mode ticked %v, auto-key %v; want both", pose.Checked, auto.Checked)
	}
	pose.Action()
	if pose.Checked || e.Anim.PoseMode() {
		t.Error("the menu item did not turn pose mode off")
	}
}
