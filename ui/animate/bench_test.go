package animate_test

import (
	"math"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"github.com/go-gl/mathgl/mgl32"

	"ms3dstudio/document"
	"ms3dstudio/model/anim"
	"ms3dstudio/ui"
	"ms3dstudio/ui/animate"
	"ms3dstudio/ui/hub"
	"ms3dstudio/ui/internal/edtest"
	"ms3dstudio/ui/internal/uitest"
)

// benchPoseEditor opens Woman4 in an editor with a posing viewport and an
// app-like skeleton, joint 3 selected in pose mode at frame 100.
func benchPoseEditor(b *testing.B) (*ui.Editor, *edtest.PoseViewport, *document.Document) {
	test.NewTempApp(b)
	d, err := document.Open(uitest.BenchPath(b, "Woman4.ms3d"))
	if err != nil {
		b.Fatal(err)
	}
	w := test.NewTempWindow(b, nil)
	vp := &edtest.PoseViewport{FakeViewport: edtest.NewFakeViewport(), Gizmo: -2}
	// The app's skeleton, rebuilt on every edit before the panel hears of
	// it, as app/studio.go does.
	sk, _ := anim.NewSkeleton(d.Model())
	e := ui.NewEditor(ui.Config{Window: w, Viewport: vp, Prefs: fyne.CurrentApp().Preferences(),
		OnDocument: func(d *document.Document) {
			if d != nil {
				d.Subscribe(func(document.Change) { sk.Rebuild(d.Model()) })
			}
		},
		Skeleton: func() *anim.Skeleton { return sk }})
	e.Timeline.ExternalClock = true
	e.Properties.Post = func(f func()) {}
	e.Install()
	w.Resize(fyne.NewSize(1280, 800))
	e.SetDocument(d)
	e.Anim.SetPoseMode(true)
	e.Selection().Select(hub.Selection{Kind: hub.KindJoint, Index: 3})
	edtest.SeekFrame(e, 100)
	return e, vp, d
}

// BenchmarkGizmoDragStepWoman4 is one step of a gizmo drag on Woman4 as
// the UI and the app's pose path do it: the preview pose from the drag, the
// pose fields and marks, and the joint matrices with the preview applied
// (Pose, ApplyPreview, SkinMatrices).
func BenchmarkGizmoDragStepWoman4(b *testing.B) {
	e, vp, d := benchPoseEditor(b)
	sk, _ := anim.NewSkeleton(d.Model())
	g := make([]mgl32.Mat4, sk.Len())
	s := make([]mgl32.Mat4, sk.Len())
	axis := [3]float32{0, 0, 1}
	vp.OnGizmo(animate.GizmoDrag{Phase: animate.GizmoStart, Joint: 3, Axis: axis})
	n := 0
	b.ReportAllocs()
	for b.Loop() {
		n++
		vp.OnGizmo(animate.GizmoDrag{Phase: animate.GizmoMove, Joint: 3, Axis: axis, Angle: float32(n%90) * math.Pi / 180})
		sk.Pose(float32(e.Timeline.Time()), g)
		e.Anim.ApplyPreview(sk, g)
		sk.SkinMatrices(g, s)
	}
}

// BenchmarkGizmoCommitWoman4 is the release of a gizmo drag with auto-key
// on Woman4: the SetKeys command, the panels' refresh, and undoing it again
// (so every iteration keys the same model).
func BenchmarkGizmoCommitWoman4(b *testing.B) {
	e, vp, d := benchPoseEditor(b)
	e.Anim.SetAutoKey(true)
	axis := [3]float32{0, 0, 1}
	b.ReportAllocs()
	for b.Loop() {
		vp.OnGizmo(animate.GizmoDrag{Phase: animate.GizmoStart, Joint: 3, Axis: axis})
		vp.OnGizmo(animate.GizmoDrag{Phase: animate.GizmoEnd, Joint: 3, Axis: axis, Angle: 0.3})
		d.Undo()
	}
}
