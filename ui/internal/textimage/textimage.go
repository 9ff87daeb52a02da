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
	"image"
	"image/color"
	"image/draw"
	"math"
	"slices"
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
	// scratch holds one line while it is drawn: the go-text renderer
	// rasterises over its whole target image, so drawn straight into a
	// 1272×120 raster ten numbers cost 36 ms and 12 MB.
	scratch *image.RGBA
	// The fast path for simple text (see simple): each rune shaped alone
	// once, each glyph rasterised once per pen position within its pixel.
	runes1 map[runeKey]shaping.Output
	tiles  map[tileKey]*image.RGBA
}

type runeKey struct {
	face *font.Face
	r    rune
	size fixed.Int26_6
}

type tileKey struct {
	face  *font.Face
	gid   font.GID
	size  fixed.Int26_6
	scale float32
	phase int // the pen's position within its pixel, in 64ths
	col   color.RGBA
}

// maxTiles bounds the glyph cache (about 1 KB a tile).
const maxTiles = 2048

// margin is the room left around a line in the scratch image, for glyphs
// that reach past their advance or the line's ascent and descent.
const margin = 2

// shape shapes s at size points and scale pixels per point, and returns
// the line's ascent, descent (both positive) and advance in pixels.
func (d *Drawer) shape(s string, size, scale float32, style fyne.TextStyle) (ascent, descent, advance float32, ok bool) {
	f := face(style)
	if f == nil {
		return 0, 0, 0, false
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
		descent = max(descent, -float32(out.LineBounds.Descent)/64*scale)
		advance += float32(out.Advance) / 64 * scale
	}
	return ascent, descent, advance, true
}

// Draw draws s in c, the top of its line box at y and its start at x
// (in pixels of dst), in the theme's font for style at size points and
// scale pixels per point, with the baseline where Fyne puts a
// canvas.Text's. It returns the pixel x where the text ends.
func (d *Drawer) Draw(dst draw.Image, s string, x, y int, size, scale float32, style fyne.TextStyle, c color.Color) int {
	if s == "" {
		return x
	}
	if simple(s, style) {
		if end, ok := d.drawTiles(dst, s, x, y, size, scale, style, c); ok {
			return end
		}
	}
	return d.drawShaped(dst, s, x, y, size, scale, style, c)
}

// drawShaped draws s shaped as a whole, through the scratch line.
func (d *Drawer) drawShaped(dst draw.Image, s string, x, y int, size, scale float32, style fyne.TextStyle, c color.Color) int {
	ascent, descent, advance, ok := d.shape(s, size, scale, style)
	if !ok {
		return x
	}
	asc := int(math.Ceil(float64(ascent)))
	w := int(math.Ceil(float64(advance))) + 2*margin
	h := asc + int(math.Ceil(float64(descent))) + 2*margin
	line := d.scratchLine(w, h)
	r := render.Renderer{FontSize: size, PixScale: scale, Color: c}
	pos := float32(margin)
	for _, run := range d.runs {
		r.DrawShapedRunAt(run, line, int(pos), margin+asc)
		pos += float32(run.Advance) / 64 * scale
	}
	draw.Draw(dst, image.Rect(x-margin, y-margin, x-margin+w, y-margin+h), line, image.Point{}, draw.Over)
	return x + int(math.Ceil(float64(pos))) - margin
}

// scratchLine returns the scratch image's w×h corner, cleared.
func (d *Drawer) scratchLine(w, h int) *image.RGBA {
	if d.scratch == nil || d.scratch.Rect.Dx() < w || d.scratch.Rect.Dy() < h {
		d.scratch = image.NewRGBA(image.Rect(0, 0, max(w, 64), max(h, 32)))
	}
	line := d.scratch.SubImage(image.Rect(0, 0, w, h)).(*image.RGBA)
	for row := 0; row < h; row++ {
		clear(line.Pix[row*line.Stride : row*line.Stride+4*w])
	}
	return line
}

