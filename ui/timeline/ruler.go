package timeline

import (
	"image"
	"image/color"
	"image/draw"
	"math"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"ms3dstudio/ui/internal/textimage"
	"ms3dstudio/ui/widgets"
)

// ruler draws the frames, the key ticks and the play head, and scrubs on
// taps and drags.
type ruler struct {
	widget.BaseWidget
	tl *Timeline
	r  *rulerRenderer
}

func newRuler(tl *Timeline) *ruler {
	r := &ruler{tl: tl}
	r.ExtendBaseWidget(r)
	return r
}

const rulerPad = 8

// TimeAxis is a view of the frames that the timeline's ruler follows, so
// that a frame sits at the same x on both: the dope sheet. FrameX returns
// the x, in obj's coordinates, of frame f, and FrameAtX the frame at x;
// both report false while the axis has no layout to go by.
type TimeAxis interface {
	FrameX(f float64, obj fyne.CanvasObject) (float32, bool)
	FrameAtX(x float32, obj fyne.CanvasObject) (float64, bool)
}

// frameAt returns the frame under x.
func (r *ruler) frameAt(x float32) float64 {
	if a := r.tl.axis; a != nil {
		if f, ok := a.FrameAtX(x, r); ok {
			return f
		}
	}
	n := r.tl.Player.TotalFrames()
	w := r.Size().Width - 2*rulerPad
	if n <= 1 || w <= 0 {
		return 1
	}
	return 1 + float64((x-rulerPad)/w)*float64(n-1)
}

// xAt returns the x of frame f.
func (r *ruler) xAt(f float64) float32 {
	if a := r.tl.axis; a != nil {
		if x, ok := a.FrameX(f, r); ok {
			return x
		}
	}
	n := r.tl.Player.TotalFrames()
	w := r.Size().Width - 2*rulerPad
	if n <= 1 {
		return rulerPad
	}
	return rulerPad + float32((f-1)/float64(n-1))*w
}

// Tapped scrubs to the tapped frame.
func (r *ruler) Tapped(ev *fyne.PointEvent) { r.tl.seekX(ev.Position.X) }

// Dragged scrubs with the pointer.
func (r *ruler) Dragged(ev *fyne.DragEvent) { r.tl.seekX(ev.Position.X) }

// DragEnd ends scrubbing.
func (r *ruler) DragEnd() {}

func (r *ruler) moveHead() {
	if r.r != nil {
		r.r.placeHead()
	}
}

// CreateRenderer draws the ruler.
func (r *ruler) CreateRenderer() fyne.WidgetRenderer {
	rr := &rulerRenderer{r: r, head: canvas.NewLine(theme.Color(theme.ColorNameError))}
	rr.head.StrokeWidth = 2
	// All ticks and the frame numbers are drawn into one raster, made again
	// only when the size, the animation or the keys change: drawn as
	// separate objects, Woman4's thousand key ticks cost Fyne a rasterised
	// line each on every frame of playback, and each number a text (about
	// 70 µs of CPU a frame each under llvmpipe). The raster paints the
	// background too: under llvmpipe a rectangle behind it costs Fyne's
	// rectangle shader on each of its pixels every frame (a window-sized
	// one, 22 ms of CPU).
	rr.marks = canvas.NewRaster(rr.drawMarks)
	// Drawn at its pixel size: nearest texels are the same picture as
	// linear ones, for fewer texture reads (Fyne filters Fastest linearly).
	rr.marks.ScaleMode = canvas.ImageScalePixels
	r.r = rr
	return rr
}

type rulerRenderer struct {
	r     *ruler
	marks *canvas.Raster
	head  *canvas.Line
	objs  []fyne.CanvasObject // marks and head
	text  textimage.Drawer    // the frame numbers, in drawMarks
	size  fyne.Size
	built bool
	// builds counts the builds, for the test that a layout at an
	// unchanged size rebuilds nothing.
	builds int
}

func (rr *rulerRenderer) Destroy() {}

func (rr *rulerRenderer) MinSize() fyne.Size { return fyne.NewSize(200, 40) }

func (rr *rulerRenderer) Objects() []fyne.CanvasObject {
	if rr.objs == nil {
		rr.objs = []fyne.CanvasObject{rr.marks, rr.head}
	}
	return rr.objs
}

