package timeline

import (
	"image"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/widget"

	"ms3dstudio/ui/widgets"
)

// What the external tests (package timeline_test, which build the whole
// editor) see of the timeline's parts.

// Ruler is the ruler's type, for the tests.
type Ruler = ruler

// Ruler returns the timeline's ruler.
func (tl *Timeline) Ruler() *Ruler { return tl.ruler }

// XAt returns the x of frame f on the ruler.
func (r *ruler) XAt(f float64) float32 { return r.xAt(f) }

// MarksSize returns the size the ruler's marks were built for.
func (r *ruler) MarksSize() fyne.Size { return r.r.size }

// DrawMarks draws the ruler's marks into a w×h image.
func (r *ruler) DrawMarks(w, h int) image.Image { return r.r.drawMarks(w, h) }

// Builds counts the ruler's builds.
func (r *ruler) Builds() int { return r.r.builds }

// Layout lays the ruler's renderer out for size.
func (r *ruler) Layout(size fyne.Size) { r.r.Layout(size) }

// Head returns the play head.
func (r *ruler) Head() *canvas.Line { return r.r.head }

// Parts returns the ruler's renderer's objects.
func (r *ruler) Parts() []fyne.CanvasObject { return r.r.Objects() }

// Buttons returns the play button and the step buttons.
func (tl *Timeline) Buttons() (play, first, prevKey, prevFrame, nextFrame, nextKey, last *widget.Button) {
	return tl.play, tl.first, tl.prevKey, tl.prevFrame, tl.nextFrame, tl.nextKey, tl.last
}

// Loop returns the Loop check box.
func (tl *Timeline) Loop() *widgets.KeyCheck { return tl.loop }

// Speed returns the speed drop-down.
func (tl *Timeline) Speed() *widget.Select { return tl.speed }

// FrameEntry returns the frame entry.
func (tl *Timeline) FrameEntry() *widget.Entry { return &tl.frame.entry.Entry }

// FrameShown returns the frame the frame entry shows.
func (tl *Timeline) FrameShown() string { return tl.frame.Shown() }

// Label returns the time label.
func (tl *Timeline) Label() *widgets.LiveText { return tl.label }

// SeekX scrubs to the frame under x on the ruler.
func (tl *Timeline) SeekX(x float32) { tl.seekX(x) }

// RulerPad is the ruler's margin left and right of its frames.
const RulerPad = rulerPad

// NextTick returns the frame of the tick after f, step frames apart.
func NextTick(f, step int) int { return nextTick(f, step) }
