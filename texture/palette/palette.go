// Package palette reduces a true-colour image to an indexed one of at most
// 256 colours, for formats and engines that take only paletted textures
// (GoldSrc's 8-bit BMP skins).
//
// An image with no more distinct colours than the palette may hold is
// converted exactly. Otherwise the palette is chosen by median cut (Heckbert,
// "Color Image Quantization for Frame Buffer Display", 1982) in the variant
// that splits each box where the two halves' summed squared error is least,
// always splitting the box with the largest error; the image is then mapped
// onto it with Floyd–Steinberg error diffusion (image/draw.FloydSteinberg).
// The result depends only on the pixels: the same image always gives the
// same palette and indices.
//
// Indexed images have no alpha here: colours are taken unpremultiplied and
// alpha is dropped, as an 8-bit BMP has none.
package palette

import (
	"cmp"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"math"
	"slices"

	"ms3dstudio/formats/teximage"
)

// MaxColors is the most colours a palette may hold (an 8-bit index).
const MaxColors = 256

// Result is an image reduced to a palette.
type Result struct {
	// Image is the indexed image, with the bounds of the source; its
	// palette is opaque.
	Image *image.Paletted
	// Colors is how many distinct colours the source had, counting only
	// up to the palette size plus one (so Colors > len(Image.Palette)
	// means the source had more than the palette holds).
	Colors int
	// Exact reports that every pixel kept its colour (alpha aside): the
	// source had no more distinct colours than the palette holds.
	Exact bool
	// Translucent reports that some source pixel was not opaque; its
	// alpha is dropped.
	Translucent bool
}

// Quantize reduces img to at most n colours (n is clamped to 1–MaxColors).
// Besides img it takes 5 bytes a pixel (an unpremultiplied copy and the
// indexed image): an image for which that is more than teximage.Budget is
// refused with a *teximage.BudgetError (scale it down first).
func Quantize(img image.Image, n int) (Result, error) {
	n = min(max(n, 1), MaxColors)
	b := img.Bounds()
	need := int64(math.MaxInt64) // past any budget, for bounds whose product overflows
	if w, h := int64(b.Dx()), int64(b.Dy()); w < 1<<30 && h < 1<<30 {
		need = 5 * w * h
	}
	if err := teximage.Within(fmt.Sprintf("quantising %d×%d pixels", b.Dx(), b.Dy()), need); err != nil {
		return Result{}, err
	}
	src, translucent := opaque(img)
	res := Result{Translucent: translucent}
	seen := make(map[uint32]uint8, n+1)
	for y := 0; y < b.Dy() && len(seen) <= n; y++ {
		row := src.Pix[y*src.Stride : y*src.Stride+4*b.Dx()]
		for i := 0; i < len(row) && len(seen) <= n; i += 4 {
			seen[key(row[i:])] = 0
		}
	}
	res.Colors = len(seen)
	if len(seen) <= n {
		res.Image, res.Exact = exact(src, seen), true
		return res, nil
	}
	dst := image.NewPaletted(b, MedianCut(src, n))
	draw.FloydSteinberg.Draw(dst, b, src, b.Min)
	res.Image = dst
	return res, nil
}

// opaque returns img's colours unpremultiplied, with alpha 255, in an image
// of its own, and whether some pixel was not opaque.
func opaque(img image.Image) (*image.NRGBA, bool) {
	b := img.Bounds()
	out := image.NewNRGBA(b)
	draw.Draw(out, b, img, b.Min, draw.Src)
	translucent := false
	for i := 3; i < len(out.Pix); i += 4 {
		if out.Pix[i] != 0xff {
			translucent = true
			out.Pix[i] = 0xff
		}
	}
	return out, translucent
}

func key(p []uint8) uint32 { return uint32(p[0])<<16 | uint32(p[1])<<8 | uint32(p[2]) }

