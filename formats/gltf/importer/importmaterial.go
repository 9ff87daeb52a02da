package importer

import (
	"bytes"
	"fmt"
	"net/url"
	"path"
	"strings"
	"unicode/utf8"

	qgltf "github.com/qmuntal/gltf"

	"ms3dstudio/formats/gltf/importer/internal/accessor"
	"ms3dstudio/model"
)

// materials makes one MS3D material of each glTF material a primitive uses,
// in the file's order.
func (im *importer) materials() error {
	doc := im.src.doc
	im.matMap = make([]int, len(doc.Materials))
	used := make([]bool, len(doc.Materials))
	for _, pd := range im.prims {
		if pd.material >= 0 {
			used[pd.material] = true
		}
	}
	names := newNamer(model.NameSize)
	im.imageNames = newNamer(model.PathSize)
	im.imagePath = map[int]string{}
	var cutoffs []float64
	blend := false
	for i, gm := range doc.Materials {
		im.matMap[i] = -1
		if !used[i] {
			continue
		}
		at := fmt.Sprintf("/materials/%d", i)
		mat := model.Material{
			Name:         model.Str(names.take(gm.Name, fmt.Sprintf("material%d", i))),
			Ambient:      [4]float32{0.2, 0.2, 0.2, 1},
			Diffuse:      [4]float32{1, 1, 1, 1},
			Specular:     [4]float32{0, 0, 0, 1},
			Emissive:     [4]float32{0, 0, 0, 1},
			Transparency: 1,
		}
		rough, metal := 1.0, 1.0
		if pbr := gm.PBRMetallicRoughness; pbr != nil {
			c := pbr.BaseColorFactorOrDefault()
			mat.Diffuse = [4]float32{float32(c[0]), float32(c[1]), float32(c[2]), 1}
			if gm.AlphaMode == qgltf.AlphaBlend {
				mat.Transparency = float32(c[3])
				mat.Diffuse[3] = mat.Transparency
			}
			rough, metal = pbr.RoughnessFactorOrDefault(), pbr.MetallicFactorOrDefault()
			if pbr.BaseColorTexture != nil {
				tex, err := im.texture(pbr.BaseColorTexture.Index, at+"/pbrMetallicRoughness/baseColorTexture")
				if err != nil {
					return err
				}
				mat.Texture = model.Str(tex)
			}
		}
		// The inverse of the export's roughness: the specular exponent
		// whose Blinn-Phong lobe is about as wide, a white highlight
		// dimmed by how rough and how metallic the surface is.
		if rough < 1 {
			mat.Shininess = float32(min(128, max(0, 2/(rough*rough)-2)))
			s := float32((1 - rough) * (1 - 0.5*metal))
			mat.Specular = [4]float32{s, s, s, 1}
		}
		e := gm.EmissiveFactor
		mat.Emissive = [4]float32{float32(e[0]), float32(e[1]), float32(e[2]), 1}
		switch gm.AlphaMode {
		case qgltf.AlphaMask:
			mat.Mode |= model.MaterialHasAlpha
			cutoffs = append(cutoffs, gm.AlphaCutoffOrDefault())
		case qgltf.AlphaBlend:
			mat.Mode |= model.MaterialHasAlpha
			blend = true
		}
		im.matMap[i] = len(im.m.Materials)
		im.m.Materials = append(im.m.Materials, mat)
	}
	names.report(im, "/materials", "materials")
	im.imageNames.report(im, "/images", "image files")
	if len(cutoffs) > 0 {
		// MilkShape has one alpha reference for the whole model, in the
		// model extras (transparency mode 1 tests alpha against it).
		im.m.Extra = model.ModelExtra{SubVersion: 1, JointSize: 1, TransparencyMode: 1, AlphaRef: float32(cutoffs[0])}
		for _, c := range cutoffs[1:] {
			if c != cutoffs[0] {
				im.note(model.CodeGLTFMaterial, model.Info, "/materials", "materials use different alpha cutoffs; MilkShape has one for the model, %g", cutoffs[0])
				break
			}
		}
		if blend {
			im.note(model.CodeGLTFMaterial, model.Info, "/materials", "the model mixes MASK and BLEND materials; MilkShape's alpha-reference mode also cuts the blended ones at %g", cutoffs[0])
		}
	}
	return nil
}

// texture returns the texture path for glTF texture t: the image's URI for
// a file (relative to the model's folder, as glTF URIs are), or the name an
// embedded image is written under. Images that cannot be a MilkShape
// texture give "" and a finding.
func (im *importer) texture(t int, at string) (string, error) {
	doc := im.src.doc
	if t < 0 || t >= len(doc.Textures) || doc.Textures[t] == nil {
		return "", errAt(at+"/index", "texture %d does not exist (the file has %d)", t, len(doc.Textures))
	}
	tex := doc.Textures[t]
	if tex.Source == nil {
		im.note(model.CodeGLTFImage, model.Warning, fmt.Sprintf("/textures/%d", t), "the texture has no PNG or JPEG source (only an extension's); it is left out")
		return "", nil
	}
	i := *tex.Source
	if i < 0 || i >= len(doc.Images) || doc.Images[i] == nil {
		return "", errAt(fmt.Sprintf("/textures/%d/source", t), "image %d does not exist (the file has %d)", i, len(doc.Images))
	}
	if p, ok := im.imagePath[i]; ok {
		return p, nil
	}
	p, err := im.image(i)
	im.imagePath[i] = p
	return p, err
}

