package animate_test

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"ms3dstudio/model"
	"ms3dstudio/model/animedit"
	"ms3dstudio/ui/hub"
	"ms3dstudio/ui/internal/edtest"
	"ms3dstudio/ui/internal/uitest"
)

// TestPasteOntoKeysAsksFirst: pasting keys onto frames that hold other keys
// asks before replacing them.
func TestPasteOntoKeysAsksFirst(t *testing.T) {
	e, _, d := edtest.NewPoseEditor(t)
	m := d.Model()
	e.Anim.SetClip(&animedit.Clip{Keys: []animedit.ClipKey{{Joint: model.Str("arm"), Kind: animedit.Rotation, Value: [3]float32{0, 0, 1}}}})
	e.Selection().Select(hub.Selection{Kind: hub.KindJoint, Index: 1})
	edtest.SeekFrame(e, 12) // arm has a rotation key there
	e.Anim.Paste()
	win := edtest.WindowOf(e)
	if txt := uitest.OverlayText(win); !strings.Contains(txt, "arm rotation key at frame 12") {
		t.Fatalf("paste onto a key does not ask: %q", txt)
	}
	test.Tap(uitest.OverlayButton(t, win, "Replace"))
	if got := m.Joints[1].RotationKeys[1].Value; got != [3]float32{0, 0, 1} || d.UndoLabel() != "Paste keys, replacing 1 key" {
		t.Errorf("after Replace: key %v, undo item %q", got, d.UndoLabel())
	}
}
