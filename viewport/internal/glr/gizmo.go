package glr

import (
	"github.com/go-gl/gl/v3.3-core/gl"

	"ms3dstudio/viewport/internal/scene"
)

// drawMarks draws the frame's extra lines and points (the pose gizmo,
// selected joints, a motion path) over everything, blended so that the
// dimmed back halves of the gizmo's rings show as fainter.
func (r *Renderer) drawMarks(f *scene.Frame) {
	if len(f.Marks.Lines) == 0 && len(f.Marks.Points) == 0 {
		return
	}
	gl.Enable(gl.BLEND)
	r.lines = r.lines[:0]
	for _, m := range f.Marks.Lines {
		r.lines = append(r.lines, lineVertex{Pos: m.Pos, Color: m.Color, Size: m.Size})
	}
	r.drawLines(r.lines, gl.LINES, false)
	r.points = r.points[:0]
	for _, m := range f.Marks.Points {
		r.points = append(r.points, lineVertex{Pos: m.Pos, Color: m.Color, Size: m.Size})
	}
	r.drawLines(r.points, gl.POINTS, false)
	gl.Disable(gl.BLEND)
}
