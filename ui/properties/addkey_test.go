package properties_test

import (
	"math"
	"testing"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"ms3dstudio/ui/hub"
	"ms3dstudio/ui/internal/edtest"
	"ms3dstudio/ui/internal/uitest"
)

// TestAddKeyUsesTheScrubbersTime is the regression test for "Add key uses
// the time the panel was built at, not the scrubber's": the panel is built
// at frame 1, the scrubber moves to frame 8, and Add key keys frame 8.
func TestAddKeyUsesTheScrubbersTime(t *testing.T) {
	e, _, d := edtest.OpenEditor(t, uitest.CorpusPath(t, "lesson31_bcb6/Data/Model.ms3d")) // 24 fps
	j := uitest.JointIndex(t, d.Model(), "joint1")
	before := len(d.Model().Joints[j].RotationKeys)
	e.Selection().Select(hub.Selection{Kind: hub.KindJoint, Index: j})
	e.Timeline.Player.SeekFrame(8) // the panel is not rebuilt
	var add *widget.Button
	for _, o := range test.LaidOutObjects(e.Properties.Object()) {
		if b, ok := o.(*widget.Button); ok && b.Text == "Add key" && add == nil {
			add = b // the first one: rotation keys
		}
	}
	if add == nil {
		t.Fatal("no Add key button for the joint")
	}
	test.Tap(add)
	keys := d.Model().Joints[j].RotationKeys
	if len(keys) != before+1 {
		t.Fatalf("%d rotation keys, want %d", len(keys), before+1)
	}
	found := false
	for _, k := range keys {
		found = found || math.Abs(float64(k.Time)-8.0/24) < 1e-4
	}
	if !found {
		t.Fatalf("no key at frame 8 (%.4f s): %v", 8.0/24, keys)
	}
}