// Layout places the ruler's parts for size. It refreshes nothing: a
// Refresh from inside a layout pass makes Fyne lay out and paint the
// window again on the next frame, forever (57 % of a core while idle).
func (rr *rulerRenderer) Layout(size fyne.Size) {
	if size == rr.size && rr.built {
		return
	}
	rr.size = size
	rr.build()
}

func (rr *rulerRenderer) Refresh() {
	rr.build()
	rr.marks.Refresh()
	canvas.Refresh(rr.r)
}

// build places the raster and the play head for the current size; the
// background, the ticks and the frame numbers are drawn by drawMarks.
func (rr *rulerRenderer) build() {
	rr.marks.Resize(rr.size)
	rr.marks.Move(fyne.NewPos(0, 0))
	rr.built = true
	rr.builds++
	rr.setHead()
}

// drawMarks draws the background, the frame ticks (long and numbered every
// major step) and the key ticks into a w×h pixel image; key ticks that land
// on the same pixel are drawn once.
func (rr *rulerRenderer) drawMarks(w, h int) image.Image {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(img, img.Rect, image.NewUniform(theme.Color(theme.ColorNameInputBackground)), image.Point{}, draw.Src)
	size := rr.size
	if size.Width <= 0 || size.Height <= 0 || w <= 0 || h <= 0 {
		return img
	}
	sx, sy := float32(w)/size.Width, float32(h)/size.Height
	r := rr.r
	n := r.tl.Player.TotalFrames()
	width := size.Width - 2*rulerPad
	line := func(x, y0, y1 float32, c color.Color, thick float32) {
		px0 := int(math.Round(float64(x*sx - thick*sx/2)))
		px1 := max(px0+1, int(math.Round(float64(x*sx+thick*sx/2))))
		for py := int(y0 * sy); py < int(y1*sy) && py < h; py++ {
			for px := max(px0, 0); px < px1 && px < w; px++ {
				img.Set(px, py, c)
			}
		}
	}
	fg := theme.Color(theme.ColorNameForeground)
	dim := theme.Color(theme.ColorNameDisabled)
	// The tick spacing follows the units a frame the ruler shows (the dope
	// sheet's zoom when it follows one).
	if n > 1 {
		width = (r.xAt(float64(n)) - r.xAt(1))
	}
	step := widgets.TickStep(n, width, 6)
	major := widgets.TickStep(n, width, 60)
	for f := 1; f <= n; f = nextTick(f, step) {
		x := r.xAt(float64(f))
		if x < 0 || x > size.Width {
			continue
		}
		if f == 1 || f%major == 0 {
			line(x, size.Height-14, size.Height, fg, 1)
		} else {
			line(x, size.Height-6, size.Height, dim, 1)
		}
	}
	scale := widgets.PixelScale(r, w)
	for f := 1; f <= n; f = nextTick(f, major) {
		label := strconv.Itoa(f)
		x, y := r.xAt(float64(f))+2, size.Height-26
		if x < 0 || x > size.Width {
			continue
		}
		if tw := rr.text.Width(label, theme.CaptionTextSize(), scale, fyne.TextStyle{}) / scale; x+tw > size.Width {
			x -= 4 + tw // the last number ends at its tick, inside the ruler
		}
		rr.text.Draw(img, label, int(math.Round(float64(x*scale))), int(math.Round(float64(y*scale))),
			theme.CaptionTextSize(), scale, fyne.TextStyle{}, fg)
	}
	keyCol := theme.Color(theme.ColorNamePrimary)
	lastX := -1
	fps := r.tl.Player.FPS()
	for _, t := range r.tl.Player.Keys() {
		x := r.xAt(t * fps)
		if x < 0 || x > size.Width {
			continue
		}
		if px := int(math.Round(float64(x * sx))); px == lastX {
			continue
		} else {
			lastX = px
		}
		line(x, 2, size.Height/2, keyCol, 2)
	}
	return img
}

func nextTick(f, step int) int {
	if step == 1 {
		return f + 1
	}
	// Ticks at 1, then at multiples of step (MilkShape counts from 1).
	return (f/step + 1) * step
}

// placeHead moves the play head to the current frame and redraws it.
func (rr *rulerRenderer) placeHead() {
	rr.setHead()
	canvas.Refresh(rr.head)
}

// setHead moves the play head without asking for a redraw.
func (rr *rulerRenderer) setHead() {
	x := rr.r.xAt(rr.r.tl.Player.Frame())
	rr.head.Position1 = fyne.NewPos(x, 0)
	rr.head.Position2 = fyne.NewPos(x, rr.size.Height)
}
