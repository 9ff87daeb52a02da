package animate

import (
	"fyne.io/fyne/v2/widget"
	"github.com/go-gl/mathgl/mgl32"

	"ms3dstudio/ui/widgets"
)

// What the external tests (package animate_test, which build the whole
// editor) see of the Animator's parts.

// RotationFields returns the pose bar's rotation fields (degrees, X Y Z).
func (a *Animator) RotationFields() [3]*widget.Entry { return a.rotFields }

// KeyedLabel returns the label that says "not keyed" or how many vertices
// are selected.
func (a *Animator) KeyedLabel() *widget.Label { return a.keyedLabel }

// AutoKeyCheck returns the Auto-key check box.
func (a *Animator) AutoKeyCheck() *widgets.KeyCheck { return a.autoCheck }

// SetRangeEnd sets the playback range's in or out point at the current
// frame (Animate ▸ Frames ▸ Playback Range In/Out Here).
func (a *Animator) SetRangeEnd(in bool) { a.setRangeEnd(in) }

// PoseNow returns the joint matrices at the current frame with the unkeyed
// pose applied.
func (a *Animator) PoseNow() []mgl32.Mat4 { return a.poseNow() }

// DragLabel is the type of the pose fields' draggable axis letters.
type DragLabel = dragLabel
