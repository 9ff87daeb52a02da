package viewport

import (
	"image"
	"testing"

	"fyne.io/fyne/v2"
	"github.com/go-gl/mathgl/mgl32"

	"ms3dstudio/viewport/internal/gltest"
	"ms3dstudio/viewport/internal/scene"
	"ms3dstudio/viewport/internal/testmodel"
)

// newGLTestView is newTestView over the real GL renderer: it needs a GL
// context (gltest.Require), does the main thread's work on the main thread
// and stops the view there when the test ends.
func newGLTestView(t *testing.T) (*View, fyne.Window, *uiQueue) {
	t.Helper()
	gltest.Require(t)
	newTestApp(t)
	q := &uiQueue{}
	v := newView(&glBackend{}, gltest.OnMain, q.post)
	w := newTestWindow(t, v)
	t.Cleanup(func() { gltest.OnMain(v.Stop) })
	return v, w, q
}

// settleGL paints until the GL renderer has drawn every change so far and
// the raster has taken the newest frame, failing on a renderer error, and
// returns the last picture painted.
func settleGL(t *testing.T, v *View, w fyne.Window, q *uiQueue) image.Image {
	t.Helper()
	var img image.Image
	eventually(t, "a settled GL frame", func() bool {
		img = paint(w, q)
		if err := v.Err(); err != nil {
			t.Fatal(err)
		}
		return v.loop.settled()
	})
	return img
}

// TestGLViewEndToEnd runs the real renderer behind the widget: hidden
// window made on the main thread, render goroutine, triple buffer, raster,
// GPU picking, pose, and a clean Stop on the main thread.
func TestGLViewEndToEnd(t *testing.T) {
	v, w, q := newGLTestView(t)
	be := v.loop.be.(*glBackend)
	v.SetModel(testmodel.Bar(), nil)
	var picked []int
	v.SetOnPick(func(k PickKind, i int) {
		if k == PickGroup {
			picked = append(picked, i)
		} else {
			picked = append(picked, -1)
		}
	})

	// frame paints until every change so far is on screen and returns the
	// picture.
	frame := func() *image.NRGBA {
		t.Helper()
		img := settleGL(t, v, w, q)
		gltest.Dump(t, img)
		return img.(*image.NRGBA)
	}
	pixel := func(p mgl32.Vec3) (int, int) {
		s := v.Size()
		c, r := v.mesh.Sphere()
		vp := v.cam.Proj(s.Width/s.Height, c, r).Mul4(v.cam.View())
		x, y, _ := scene.Project(p, vp, s.Width, s.Height)
		return int(x), int(y)
	}

	img := frame()
	x, y := pixel(mgl32.Vec3{1.75, 0, 0})
	if c, _ := gltest.Dominant(img, gltest.Around(x, y, 1)); c == gltest.Dark {
		t.Errorf("the bar is not drawn at (%d, %d)", x, y)
	}

	// Pose: bend the tip up.
	skin, global := testmodel.BarBent()
	v.SetPose(global, skin)
	img = frame()
	if c, _ := gltest.Dominant(img, gltest.Around(x, y, 1)); c != gltest.Dark {
		t.Errorf("bent bar: %v still at the old tip position", c)
	}
	ux, uy := pixel(mgl32.Vec3{1, 0.75, 0})
	if c, _ := gltest.Dominant(img, gltest.Around(ux, uy, 1)); c == gltest.Dark {
		t.Errorf("bent bar: tip not found above the joint at (%d, %d)", ux, uy)
	}

	// GPU pick through the widget.
	v.Tapped(&fyne.PointEvent{Position: fyne.NewPos(float32(ux), float32(uy))})
	v.Tapped(&fyne.PointEvent{Position: fyne.NewPos(2, 2)})
	eventually(t, "pick replies", func() bool { q.drain(); return len(picked) == 2 })
	if picked[0] != 0 || picked[1] != -1 {
		t.Errorf("picks %v, want [0 -1]", picked)
	}

	// Heat map of the tip joint: the tip is red.
	o := v.Options()
	o.HeatMap = true
	v.SetOptions(o)
	v.HighlightJoint(1)
	img = frame()
	if c, _ := gltest.Dominant(img, gltest.Around(ux, uy, 1)); c != gltest.Red {
		t.Errorf("heat map: tip is %v, want red", c)
	}

	st := v.Stats()
	if st.FramesShown < 3 || st.MeanRender <= 0 {
		t.Errorf("stats %+v", st)
	}
	gltest.OnMain(v.Stop) // again at cleanup, where it does nothing
	if be.ctx != nil || be.r != nil {
		t.Error("GL objects left after Stop")
	}
}
