package animate

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"
	"github.com/go-gl/mathgl/mgl32"

	"ms3dstudio/model"
	"ms3dstudio/model/animedit"
	"ms3dstudio/ui/widgets"
)

// refreshFields shows the current joint's pose at the current frame.
func (a *Animator) refreshFields() {
	m := a.model()
	status := ""
	a.keyedLabel.Importance = widget.DangerImportance
	if len(a.previews) > 0 {
		status = "● not keyed"
	} else if len(a.verts) > 0 {
		a.keyedLabel.Importance = widget.MediumImportance
		status = widgets.Count(len(a.verts), "vertex", "vertices") + " selected"
	}
	a.keyedLabel.SetText(status)
	if m == nil || len(a.sel) == 0 || a.sel[0] >= len(m.Joints) {
		a.jointLabel.SetText("No joint selected")
		for k := range 3 {
			a.rotFields[k].SetText("")
			a.posFields[k].SetText("")
			a.rotFields[k].Disable()
			a.posFields[k].Disable()
		}
		return
	}
	j := a.sel[0]
	p, err := a.poseOf(j)
	if err != nil {
		return
	}
	a.jointLabel.SetText(m.Joints[j].Name.Display() + fmt.Sprintf(" · frame %s", formatNum(a.frame(), 2)))
	deg := animedit.Degrees(p.Rotation)
	for k := range 3 {
		a.rotFields[k].Enable()
		a.posFields[k].Enable()
		a.rotFields[k].SetText(formatNum(float64(deg[k]), 2))
		a.posFields[k].SetText(formatNum(float64(p.Position[k]), 3))
	}
}

func formatNum(v float64, prec int) string {
	s := strconv.FormatFloat(v, 'f', prec, 64)
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	if s == "-0" {
		s = "0"
	}
	return s
}

// fieldsSubmitted poses the current joint from the typed values.
func (a *Animator) fieldsSubmitted(position bool) {
	if len(a.sel) == 0 || a.model() == nil {
		return
	}
	a.snapFrame()
	p, err := a.poseOf(a.sel[0])
	if err != nil {
		return
	}
	var v [3]float32
	fs := a.rotFields
	if position {
		fs = a.posFields
	}
	for k := range 3 {
		x, err := strconv.ParseFloat(strings.TrimSpace(fs[k].Text), 32)
		if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
			dialog.ShowError(fmt.Errorf("%q is not a number", fs[k].Text), a.cfg.Window)
			a.refreshFields()
			return
		}
		v[k] = float32(x)
	}
	if position {
		p.Position, p.KeyPosition = v, true
	} else {
		p.Rotation, p.KeyRotation = animedit.Radians(v), true
	}
	if err := a.Pose(p); err == nil {
		a.afterChange()
	}
}

// updateGizmo shows the gizmo at the current joint in pose mode.
func (a *Animator) updateGizmo() {
	if a.view == nil {
		return
	}
	m := a.model()
	if !a.poseMode || m == nil || len(a.sel) == 0 || a.sel[0] >= len(m.Joints) {
		a.view.SetGizmo(-1, false)
		return
	}
	j := a.sel[0]
	a.view.SetGizmo(j, len(m.Joints[j].PositionKeys) > 0)
}

// updateMarks draws the selected joints and the motion path.
func (a *Animator) updateMarks() {
	if a.view == nil {
		return
	}
	m := a.model()
	if m == nil || len(a.sel) == 0 || len(m.Joints) == 0 {
		a.view.SetPoseMarks(nil, nil, nil)
		return
	}
	g := a.poseNow()
	var sel [][3]float32
	for _, j := range a.sel {
		if j < len(g) {
			sel = append(sel, g[j].Col(3).Vec3())
		}
	}
	var path, keys [][3]float32
	if a.showPath {
		path, keys = a.motionPath(a.sel[0])
	}
	a.view.SetPoseMarks(sel, path, keys)
}

// maxPathKeys is the most keys the motion path marks with dots.
const maxPathKeys = 400

// pathWindow is how many frames before and after the current one the
// motion path shows when no playback range is set on a long animation.
const pathWindow = 60

// motionPath returns joint j's origin at every frame of the playback range
// (quarter frames when the range is short) and at each of its keys.
func (a *Animator) motionPath(j int) (path, keys [][3]float32) {
	m, sk := a.model(), a.skeleton()
	in, out := a.cfg.Timeline.Player.Range()
	if in <= 1 && out >= float64(m.TotalFrames) && out-in > 2*pathWindow {
		// A long animation without a playback range: the path near the
		// current frame, not a tangle of the whole take.
		f := math.Round(a.frame())
		in, out = math.Max(f-pathWindow, 1), math.Min(f+pathWindow, out)
	}
	fps := float64(m.EffectiveFPS())
	step := 1.0
	if out-in < 50 {
		step = 0.25
	}
	g := make([]mgl32.Mat4, sk.Len())
	at := func(f float64) [3]float32 {
		sk.Pose(float32(f/fps), g)
		return g[j].Col(3).Vec3()
	}
	for f := in; f <= out+1e-9; f += step {
		path = append(path, at(f))
	}
	jt := &m.Joints[j]
	if len(jt.RotationKeys)+len(jt.PositionKeys) > maxPathKeys {
		// A key at every frame (baked motion capture): dots would hide
		// the path.
		return path, nil
	}
	for _, ks := range [][]model.Key{jt.RotationKeys, jt.PositionKeys} {
		for _, k := range ks {
			if f := float64(k.Time) * fps; f >= in-1e-3 && f <= out+1e-3 {
				keys = append(keys, at(f))
			}
		}
	}
	return path, keys
}
