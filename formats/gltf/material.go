package gltf

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io/fs"
	"math"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"strings"

	qgltf "github.com/qmuntal/gltf"
	"github.com/qmuntal/gltf/modeler"

	"ms3dstudio/formats/teximage"
	"ms3dstudio/model"
	"ms3dstudio/model/num"
	"ms3dstudio/model/texpath"
)

// alphaKind says how a texture uses its alpha channel.
type alphaKind uint8

const (
	alphaOpaque  alphaKind = iota // every pixel opaque
	alphaBinary                   // every pixel fully opaque or fully clear
	alphaPartial                  // some pixels partly transparent
)

// texture is an exported texture, shared by the materials naming its file.
type texture struct {
	index int // glTF texture
	alpha alphaKind
}

// materials adds one glTF material per MS3D material, in the same order.
func (b *builder) materials() error {
	if len(b.m.Materials) == 0 {
		return nil
	}
	res, err := texpath.ExportResolver(b.opt.Resolver, b.opt.ModelDir, b.opt.SearchDirs...)
	if err != nil {
		return fmt.Errorf("gltf: texture folders: %w", err)
	}
	cache := map[string]*texture{}
	names := newUniqueNames()
	for mi := range b.m.Materials {
		src := &b.m.Materials[mi]
		gm := &qgltf.Material{
			Name:        names.take(src.Name.Display(), fmt.Sprintf("material%d", mi)),
			DoubleSided: true, // MilkShape and the viewport draw back faces
		}
		opacity := src.Transparency
		if !num.Finite(opacity) {
			opacity = 1
		}
		opacity = clamp01(opacity)
		d := src.Diffuse
		pbr := &qgltf.PBRMetallicRoughness{
			BaseColorFactor: &[4]float64{clamp01f(d[0]), clamp01f(d[1]), clamp01f(d[2]), float64(opacity)},
			MetallicFactor:  qgltf.Float(0),
			RoughnessFactor: qgltf.Float(roughness(src)),
		}
		gm.PBRMetallicRoughness = pbr
		e := src.Emissive
		gm.EmissiveFactor = [3]float64{clamp01f(e[0]), clamp01f(e[1]), clamp01f(e[2])}

		alpha := alphaOpaque
		if tex := b.texture(res, mi, cache); tex != nil {
			pbr.BaseColorTexture = &qgltf.TextureInfo{Index: tex.index}
			alpha = tex.alpha
		}
		switch {
		case opacity < 1 || alpha == alphaPartial:
			gm.AlphaMode = qgltf.AlphaBlend
		case alpha == alphaBinary:
			gm.AlphaMode = qgltf.AlphaMask // cutoff 0.5, the default
		}
		b.doc.Materials = append(b.doc.Materials, gm)
	}
	return nil
}

// roughness approximates an OpenGL specular exponent n by the roughness
// whose GGX lobe is about as wide as the Blinn-Phong one, √(2/(n+2)); a
// material without specular colour is fully rough.
func roughness(m *model.Material) float64 {
	spec := max(clamp01f(m.Specular[0]), clamp01f(m.Specular[1]), clamp01f(m.Specular[2]))
	n := float64(m.Shininess)
	if spec == 0 || !(n > 0) {
		return 1
	}
	return math.Sqrt(2 / (min(n, 128) + 2))
}

