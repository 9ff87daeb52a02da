package dopesheet

import (
	"image"
	"image/color"
	"math"
	"slices"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"

	"ms3dstudio/model/animedit"
	"ms3dstudio/ui/widgets"
)

type dopeRenderer struct{ d *DopeSheet }

func (r *dopeRenderer) Destroy() {}

func (r *dopeRenderer) MinSize() fyne.Size { return r.d.MinSize() }

func (r *dopeRenderer) Objects() []fyne.CanvasObject { return r.d.objects }

func (r *dopeRenderer) Layout(s fyne.Size) {
	d := r.d
	if s == d.lastSize && len(d.objects) > 0 {
		return
	}
	if !d.userZoomed {
		d.fit() // kept fitted as the window grows
	}
	d.lastSize = s
	r.build()
	if d.OnView != nil {
		d.OnView()
	}
}

func (r *dopeRenderer) Refresh() {
	r.build()
	r.d.raster.Refresh()
	canvas.Refresh(r.d)
}

// build makes the text objects for the names of the visible rows (the
// frame numbers are in the raster: see drawNumbers).
func (r *dopeRenderer) build() {
	d := r.d
	s := d.Size()
	d.raster.Resize(s)
	d.raster.Move(fyne.NewPos(0, 0))
	d.objects = append(d.objects[:0], d.raster)
	n := 0
	defer func() {
		d.placeHead()
		d.objects = append(d.objects, d.head)
	}()
	text := func(str string, x, y float32, c color.Color, bold bool) {
		if n >= len(d.texts) {
			t := canvas.NewText("", c)
			t.TextSize = theme.CaptionTextSize()
			d.texts = append(d.texts, t)
		}
		t := d.texts[n]
		n++
		t.Text, t.Color, t.TextStyle.Bold = str, c, bold
		t.Move(fyne.NewPos(x, y))
		t.Refresh()
		d.objects = append(d.objects, t)
	}
	fg := theme.Color(theme.ColorNameForeground)
	if d.m != nil {
		for i := d.scroll; i < len(d.rows); i++ {
			y := dopeHeaderH + float32(i-d.scroll)*dopeRowH
			if y > s.Height {
				break
			}
			row := d.rows[i]
			mark := "  "
			if row.children {
				mark = "▾ "
				if d.collapsed[row.joint] {
					mark = "▸ "
				}
			}
			text(mark+d.m.Joints[row.joint].Name.Display(), float32(row.depth*dopeIndent)+2, y+1, fg, slices.Contains(d.selJoints, row.joint))
		}
	}
}

// drawNumbers draws the frame numbers of the header into img, at sx pixels
// per point: one object less for Fyne to draw on every frame for each
// (about 70 µs of CPU each under llvmpipe).
func (d *DopeSheet) drawNumbers(img *image.NRGBA, sx float32) {
	s := d.Size()
	fg := theme.Color(theme.ColorNameForeground)
	step := widgets.TickStep(int(math.Ceil(float64(s.Width-dopeNameW)/d.ppf))+1, s.Width-dopeNameW, 50)
	for f := int(math.Max(math.Ceil(d.first), 1)); ; f++ {
		if f != 1 && f%step != 0 {
			continue
		}
		x := d.xOf(float64(f))
		if x > s.Width {
			break
		}
		d.numbers.Draw(img, strconv.Itoa(f), int(math.Round(float64((x+2)*sx))), int(math.Round(float64(2*sx))),
			theme.CaptionTextSize(), sx, fyne.TextStyle{}, fg)
	}
	// What a key drag would replace, over the numbers at the right end
	// (in the sheet itself: a label elsewhere would resize the panel).
	if msg := d.CollisionText(); msg != "" {
		size, style := theme.CaptionTextSize(), fyne.TextStyle{Bold: true}
		w := d.numbers.Width(msg, size, sx, style) / sx
		x0 := max(s.Width-w-8, dopeNameW)
		fillRect(img, image.Rect(int((x0-4)*sx), 0, int(s.Width*sx), int(dopeHeaderH*sx)), color.NRGBA{0x30, 0x32, 0x3a, 0xff})
		d.numbers.Draw(img, msg, int(math.Round(float64(x0*sx))), int(math.Round(float64(2*sx))), size, sx, style, dopeCollide)
	}
}

