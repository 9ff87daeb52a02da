package animate

import (
	"math"
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
	"github.com/go-gl/mathgl/mgl32"

	"ms3dstudio/document"
	"ms3dstudio/model"
	"ms3dstudio/model/anim"
	"ms3dstudio/model/animedit"
	"ms3dstudio/ui/dopesheet"
	"ms3dstudio/ui/hub"
	"ms3dstudio/ui/timeline"
	"ms3dstudio/ui/widgets"
)

// GizmoPhase tells where a gizmo drag is.
type GizmoPhase int

// The phases of a gizmo drag.
const (
	GizmoStart GizmoPhase = iota
	GizmoMove
	GizmoEnd
)

// GizmoDrag is a drag of the pose gizmo as the viewport reports it: the
// total turn (Angle, radians) about, or move (Distance, model units) along,
// a world axis since the drag started.
type GizmoDrag struct {
	Phase    GizmoPhase
	Joint    int
	Move     bool
	Axis     [3]float32
	Angle    float32
	Distance float32
}

// PoseView is implemented by a viewport that can pose: the app adapts the
// GL viewport to it. The editor uses it when Config.Viewport implements it.
type PoseView interface {
	// SetPoseMode shows the skeleton (on) or restores what was shown.
	SetPoseMode(on bool)
	// SetGizmo shows the gizmo at joint j (−1: none), with move arrows.
	SetGizmo(j int, move bool)
	// SetOnGizmo sets the function called as the gizmo is dragged.
	SetOnGizmo(func(GizmoDrag))
	// SetPoseMarks draws the selected joints' origins and a motion path
	// (consecutive points joined) with a dot per key.
	SetPoseMarks(selected, path, keys [][3]float32)
	// AddsToSelection reports whether the last pick in the view was made
	// with Shift held.
	AddsToSelection() bool
	// SetVertexSelect makes clicks and drags in the view select vertices
	// (reported to fn with whether Shift adds) instead of orbiting.
	SetVertexSelect(on bool, fn func(verts []int, add bool))
	// SetSelectedVertices draws the selected vertices.
	SetSelectedVertices(verts []int)
}

// Animator is pose mode and key editing: the joint selection, the gizmo's
// unkeyed preview pose, the pose fields, the key commands and the dope
// sheet. Every edit goes through a document command, one per gizmo drag.
//
// A pose changed without auto-key stays a preview, held here and not in
// the document: the app applies it to the joint matrices it draws
// (ApplyPreview) and the pose panel says "not keyed" until the user keys
// it, or scrubs to another frame (which discards it, as MilkShape does).
type Animator struct {
	cfg  Config
	view PoseView
	// Dope is the dope sheet.
	Dope *dopesheet.DopeSheet

	poseMode, autoKey, showPath bool
	sel                         []int
	previews                    []animedit.JointPose
	previewFrame                float64
	clip                        *animedit.Clip
	checkItems                  []checkItem // menu items showing pose mode and auto-key
	verts                       []int       // vertex selection for binding

	unsub   func()
	sk      *anim.Skeleton
	skStale bool
	pv      *animedit.Preview
	pvFor   *anim.Skeleton
	pvStale bool
	global  []mgl32.Mat4

	drag struct {
		on     bool
		base   animedit.JointPose
		global []mgl32.Mat4
	}

	obj                      fyne.CanvasObject
	poseCheck, autoCheck     *widgets.KeyCheck
	pathCheck, subtreeCheck  *widgets.KeyCheck
	vertsCheck               *widgets.KeyCheck
	jointLabel, keyedLabel   *widget.Label
	rotFields, posFields     [3]*widget.Entry
	keyBtn, keyAllBtn, delBt *widget.Button
}

