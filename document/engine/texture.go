package engine

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"image/color"
	"io"
	"io/fs"
	"path"
	"strings"

	"ms3dstudio/formats/smd"
	"ms3dstudio/formats/teximage"
	"ms3dstudio/model"
	"ms3dstudio/model/texpath"
)

// What GoldSrc's studiomdl takes as a skin, from the Half-Life SDK
// (utils/studiomdl/studiomdl.c and utils/common/lbmlib.c): Grab_Skin loads
// only a file whose name ends in ".bmp", and LoadBMP only one with a
// 40-byte BITMAPINFOHEADER, one plane, 8 bits per pixel, no compression
// (BI_RGB) and at most 256 palette entries (0 meaning 256). LoadBMP ignores
// the header's pixel offset and reads the rows from right after the
// palette up to the header's file size, bottom-up (a positive height).
// ResizeTexture then refuses a skin whose width, rounded up to a multiple
// of 4, times its height plus the 768-byte palette is more than 640×480
// bytes ("texture too large"). The skin is cropped to the texture
// coordinates the model uses, so that rule holds for a texture used whole;
// a texture whose name contains "chrome" is a chrome skin, always 64×64.
const (
	goldSrcInfoHeader = 40
	goldSrcColors     = 256
	goldSrcSkinBytes  = 640 * 480
	goldSrcPalette    = 256 * 3
)

// TextureFile describes a texture file as GoldSrc's studiomdl would read
// it.
type TextureFile struct {
	// Format is the formats/teximage name of what the file holds ("bmp",
	// "png" …), chosen by its signature first; empty when not known.
	Format string `json:"format,omitempty"`
	// Width and Height are the size in pixels, 0 when unknown.
	Width  int `json:"width,omitempty"`
	Height int `json:"height,omitempty"`
	// Kind describes the pixels: "8-bit", "24-bit" … for a BMP; "RGB",
	// "RGBA", "grey", "indexed" … otherwise; empty when unknown.
	Kind string `json:"kind,omitempty"`
	// Colors is the palette size of an indexed BMP.
	Colors int `json:"colors,omitempty"`
	// Problems say why studiomdl will not load the file as a skin; none
	// when it will.
	Problems []string `json:"problems,omitempty"`
}

// String describes the file: "24-bit BMP 256×256", "PNG 512×512 RGBA",
// "8-bit BMP 64×64 with 256 colours".
func (f TextureFile) String() string {
	name := strings.ToUpper(f.Format)
	if name == "" {
		name = "a file of no image format this tool knows"
	}
	var b strings.Builder
	if f.Format == teximage.BMP && f.Kind != "" {
		b.WriteString(f.Kind + " ")
	}
	b.WriteString(name)
	if f.Width > 0 || f.Height > 0 {
		fmt.Fprintf(&b, " %d×%d", f.Width, f.Height)
	}
	switch {
	case f.Format == teximage.BMP && f.Colors > 0:
		fmt.Fprintf(&b, " with %d colours", f.Colors)
	case f.Format != teximage.BMP && f.Kind != "":
		b.WriteString(" " + f.Kind)
	}
	return b.String()
}

// InspectTexture reads the header of the texture file name in fsys and says
// what it is and whether GoldSrc's studiomdl loads it as a skin. Only the
// headers are read. The error is for a file that cannot be opened or read.
func InspectTexture(fsys fs.FS, name string) (TextureFile, error) {
	f, err := fsys.Open(name)
	if err != nil {
		return TextureFile{}, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return TextureFile{}, err
	}
	head := make([]byte, 64)
	n, err := io.ReadFull(f, head)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
		return TextureFile{}, err
	}
	head = head[:n]
	var tf TextureFile
	tf.Format = teximage.Detect(name, head)
	switch tf.Format {
	case teximage.BMP:
		inspectBMP(&tf, head, st.Size())
	case "":
		tf.Problems = append(tf.Problems, "studiomdl reads only BMP files")
		return tf, nil
	default:
		if cfg, _, err := teximage.DecodeConfig(name, io.MultiReader(bytes.NewReader(head), f)); err == nil {
			tf.Width, tf.Height, tf.Kind = cfg.Width, cfg.Height, modelName(cfg.ColorModel)
		}
		if tf.Format == teximage.PNG {
			tf.Kind = pngKind(head, tf.Kind)
		}
		tf.Problems = append(tf.Problems, "studiomdl reads only BMP files")
	}
	if ext := strings.ToLower(path.Ext(name)); tf.Format == teximage.BMP && ext != ".bmp" {
		tf.Problems = append(tf.Problems, fmt.Sprintf("the file is named %q and studiomdl loads only names ending in .bmp", path.Base(name)))
	}
	return tf, nil
}

