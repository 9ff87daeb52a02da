package engine

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/draw"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/image/bmp"

	"ms3dstudio/formats/smd"
	"ms3dstudio/formats/teximage"
	"ms3dstudio/internal/atomicfile"
	"ms3dstudio/model"
	"ms3dstudio/model/fix"
	"ms3dstudio/model/texpath"
	"ms3dstudio/texture/palette"
)

// TextureCopy is an 8-bit indexed BMP made from a texture GoldSrc cannot
// load, to be written beside it.
type TextureCopy struct {
	// Source is the texture file read and Target the BMP to write, as
	// operating-system paths.
	Source string `json:"source"`
	Target string `json:"target"`
	// Materials are the materials that now name Target.
	Materials []int `json:"materials"`
	// Colors is the number of palette entries the image uses; Exact
	// reports that the source had no more colours than that, so that every
	// pixel kept its colour (otherwise it was dithered onto the palette).
	Colors int  `json:"colors"`
	Exact  bool `json:"exact"`
	// AlphaDropped reports that the source had transparent pixels: an
	// 8-bit BMP has no alpha.
	AlphaDropped bool `json:"alpha_dropped,omitempty"`
	// Width and Height are the copy's size; Scale, when more than 1, is
	// the whole factor the source was scaled down by to fit the 640×480
	// bytes studiomdl takes for a skin (each pixel the mean of a
	// Scale×Scale block).
	Width  int `json:"width"`
	Height int `json:"height"`
	Scale  int `json:"scale,omitempty"`
	// Exists reports that Target already holds exactly Data, so nothing
	// needs writing.
	Exists bool `json:"exists,omitempty"`
	// Data is the encoded BMP.
	Data []byte `json:"-"`
}

// Write writes the copy to Target atomically, unless Target already holds
// it. It never replaces a file that holds something else: Fix chose a name
// that was free, and a file that appeared there since is an error.
func (c TextureCopy) Write() error {
	old, err := os.ReadFile(c.Target)
	switch {
	case err == nil && bytes.Equal(old, c.Data):
		return nil
	case err == nil:
		return fmt.Errorf("engine: %s appeared while fixing and holds another file; not overwritten", c.Target)
	case !errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("engine: %w", err)
	}
	return atomicfile.WriteFile(c.Target, c.Data, 0o644, false)
}

