// Package edtest builds the editor of ui in Fyne's test driver, for the
// tests of ui and of its panels' packages, which test the panels where the
// editor puts them. It is test support: only _test.go files import it.
//
// It imports ui and every panel; a package's tests that use it are
// therefore external tests (package x_test), reaching what they need of
// the package's internals through its export_test.go.
package edtest

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"ms3dstudio/document"
	"ms3dstudio/model"
	"ms3dstudio/ui"
	"ms3dstudio/ui/animate"
	"ms3dstudio/ui/internal/uitest"
)

// FakeViewport stands in for the GL viewport: it records highlights and
// lets a test report picks.
type FakeViewport struct {
	widget.BaseWidget
	// Group and Joint are the highlighted group and joint (−2 before the
	// first highlight).
	Group, Joint int
	// Framed counts the calls of FrameAll.
	Framed int
	// Pick reports a pick, as the viewport's click does (set by the
	// editor).
	Pick func(part string, index int)
}

// NewFakeViewport returns a viewport that has highlighted nothing yet.
func NewFakeViewport() *FakeViewport {
	v := &FakeViewport{Group: -2, Joint: -2}
	v.ExtendBaseWidget(v)
	return v
}

// CreateRenderer draws an empty rectangle.
func (v *FakeViewport) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(canvas.NewRectangle(nil))
}

// HighlightGroup implements ui.Viewport.
func (v *FakeViewport) HighlightGroup(g int) { v.Group = g }

// HighlightJoint implements ui.Viewport.
func (v *FakeViewport) HighlightJoint(j int) { v.Joint = j }

// FrameAll implements ui.Framer: it counts the calls in Framed.
func (v *FakeViewport) FrameAll() { v.Framed++ }

// SetOnPick implements ui.Picker.
func (v *FakeViewport) SetOnPick(f func(part string, i int)) { v.Pick = f }

// Install makes the editor cfg describes in the window w (cfg.Window is
// set to it) with the timeline on an external clock and the property panel
// rebuilt at once after an edit (the test driver runs no event loop to
// defer it to), and installs it.
func Install(w fyne.Window, cfg ui.Config) *ui.Editor {
	cfg.Window = w
	if cfg.Prefs == nil {
		cfg.Prefs = fyne.CurrentApp().Preferences()
	}
	e := ui.NewEditor(cfg)
	e.Timeline.ExternalClock = true
	e.Properties.Post = func(f func()) { f() }
	e.Install()
	return e
}

// NewEditor builds an editor in a 1200×800 test window of a new test app,
// with a FakeViewport, after opts changed its configuration.
func NewEditor(tb testing.TB, opts ...func(*ui.Config)) (*ui.Editor, fyne.Window, *FakeViewport) {
	tb.Helper()
	vp := NewFakeViewport()
	e, w := start(tb, vp, opts)
	return e, w, vp
}

// start installs an editor with the viewport vp, after opts changed its
// configuration, in a 1200×800 test window of a new test app.
func start(tb testing.TB, vp ui.Viewport, opts []func(*ui.Config)) (*ui.Editor, fyne.Window) {
	test.NewTempApp(tb)
	w := test.NewTempWindow(tb, nil)
	w.Resize(fyne.NewSize(1200, 800))
	cfg := ui.Config{Viewport: vp}
	for _, o := range opts {
		o(&cfg)
	}
	return Install(w, cfg), w
}

// Open opens the file at path in the editor as File ▸ Open does (unsaved
// changes are discarded when it asks) and fails the test when the file
// does not open.
func Open(tb testing.TB, e *ui.Editor, path string) *document.Document {
	tb.Helper()
	before := e.Document()
	e.OpenPath(path)
	w := fyne.CurrentApp().Driver().AllWindows()
	for _, win := range w {
		if top := win.Canvas().Overlays().Top(); top != nil && uitest.HasButton(top, "Discard") {
			test.Tap(uitest.Button(tb, top, "Discard"))
		}
	}
	if e.Document() == before {
		for _, win := range w {
			tb.Fatalf("opening %s: the document stays; shown:\n%s", path, uitest.OverlayText(win))
		}
		tb.Fatalf("opening %s: the document stays", path)
	}
	return e.Document()
}

