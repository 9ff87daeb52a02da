package widgets

import (
	"image"
	"image/color"
	"math"
	"strings"
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"ms3dstudio/ui/internal/textimage"
)

// LiveText is a one-line text (monospace when made by NewLiveText) for
// values that change every frame during playback: the time and frame in
// the timeline and the status bar, and the frame entry's frame.
//
// Fyne draws a canvas.Text from a texture made for its exact string, shaped
// and rasterised when first drawn and kept for a minute: a time shown as
// one text made two new textures every frame and piled up thousands of
// them. Showing each digit as a text of its own avoided that, but Fyne
// repaints every object of the window on every frame, and under software
// GL each text costs about 70 µs of CPU however short: the 31 digit cells
// of the timeline and the status bar cost about 2 ms a frame. LiveText
// draws its line into one raster instead, with the theme's font: one
// object, drawn again only when the text changes.
type LiveText struct {
	widget.BaseWidget
	// Text is the text shown; change it with Set.
	Text string

	raster *canvas.Raster
	objs   []fyne.CanvasObject // the raster, for the renderer
	style  fyne.TextStyle
	inset  float32 // from the left edge to the text
	draw   textimage.Drawer
	img    *image.RGBA
	// drawn is what img shows: the text, its colour and its scale.
	drawn struct {
		text  string
		col   color.Color
		scale float32
	}
	// lineH is the height of a line of the text, min the widget's
	// minimum size.
	lineH float32
	min   fyne.Size
}

// NewLiveText returns an empty LiveText sized for template.
func NewLiveText(template string) *LiveText {
	return NewLiveTextAt(template, fyne.TextStyle{Monospace: true}, theme.Padding())
}

// NewLiveTextAt returns an empty LiveText in style, inset from the left,
// sized for template.
func NewLiveTextAt(template string, style fyne.TextStyle, inset float32) *LiveText {
	size := theme.TextSize()
	n := utf8.RuneCountInString(template)
	ts := fyne.MeasureText(template, size, style)
	advance := fyne.MeasureText(strings.Repeat("0", 32), size, style).Width / 32
	pad := theme.Padding()
	l := &LiveText{style: style, inset: inset, lineH: ts.Height, min: fyne.NewSize(max(ts.Width, float32(n)*advance)+inset+pad, ts.Height+2*pad)}
	l.raster = canvas.NewRaster(l.generate)
	// Drawn at its pixel size: nearest texels are the same picture as
	// linear ones, for fewer texture reads (Fyne filters Fastest linearly).
	l.raster.ScaleMode = canvas.ImageScalePixels
	l.objs = []fyne.CanvasObject{l.raster}
	l.ExtendBaseWidget(l)
	return l
}

// Set shows s.
func (l *LiveText) Set(s string) {
	if s == l.Text {
		return
	}
	l.Text = s
	l.raster.Refresh()
}

// generate draws the text into a w×h pixel image, left-aligned after the
// inset and centred in the height, in the theme's foreground colour. It
// runs on Fyne's goroutine when the raster is painted.
func (l *LiveText) generate(w, h int) image.Image {
	if l.img == nil || l.img.Rect.Dx() != w || l.img.Rect.Dy() != h {
		l.img = image.NewRGBA(image.Rect(0, 0, w, h))
		l.drawn.col = nil
	}
	size := l.Size()
	if size.Width <= 0 || w <= 0 || h <= 0 {
		return l.img
	}
	scale := PixelScale(l, w)
	col := theme.Color(theme.ColorNameForeground)
	if l.drawn.col == col && l.drawn.text == l.Text && l.drawn.scale == scale {
		return l.img
	}
	clear(l.img.Pix)
	top := max((size.Height-l.lineH)/2, 0)
	l.draw.Draw(l.img, l.Text, int(l.inset*scale+0.5), int(top*scale+0.5), theme.TextSize(), scale, l.style, col)
	l.drawn.text, l.drawn.col, l.drawn.scale = l.Text, col, scale
	return l.img
}

// CreateRenderer implements fyne.Widget.
func (l *LiveText) CreateRenderer() fyne.WidgetRenderer { return &liveTextRenderer{l} }

type liveTextRenderer struct{ l *LiveText }

func (r *liveTextRenderer) Destroy() {}

func (r *liveTextRenderer) Layout(s fyne.Size) {
	r.l.raster.Resize(s)
	r.l.raster.Move(fyne.NewPos(0, 0))
}
func (r *liveTextRenderer) MinSize() fyne.Size           { return r.l.min }
func (r *liveTextRenderer) Objects() []fyne.CanvasObject { return r.l.objs }

// Refresh follows a theme change: the generator compares the colour.
func (r *liveTextRenderer) Refresh() { r.l.raster.Refresh() }

// PixelScale returns the pixels per point o is drawn at, w pixels across:
// the scale of o's canvas, which Fyne draws its own text at, when w agrees
// with it (a scale measured from a width rounded to whole pixels can move a
// baseline by a pixel), or w over o's width (a HiDPI framebuffer).
func PixelScale(o fyne.CanvasObject, w int) float32 {
	s := float32(w) / o.Size().Width
	if c := fyne.CurrentApp().Driver().CanvasForObject(o); c != nil {
		if cs := c.Scale(); math.Abs(float64(s-cs)) < 0.01*float64(cs) {
			return cs
		}
	}
	return s
}
