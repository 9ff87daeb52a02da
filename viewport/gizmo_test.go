package viewport

import (
	"math"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"github.com/go-gl/mathgl/mgl32"

	"ms3dstudio/viewport/internal/scene"
	"ms3dstudio/viewport/internal/testmodel"
)

// TestGizmoDrag grabs the Z ring of joint 0 of the bar seen from the front
// and drags a quarter turn anticlockwise: the events report +90° about +Z,
// the camera does not move, and no pick follows.
func TestGizmoDrag(t *testing.T) {
	v, _, _ := newTestView(t, &fakeBackend{}, nil)
	v.SetModel(testmodel.Bar(), nil)
	var evs []GizmoEvent
	v.SetOnGizmo(func(e GizmoEvent) { evs = append(evs, e) })
	picked := false
	v.SetOnPick(func(PickKind, int) { picked = true })
	v.SetGizmo(0, false)
	if n := len(v.loop.req.Marks.Lines); n != 2*4*scene.RingSegments {
		t.Fatalf("%d gizmo line vertices requested, want %d", n, 2*4*scene.RingSegments)
	}
	proj, _ := v.projector()
	c, _ := proj(mgl32.Vec3{0, 0, 0})
	cam := v.cam
	grab := fyne.NewPos(c[0]+gizmoRadiusPx, c[1])
	v.MouseDown(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: grab}, Button: desktop.MouseButtonPrimary})
	to := fyne.NewPos(c[0], c[1]-gizmoRadiusPx)
	v.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: to}, Dragged: fyne.Delta{DX: to.X - grab.X, DY: to.Y - grab.Y}})
	v.DragEnd()
	v.MouseUp(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: to}, Button: desktop.MouseButtonPrimary})
	v.Tapped(&fyne.PointEvent{Position: to})
	if len(evs) != 3 || evs[0].Phase != GizmoStart || evs[1].Phase != GizmoDrag || evs[2].Phase != GizmoEnd {
		t.Fatalf("events %+v, want start, drag, end", evs)
	}
	e := evs[2]
	if e.Handle != HandleZ || e.Joint != 0 || mgl32.Vec3(e.Axis).Sub(mgl32.Vec3{0, 0, 1}).Len() > 1e-4 {
		t.Errorf("handle %d joint %d axis %v, want Z ring of joint 0 about +Z", e.Handle, e.Joint, e.Axis)
	}
	if math.Abs(float64(e.Angle)-math.Pi/2) > 0.02 {
		t.Errorf("angle %.2f°, want 90°", e.Angle*180/math.Pi)
	}
	if v.cam != cam {
		t.Error("the camera moved during a gizmo drag")
	}
	if picked {
		t.Error("releasing a gizmo drag picked")
	}
	// A press away from the gizmo orbits as before.
	far := fyne.NewPos(c[0]+gizmoRadiusPx/2, c[1]+gizmoRadiusPx/3)
	v.MouseDown(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: far}, Button: desktop.MouseButtonPrimary})
	v.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: far}, Dragged: fyne.Delta{DX: 10}})
	v.DragEnd()
	if len(evs) != 3 || v.cam == cam {
		t.Errorf("a drag off the gizmo: %d events, camera moved %v", len(evs), v.cam != cam)
	}
	v.SetGizmo(-1, false)
	if n := len(v.loop.req.Marks.Lines); n != 0 {
		t.Errorf("hidden gizmo still draws %d line vertices", n)
	}
}

// TestMarks: SetMarks adds lines and points to what the renderer draws.
func TestMarks(t *testing.T) {
	v, _, _ := newTestView(t, &fakeBackend{}, nil)
	v.SetMarks([]Mark{{Pos: [3]float32{0, 0, 0}}, {Pos: [3]float32{1, 0, 0}}}, []Mark{{Size: 5}})
	if len(v.loop.req.Marks.Lines) != 2 || len(v.loop.req.Marks.Points) != 1 {
		t.Errorf("marks %+v", v.loop.req.Marks)
	}
}