// draw is the raster's generator: paint's picture as an *image.RGBA,
// without a copy. Every pixel paint leaves is opaque (or, before the first
// layout, zero), and an opaque pixel has the same bytes premultiplied or
// not. Given any other type, Fyne would convert the picture (a new image
// and a compositing pass over every pixel) on each refresh, which a key
// drag asks for on every move of the pointer.
func (d *DopeSheet) draw(w, h int) image.Image {
	img := d.paint(w, h)
	return &image.RGBA{Pix: img.Pix, Stride: img.Stride, Rect: img.Rect}
}

// paint paints the key area: row stripes, frame grid, the playback range,
// the key marks (moved by the drag in progress) and the selection box.
func (d *DopeSheet) paint(w, h int) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	s := d.Size()
	if s.Width <= 0 || s.Height <= 0 || w <= 0 || h <= 0 {
		return img
	}
	sx, sy := float32(w)/s.Width, float32(h)/s.Height
	fill := func(x0, y0, x1, y1 float32, c color.NRGBA) {
		px0, py0 := max(int(x0*sx), 0), max(int(y0*sy), 0)
		px1, py1 := min(int(math.Ceil(float64(x1*sx))), w), min(int(math.Ceil(float64(y1*sy))), h)
		fillRect(img, image.Rect(px0, py0, px1, py1), c)
	}
	fill(0, 0, s.Width, s.Height, color.NRGBA{0x20, 0x22, 0x28, 0xff})
	fill(0, 0, s.Width, dopeHeaderH, color.NRGBA{0x30, 0x32, 0x3a, 0xff})
	if d.m == nil {
		return img
	}
	last := float64(max(d.m.TotalFrames, 1))
	// Outside the animation and the playback range, shaded.
	in, out := 1.0, last
	if d.out > 0 {
		in, out = d.in, d.out
	}
	fill(dopeNameW, 0, max(d.xOf(in), dopeNameW), s.Height, dopeShade)
	fill(max(d.xOf(out), dopeNameW), 0, s.Width, s.Height, dopeShade)
	for i := d.scroll; i < len(d.rows); i++ {
		y := dopeHeaderH + float32(i-d.scroll)*dopeRowH
		if y > s.Height {
			break
		}
		if slices.Contains(d.selJoints, d.rows[i].joint) {
			fill(0, y, s.Width, y+dopeRowH, dopeRowHL)
		}
		fill(0, y+dopeRowH-1, s.Width, y+dopeRowH, dopeGrid)
	}
	step := widgets.TickStep(int(math.Ceil(float64(s.Width-dopeNameW)/d.ppf))+1, s.Width-dopeNameW, 8)
	for f := int(math.Max(math.Ceil(d.first), 1)); ; f++ {
		x := d.xOf(float64(f))
		if x > s.Width {
			break
		}
		if f == 1 || f%step == 0 {
			fill(x, dopeHeaderH-4, x+1/sx, s.Height, dopeGrid)
		}
	}
	fill(dopeNameW-1, 0, dopeNameW, s.Height, dopeGrid)
	d.drawNumbers(img, widgets.PixelScale(d, w))
	// Keys.
	for i := d.scroll; i < len(d.rows); i++ {
		if dopeHeaderH+float32(i-d.scroll)*dopeRowH > s.Height {
			break
		}
		j := d.rows[i].joint
		for _, kind := range []animedit.Kind{animedit.Rotation, animedit.Position} {
			y := d.keyY(i, kind)
			c := dopeRotColor
			if kind == animedit.Position {
				c = dopePosColor
			}
			lastPx := -1
			for _, k := range animedit.Keys(d.m, j, kind) {
				f := float64(k.Time) * d.fps
				sel := d.selected[keyID{j, kind, k.Time}]
				if sel && d.dragMode == dragMove {
					f += d.dragFrames
				}
				x := d.xOf(f)
				if x < dopeNameW || x > s.Width {
					continue
				}
				if px := int(x * sx); px == lastPx && !sel {
					continue
				} else {
					lastPx = px
				}
				cc := c
				if sel {
					cc = dopeSelColor
				}
				mark(img, x*sx, y*sy, dopeKeyR*sx, kind == animedit.Rotation, cc)
			}
		}
	}
	// Keys a key drag would replace: a red ring around each, drawn over
	// every other mark so that one stays visible at any zoom, with the
	// key that lands there inside it.
	if len(d.collide) > 0 {
		for i := d.scroll; i < len(d.rows); i++ {
			if dopeHeaderH+float32(i-d.scroll)*dopeRowH > s.Height {
				break
			}
			j := d.rows[i].joint
			for _, kind := range []animedit.Kind{animedit.Rotation, animedit.Position} {
				for _, k := range animedit.Keys(d.m, j, kind) {
					if !d.collide[keyID{j, kind, k.Time}] {
						continue
					}
					x, y := d.xOf(float64(k.Time)*d.fps)*sx, d.keyY(i, kind)*sy
					mark(img, x, y, (dopeKeyR+3)*sx, kind == animedit.Rotation, dopeCollide)
					mark(img, x, y, dopeKeyR*sx, kind == animedit.Rotation, dopeSelColor)
				}
			}
		}
	}
	// The row a dragged joint name would be dropped on.
	if d.dragMode == dragReparent {
		if i := d.rowAt(d.dragNow.Y); i >= 0 {
			y := dopeHeaderH + float32(i-d.scroll)*dopeRowH
			fill(0, y, dopeNameW, y+dopeRowH, dopeBox)
		}
	}
	// The current frame is d.head, a line over the raster: moving it
	// during playback repaints no key marks.
	if d.dragMode == dragBox {
		a, b := d.press, d.dragNow
		x0, x1, y0, y1 := min(a.X, b.X), max(a.X, b.X), min(a.Y, b.Y), max(a.Y, b.Y)
		c := dopeBox
		fill(x0, y0, x1, y0+1/sy, c)
		fill(x0, y1, x1, y1+1/sy, c)
		fill(x0, y0, x0+1/sx, y1, c)
		fill(x1, y0, x1+1/sx, y1, c)
	}
	return img
}