// Fix makes m fit profile p where a fix exists, and logs every change:
// vertices without a bone are assigned to the nearest joint
// (smd.FixUnboned), and, for GoldSrc, each texture file studiomdl cannot
// load (see Validate) is scaled down by the least whole factor that makes
// it fit the 640×480 bytes studiomdl takes for a skin (when it is larger),
// quantised to an 8-bit palette (package texture/palette:
// exact for 256 colours or fewer, dithered otherwise) and encoded as an
// 8-bit indexed BMP to be written beside it, named like it with .bmp
// ("skin.png" → "skin.bmp"; "skin_8bit.bmp" when that name holds another
// file), and the material is pointed at the copy, relative to the model's
// folder. res finds the texture files; the textures are left alone when it
// is nil or not on the real file system (texpath.NewOS).
//
// Nothing is written: the caller writes the copies (TextureCopy.Write)
// before the model that names them. Textures that cannot be fixed (missing,
// not decodable) are left as they are and said why in problems.
func Fix(m *model.Model, p smd.Profile, res *texpath.Resolver) (changes []fix.Change, copies []TextureCopy, problems []error) {
	first := -1
	var inf [4]model.Influence
	for v := range m.Vertices {
		if m.Influences(v, &inf) == 0 {
			first = v
			break
		}
	}
	if n := smd.FixUnboned(m); n > 0 {
		j := m.Influences(first, &inf)
		what := fmt.Sprintf("%d vertices without a bone → each bound wholly to the joint nearest to it in the bind pose", n)
		if j > 0 {
			b := inf[0].Joint
			what += fmt.Sprintf(" (vertex %d → joint %d %q)", first, b, m.Joints[b].Name.Display())
		}
		changes = append(changes, fix.Change{Code: model.CodeEngineUnboned, Where: model.At(model.PartVertex, first), Message: what})
	}
	if p != smd.GoldSrc || res == nil {
		return changes, nil, nil
	}
	modelDir, ok := res.OSPath(res.ModelDir)
	if !ok {
		return changes, nil, nil
	}
	bySource := map[string]int{} // source file → index in copies
	taken := map[string]bool{}   // targets chosen so far
	for i := range m.Materials {
		mat := &m.Materials[i]
		if mat.Texture.Text() == "" {
			continue
		}
		found := res.Resolve(mat.Texture)
		if !found.Found || found.OSPath == "" {
			continue // reported as missing; there is nothing to convert
		}
		tf, err := InspectTexture(res.FS, found.Path)
		if err != nil || len(tf.Problems) == 0 {
			continue
		}
		k, done := bySource[found.OSPath]
		if !done {
			c, err := makeCopy(res.FS, found.Path, found.OSPath, taken)
			if err != nil {
				problems = append(problems, fmt.Errorf("material %d (%q): texture %q not converted: %w", i, mat.Name.Display(), mat.Texture.Display(), err))
				continue
			}
			taken[c.Target] = true
			k = len(copies)
			copies = append(copies, c)
			bySource[found.OSPath] = k
		}
		c := &copies[k]
		rel, err := filepath.Rel(modelDir, c.Target)
		if err != nil {
			rel = c.Target
		}
		newPath := model.EncodeLike(mat.Texture, filepath.ToSlash(rel))
		if len(newPath) > model.PathSize {
			problems = append(problems, fmt.Errorf("material %d (%q): the copy's path %q is longer than the %d bytes a texture path holds", i, mat.Name.Display(), newPath.Display(), model.PathSize))
			continue
		}
		c.Materials = append(c.Materials, i)
		how := fmt.Sprintf("quantised to %d colours (exact)", c.Colors)
		if !c.Exact {
			how = fmt.Sprintf("quantised to %d colours and dithered (the source has more)", c.Colors)
		}
		if c.AlphaDropped {
			how += ", alpha dropped"
		}
		if c.Scale > 1 {
			how += fmt.Sprintf(", scaled down %d times to %d×%d to fit studiomdl's %d-byte skins", c.Scale, c.Width, c.Height, goldSrcSkinBytes)
		}
		where := "copied to " + c.Target
		if c.Exists {
			where = c.Target + ", which already holds it"
		}
		changes = append(changes, fix.Change{Code: model.CodeEngineTexture, Where: model.At(model.PartMaterial, i),
			Message: fmt.Sprintf("material %d (%q): texture %q (%s) → %q: an 8-bit indexed BMP, %s, %s", i, mat.Name.Display(), mat.Texture.Display(), tf, newPath.Display(), how, where)})
		mat.Texture = newPath
	}
	return changes, copies, problems
}

// makeCopy decodes the texture name in fsys (osPath on disk), scales it
// down to what studiomdl takes when it is larger, quantises it and chooses
// the file beside it to write, skipping names in taken.
func makeCopy(fsys fs.FS, name, osPath string, taken map[string]bool) (TextureCopy, error) {
	f, err := fsys.Open(name)
	if err != nil {
		return TextureCopy{}, err
	}
	img, err := teximage.Decode(name, f)
	f.Close()
	if err != nil {
		return TextureCopy{}, err
	}
	scale := skinScale(img.Bounds().Dx(), img.Bounds().Dy())
	if scale > 1 {
		img = shrink(img, scale)
	}
	q, err := palette.Quantize(img, palette.MaxColors)
	if err != nil {
		return TextureCopy{}, err
	}
	var buf bytes.Buffer
	if err := bmp.Encode(&buf, q.Image); err != nil {
		return TextureCopy{}, err
	}
	b := q.Image.Bounds()
	c := TextureCopy{Source: osPath, Colors: len(q.Image.Palette), Exact: q.Exact, AlphaDropped: q.Translucent,
		Width: b.Dx(), Height: b.Dy(), Scale: scale, Data: buf.Bytes()}
	dir, base := filepath.Split(osPath)
	stem := strings.TrimSuffix(base, filepath.Ext(base))
	for n := 0; ; n++ {
		cand := stem + ".bmp"
		switch {
		case n == 1:
			cand = stem + "_8bit.bmp"
		case n > 1:
			cand = fmt.Sprintf("%s_8bit_%d.bmp", stem, n)
		}
		target := filepath.Join(dir, cand)
		if taken[target] || sameName(target, osPath) {
			continue
		}
		old, err := os.ReadFile(target)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			c.Target = target
			return c, nil
		case err == nil && bytes.Equal(old, c.Data):
			c.Target, c.Exists = target, true
			return c, nil
		case err != nil:
			return TextureCopy{}, err
		}
	}
}