// Config is what the Animator needs of the editor that shows it. View,
// Skeleton and OnPreview may be nil.
type Config struct {
	// Window shows the Animator's dialogs.
	Window fyne.Window
	// Hub is the shared selection: a joint picked in the dope sheet is
	// selected through it, and it gives the group to bind vertices of.
	Hub *hub.Hub
	// Timeline is the time the poses and keys are made at.
	Timeline *timeline.Timeline
	// View is the viewport when it can pose (the gizmo, the marks, the
	// vertex selection); nil for none.
	View PoseView
	// Document returns the document shown, or nil.
	Document func() *document.Document
	// Do runs a command on the document (showing why when it is refused).
	Do func(document.Command) error
	// Skeleton, when not nil, returns the app's skeleton of the document's
	// model, rebuilt after every edit (see Config.Skeleton of the editor).
	Skeleton func() *anim.Skeleton
	// OnPreview, when not nil, is called when the unkeyed pose changes.
	OnPreview func()
	// RefreshMenu repaints the main menu after the Animate menu's marks
	// changed.
	RefreshMenu func()
}

// New returns the animation panel of an editor.
func New(cfg Config) *Animator {
	a := &Animator{cfg: cfg, view: cfg.View, skStale: true, pvStale: true}
	if a.view != nil {
		a.view.SetOnGizmo(a.gizmo)
	}
	tl := cfg.Timeline
	a.Dope = dopesheet.New()
	a.Dope.OnSeek = func(f float64) {
		tl.Pause()
		tl.Player.SeekFrame(f)
		tl.Changed()
	}
	a.Dope.OnSelectJoint = func(j int) { cfg.Hub.Select(hub.Selection{Kind: hub.KindJoint, Index: j}) }
	a.Dope.OnMove = func(refs []animedit.KeyRef, frames float64) {
		a.confirmReplacing("Moving", animedit.MoveOverwrites(a.model(), refs, frames),
			func() { cfg.Do(document.MoveKeys(refs, frames)) },
			func() { a.Dope.SelectKeys(refs) }) // not moved: the keys stay selected where they are
	}
	a.Dope.OnDelete = func(refs []animedit.KeyRef) { cfg.Do(document.DeleteKeys(refs)) }
	a.Dope.OnRange = func(in, out float64) { tl.Player.SetRange(in, out) }
	a.Dope.OnReparent = func(j, parent int) { cfg.Do(document.Reparent(j, parent)) }

	a.poseCheck = widgets.NewKeyCheck("Pose mode", a.SetPoseMode)
	a.autoCheck = widgets.NewKeyCheck("Auto-key", func(on bool) { a.autoKey = on; a.refreshChecks() })
	a.pathCheck = widgets.NewKeyCheck("Motion path", func(on bool) { a.showPath = on; a.updateMarks() })
	a.subtreeCheck = widgets.NewKeyCheck("Selected subtree only", func(on bool) { a.Dope.SetSubtreeOnly(on) })
	a.vertsCheck = widgets.NewKeyCheck("Select vertices", a.SetVertexSelect)
	a.keyBtn = widget.NewButton("Set Key", func() { a.SetKey(false) })
	a.keyAllBtn = widget.NewButton("Key All", func() { a.SetKey(true) })
	a.delBt = widget.NewButton("Delete Keys", a.DeleteKeys)
	copyBtn := widget.NewButton("Copy", a.Copy)
	pasteBtn := widget.NewButton("Paste", a.Paste)
	more := widget.NewButton("More…", a.showFramesMenu)
	a.jointLabel = widget.NewLabel("No joint selected")
	a.keyedLabel = widget.NewLabel("")
	a.keyedLabel.Importance = widget.DangerImportance
	a.jointLabel.Truncation = fyne.TextTruncateEllipsis
	jointBox := container.NewGridWrap(fyne.NewSize(240, a.jointLabel.MinSize().Height), a.jointLabel)
	fields := []fyne.CanvasObject{jointBox, widget.NewLabel("Rotation °")}
	box := func(en *widget.Entry) fyne.CanvasObject {
		return container.NewGridWrap(fyne.NewSize(84, en.MinSize().Height), en)
	}
	axes := [3]string{"X", "Y", "Z"}
	for k := range 3 {
		a.rotFields[k] = a.field(func() { a.fieldsSubmitted(false) })
		fields = append(fields, a.dragAxis(axes[k], false, k), box(a.rotFields[k]))
	}
	fields = append(fields, widget.NewLabel("Position"))
	for k := range 3 {
		a.posFields[k] = a.field(func() { a.fieldsSubmitted(true) })
		fields = append(fields, a.dragAxis(axes[k], true, k), box(a.posFields[k]))
	}
	fields = append(fields, a.keyedLabel)
	bar := container.NewHBox(a.poseCheck, a.autoCheck, a.keyBtn, a.keyAllBtn, a.delBt, copyBtn, pasteBtn, more, a.pathCheck, a.subtreeCheck, a.vertsCheck)
	a.obj = container.NewBorder(container.NewVBox(bar, container.NewHBox(fields...)), nil, nil, nil, a.Dope)
	a.refreshFields()
	return a
}