// OpenEditor builds an editor as NewEditor does, after opts, and opens
// the file at path in it as Open does: the editor, its window and the open
// document.
func OpenEditor(tb testing.TB, path string, opts ...func(*ui.Config)) (*ui.Editor, fyne.Window, *document.Document) {
	tb.Helper()
	e, w, _ := NewEditor(tb, opts...)
	return e, w, Open(tb, e, path)
}

// PoseViewport is a FakeViewport that also poses (animate.PoseView): it
// records what the Animator shows and lets a test drag the gizmo and
// select vertices.
type PoseViewport struct {
	*FakeViewport
	// PoseMode is whether pose mode is on.
	PoseMode bool
	// Gizmo is the joint the gizmo is shown at (−1 none, −2 never set),
	// Arrows whether it has move arrows.
	Gizmo  int
	Arrows bool
	// OnGizmo drags the gizmo (set by the Animator).
	OnGizmo func(animate.GizmoDrag)
	// Selected and Path are the marked joint origins and motion path.
	Selected, Path [][3]float32
	// Shift is what AddsToSelection reports.
	Shift bool
	// OnVerts selects vertices, as a click or box in the view does (set
	// by the Animator while vertex selection is on).
	OnVerts func([]int, bool)
	// Verts are the vertices drawn as selected.
	Verts []int
}

// SetVertexSelect implements animate.PoseView.
func (v *PoseViewport) SetVertexSelect(on bool, fn func([]int, bool)) { v.OnVerts = fn }

// SetSelectedVertices implements animate.PoseView.
func (v *PoseViewport) SetSelectedVertices(vs []int) { v.Verts = vs }

// SetPoseMode implements animate.PoseView.
func (v *PoseViewport) SetPoseMode(on bool) { v.PoseMode = on }

// SetGizmo implements animate.PoseView.
func (v *PoseViewport) SetGizmo(j int, move bool) { v.Gizmo, v.Arrows = j, move }

// SetOnGizmo implements animate.PoseView.
func (v *PoseViewport) SetOnGizmo(fn func(animate.GizmoDrag)) { v.OnGizmo = fn }

// SetPoseMarks implements animate.PoseView.
func (v *PoseViewport) SetPoseMarks(s, p, _ [][3]float32) { v.Selected, v.Path = s, p }

// AddsToSelection implements animate.PoseView.
func (v *PoseViewport) AddsToSelection() bool { return v.Shift }

// NewPoseViewport returns a posing viewport that has shown nothing yet.
func NewPoseViewport() *PoseViewport {
	return &PoseViewport{FakeViewport: NewFakeViewport(), Gizmo: -2}
}

// NewPoseEditor builds an editor (as NewEditor, after opts) with a posing
// fake viewport showing a three-joint chain: "root" at the origin, "arm"
// one unit along +X, "hand" one more; 24 fps, 24 frames, "arm" with a
// position key.
func NewPoseEditor(tb testing.TB, opts ...func(*ui.Config)) (*ui.Editor, *PoseViewport, *document.Document) {
	tb.Helper()
	vp := NewPoseViewport()
	e, _ := start(tb, vp, opts)
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

// WindowOf returns the window that shows e (nil before Install).
func WindowOf(e *ui.Editor) fyne.Window {
	d := fyne.CurrentApp().Driver()
	c := d.CanvasForObject(e.Content())
	for _, w := range d.AllWindows() {
		if w.Canvas() == c {
			return w
		}
	}
	return nil
}

// SeekFrame moves the editor's timeline to frame f, as the scrubber does.
func SeekFrame(e *ui.Editor, f float64) {
	e.Timeline.Player.SeekFrame(f)
	e.Timeline.Changed()
}

// Woman4Editor returns an editor in a 1280×800 test window with Woman4
// open and no viewport, its timeline driven by Tick when externalClock
// (else by its own ticker), for benchmarks.
func Woman4Editor(b *testing.B, externalClock bool) *ui.Editor {
	test.NewTempApp(b)
	d, err := document.Open(uitest.BenchPath(b, "Woman4.ms3d"))
	if err != nil {
		b.Fatal(err)
	}
	w := test.NewTempWindow(b, nil)
	e := ui.NewEditor(ui.Config{Window: w, Prefs: fyne.CurrentApp().Preferences()})
	e.Timeline.ExternalClock = externalClock
	e.Install()
	w.Resize(fyne.NewSize(1280, 800))
	e.SetDocument(d)
	return e
}