// skinSize is the bytes studiomdl counts for a w×h skin: rows padded to 4
// bytes, and the palette.
func skinSize(w, h int) int { return (w+3)&^3*h + goldSrcPalette }

// skinScale returns the least whole factor that scales a w×h image down
// to a skin studiomdl takes (1 when it already fits).
func skinScale(w, h int) int {
	f := 1
	for skinSize((w+f-1)/f, (h+f-1)/f) > goldSrcSkinBytes {
		f++
	}
	return f
}

// shrink scales img down by the whole factor f: each pixel is the mean of
// an f×f block (premultiplied; the blocks on the right and bottom edges
// may be smaller). Only one row of img is converted at a time, so it
// takes the small image and a row of the large one.
func shrink(img image.Image, f int) *image.RGBA {
	b := img.Bounds()
	w, h := (b.Dx()+f-1)/f, (b.Dy()+f-1)/f
	out := image.NewRGBA(image.Rect(0, 0, w, h))
	row := image.NewRGBA(image.Rect(0, 0, b.Dx(), 1))
	sum := make([]uint64, 4*w)
	count := make([]uint64, w)
	for y := 0; y < b.Dy(); y++ {
		draw.Draw(row, row.Rect, img, image.Pt(b.Min.X, b.Min.Y+y), draw.Src)
		for x := 0; x < b.Dx(); x++ {
			o := x / f
			for k := range 4 {
				sum[4*o+k] += uint64(row.Pix[4*x+k])
			}
			count[o]++
		}
		if (y+1)%f != 0 && y != b.Dy()-1 {
			continue
		}
		dst := out.Pix[(y/f)*out.Stride:]
		for o := range count {
			for k := range 4 {
				dst[4*o+k] = uint8((sum[4*o+k] + count[o]/2) / count[o])
			}
			count[o] = 0
		}
		clear(sum)
	}
	return out
}

// sameName reports whether a and b name one file, ignoring letter case
// (the source's own name spelt otherwise, on a case-insensitive disk, is
// the source).
func sameName(a, b string) bool {
	if strings.EqualFold(a, b) {
		return true
	}
	sa, errA := os.Stat(a)
	sb, errB := os.Stat(b)
	return errA == nil && errB == nil && os.SameFile(sa, sb)
}

// FixCodes lists the engine findings Fix clears: vertices without a bone
// (both engines) and textures GoldSrc cannot load (quantised into BMP
// copies).
func FixCodes() []model.Code { return []model.Code{model.CodeEngineUnboned, model.CodeEngineTexture} }

// IsCode reports whether c is an engine profile's finding code (one of
// Validate's).
func IsCode(c model.Code) bool { return strings.HasPrefix(string(c), "engine.") }

// Fixable reports whether Fix, for the engine of profile p ("" for none),
// clears f in m, with textures found through res: vertices without a
// bone, for either engine, when m has joints, and, for GoldSrc, a texture
// file that is found on disk but is not an 8-bit BMP studiomdl loads. A
// missing or unreadable texture, too many bones or a mesh over the limits
// has no automatic fix. Only the texture file's header is read.
func Fixable(m *model.Model, p smd.Profile, res *texpath.Resolver, f model.Finding) bool {
	if p == "" {
		return false
	}
	switch f.Code {
	case model.CodeEngineUnboned:
		return len(m.Joints) > 0
	case model.CodeEngineTexture:
		if p != smd.GoldSrc || f.Where.Part != model.PartMaterial || f.Where.Index < 0 || f.Where.Index >= len(m.Materials) || res == nil {
			return false
		}
		if _, ok := res.OSPath(res.ModelDir); !ok {
			return false // Fix writes copies on the real file system only
		}
		found := res.Resolve(m.Materials[f.Where.Index].Texture)
		if !found.Found || found.OSPath == "" {
			return false
		}
		tf, err := InspectTexture(res.FS, found.Path)
		return err == nil && len(tf.Problems) > 0
	}
	return false
}