// Drag steps of the pose fields' axis letters, per unit dragged.
const (
	dragDegrees = 0.5
	dragUnits   = 0.02
)

// dragAxis returns the axis letter before a pose field: dragging it
// sideways changes the value live (a preview, like a gizmo drag) and
// releasing it poses the joint (keyed at once with auto-key).
func (a *Animator) dragAxis(name string, position bool, k int) fyne.CanvasObject {
	l := newDragLabel(name)
	var base animedit.JointPose
	var p animedit.JointPose
	started := false
	l.OnDrag = func(dx float32) {
		if len(a.sel) == 0 || a.model() == nil {
			return
		}
		if !started {
			a.cfg.Timeline.Pause()
			a.snapFrame()
			var err error
			if base, err = a.poseOf(a.sel[0]); err != nil {
				return
			}
			started = true
		}
		p = base
		if position {
			p.Position[k] += dx * dragUnits
			p.KeyPosition = true
		} else {
			d := animedit.Degrees(p.Rotation)
			d[k] += dx * dragDegrees
			p.Rotation, p.KeyRotation = animedit.Radians(d), true
		}
		a.setPreview(p)
		a.refreshFields()
	}
	l.OnEnd = func() {
		if !started {
			return
		}
		started = false
		if a.Pose(p) == nil {
			a.afterChange()
		}
	}
	return l
}

func (a *Animator) field(submit func()) *widget.Entry {
	en := widget.NewEntry()
	en.OnSubmitted = func(string) { submit() }
	return en
}

// Object returns the animation panel: the pose bar and the dope sheet.
func (a *Animator) Object() fyne.CanvasObject { return a.obj }

// PoseMode reports whether pose mode is on.
func (a *Animator) PoseMode() bool { return a.poseMode }

// SetPoseMode turns pose mode on or off: the skeleton shows and the gizmo
// appears at the selected joint.
func (a *Animator) SetPoseMode(on bool) {
	if a.poseMode == on {
		return
	}
	a.poseMode = on
	a.poseCheck.SetChecked(on)
	a.refreshChecks()
	if a.view != nil {
		a.view.SetPoseMode(on)
	}
	a.updateGizmo()
	a.updateMarks()
}

// SetAutoKey turns auto-key on or off.
func (a *Animator) SetAutoKey(on bool) {
	a.autoKey = on
	a.autoCheck.SetChecked(on)
	a.refreshChecks()
}

// Selected returns the selected joints, the current one (the outline's)
// first.
func (a *Animator) Selected() []int { return slices.Clone(a.sel) }

// Unkeyed reports whether a posed joint has not been keyed yet.
func (a *Animator) Unkeyed() bool { return len(a.previews) > 0 }

func (a *Animator) model() *model.Model {
	d := a.cfg.Document()
	if d == nil {
		return nil
	}
	return d.Model()
}

func (a *Animator) frame() float64 { return a.cfg.Timeline.Player.Frame() }

// snapFrame moves the timeline to the nearest whole frame before a pose or
// key edit: keys go on frames, as in MilkShape, however the ruler was
// scrubbed (the dope sheet's Alt-drag makes sub-frame keys on purpose).
func (a *Animator) snapFrame() {
	f := a.frame()
	if r := math.Round(f); math.Abs(f-r) > 1e-3 {
		tl := a.cfg.Timeline
		tl.Pause()
		tl.Player.SeekFrame(r)
		tl.Changed()
	}
}

