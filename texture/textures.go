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
// image.
func Load(m *model.Model, res *texpath.Resolver) Result {
	r := Result{Images: make([]image.Image, len(m.Materials))}
	if res == nil {
		return r
	}
	decoded := map[string]image.Image{}
	failed := map[string]bool{}
	// get decodes the file a path names once, however many materials use it.
	get := func(i int, tex model.Str) image.Image {
		if tex.Text() == "" {
			return nil
		}
		found := res.Resolve(tex)
		if !found.Found {
			return nil // validate reports missing files
		}
		if img, ok := decoded[found.Path]; ok {
			return img
		}
		if failed[found.Path] {
			return nil
		}
		img, err := open(res, found.Path)
		if err != nil {
			failed[found.Path] = true
			r.Findings = append(r.Findings, finding(i, tex, found, err))
			return nil
		}
		decoded[found.Path] = img
		return img
	}
	type pair struct{ tex, alpha model.Str }
	combined := map[pair]image.Image{}
	for i := range m.Materials {
		mt := &m.Materials[i]
		img := get(i, mt.Texture)
		if mt.AlphaMap.Text() != "" {
			if a := get(i, mt.AlphaMap); a != nil {
				k := pair{mt.Texture, mt.AlphaMap}
				if c, ok := combined[k]; ok {
					img = c
				} else {
					img = WithAlpha(img, a)
					combined[k] = img
				}
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
func WithAlpha(img, a image.Image) *image.NRGBA {
	var b image.Rectangle
	if img == nil {
		img, b = image.NewUniform(color.White), a.Bounds()
	} else {
		b = img.Bounds()
	}
	ab := a.Bounds()
	useAlpha := hasTransparency(a)
	out := image.NewNRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	for y := 0; y < b.Dy(); y++ {
		ay := ab.Min.Y + y*ab.Dy()/b.Dy()
		for x := 0; x < b.Dx(); x++ {
			c := color.NRGBAModel.Convert(img.At(b.Min.X+x, b.Min.Y+y)).(color.NRGBA)
			ac := a.At(ab.Min.X+x*ab.Dx()/b.Dx(), ay)
			if useAlpha {
				c.A = color.NRGBAModel.Convert(ac).(color.NRGBA).A
			} else {
				c.A = color.GrayModel.Convert(ac).(color.Gray).Y
			}
			out.SetNRGBA(x, y, c)
		}
	}
	return out
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
	return model.Finding{Code: model.CodeTextureUnreadable, Severity: model.Warning, Where: model.At(model.PartMaterial, i),
		Message: fmt.Sprintf("material %d: texture %q (%s) cannot be read: %v", i, tex.Display(), where, err)}
}
