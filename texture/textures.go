// Package texture loads the texture images of a model's materials: each
// material's texture path is resolved with model/texpath and the file
// decoded with formats/teximage (PNG, JPEG, BMP, TGA, GIF). Files that are
// found but cannot be shown become findings, so that the problems panel says
// why a material shows the placeholder.
package texture

import (
	"errors"
	"fmt"
	"image"
	"image/color"

	"ms3dstudio/formats/teximage"
	"ms3dstudio/model"
	"ms3dstudio/model/texpath"
)

// Result holds one image per material (nil where the material has no
// texture, or it was not found or could not be decoded) and the findings.
type Result struct {
	Images   []image.Image
	Findings []model.Finding
}

// Load resolves and decodes the texture of every material of m, with
// the material's alpha map, when it has one, as the image's alpha (see
// WithAlpha). A nil
// resolver loads nothing. Materials naming the same file share one decoded
// image. An alpha map is kept only as the one byte a pixel of alpha it
// gives, and is read before the texture, so that at most one decoded image
// of the largest size the budget allows (formats/teximage.Budget) is held
// beside the images loaded.
func Load(m *model.Model, res *texpath.Resolver) Result {
	r := Result{Images: make([]image.Image, len(m.Materials))}
	if res == nil {
		return r
	}
	decoded := map[string]image.Image{}
	masks := map[string]*image.Alpha{}
	failed := map[string]bool{}
	// find resolves a path that names a file not known to be undecodable.
	find := func(tex model.Str) (texpath.Result, bool) {
		if tex.Text() == "" {
			return texpath.Result{}, false
		}
		found := res.Resolve(tex)
		return found, found.Found && !failed[found.Path] // validate reports missing files
	}
	decode := func(i int, tex model.Str, found texpath.Result) image.Image {
		img, err := open(res, found.Path)
		if err != nil {
			failed[found.Path] = true
			r.Findings = append(r.Findings, finding(i, tex, found, err))
		}
		return img
	}
	// get decodes the file a path names once, however many materials use it.
	get := func(i int, tex model.Str) image.Image {
		found, ok := find(tex)
		if !ok {
			return nil
		}
		if img, ok := decoded[found.Path]; ok {
			return img
		}
		img := decode(i, tex, found)
		if img != nil {
			decoded[found.Path] = img
		}
		return img
	}
	// mask reads the alpha of the alpha map a path names, once.
	mask := func(i int, tex model.Str) *image.Alpha {
		found, ok := find(tex)
		if !ok {
			return nil
		}
		if a, ok := masks[found.Path]; ok {
			return a
		}
		img, ok := decoded[found.Path]
		if !ok {
			if img = decode(i, tex, found); img == nil {
				return nil
			}
		}
		a := alphaMask(img)
		masks[found.Path] = a
		return a
	}
	type pair struct{ tex, alpha model.Str }
	combined := map[pair]image.Image{}
	for i := range m.Materials {
		mt := &m.Materials[i]
		var a *image.Alpha
		if mt.AlphaMap.Text() != "" {
			a = mask(i, mt.AlphaMap)
		}
		img := get(i, mt.Texture)
		if a != nil {
			k := pair{mt.Texture, mt.AlphaMap}
			if c, ok := combined[k]; ok {
				img = c
			} else {
				img = withMask(img, a)
				combined[k] = img
			}
		}
		r.Images[i] = img
	}
	return r
}

// WithAlpha returns the texture img with its alpha taken from the alpha
// map a, as MilkShape uses a material's alpha map: a's own alpha where it
// has any transparency, otherwise its grey level (white opaque). a is
// scaled to img's size (nearest pixel); a nil img is white.
func WithAlpha(img, a image.Image) *image.NRGBA { return withMask(img, alphaMask(a)) }

// alphaMask returns the alpha the alpha map a gives (see WithAlpha), one
// byte a pixel.
func alphaMask(a image.Image) *image.Alpha {
	b := a.Bounds()
	out := image.NewAlpha(image.Rect(0, 0, b.Dx(), b.Dy()))
	at := rgba64(a)
	useAlpha := hasTransparency(a)
	for y := 0; y < b.Dy(); y++ {
		row := out.Pix[y*out.Stride : y*out.Stride+b.Dx()]
		for x := range row {
			c := at(b.Min.X+x, b.Min.Y+y)
			if useAlpha {
				row[x] = uint8(c.A >> 8)
			} else {
				// color.GrayModel's grey level.
				row[x] = uint8((19595*uint32(c.R) + 38470*uint32(c.G) + 7471*uint32(c.B) + 1<<15) >> 24)
			}
		}
	}
	return out
}