func (im *importer) image(i int) (string, error) {
	img := im.src.doc.Images[i]
	at := fmt.Sprintf("/images/%d", i)
	var data []byte
	mime := img.MimeType
	switch {
	case img.BufferView != nil:
		view, _, err := im.src.View(*img.BufferView, at+"/bufferView")
		if err != nil {
			return "", err
		}
		data = view
	case strings.HasPrefix(img.URI, "data:"):
		d, err := accessor.DataURI(img.URI)
		if err != nil {
			return "", &ImportError{Path: at + "/uri", Err: err}
		}
		data, mime = d, dataURIMime(img.URI)
	case img.URI == "":
		im.note(model.CodeGLTFImage, model.Warning, at, "the image has neither a URI nor a buffer view; it is left out")
		return "", nil
	default:
		u, err := url.Parse(strings.ReplaceAll(img.URI, `\`, "/"))
		if err != nil || u.Scheme != "" || u.Host != "" {
			im.note(model.CodeGLTFImage, model.Warning, at+"/uri", "image %q is not a file beside the model; it is left out", img.URI)
			return "", nil
		}
		p := path.Clean(u.Path)
		if len(p) > model.PathSize {
			im.note(model.CodeGLTFImage, model.Warning, at+"/uri", "image path %q is longer than the %d bytes a MilkShape texture path holds; it is left out", p, model.PathSize)
			return "", nil
		}
		return p, nil
	}
	switch {
	case mime != "":
	case bytes.HasPrefix(data, []byte("\x89PNG")):
		mime = "image/png"
	case bytes.HasPrefix(data, []byte{0xff, 0xd8}):
		mime = "image/jpeg"
	}
	ext := map[string]string{"image/png": ".png", "image/jpeg": ".jpg"}[mime]
	if ext == "" {
		im.note(model.CodeGLTFImage, model.Warning, at, "embedded image of type %q; only PNG and JPEG are kept", mime)
		return "", nil
	}
	stem := fileStem(img.Name)
	if stem == "" {
		stem = fmt.Sprintf("%s_img%d", fileStem(im.opt.Name), i)
	}
	name := im.imageNames.takeFile(stem, ext)
	im.images = append(im.images, Image{Name: name, MimeType: mime, Data: data})
	return name, nil
}

// fileStem makes s usable as a file name: no folders, no extension, no
// characters that some file system refuses.
func fileStem(s string) string {
	s = path.Base(strings.ReplaceAll(s, `\`, "/"))
	s = strings.TrimSuffix(s, path.Ext(s))
	var b strings.Builder
	for _, r := range s {
		if r < ' ' || r == 0x7f || strings.ContainsRune(`/\:*?"<>|`, r) {
			r = '_'
		}
		b.WriteRune(r)
	}
	out := strings.Trim(b.String(), " .")
	if out == "." || out == ".." {
		return ""
	}
	return out
}

// namer hands out names unique ignoring case, cut to a byte limit at a
// character boundary, and counts the names it had to change.
type namer struct {
	limit   int
	used    map[string]bool
	next    map[string]int // the next suffix to try for a name, so that many equal names cost linear time
	changed []string
}

func newNamer(limit int) *namer {
	return &namer{limit: limit, used: map[string]bool{}, next: map[string]int{}}
}

func (n *namer) take(name, fallback string) string {
	return n.takeFile(name, "", fallback)
}

// takeFile is take for a name that keeps its extension ext.
func (n *namer) takeFile(stem, ext string, fallback ...string) string {
	orig := stem
	if stem == "" && len(fallback) > 0 {
		stem, orig = fallback[0], fallback[0]
	}
	out := cutUTF8(stem, n.limit-len(ext)) + ext
	key := strings.ToLower(out)
	for k := max(2, n.next[key]); n.used[strings.ToLower(out)]; k++ {
		suffix := fmt.Sprintf("_%d", k)
		out = cutUTF8(stem, n.limit-len(ext)-len(suffix)) + suffix + ext
		n.next[key] = k + 1
	}
	n.used[strings.ToLower(out)] = true
	if out != orig+ext {
		n.changed = append(n.changed, fmt.Sprintf("%q → %q", orig+ext, out))
	}
	return out
}

func (n *namer) report(im *importer, at, what string) {
	if len(n.changed) == 0 {
		return
	}
	list := n.changed
	if len(list) > 5 {
		list = append(list[:5:5], "…")
	}
	im.note(model.CodeGLTFName, model.Info, at, "%d %s renamed to be unique and fit MilkShape's %d bytes: %s", len(n.changed), what, n.limit, strings.Join(list, ", "))
}

// cutUTF8 returns the longest prefix of s of at most n bytes that does not
// split a character.
func cutUTF8(s string, n int) string {
	if len(s) <= n {
		return s
	}
	n = max(n, 0)
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}