// inspectBMP reads a BMP's file and info headers as LoadBMP does.
func inspectBMP(tf *TextureFile, head []byte, fileSize int64) {
	if len(head) < 30 {
		tf.Problems = append(tf.Problems, "the BMP header is cut short")
		return
	}
	u16 := func(o int) uint16 { return binary.LittleEndian.Uint16(head[o:]) }
	u32 := func(o int) uint32 { return binary.LittleEndian.Uint32(head[o:]) }
	infoLen := u32(14)
	var width, height int64
	var planes, bpp uint16
	var compression, used uint32
	if infoLen == 12 { // OS/2 1.x BITMAPCOREHEADER: 16-bit sizes
		width, height, planes, bpp = int64(u16(18)), int64(int16(u16(20))), u16(22), u16(24)
	} else {
		width, height, planes, bpp = int64(int32(u32(18))), int64(int32(u32(22))), u16(26), u16(28)
		if len(head) >= 50 {
			compression, used = u32(30), u32(46)
		}
	}
	tf.Width, tf.Height = int(abs(width)), int(abs(height))
	tf.Kind = fmt.Sprintf("%d-bit", bpp)
	problem := func(format string, a ...any) { tf.Problems = append(tf.Problems, fmt.Sprintf(format, a...)) }
	if u16(6) != 0 || u16(8) != 0 {
		problem("its header's reserved fields are not 0, which studiomdl refuses")
	}
	if infoLen != goldSrcInfoHeader {
		problem("it has a %s; studiomdl reads only the 40-byte BITMAPINFOHEADER", bmpHeaderName(infoLen))
	}
	if planes != 1 {
		problem("it has %d colour planes, not 1", planes)
	}
	if bpp != 8 {
		problem("it has %d bits per pixel and studiomdl reads only 8", bpp)
	}
	if compression != 0 {
		problem("it is compressed (%s) and studiomdl reads only uncompressed (BI_RGB) pixels", bmpCompression(compression, bpp))
	}
	if bpp <= 8 {
		n := used
		if n == 0 {
			n = 1 << bpp
		}
		tf.Colors = int(n)
		if n > goldSrcColors {
			problem("its palette has %d entries and studiomdl takes at most 256", n)
		}
	}
	if width <= 0 || height <= 0 {
		problem("it is %d×%d as stored; studiomdl reads only bottom-up rows (a positive height) of a positive width", width, height)
	}
	if infoLen != goldSrcInfoHeader || bpp != 8 || compression != 0 || tf.Colors > goldSrcColors || width <= 0 || height <= 0 {
		return // the layout checks below assume what studiomdl reads
	}
	after := int64(14+goldSrcInfoHeader) + 4*int64(tf.Colors)
	if off := int64(u32(10)); off != after {
		problem("its pixels start at byte %d, not right after the palette (byte %d), where studiomdl reads them", off, after)
	}
	need := after + (width+3)&^3*height
	switch size := int64(u32(2)); {
	case size > fileSize:
		problem("its header gives a file size of %d bytes, more than the file's %d, so studiomdl's read fails", size, fileSize)
	case size < need:
		problem("its header gives a file size of %d bytes, short of the %d its rows need", size, need)
	}
}

func abs(v int64) int64 {
	if v < 0 {
		return -v
	}
	return v
}

// bmpHeaderName names a BMP info header by its length.
func bmpHeaderName(n uint32) string {
	switch n {
	case 12:
		return "12-byte OS/2 1.x header"
	case 16, 64:
		return fmt.Sprintf("%d-byte OS/2 2.x header", n)
	case 52:
		return "52-byte BITMAPV2INFOHEADER"
	case 56:
		return "56-byte BITMAPV3INFOHEADER"
	case 108:
		return "108-byte BITMAPV4HEADER"
	case 124:
		return "124-byte BITMAPV5HEADER"
	}
	return fmt.Sprintf("%d-byte info header", n)
}

// bmpCompression names a BMP compression method.
func bmpCompression(c uint32, bpp uint16) string {
	switch c {
	case 1:
		return "RLE8"
	case 2:
		return "RLE4"
	case 3:
		return fmt.Sprintf("BI_BITFIELDS, %d-bit", bpp)
	case 4:
		return "an embedded JPEG"
	case 5:
		return "an embedded PNG"
	case 6:
		return "BI_ALPHABITFIELDS"
	}
	return fmt.Sprintf("method %d", c)
}