// simple reports whether s shapes as its runes shaped one by one, placed
// side by side: monospace text, or digits, signs, points and spaces (which
// the theme's fonts do not kern).
func simple(s string, style fyne.TextStyle) bool {
	if style.Monospace {
		return true
	}
	for _, r := range s {
		if !(r >= '0' && r <= '9' || r == '.' || r == ',' || r == '-' || r == '+' || r == ' ') {
			return false
		}
	}
	return true
}

// drawTiles draws simple text from the glyph cache, each glyph at the pen
// position the renderer would give it; ok is false when a rune does not
// shape to one glyph.
func (d *Drawer) drawTiles(dst draw.Image, s string, x, y int, size, scale float32, style fyne.TextStyle, c color.Color) (end int, ok bool) {
	f := face(style)
	if f == nil {
		return x, false
	}
	if d.runes1 == nil || len(d.tiles) > maxTiles {
		d.runes1, d.tiles = map[runeKey]shaping.Output{}, map[tileKey]*image.RGBA{}
	}
	size26 := fixed.Int26_6(float64(size) * 64)
	// Every rune's glyph first: nothing is drawn when one does not shape
	// to one glyph, so the shaped path does not draw over half a line.
	d.runs = d.runs[:0]
	for _, r := range s {
		k := runeKey{f, r, size26}
		run, seen := d.runes1[k]
		if !seen {
			d.runes = append(d.runes[:0], r)
			run = d.shaper.Shape(shaping.Input{Text: d.runes, RunEnd: 1, Direction: di.DirectionLTR, Face: f, Size: size26})
			run.Glyphs = slices.Clone(run.Glyphs)
			d.runes1[k] = run
		}
		if len(run.Glyphs) != 1 {
			return x, false
		}
		d.runs = append(d.runs, run)
	}
	col := color.RGBAModel.Convert(c).(color.RGBA)
	pen := float32(x)
	for _, run := range d.runs {
		g := run.Glyphs[0]
		px := int(math.Floor(float64(pen)))
		phase := int(math.Round(float64(pen-float32(px)) * 64))
		if phase == 64 {
			px, phase = px+1, 0
		}
		tk := tileKey{f, g.GlyphID, size26, scale, phase, col}
		t := d.tiles[tk]
		if t == nil {
			t = d.tile(run, phase, scale, size, col)
			d.tiles[tk] = t
		}
		draw.Draw(dst, t.Rect.Add(image.Pt(px-margin, y-margin)), t, image.Point{}, draw.Over)
		pen += float32(g.XAdvance) / 64 * scale
	}
	return int(math.Ceil(float64(pen))), true
}

// tile rasterises run's one glyph with the pen phase 64ths of a pixel
// into its cell: margin, ascent above the baseline, descent below, margin.
func (d *Drawer) tile(run shaping.Output, phase int, scale, size float32, col color.RGBA) *image.RGBA {
	g := run.Glyphs[0]
	asc := int(math.Ceil(float64(float32(run.LineBounds.Ascent) / 64 * scale)))
	desc := int(math.Ceil(float64(-float32(run.LineBounds.Descent) / 64 * scale)))
	w := int(math.Ceil(float64(float32(g.XAdvance)/64*scale))) + 2*margin + 1
	img := image.NewRGBA(image.Rect(0, 0, w, asc+desc+2*margin))
	one := run
	one.Glyphs = []shaping.Glyph{g}
	one.Glyphs[0].XOffset = fixed.Int26_6(math.Round(float64(phase) / float64(scale)))
	r := render.Renderer{FontSize: size, PixScale: scale, Color: col}
	r.DrawShapedRunAt(one, img, margin, margin+asc)
	return img
}

// Width returns the advance of s in pixels, as Draw would draw it.
func (d *Drawer) Width(s string, size, scale float32, style fyne.TextStyle) float32 {
	_, _, w, _ := d.shape(s, size, scale, style)
	return w
}
