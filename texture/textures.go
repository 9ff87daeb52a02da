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

// Load resolves and decodes the texture of every material of m. A nil
// resolver loads nothing. Materials naming the same file share one decoded
// image.
func Load(m *model.Model, res *texpath.Resolver) Result {
	r := Result{Images: make([]image.Image, len(m.Materials))}
	if res == nil {
		return r
	}
	decoded := map[string]image.Image{}
	failed := map[string]bool{}
	for i := range m.Materials {
		tex := m.Materials[i].Texture
		if tex.Text() == "" {
			continue
		}
		found := res.Resolve(tex)
		if !found.Found {
			continue // validate reports missing files
		}
		if img, ok := decoded[found.Path]; ok {
			r.Images[i] = img
			continue
		}
		if failed[found.Path] {
			continue
		}
		img, err := open(res, found.Path)
		if err != nil {
			failed[found.Path] = true
			r.Findings = append(r.Findings, finding(i, tex, found, err))
			continue
		}
		decoded[found.Path] = img
		r.Images[i] = img
	}
	return r
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