// mark draws a key mark of half-size r pixels at (cx, cy): a diamond for a
// rotation key, a square for a position key.
func mark(img *image.NRGBA, cx, cy, r float32, diamond bool, c color.NRGBA) {
	b := img.Bounds()
	x0, x1 := max(int(cx-r-1), b.Min.X), min(int(cx+r+1), b.Max.X-1)
	y0, y1 := max(int(cy-r-1), b.Min.Y), min(int(cy+r+1), b.Max.Y-1)
	for y := y0; y <= y1; y++ {
		ady := abs32(float32(y) + 0.5 - cy)
		row := img.Pix[img.PixOffset(0, y):]
		for x := x0; x <= x1; x++ {
			adx := abs32(float32(x) + 0.5 - cx)
			var inside bool
			if diamond {
				inside = adx+ady <= r
			} else {
				inside = adx <= r*0.75 && ady <= r*0.75
			}
			if inside {
				p := row[4*(x-b.Min.X):][:4]
				p[0], p[1], p[2], p[3] = c.R, c.G, c.B, c.A
			}
		}
	}
}

func abs32(x float32) float32 {
	if x < 0 {
		return -x
	}
	return x
}

// fillRect paints c over the pixels of r in img, blending by c's alpha:
// each channel becomes (c·a + old·(255 − a)) / 255 and alpha the larger of
// the two.
func fillRect(img *image.NRGBA, r image.Rectangle, c color.NRGBA) {
	r = r.Intersect(img.Rect)
	if r.Empty() {
		return
	}
	n := 4 * r.Dx()
	if c.A == 0xff {
		first := img.Pix[img.PixOffset(r.Min.X, r.Min.Y):][:n]
		for i := 0; i < n; i += 4 {
			first[i], first[i+1], first[i+2], first[i+3] = c.R, c.G, c.B, c.A
		}
		for y := r.Min.Y + 1; y < r.Max.Y; y++ {
			copy(img.Pix[img.PixOffset(r.Min.X, y):][:n], first)
		}
		return
	}
	a := uint32(c.A)
	mix := func(s, d uint8) uint8 { return uint8((uint32(s)*a + uint32(d)*(255-a)) / 255) }
	for y := r.Min.Y; y < r.Max.Y; y++ {
		p := img.Pix[img.PixOffset(r.Min.X, y):][:n]
		for i := 0; i < n; i += 4 {
			p[i], p[i+1], p[i+2], p[i+3] = mix(c.R, p[i]), mix(c.G, p[i+1]), mix(c.B, p[i+2]), max(p[i+3], c.A)
		}
	}
}

// placeHead puts the current-frame line at d.frame (hidden outside the key
// area).
func (d *DopeSheet) placeHead() {
	if d.head == nil {
		d.head = canvas.NewLine(dopeHead)
		d.head.StrokeWidth = 2
	}
	s := d.Size()
	x := d.xOf(d.frame)
	if x < dopeNameW || x > s.Width {
		d.head.Hide()
		return
	}
	if !d.head.Visible() {
		d.head.Show()
	}
	d.head.Position1 = fyne.NewPos(x, 0)
	d.head.Position2 = fyne.NewPos(x, s.Height)
}