// skeleton returns a skeleton of the document's model as it is now: the
// app's (Config.Skeleton) when it has one, else the panel's own.
func (a *Animator) skeleton() *anim.Skeleton {
	m := a.model()
	if f := a.cfg.Skeleton; f != nil {
		if sk := f(); sk != nil && sk.Len() == len(m.Joints) {
			return sk
		}
	}
	if a.sk == nil {
		a.sk, _ = anim.NewSkeleton(m)
	} else if a.skStale {
		a.sk.Rebuild(m)
	}
	a.skStale = false
	return a.sk
}

// SetDocument shows d (nil for none), in the state a first open has: pose
// mode and vertex selection off, no joint or key selected, no unkeyed
// pose. The editor calls it after the app heard of the new document, so
// that the app's skeleton is rebuilt first on every edit.
func (a *Animator) SetDocument(d *document.Document) {
	if a.unsub != nil {
		a.unsub()
		a.unsub = nil
	}
	if d != nil {
		a.unsub = d.Subscribe(a.changed)
	}
	a.sel, a.previews, a.clip, a.verts = nil, nil, nil, nil
	a.skStale, a.pvStale = true, true
	a.drag.on = false
	// A new document starts in the state a first open has: pose mode and
	// vertex selection off, the dope sheet showing only the new model.
	a.SetPoseMode(false)
	a.SetVertexSelect(false)
	a.Dope.Reset(a.model())
	a.afterChange()
}

func (a *Animator) changed(ch document.Change) {
	if ch.What.Has(document.Keys | document.Rest | document.Names | document.Skin | document.Meta | document.Geometry) {
		a.skStale, a.pvStale = true, true
		a.previews = nil
		a.drag.on = false
		m := a.model()
		a.sel = slices.DeleteFunc(a.sel, func(j int) bool { return j >= len(m.Joints) })
		a.verts = slices.DeleteFunc(a.verts, func(v int) bool { return v >= len(m.Vertices) })
		a.Dope.SetModel(m)
	}
	a.afterChange()
}

func (a *Animator) afterChange() {
	a.refreshFields()
	a.updateGizmo()
	a.updateMarks()
	a.Dope.SetFrame(a.frame())
}

// SelectionChanged follows the shared selection (the editor calls it
// after the viewport's highlight moved): a joint picked with Shift
// in the viewport is added to the joint selection, any other joint
// replaces it.
func (a *Animator) SelectionChanged(s hub.Selection) {
	if s.Kind == hub.KindJoint && s.Index >= 0 {
		add := a.view != nil && a.view.AddsToSelection()
		if i := slices.Index(a.sel, s.Index); i >= 0 {
			a.sel = slices.Delete(a.sel, i, i+1)
		} else if !add {
			a.sel = a.sel[:0]
		}
		a.sel = slices.Insert(a.sel, 0, s.Index)
	} else if s.Kind != hub.KindJoint {
		a.sel = a.sel[:0]
	}
	a.Dope.SetSelectedJoints(a.sel)
	a.afterChange()
}

// TimeChanged follows the scrubber: the fields show the new frame's pose,
// and an unkeyed pose at another frame is discarded.
func (a *Animator) TimeChanged() {
	a.DropStalePreviews()
	if a.cfg.Timeline.Playing() {
		a.Dope.SetFrame(a.frame())
		return
	}
	a.afterChange()
}

// DropStalePreviews forgets the unkeyed pose once the time moved away from
// the frame it was made at (unless a drag is making it).
func (a *Animator) DropStalePreviews() {
	if len(a.previews) > 0 && !a.drag.on && math.Abs(a.frame()-a.previewFrame) > 1e-3 {
		a.previews = nil
		a.notifyPreview()
	}
}

func (a *Animator) notifyPreview() {
	if a.cfg.OnPreview != nil {
		a.cfg.OnPreview()
	}
}

// ApplyPreview patches global, the joint matrices sk.Pose gave for the
// current time, with the unkeyed pose: the app calls it in its pose path
// before computing the skinning matrices, so the mesh follows a gizmo drag
// on the next frame shown. sk is the app's skeleton of the same model.
func (a *Animator) ApplyPreview(sk *anim.Skeleton, global []mgl32.Mat4) {
	m := a.model()
	if len(a.previews) == 0 || m == nil || sk.Len() != len(m.Joints) {
		return
	}
	if a.pv == nil || a.pvFor != sk || a.pvStale {
		a.pv, a.pvFor, a.pvStale = animedit.NewPreview(sk), sk, false
	}
	for _, p := range a.previews {
		a.pv.Apply(m, global, p)
	}
}

