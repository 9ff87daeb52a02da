package main

import (
	"fyne.io/fyne/v2"

	"ms3dstudio/ui/animate"
	"ms3dstudio/viewport"
)

// Colours of the pose marks: selected joints and the motion path.
var (
	selectedJointMark = [4]float32{1, 0.55, 0.1, 1}
	pathMark          = [4]float32{0.9, 0.9, 0.4, 0.85}
	pathKeyMark       = [4]float32{1, 1, 1, 1}
)

// SetPoseMode implements animate.PoseView: pose mode shows the skeleton, and
// leaving it restores what the user had.
func (p pickable) SetPoseMode(on bool) {
	o := p.Options()
	if on {
		*p.skeletonBefore = o.Skeleton
		o.Skeleton = true
	} else {
		o.Skeleton = *p.skeletonBefore
	}
	p.SetOptions(o)
}

// SetOnGizmo implements animate.PoseView.
func (p pickable) SetOnGizmo(fn func(animate.GizmoDrag)) {
	p.View.SetOnGizmo(func(ev viewport.GizmoEvent) {
		fn(animate.GizmoDrag{Phase: animate.GizmoPhase(ev.Phase), Joint: ev.Joint, Move: ev.Handle >= viewport.HandleMoveX,
			Axis: ev.Axis, Angle: ev.Angle, Distance: ev.Distance})
	})
}

// SetPoseMarks implements animate.PoseView: selected joints as orange points, the
// motion path as a line with a white dot per key.
func (p pickable) SetPoseMarks(selected, path, keys [][3]float32) {
	var lines, points []viewport.Mark
	for i := 1; i < len(path); i++ {
		lines = append(lines, viewport.Mark{Pos: path[i-1], Color: pathMark}, viewport.Mark{Pos: path[i], Color: pathMark})
	}
	for _, k := range keys {
		points = append(points, viewport.Mark{Pos: k, Color: pathKeyMark, Size: 5})
	}
	for _, s := range selected {
		points = append(points, viewport.Mark{Pos: s, Color: selectedJointMark, Size: 11})
	}
	p.SetMarks(lines, points)
}

// AddsToSelection implements animate.PoseView: Shift was held at the last press.
func (p pickable) AddsToSelection() bool { return p.Modifier()&fyne.KeyModifierShift != 0 }
