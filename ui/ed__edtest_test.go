package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"ms3dstudio/document"
	"ms3dstudio/model"
	"ms3dstudio/ui/internal/uitest"
)

// fakeViewport stands in for the GL viewport: it records highlights and
// lets a test report picks.
type fakeViewport struct {
	widget.BaseWidget
	group, joint int
	pick         func(part string, index int)
}

func newFakeViewport() *fakeViewport {
	v := &fakeViewport{group: -2, joint: -2}
	v.ExtendBaseWidget(v)
	return v
}

func (v *fakeViewport) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(canvas.NewRectangle(nil))
}

func (v *fakeViewport) HighlightGroup(g int) { v.group = g }

func (v *fakeViewport) HighlightJoint(j int) { v.joint = j }

func (v *fakeViewport) SetOnPick(f func(part string, i int)) { v.pick = f }

// newTestEditor builds an editor in a test window.
func newTestEditor(t *testing.T) (*Editor, fyne.Window, *fakeViewport) {
	t.Helper()
	a := test.NewTempApp(t)
	w := test.NewTempWindow(t, nil)
	w.Resize(fyne.NewSize(1200, 800))
	vp := newFakeViewport()
	e := NewEditor(Config{Window: w, Viewport: vp, Prefs: a.Preferences()})
	e.Timeline.ExternalClock = true
	e.Properties.Post = func(f func()) { f() }
	e.Install()
	return e, w, vp
}

// openDoc opens a file into the editor and fails the test on error.
func openDoc(t *testing.T, e *Editor, path string) *document.Document {
	t.Helper()
	if err := e.openNow(path); err != nil {
		t.Fatal(err)
	}
	return e.Document()
}

// poseViewport is a fake viewport that also poses.
type poseViewport struct {
	*fakeViewport
	poseMode bool
	gizmo    int
	move     bool
	onGizmo  func(GizmoDrag)
	selected [][3]float32
	path     [][3]float32
	shift    bool
	onVerts  func([]int, bool)
	verts    []int
}

func (v *poseViewport) SetVertexSelect(on bool, fn func([]int, bool)) { v.onVerts = fn }

func (v *poseViewport) SetSelectedVertices(vs []int) { v.verts = vs }

func (v *poseViewport) SetPoseMode(on bool) { v.poseMode = on }

func (v *poseViewport) SetGizmo(j int, move bool) { v.gizmo, v.move = j, move }

func (v *poseViewport) SetOnGizmo(fn func(GizmoDrag)) { v.onGizmo = fn }

func (v *poseViewport) SetPoseMarks(s, p, _ [][3]float32) { v.selected, v.path = s, p }

func (v *poseViewport) AddsToSelection() bool { return v.shift }

// newPoseEditor builds an editor with a posing fake viewport showing a
// three-joint chain: "root" at the origin, "arm" one unit along +X, "hand"
// one more; 24 fps, 24 frames, "arm" with a position key.
func newPoseEditor(t *testing.T, opts ...func(*Config)) (*Editor, *poseViewport, *document.Document) {
	t.Helper()
	a := test.NewTempApp(t)
	w := test.NewTempWindow(t, nil)
	w.Resize(fyne.NewSize(1200, 800))
	vp := &poseViewport{fakeViewport: newFakeViewport(), gizmo: -2}
	cfg := Config{Window: w, Viewport: vp, Prefs: a.Preferences()}
	for _, o := range opts {
		o(&cfg)
	}
	e := NewEditor(cfg)
	e.Timeline.ExternalClock = true
	e.Properties.Post = func(f func()) { f() }
	e.Install()
	m := &model.Model{FPS: 24, TotalFrames: 24,
		Joints: []model.Joint{
			{Name: model.Str("root"), RotationKeys: []model.Key{{Time: 1.0 / 24}}},
			{Name: model.Str("arm"), Parent: model.Str("root"), Position: [3]float32{1, 0, 0},
				RotationKeys: []model.Key{{Time: 1.0 / 24}, {Time: 12.0 / 24}}, PositionKeys: []model.Key{{Time: 4.0 / 24}}},
			{Name: model.Str("hand"), Parent: model.Str("arm"), Position: [3]float32{1, 0, 0}},
		}}
	d := document.New(m, "", nil)
	e.SetDocument(d)
	return e, vp, d
}

func seekFrame(e *Editor, f float64) {
	e.Timeline.Player.SeekFrame(f)
	e.Timeline.Changed()
}

// woman4Editor returns an editor in a 1280×800 test window with Woman4
// open, its timeline driven by Tick when externalClock.
func woman4Editor(b *testing.B, externalClock bool) *Editor {
	test.NewTempApp(b)
	d, err := document.Open(uitest.BenchPath(b, "Woman4.ms3d"))
	if err != nil {
		b.Fatal(err)
	}
	w := test.NewTempWindow(b, nil)
	e := NewEditor(Config{Window: w, Prefs: fyne.CurrentApp().Preferences()})
	e.Timeline.ExternalClock = externalClock
	e.Install()
	w.Resize(fyne.NewSize(1280, 800))
	e.SetDocument(d)
	return e
}
