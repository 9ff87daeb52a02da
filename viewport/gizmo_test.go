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

// TestVertexSelect: with vertex selection on, a click selects the vertex
// under the pointer and a drag the vertices in its box (Shift adds); the
// camera stays; selected vertices are drawn as points.
func TestVertexSelect(t *testing.T) {
	v, _, _ := newTestView(t, &fakeBackend{}, nil)
	v.SetModel(testmodel.Bar(), nil)
	var got []int
	var added bool
	v.SetVertexSelect(true, func(vs []int, add bool) { got, added = vs, add })
	proj, _ := v.projector()
	at := func(x, y float32) fyne.Position {
		p, _ := proj(mgl32.Vec3{x, y, 0})
		return fyne.NewPos(p[0], p[1])
	}
	cam := v.cam
	press := func(p fyne.Position, mods fyne.KeyModifier) {
		v.MouseDown(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: p}, Button: desktop.MouseButtonPrimary, Modifier: mods})
	}
	// A click near vertex 9, (2, −0.15).
	p := at(2, -0.15).Add(fyne.NewDelta(2, 1))
	press(p, 0)
	v.MouseUp(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: p}, Button: desktop.MouseButtonPrimary})
	v.Tapped(&fyne.PointEvent{Position: p})
	if len(got) != 1 || got[0] != 9 || added {
		t.Fatalf("click selected %v (add %v), want [9]", got, added)
	}
	// A Shift-drag around x = 1.5 … 2.1 selects vertices 6–9.
	a, b := at(1.4, 0.3), at(2.1, -0.3)
	press(a, fyne.KeyModifierShift)
	v.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: b}, Dragged: fyne.NewDelta(b.X-a.X, b.Y-a.Y)})
	if n := len(v.loop.req.Marks.Lines); n != 8 {
		t.Errorf("box drawn with %d line vertices, want 8", n)
	}
	v.DragEnd()
	if len(got) != 4 || got[0] != 6 || got[3] != 9 || !added {
		t.Errorf("box selected %v (add %v), want [6 7 8 9] added", got, added)
	}
	if v.cam != cam {
		t.Error("the camera moved while selecting")
	}
	v.SetSelectedVertices(got)
	if n := len(v.loop.req.Marks.Points); n != 4 {
		t.Errorf("%d selected-vertex points drawn, want 4", n)
	}
	// Off again: a drag orbits.
	v.SetVertexSelect(false, nil)
	press(a, 0)
	v.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: b}, Dragged: fyne.NewDelta(10, 0)})
	v.DragEnd()
	if v.cam == cam {
		t.Error("with vertex selection off a drag did not orbit")
	}
}