// poseNow returns the global matrices at the current frame with the
// unkeyed pose applied.
func (a *Animator) poseNow() []mgl32.Mat4 {
	sk := a.skeleton()
	if cap(a.global) < sk.Len() {
		a.global = make([]mgl32.Mat4, sk.Len())
	}
	g := a.global[:sk.Len()]
	sk.Pose(float32(a.cfg.Timeline.Time()), g)
	if len(a.previews) > 0 {
		pv := animedit.NewPreview(sk)
		for _, p := range a.previews {
			pv.Apply(a.model(), g, p)
		}
	}
	return g
}

// poseOf returns joint j's pose at the current frame: the unkeyed one if
// it has one, else what the keys play.
func (a *Animator) poseOf(j int) (animedit.JointPose, error) {
	for _, p := range a.previews {
		if p.Joint == j {
			return p, nil
		}
	}
	ps, err := animedit.PoseAt(a.model(), a.skeleton(), math.Max(a.frame(), 0), []int{j})
	if err != nil {
		return animedit.JointPose{}, err
	}
	return ps[0], nil
}

// Pose sets joint p.Joint's pose at the current frame, as a gizmo drag or
// the pose fields do: with auto-key it is keyed at once (one command),
// otherwise it is held as the unkeyed preview.
func (a *Animator) Pose(p animedit.JointPose) error {
	if a.autoKey {
		return a.commit([]animedit.JointPose{p})
	}
	a.setPreview(p)
	a.refreshFields()
	return nil
}

func (a *Animator) setPreview(p animedit.JointPose) {
	if i := slices.IndexFunc(a.previews, func(q animedit.JointPose) bool { return q.Joint == p.Joint }); i >= 0 {
		a.previews[i] = p
	} else {
		a.previews = append(a.previews, p)
	}
	a.previewFrame = a.frame()
	a.notifyPreview()
	a.updateMarks()
}

func (a *Animator) commit(poses []animedit.JointPose) error {
	if a.cfg.Document() == nil {
		return nil
	}
	// The preview becomes the key: drop it first so the re-pose after
	// the command shows the keys alone.
	a.previews = nil
	return a.cfg.Do(document.SetKeys(math.Max(a.frame(), 0), poses))
}

// gizmo handles a drag of the viewport's gizmo: the pose at the start is
// turned or moved by the drag's total, shown live as a preview, and keyed
// on release when auto-key is on.
func (a *Animator) gizmo(ev GizmoDrag) {
	m := a.model()
	if m == nil || ev.Joint < 0 || ev.Joint >= len(m.Joints) {
		return
	}
	switch ev.Phase {
	case GizmoStart:
		a.cfg.Timeline.Pause()
		a.snapFrame()
		base, err := a.poseOf(ev.Joint)
		if err != nil {
			return
		}
		a.drag.on, a.drag.base = true, base
		a.drag.global = append(a.drag.global[:0], a.poseNow()...)
	case GizmoMove, GizmoEnd:
		if !a.drag.on {
			return
		}
		p := a.dragged(ev)
		if ev.Phase == GizmoMove {
			a.setPreview(p)
			a.refreshFields()
			return
		}
		a.drag.on = false
		if p == a.drag.base && !a.Unkeyed() {
			return
		}
		if err := a.Pose(p); err != nil {
			return
		}
		a.afterChange()
	}
}

func (a *Animator) dragged(ev GizmoDrag) animedit.JointPose {
	m, sk := a.model(), a.skeleton()
	if ev.Move {
		return animedit.MovedPose(m, sk, a.drag.global, a.drag.base, mgl32.Vec3(ev.Axis), ev.Distance)
	}
	if ev.Angle == 0 {
		return a.drag.base
	}
	return animedit.TurnedPose(m, sk, a.drag.global, a.drag.base, mgl32.Vec3(ev.Axis), ev.Angle)
}