// texture exports material mi's texture, or returns nil when it has none or
// the file cannot be found or read (with a finding).
func (b *builder) texture(res *texpath.Resolver, mi int, cache map[string]*texture) *texture {
	src := &b.m.Materials[mi]
	if src.Texture.Text() == "" {
		return nil
	}
	at := model.At(model.PartMaterial, mi)
	name := src.Texture.Display()
	if res == nil {
		b.note(model.CodeTextureMissing, model.Info, at, "material %q: no model folder to find texture %q in; it is exported without", src.Name.Display(), name)
		return nil
	}
	r := res.Resolve(src.Texture)
	if !r.Found {
		b.note(model.CodeTextureMissing, model.Warning, at, "material %q: texture %q not found; it is exported without", src.Name.Display(), name)
		return nil
	}
	if t, ok := cache[r.Path]; ok {
		return t
	}
	cache[r.Path] = nil
	data, err := fs.ReadFile(res.FS, r.Path)
	if err != nil {
		b.note(model.CodeTextureUnreadable, model.Warning, at, "material %q: reading texture: %v; it is exported without", src.Name.Display(), err)
		return nil
	}
	file := path.Base(r.Path)
	mime := ""
	var alpha alphaKind
	switch teximage.Detect(file, data[:min(len(data), 64)]) {
	case teximage.JPEG:
		// JPEG has no alpha: only check that it is an image.
		if _, _, err = teximage.DecodeConfig(file, bytes.NewReader(data)); err == nil {
			mime = "image/jpeg"
		}
	case teximage.PNG:
		var img image.Image
		img, err = teximage.Decode(file, bytes.NewReader(data))
		switch {
		case err == nil:
			mime, alpha = "image/png", alphaOf(img)
		case errors.Is(err, teximage.ErrTooLarge):
			// The file is embedded as it is; only its alpha needed the
			// pixels, so the colour type stands for them.
			if cfg, _, cerr := teximage.DecodeConfig(file, bytes.NewReader(data)); cerr == nil {
				mime, alpha = "image/png", alphaOfModel(cfg.ColorModel)
				b.note(model.CodeTextureTooLarge, model.Info, at, "material %q: texture %q: %v; it is embedded as it is, with the alpha mode its colour type allows", src.Name.Display(), r.Path, err)
				err = nil
			}
		}
	default:
		// BMP, TGA and GIF are not glTF images: convert to PNG.
		var img image.Image
		if img, err = teximage.Decode(file, bytes.NewReader(data)); err == nil {
			var buf bytes.Buffer
			if err = png.Encode(&buf, img); err == nil {
				data, mime, alpha = buf.Bytes(), "image/png", alphaOf(img)
				file = strings.TrimSuffix(file, path.Ext(file)) + ".png"
			}
		}
	}
	if err != nil {
		code := model.CodeTextureUnreadable
		var unsupported *teximage.UnsupportedError
		switch {
		case errors.As(err, &unsupported):
			code = model.CodeTextureUnsupported
		case errors.Is(err, teximage.ErrTooLarge):
			code = model.CodeTextureTooLarge
		}
		b.note(code, model.Warning, at, "material %q: texture %q: %v; it is exported without", src.Name.Display(), r.Path, err)
		return nil
	}
	if len(b.doc.Samplers) == 0 {
		b.doc.Samplers = append(b.doc.Samplers, &qgltf.Sampler{
			MagFilter: qgltf.MagLinear, MinFilter: qgltf.MinLinearMipMapLinear,
			WrapS: qgltf.WrapRepeat, WrapT: qgltf.WrapRepeat,
		})
	}
	img := b.sink.add(b.doc, file, mime, data)
	b.doc.Textures = append(b.doc.Textures, &qgltf.Texture{Name: file, Sampler: qgltf.Index(0), Source: qgltf.Index(img)})
	t := &texture{index: len(b.doc.Textures) - 1, alpha: alpha}
	cache[r.Path] = t
	return t
}

// alphaOf classifies the alpha channel of img. The images the decoders
// return are read through their pixel slices (At boxes a colour for each
// pixel: seconds and gigabytes of garbage for a large texture).
func alphaOf(img image.Image) alphaKind {
	if o, ok := img.(interface{ Opaque() bool }); ok && o.Opaque() {
		return alphaOpaque
	}
	r := img.Bounds()
	switch m := img.(type) {
	case *image.NRGBA:
		return alphaBytes(m.Pix, m.Stride, r.Dx(), r.Dy(), 4, 3)
	case *image.RGBA:
		return alphaBytes(m.Pix, m.Stride, r.Dx(), r.Dy(), 4, 3)
	case *image.NRGBA64:
		return alphaBytes(m.Pix, m.Stride, r.Dx(), r.Dy(), 8, 6)
	case *image.Paletted:
		kinds := make([]alphaKind, len(m.Palette))
		for i, c := range m.Palette {
			kinds[i] = alphaOfColor(c)
		}
		kind := alphaOpaque
		for y := 0; y < r.Dy(); y++ {
			for _, v := range m.Pix[y*m.Stride : y*m.Stride+r.Dx()] {
				if int(v) < len(kinds) {
					kind = max(kind, kinds[v])
				}
			}
			if kind == alphaPartial {
				break
			}
		}
		return kind
	}
	kind := alphaOpaque
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if kind = max(kind, alphaOfColor(img.At(x, y))); kind == alphaPartial {
				return kind
			}
		}
	}
	return kind
}