// withMask returns img's colours (white for a nil img) with the alpha of
// mask, scaled to img's size (nearest pixel).
func withMask(img image.Image, mask *image.Alpha) *image.NRGBA {
	b := mask.Rect
	var at func(x, y int) color.NRGBA
	if img != nil {
		b, at = img.Bounds(), nrgbaAt(img)
	}
	mb := mask.Rect
	out := image.NewNRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	for y := 0; y < b.Dy(); y++ {
		arow := mask.Pix[(y*mb.Dy()/b.Dy())*mask.Stride:]
		row := out.Pix[y*out.Stride : y*out.Stride+4*b.Dx()]
		for x := 0; x < b.Dx(); x++ {
			c := color.NRGBA{0xff, 0xff, 0xff, 0xff}
			if at != nil {
				c = at(b.Min.X+x, b.Min.Y+y)
			}
			row[4*x], row[4*x+1], row[4*x+2], row[4*x+3] = c.R, c.G, c.B, arow[x*mb.Dx()/b.Dx()]
		}
	}
	return out
}

// rgba64 returns img's RGBA64At, which every image of the standard library
// has: it reads a pixel without boxing a colour (At allocates one for each
// pixel, gigabytes of garbage for a large texture).
func rgba64(img image.Image) func(x, y int) color.RGBA64 {
	if m, ok := img.(image.RGBA64Image); ok {
		return m.RGBA64At
	}
	return func(x, y int) color.RGBA64 {
		r, g, b, a := img.At(x, y).RGBA()
		return color.RGBA64{uint16(r), uint16(g), uint16(b), uint16(a)}
	}
}

// nrgbaAt returns the function that reads img's pixels as
// color.NRGBAModel converts them, without boxing a colour.
func nrgbaAt(img image.Image) func(x, y int) color.NRGBA {
	if m, ok := img.(*image.NRGBA); ok {
		return m.NRGBAAt // the model keeps NRGBA colours as they are
	}
	at := rgba64(img)
	return func(x, y int) color.NRGBA { return nrgba(at(x, y)) }
}

// nrgba converts c as color.NRGBAModel does.
func nrgba(c color.RGBA64) color.NRGBA {
	r, g, b, a := uint32(c.R), uint32(c.G), uint32(c.B), uint32(c.A)
	switch a {
	case 0xffff:
		return color.NRGBA{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), 0xff}
	case 0:
		return color.NRGBA{}
	}
	return color.NRGBA{uint8(r * 0xffff / a >> 8), uint8(g * 0xffff / a >> 8), uint8(b * 0xffff / a >> 8), uint8(a >> 8)}
}

// hasTransparency reports whether some pixel of a is not opaque.
func hasTransparency(a image.Image) bool {
	if o, ok := a.(interface{ Opaque() bool }); ok {
		return !o.Opaque()
	}
	return true
}

func open(res *texpath.Resolver, path string) (image.Image, error) {
	f, err := res.FS.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return teximage.Decode(path, f)
}

func finding(i int, tex model.Str, found texpath.Result, err error) model.Finding {
	where := found.OSPath
	if where == "" {
		where = found.Path
	}
	var unsupported *teximage.UnsupportedError
	if errors.As(err, &unsupported) {
		return model.Finding{Code: model.CodeTextureUnsupported, Severity: model.Warning, Where: model.At(model.PartMaterial, i),
			Message: fmt.Sprintf("material %d: texture %q (%s) cannot be shown: %v", i, tex.Display(), where, err),
			Fix:     "convert the texture to PNG and point the material at it"}
	}
	if errors.Is(err, teximage.ErrTooLarge) {
		return model.Finding{Code: model.CodeTextureTooLarge, Severity: model.Warning, Where: model.At(model.PartMaterial, i),
			Message: fmt.Sprintf("material %d: texture %q (%s) cannot be shown: %v", i, tex.Display(), where, err),
			Fix:     "scale the texture down and point the material at it"}
	}
	return model.Finding{Code: model.CodeTextureUnreadable, Severity: model.Warning, Where: model.At(model.PartMaterial, i),
		Message: fmt.Sprintf("material %d: texture %q (%s) cannot be read: %v", i, tex.Display(), where, err)}
}