// pngKind reads the colour type and bit depth of a PNG's IHDR chunk, which
// image/png's colour models do not tell apart (RGB and RGBA both decode as
// color.RGBA); fallback when the header is not there.
func pngKind(head []byte, fallback string) string {
	if len(head) < 26 || string(head[12:16]) != "IHDR" {
		return fallback
	}
	depth, kind := head[24], ""
	switch head[25] {
	case 0:
		kind = "grey"
	case 2:
		kind = "RGB"
	case 3:
		kind = "indexed"
	case 4:
		kind = "grey+alpha"
	case 6:
		kind = "RGBA"
	default:
		return fallback
	}
	if depth != 8 {
		kind += fmt.Sprintf(" %d-bit", depth)
	}
	return kind
}

// modelName names an image's colour model for a user.
func modelName(m color.Model) string {
	switch m {
	case color.RGBAModel, color.NRGBAModel:
		return "RGBA"
	case color.RGBA64Model, color.NRGBA64Model:
		return "RGBA 16-bit"
	case color.GrayModel:
		return "grey"
	case color.Gray16Model:
		return "grey 16-bit"
	case color.YCbCrModel:
		return "YCbCr"
	case color.CMYKModel:
		return "CMYK"
	}
	if p, ok := m.(color.Palette); ok {
		return fmt.Sprintf("indexed, %d colours", len(p))
	}
	return ""
}

// textureFindings checks the file each material's texture resolves to
// through res against what studiomdl loads (see the constants above).
func textureFindings(m *model.Model, res *texpath.Resolver) []model.Finding {
	type inspected struct {
		tf  TextureFile
		err error
	}
	seen := map[string]inspected{}
	var out []model.Finding
	for i, mat := range m.Materials {
		tex := mat.Texture.Display()
		if tex == "" {
			continue
		}
		where := model.At(model.PartMaterial, i)
		found := res.Resolve(mat.Texture)
		if !found.Found {
			out = append(out, model.Finding{Code: model.CodeEngineTexture, Severity: model.Warning, Where: where,
				Message: fmt.Sprintf("material %q: texture %q is missing; GoldSrc needs it as an 8-bit indexed BMP", mat.Name.Display(), tex)})
			continue
		}
		in, ok := seen[found.Path]
		if !ok {
			in.tf, in.err = InspectTexture(res.FS, found.Path)
			seen[found.Path] = in
		}
		if in.err != nil {
			out = append(out, model.Finding{Code: model.CodeEngineTexture, Severity: model.Warning, Where: where,
				Message: fmt.Sprintf("material %q: texture %q cannot be read (%v); GoldSrc needs an 8-bit indexed BMP", mat.Name.Display(), tex, in.err)})
			continue
		}
		if len(in.tf.Problems) > 0 {
			out = append(out, model.Finding{Code: model.CodeEngineTexture, Severity: model.Warning, Where: where,
				Message: fmt.Sprintf("material %q: texture %q is %s, which GoldSrc's studiomdl does not load: %s", mat.Name.Display(), tex, article(in.tf.String()), strings.Join(in.tf.Problems, "; ")),
				Fix:     "quantise it to an 8-bit palette into a BMP copy beside it and point the material at the copy"})
		}
		if w, h := in.tf.Width, in.tf.Height; w > 0 && h > 0 && !strings.Contains(strings.ToLower(smd.GoldSrcTexture(mat)), "chrome") {
			if size := (w+3)&^3*h + goldSrcPalette; size > goldSrcSkinBytes {
				out = append(out, model.Finding{Code: model.CodeEngineTextureSize, Severity: model.Warning, Where: where,
					Message: fmt.Sprintf("material %q: texture %q is %d×%d, a %d-byte skin with its palette; studiomdl refuses more than 640×480 = %d bytes (\"texture too large\") when the model's texture coordinates use the whole image", mat.Name.Display(), tex, w, h, size, goldSrcSkinBytes),
					Fix:     "scale the texture down (512×512 fits)"})
			}
		}
	}
	return out
}

// article puts "a" or "an" before a description.
func article(s string) string {
	if s == "" {
		return s
	}
	if strings.HasPrefix(s, "a file") {
		return s
	}
	switch s[0] {
	case 'A', 'E', 'I', 'O', 'a', 'e', 'i', 'o', '8':
		return "an " + s
	}
	return "a " + s
}