// alphaBytes classifies the alpha of pixels of size bytes (4, or 8 for
// 16 bits a channel) whose alpha starts at byte at of each, big-endian.
func alphaBytes(pix []byte, stride, w, h, size, at int) alphaKind {
	kind := alphaOpaque
	for y := 0; y < h; y++ {
		row := pix[y*stride : y*stride+w*size]
		for i := at; i < len(row); i += size {
			switch a := row[i]; {
			case a == 0xff && (size == 4 || row[i+1] == 0xff):
			case a == 0 && (size == 4 || row[i+1] == 0):
				kind = alphaBinary
			default:
				return alphaPartial
			}
		}
	}
	return kind
}

func alphaOfColor(c color.Color) alphaKind {
	switch _, _, _, a := c.RGBA(); a {
	case 0xffff:
		return alphaOpaque
	case 0:
		return alphaBinary
	}
	return alphaPartial
}

// alphaOfModel is the alpha an image of colour model m may have, for an
// image too large to read: none for a model without alpha, a palette's
// own, and partial for any other (blending shows every kind right).
func alphaOfModel(m color.Model) alphaKind {
	switch m {
	case color.GrayModel, color.Gray16Model, color.YCbCrModel, color.CMYKModel:
		return alphaOpaque
	}
	if p, ok := m.(color.Palette); ok {
		kind := alphaOpaque
		for _, c := range p {
			kind = max(kind, alphaOfColor(c))
		}
		return kind
	}
	return alphaPartial
}

// imageSink stores the bytes of an image and adds it to the document.
type imageSink interface {
	add(doc *qgltf.Document, name, mime string, data []byte) int
}

// embedSink puts images into the document's buffer (for .glb).
type embedSink struct{}

func (*embedSink) add(doc *qgltf.Document, name, mime string, data []byte) int {
	view := modeler.WriteBufferView(doc, qgltf.TargetNone, data)
	doc.Images = append(doc.Images, &qgltf.Image{Name: name, MimeType: mime, BufferView: qgltf.Index(view)})
	return len(doc.Images) - 1
}

// fileSink collects images to be written beside a .gltf file.
type fileSink struct {
	dir string
	// reserved holds the lower-cased names already taken in dir by this
	// export (case-insensitive file systems exist).
	reserved map[string]bool
	files    []outFile
}

type outFile struct {
	name string
	data []byte
}

func (s *fileSink) add(doc *qgltf.Document, name, mime string, data []byte) int {
	ext := path.Ext(name)
	stem := strings.TrimSuffix(name, ext)
	file := name
	for k := 2; ; k++ {
		if !s.reserved[strings.ToLower(file)] {
			old, err := os.ReadFile(filepath.Join(s.dir, file))
			if err != nil || bytes.Equal(old, data) {
				break // a free name, or the same image already there
			}
		}
		file = fmt.Sprintf("%s-%d%s", stem, k, ext)
	}
	s.reserved[strings.ToLower(file)] = true
	s.files = append(s.files, outFile{name: file, data: data})
	doc.Images = append(doc.Images, &qgltf.Image{Name: name, MimeType: mime, URI: uriEscape(file)})
	return len(doc.Images) - 1
}

// uriEscape turns a file name into a relative URI reference. A colon is
// escaped too: before the first slash it would read as a URI scheme.
func uriEscape(name string) string {
	return strings.ReplaceAll(url.PathEscape(name), ":", "%3A")
}

func clamp01(x float32) float32 { return min(max(x, 0), 1) }

func clamp01f(x float32) float64 { return float64(clamp01(num.Or0(x))) }
