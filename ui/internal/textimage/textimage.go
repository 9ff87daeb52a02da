// Package textimage draws lines of text into images with the current
// theme's fonts and the go-text renderer Fyne uses for its own text, so a
// label baked into a raster looks like a canvas.Text beside it.
//
// Fyne repaints every object of a window on every frame. Under software GL
// (llvmpipe) each text it draws costs about 70 µs of CPU a frame whatever
// its length (measured: 100 texts added 7 ms a frame to a bare window), so
// widgets that show many small texts over a raster, or a value that
// changes every frame, draw them into the raster instead.
package textimage

import (
	"bytes"
	"image/color"
	"image/draw"
	"math"
	"sync"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"github.com/go-text/render"
	"github.com/go-text/typesetting/di"
	"github.com/go-text/typesetting/font"
	"github.com/go-text/typesetting/shaping"
	"golang.org/x/image/math/fixed"
)

var (
	facesMu sync.Mutex
	faces   = map[string]*font.Face{} // by the resource's name
)

// face returns the parsed font the current theme uses for style, or nil
// when it cannot be parsed.
func face(style fyne.TextStyle) *font.Face {
	res := theme.Current().Font(style)
	facesMu.Lock()
	defer facesMu.Unlock()
	if f, ok := faces[res.Name()]; ok {
		return f
	}
	f, err := font.ParseTTF(bytes.NewReader(res.Content()))
	if err != nil {
		fyne.LogError("textimage: parsing the theme's font "+res.Name(), err)
		f = nil
	}
	faces[res.Name()] = f
	return f
}

type oneFace struct{ f *font.Face }

func (o oneFace) ResolveFace(rune) *font.Face { return o.f }

// Drawer draws text. It keeps its shaper's buffers between calls: use one
// per goroutine (a raster's generator always runs on Fyne's).
type Drawer struct {
	shaper    shaping.HarfbuzzShaper
	segmenter shaping.Segmenter
	runes     []rune
	runs      []shaping.Output
}

// shape shapes s at size points and scale pixels per point, and returns
// the runs, the line's ascent and its advance in pixels.
func (d *Drawer) shape(s string, size, scale float32, style fyne.TextStyle) (ascent, advance float32, ok bool) {
	f := face(style)
	if f == nil {
		return 0, 0, false
	}
	d.runes = append(d.runes[:0], []rune(s)...)
	d.runs = d.runs[:0]
	in := shaping.Input{
		Text:      d.runes,
		RunEnd:    len(d.runes),
		Direction: di.DirectionLTR,
		Face:      f,
		Size:      fixed.Int26_6(float64(size) * 64),
	}
	for _, run := range d.segmenter.Split(in, oneFace{f}) {
		out := d.shaper.Shape(run)
		d.runs = append(d.runs, out)
		ascent = max(ascent, float32(out.LineBounds.Ascent)/64*scale)
		advance += float32(out.Advance) / 64 * scale
	}
	return ascent, advance, true
}

// Draw draws s in c, the top of its line box at y and its start at x
// (in pixels of dst), in the theme's font for style at size points and
// scale pixels per point, with the baseline where Fyne puts a
// canvas.Text's. It returns the pixel x where the text ends.
func (d *Drawer) Draw(dst draw.Image, s string, x, y int, size, scale float32, style fyne.TextStyle, c color.Color) int {
	ascent, _, ok := d.shape(s, size, scale, style)
	if !ok || s == "" {
		return x
	}
	r := render.Renderer{FontSize: size, PixScale: scale, Color: c}
	base := y + int(math.Ceil(float64(ascent)))
	pos := float32(x)
	for _, run := range d.runs {
		r.DrawShapedRunAt(run, dst, int(pos), base)
		pos += float32(run.Advance) / 64 * scale
	}
	return int(math.Ceil(float64(pos)))
}

// Width returns the advance of s in pixels, as Draw would draw it.
func (d *Drawer) Width(s string, size, scale float32, style fyne.TextStyle) float32 {
	_, w, _ := d.shape(s, size, scale, style)
	return w
}
