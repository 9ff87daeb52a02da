package viewport

import (
	"fmt"
	"image"

	"github.com/go-gl/mathgl/mgl32"

	"ms3dstudio/model"
	"ms3dstudio/viewport/internal/scene"
)

// snapRequest asks the render goroutine for an offscreen frame of the
// requested state at another size, with the camera turned by yaw.
type snapRequest struct {
	w, h int
	cam  scene.Camera
	// thumb draws the thumbnail's display (scene.Frame.ShowAsThumbnail)
	// instead of the viewport's.
	thumb bool
	reply func(img *image.RGBA, err error) // runs on the UI goroutine
}

// Snapshot draws what the viewport shows, without the selection's
// highlight and the pose marks, offscreen at w×h pixels (up to
// 8192 a side, whatever the window's size), with the camera turned by yaw
// radians about the model and framed for that size, and calls done with the
// picture on the UI goroutine. The renderer must have started (the widget
// has been shown).
func (v *View) Snapshot(w, h int, yaw float32, done func(*image.RGBA, error)) {
	if !snapSize(w, h, done) {
		return
	}
	cam := v.cam
	cam.Orbit(yaw, 0)
	if v.autoFrame {
		lo, hi := mgl32.Vec3{-1, -1, -1}, mgl32.Vec3{1, 1, 1}
		if v.mesh != nil {
			if plo, phi, ok := v.mesh.PosedBounds(v.skin); ok {
				lo, hi = plo, phi
			}
		}
		cam.Frame(lo, hi, float32(w)/float32(h))
	}
	v.loop.requestSnap(snapRequest{w: w, h: h, cam: cam, reply: done})
}

// SnapshotThumbnail draws the model's thumbnail view offscreen at w×h
// pixels, as the software renderer draws it (viewport/thumbnail, ms3dtool
// thumbnail): from the thumbnail camera for the current pose, turned by
// turn radians about the vertical, lit on both sides, without grid, axes,
// overlays or highlight, whatever the viewport shows. It calls done with
// the picture on the UI goroutine; the renderer must have started.
func (v *View) SnapshotThumbnail(w, h int, turn float32, done func(*image.RGBA, error)) {
	if !snapSize(w, h, done) {
		return
	}
	mesh := v.mesh
	if mesh == nil {
		mesh = scene.Build(&model.Model{})
	}
	cam := mesh.ThumbnailCamera(v.skin, float32(w)/float32(h), turn)
	v.loop.requestSnap(snapRequest{w: w, h: h, cam: cam, thumb: true, reply: done})
}

// snapSize reports whether w×h is a picture size Snapshot draws, calling
// done with the error when it is not.
func snapSize(w, h int, done func(*image.RGBA, error)) bool {
	if w <= 0 || h <= 0 || w > maxFrameSide || h > maxFrameSide {
		done(nil, fmt.Errorf("viewport: picture size %d×%d (1 to %d a side)", w, h, maxFrameSide))
		return false
	}
	return true
}

// requestSnap queues s for the render goroutine.
func (l *loop) requestSnap(s snapRequest) {
	l.mu.Lock()
	if l.stopping {
		l.mu.Unlock()
		s.reply(nil, errStopped)
		return
	}
	l.snaps = append(l.snaps, s)
	l.taken.Broadcast() // a frame drawn ahead may be waiting
	l.mu.Unlock()
	l.poke()
}

// snap renders one snapshot request on the render goroutine; f is a copy of
// the requested state.
func (l *loop) snap(f *scene.Frame, s snapRequest) {
	g := *f
	g.Width, g.Height, g.Camera = s.w, s.h, s.cam
	// A picture shows the model, not the editing state: no selection
	// highlight, gizmo, selected-joint marks or motion path (the heat map,
	// a display mode the user chose, stays); a thumbnail shows no display
	// mode either.
	g.HighlightGroup, g.HighlightJoint, g.Marks = -1, -1, scene.Marks{}
	if s.thumb {
		g.ShowAsThumbnail()
	}
	img := image.NewRGBA(image.Rect(0, 0, s.w, s.h))
	err := l.be.render(&g, img)
	if err != nil {
		img = nil
	}
	reply := s.reply
	l.do(func() { reply(img, err) })
}
