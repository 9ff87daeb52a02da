package thumbnail

import (
	"image"
	"image/draw"
	"math"
	"reflect"

	"ms3dstudio/viewport/internal/scene"
)

// texture is a material's image as the GL renderer samples it: straight
// (not premultiplied) RGBA, repeating, with a mipmap chain of 2×2 box
// averages like glGenerateMipmap's, sampled trilinearly, or nearest within
// each level for the placeholder checker.
type texture struct {
	levels []level
	// nearest picks the nearest texel in each level (the placeholder).
	nearest bool
	// translucent tells that some texel is not fully opaque.
	translucent bool
}

// level is one mipmap level, NRGBA bytes without padding.
type level struct {
	w, h int
	pix  []uint8
}

// textureSet prepares the materials' textures once per image: materials
// naming one file share one decoded image (texture.Load).
type textureSet struct {
	byImage     map[uintptr]*texture
	placeholder *texture
}

// forMaterial returns the texture material mt is drawn with, as the GL
// renderer chooses it: nil (plain white) for a material naming no
// texture, the placeholder when it names one but img is nil or empty
// (nil too with plainMissing), and img otherwise.
func (ts *textureSet) forMaterial(mt *scene.Material, img image.Image, plainMissing bool) *texture {
	if img != nil && !img.Bounds().Empty() {
		// Decoded images are pointers; a value image (not comparable as a
		// map key in general) is prepared for each material using it.
		v := reflect.ValueOf(img)
		if v.Kind() != reflect.Pointer {
			return newTexture(img, false)
		}
		key := v.Pointer()
		if t, ok := ts.byImage[key]; ok {
			return t
		}
		t := newTexture(img, false)
		if ts.byImage == nil {
			ts.byImage = map[uintptr]*texture{}
		}
		ts.byImage[key] = t
		return t
	}
	if !mt.Textured || plainMissing {
		return nil
	}
	if ts.placeholder == nil {
		ts.placeholder = newTexture(scene.PlaceholderImage(), true)
	}
	return ts.placeholder
}

// newTexture converts img and builds its mipmap chain.
func newTexture(img image.Image, nearest bool) *texture {
	b := img.Bounds()
	src, ok := img.(*image.NRGBA)
	if !ok || src.Stride != 4*b.Dx() {
		src = image.NewNRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
		draw.Draw(src, src.Rect, img, b.Min, draw.Src)
	}
	t := &texture{nearest: nearest}
	l := level{w: b.Dx(), h: b.Dy(), pix: src.Pix[:4*b.Dx()*b.Dy()]}
	for i := 3; i < len(l.pix); i += 4 {
		if l.pix[i] != 255 {
			t.translucent = true
			break
		}
	}
	t.levels = append(t.levels, l)
	for l.w > 1 || l.h > 1 {
		l = l.half()
		t.levels = append(t.levels, l)
	}
	return t
}

// half returns the next mipmap level: each texel the mean of a 2×2 block
// (of the row or column that remains on an odd last one).
func (l level) half() level {
	n := level{w: max(l.w/2, 1), h: max(l.h/2, 1)}
	n.pix = make([]uint8, 4*n.w*n.h)
	for y := 0; y < n.h; y++ {
		y0, y1 := min(2*y, l.h-1), min(2*y+1, l.h-1)
		for x := 0; x < n.w; x++ {
			x0, x1 := min(2*x, l.w-1), min(2*x+1, l.w-1)
			a, b := 4*(y0*l.w+x0), 4*(y0*l.w+x1)
			c, d := 4*(y1*l.w+x0), 4*(y1*l.w+x1)
			o := 4 * (y*n.w + x)
			for k := 0; k < 4; k++ {
				s := int(l.pix[a+k]) + int(l.pix[b+k]) + int(l.pix[c+k]) + int(l.pix[d+k])
				n.pix[o+k] = uint8((s + 2) / 4)
			}
		}
	}
	return n
}

// sample returns the texture's colour (straight RGBA, 0–1) at (u, v) with
// the level of detail given by the screen-space derivatives of u and v, as
// LINEAR_MIPMAP_LINEAR (NEAREST_MIPMAP_LINEAR for the placeholder) with
// REPEAT wrapping does: magnified, level 0; minified, a blend of the two
// levels around log2 of the larger footprint.
func (t *texture) sample(u, v, dudx, dvdx, dudy, dvdy float64) [4]float64 {
	l0 := &t.levels[0]
	w, h := float64(l0.w), float64(l0.h)
	ax, ay, bx, by := dudx*w, dvdx*h, dudy*w, dvdy*h
	rho := math.Sqrt(max(ax*ax+ay*ay, bx*bx+by*by))
	if !(rho > 1) { // magnified (or NaN): the base level
		return t.fetch(0, u, v)
	}
	lambda := math.Log2(rho)
	last := len(t.levels) - 1
	d := int(lambda)
	if d >= last {
		return t.fetch(last, u, v)
	}
	f := lambda - float64(d)
	a, b := t.fetch(d, u, v), t.fetch(d+1, u, v)
	for k := range a {
		a[k] += f * (b[k] - a[k])
	}
	return a
}

// maxCoord bounds texture coordinates before they are turned into texel
// indices: repeating, anything farther out only loses precision.
const maxCoord = 1 << 20

// fetch samples level i at (u, v): bilinearly, or the nearest texel.
func (t *texture) fetch(i int, u, v float64) [4]float64 {
	l := &t.levels[i]
	if !(u > -maxCoord && u < maxCoord) {
		u = 0
	}
	if !(v > -maxCoord && v < maxCoord) {
		v = 0
	}
	const inv = 1.0 / 255
	if t.nearest {
		x, y := wrap(int(math.Floor(u*float64(l.w))), l.w), wrap(int(math.Floor(v*float64(l.h))), l.h)
		p := l.pix[4*(y*l.w+x):]
		return [4]float64{float64(p[0]) * inv, float64(p[1]) * inv, float64(p[2]) * inv, float64(p[3]) * inv}
	}
	x, y := u*float64(l.w)-0.5, v*float64(l.h)-0.5
	fx, fy := math.Floor(x), math.Floor(y)
	ax, ay := x-fx, y-fy
	x0, y0 := wrap(int(fx), l.w), wrap(int(fy), l.h)
	x1, y1 := x0+1, y0+1
	if x1 == l.w {
		x1 = 0
	}
	if y1 == l.h {
		y1 = 0
	}
	p00, p10 := l.pix[4*(y0*l.w+x0):], l.pix[4*(y0*l.w+x1):]
	p01, p11 := l.pix[4*(y1*l.w+x0):], l.pix[4*(y1*l.w+x1):]
	w00, w10, w01, w11 := (1-ax)*(1-ay), ax*(1-ay), (1-ax)*ay, ax*ay
	var c [4]float64
	for k := 0; k < 4; k++ {
		c[k] = (w00*float64(p00[k]) + w10*float64(p10[k]) + w01*float64(p01[k]) + w11*float64(p11[k])) * inv
	}
	return c
}

// wrap returns i modulo n in 0…n−1.
func wrap(i, n int) int {
	i %= n
	if i < 0 {
		i += n
	}
	return i
}