// exact maps src onto the palette of its own colours, in the order of
// their packed RGB values.
func exact(src *image.NRGBA, seen map[uint32]uint8) *image.Paletted {
	keys := make([]uint32, 0, len(seen))
	for k := range seen {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	if len(keys) == 0 {
		keys = []uint32{0} // an empty image: one black entry, as a palette needs one
	}
	pal := make(color.Palette, len(keys))
	for i, k := range keys {
		seen[k] = uint8(i)
		pal[i] = color.RGBA{uint8(k >> 16), uint8(k >> 8), uint8(k), 0xff}
	}
	b := src.Bounds()
	dst := image.NewPaletted(b, pal)
	for y := 0; y < b.Dy(); y++ {
		row := src.Pix[y*src.Stride : y*src.Stride+4*b.Dx()]
		out := dst.Pix[y*dst.Stride : y*dst.Stride+b.Dx()]
		for x := range out {
			out[x] = seen[key(row[4*x:])]
		}
	}
	return dst
}

// Histogram resolution: colours are counted in cells of 2^(8−bits) levels
// per channel, and each cell keeps the exact sum of its colours, so the
// palette's colours are true means while the histogram stays 2^(3·bits)
// cells whatever the image size.
const bits = 6

type cell struct {
	n    float64
	sum  [3]float64 // per channel
	mean [3]float64
}

// MedianCut returns a palette of at most n opaque colours for img (n is
// clamped to 1–MaxColors); fewer when img has fewer distinct colours.
func MedianCut(img image.Image, n int) color.Palette {
	n = min(max(n, 1), MaxColors)
	src, ok := img.(*image.NRGBA)
	if !ok {
		src = image.NewNRGBA(img.Bounds())
		draw.Draw(src, src.Rect, img, img.Bounds().Min, draw.Src)
	}
	const side = 1 << bits
	hist := make([]cell, side*side*side)
	b := src.Bounds()
	for y := 0; y < b.Dy(); y++ {
		row := src.Pix[y*src.Stride : y*src.Stride+4*b.Dx()]
		for i := 0; i < len(row); i += 4 {
			r, g, bl := row[i], row[i+1], row[i+2]
			c := &hist[int(r>>(8-bits))<<(2*bits)|int(g>>(8-bits))<<bits|int(bl>>(8-bits))]
			c.n++
			c.sum[0] += float64(r)
			c.sum[1] += float64(g)
			c.sum[2] += float64(bl)
		}
	}
	var cells []int
	for i := range hist {
		if c := &hist[i]; c.n > 0 {
			for k := range 3 {
				c.mean[k] = c.sum[k] / c.n
			}
			cells = append(cells, i)
		}
	}
	if len(cells) == 0 {
		return color.Palette{color.RGBA{A: 0xff}}
	}
	boxes := []box{newBox(hist, cells)}
	for len(boxes) < n {
		worst := -1
		for i, bx := range boxes {
			if len(bx.cells) > 1 && bx.err > 0 && (worst < 0 || bx.err > boxes[worst].err) {
				worst = i
			}
		}
		if worst < 0 {
			break
		}
		lo, hi := boxes[worst].split(hist)
		boxes[worst] = lo
		boxes = append(boxes, hi)
	}
	pal := make(color.Palette, len(boxes))
	for i, bx := range boxes {
		var c [3]uint8
		for k := range 3 {
			c[k] = uint8(min(255, bx.sum[k]/bx.n+0.5))
		}
		pal[i] = color.RGBA{c[0], c[1], c[2], 0xff}
	}
	return pal
}

// box is a set of histogram cells with its pixel count, channel sums and
// summed squared error (of the cell means, weighted by their counts, about
// the box's mean).
type box struct {
	cells   []int
	n       float64
	sum, sq [3]float64
	err     float64
}

func newBox(hist []cell, cells []int) box {
	bx := box{cells: cells}
	for _, i := range cells {
		c := &hist[i]
		bx.n += c.n
		for k := range 3 {
			bx.sum[k] += c.n * c.mean[k]
			bx.sq[k] += c.n * c.mean[k] * c.mean[k]
		}
	}
	bx.err = sse(bx.n, bx.sum, bx.sq)
	return bx
}

func sse(n float64, sum, sq [3]float64) float64 {
	if n == 0 {
		return 0
	}
	e := 0.0
	for k := range 3 {
		e += sq[k] - sum[k]*sum[k]/n
	}
	return max(e, 0)
}

// split cuts the box in two along the channel and at the place where the
// halves' summed squared error is least.
func (bx box) split(hist []cell) (box, box) {
	bestAxis, bestAt, bestErr := -1, 0, 0.0
	order := make([]int, len(bx.cells))
	for axis := range 3 {
		copy(order, bx.cells)
		sortAlong(order, hist, axis)
		var n float64
		var sum, sq [3]float64
		for at := 1; at < len(order); at++ {
			c := &hist[order[at-1]]
			n += c.n
			for k := range 3 {
				sum[k] += c.n * c.mean[k]
				sq[k] += c.n * c.mean[k] * c.mean[k]
			}
			if hist[order[at]].mean[axis] == c.mean[axis] {
				continue // never separate cells of equal value on this axis
			}
			var rsum, rsq [3]float64
			for k := range 3 {
				rsum[k] = bx.sum[k] - sum[k]
				rsq[k] = bx.sq[k] - sq[k]
			}
			e := sse(n, sum, sq) + sse(bx.n-n, rsum, rsq)
			if bestAxis < 0 || e < bestErr {
				bestAxis, bestAt, bestErr = axis, at, e
			}
		}
	}
	if bestAxis < 0 {
		// Every cell has the same mean on every axis; split in the middle.
		bestAxis, bestAt = 0, len(bx.cells)/2
	}
	sortAlong(bx.cells, hist, bestAxis)
	lo := append([]int(nil), bx.cells[:bestAt]...)
	hi := append([]int(nil), bx.cells[bestAt:]...)
	return newBox(hist, lo), newBox(hist, hi)
}

// sortAlong orders cells by their mean on axis, then by cell index, so the
// order (and the palette) never depends on the sort algorithm.
func sortAlong(cells []int, hist []cell, axis int) {
	slices.SortFunc(cells, func(a, b int) int {
		if c := cmp.Compare(hist[a].mean[axis], hist[b].mean[axis]); c != 0 {
			return c
		}
		return cmp.Compare(a, b)
	})
}
