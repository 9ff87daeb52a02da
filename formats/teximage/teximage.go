// Package teximage decodes the texture images MilkShape 3D and 3DS models
// name: PNG, JPEG and GIF (standard library), BMP (golang.org/x/image/bmp),
// TGA (formats/tga), DDS (formats/dds) and PCX (formats/pcx).
//
// The decoder is chosen by the file name's extension, ignoring case. TGA has
// no signature, so it can only be chosen that way: this package never
// registers a TGA decoder with image.RegisterFormat, which would need an
// empty magic string and would then claim every input image.Decode sniffs.
// PCX's one-byte signature is too weak to sniff, so it too is chosen by
// extension.
// When the extension lies (a ".bmp" that holds a PNG), the signature at the
// start of the data wins; a file with no known signature whose header reads
// as a TGA header is decoded as TGA whatever its extension.
//
// Valid variants a decoder does not read give an *UnsupportedError naming
// the variant (golang.org/x/image/bmp reads neither run-length-encoded nor
// 16-bit BMPs; formats/dds reads no BC4–BC7 or cube maps). Images larger than MaxSide or MaxPixels are refused before
// any pixel memory is allocated, whatever their format, and so are images
// whose decoding needs more memory than Budget and images whose data
// cannot hold the pixels their headers claim (a *BudgetError or a
// *ShortDataError). Stat says all that from the headers alone.
package teximage

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"image"
	"image/gif"
	"image/jpeg"
	"image/png"
	"io"
	"os"
	"path"
	"strings"

	"golang.org/x/image/bmp"

	"ms3dstudio/formats/dds"
	"ms3dstudio/formats/pcx"
	"ms3dstudio/formats/tga"
	"ms3dstudio/internal/imagelimit"
)

// Format names, as Detect and DecodeConfig return them.
const (
	PNG  = "png"
	JPEG = "jpeg"
	GIF  = "gif"
	BMP  = "bmp"
	TGA  = "tga"
	DDS  = "dds"
	PCX  = "pcx"
)

// Limits on decoded images, those of every texture decoder
// (internal/imagelimit): a header can claim billions of pixels in a few
// bytes, and the standard decoders allocate what the header says.
const (
	// MaxSide is the largest width or height a texture may have.
	MaxSide = imagelimit.MaxSide
	// MaxPixels is the largest width × height a texture may have.
	MaxPixels = imagelimit.MaxPixels
)

// ErrTooLarge is wrapped by errors for images larger than the limits.
var ErrTooLarge = errors.New("teximage: image too large")

// UnsupportedError reports a valid image of a variant the format's decoder
// does not read.
type UnsupportedError struct {
	// Format is one of the format names (PNG, JPEG, GIF, BMP, TGA, DDS,
	// PCX).
	Format string
	// Variant names what is not supported, for example "RLE8 compression".
	Variant string
}

// Error returns "unsupported bmp variant: RLE8 compression".
func (e *UnsupportedError) Error() string {
	return "unsupported " + e.Format + " variant: " + e.Variant
}

// UnknownFormatError reports data whose extension names no supported format
// and which starts with no known signature.
type UnknownFormatError struct {
	// Ext is the file name's extension, lower-cased, with its dot; empty
	// when the name has none.
	Ext string
}

// Error returns "unknown image format (extension ".xyz", no known signature)".
func (e *UnknownFormatError) Error() string {
	return fmt.Sprintf("unknown image format (extension %q, no known signature)", e.Ext)
}

// FormatOf returns the format a file name's extension names, ignoring case,
// or "" for an extension this package does not know. Both slashes separate
// folders, so Windows-style texture paths work too.
func FormatOf(name string) string {
	switch ext(name) {
	case ".png":
		return PNG
	case ".jpg", ".jpeg", ".jpe", ".jfif":
		return JPEG
	case ".gif":
		return GIF
	case ".bmp", ".dib":
		return BMP
	case ".tga", ".targa", ".icb", ".vda", ".vst":
		return TGA
	case ".dds":
		return DDS
	case ".pcx":
		return PCX
	}
	return ""
}

func ext(name string) string {
	return strings.ToLower(path.Ext(strings.ReplaceAll(name, `\`, "/")))
}

// headLen is how much of the data Detect needs: the BMP file and info
// headers up to the colour count.
const headLen = 64

// Sniff returns the format whose signature head starts with, or "". TGA has
// no signature and PCX too weak a one: neither is ever returned.
func Sniff(head []byte) string {
	switch {
	case bytes.HasPrefix(head, []byte("\x89PNG\r\n\x1a\n")):
		return PNG
	case bytes.HasPrefix(head, []byte("\xff\xd8\xff")):
		return JPEG
	case bytes.HasPrefix(head, []byte("GIF87a")), bytes.HasPrefix(head, []byte("GIF89a")):
		return GIF
	case bytes.HasPrefix(head, []byte(dds.Magic)):
		return DDS
	case len(head) >= 18 && head[0] == 'B' && head[1] == 'M':
		// "BM" alone is weak; the info header size must be one that exists.
		switch binary.LittleEndian.Uint32(head[14:]) {
		case 12, 16, 40, 52, 56, 64, 108, 124:
			return BMP
		}
	}
	return ""
}

// Detect chooses the decoder for data that starts with head and comes from a
// file called name: a known signature first, then a TGA or PCX extension,
// then a header that reads as TGA, then any other known extension. It returns
// "" when nothing fits.
func Detect(name string, head []byte) string {
	if f := Sniff(head); f != "" {
		return f
	}
	byExt := FormatOf(name)
	if byExt == PCX {
		// An old PCX header (version 0) could pass for a TGA one.
		return PCX
	}
	if byExt == TGA || plausibleTGA(head) {
		return TGA
	}
	return byExt
}

// plausibleTGA reports whether head reads as the header of a TGA image that
// formats/tga decodes, with at least one pixel. None of the signatures Sniff
// knows can pass: their second byte would be the colour-map type, which is 0
// or 1.
func plausibleTGA(head []byte) bool {
	h, err := tga.ReadHeader(bytes.NewReader(head))
	if err != nil || h.Width == 0 || h.Height == 0 || h.ColorMapType > 1 || h.Interleave != 0 {
		return false
	}
	bits := h.PixelBits
	switch h.ImageType &^ 8 {
	case tga.TypeColorMapped:
		return h.ColorMapType == 1 && (bits == 8 || bits == 16)
	case tga.TypeTrueColor:
		return bits == 15 || bits == 16 || bits == 24 || bits == 32
	case tga.TypeGray:
		return bits == 8 || bits == 16
	}
	return false
}

// DecodeConfig returns the dimensions and colour model of the image in r,
// which comes from a file called name, and the format it was decoded as.
// Only the headers are read; sizes are not checked against the limits.
func DecodeConfig(name string, r io.Reader) (image.Config, string, error) {
	br := bufio.NewReader(r)
	head, err := br.Peek(headLen)
	if err != nil && err != io.EOF && err != bufio.ErrBufferFull {
		return image.Config{}, "", fmt.Errorf("teximage: %s: %w", name, err)
	}
	format := Detect(name, head)
	if format == "" {
		return image.Config{}, "", fmt.Errorf("teximage: %s: %w", name, &UnknownFormatError{Ext: ext(name)})
	}
	cfg, err := decoderOf(format).config(io.LimitReader(br, headerLimit))
	if err != nil {
		return image.Config{}, format, wrap(name, format, head, err)
	}
	return cfg, format, nil
}

// decoder is the package that decodes one format.
type decoder struct {
	decode func(io.Reader) (image.Image, error)
	config func(io.Reader) (image.Config, error)
}

// decoders are the decoders of the formats Detect returns.
var decoders = map[string]decoder{
	PNG:  {png.Decode, png.DecodeConfig},
	JPEG: {jpeg.Decode, jpeg.DecodeConfig},
	GIF:  {gif.Decode, gif.DecodeConfig},
	BMP:  {bmp.Decode, bmp.DecodeConfig},
	TGA:  {tga.Decode, tga.DecodeConfig},
	DDS:  {dds.Decode, dds.DecodeConfig},
	PCX:  {pcx.Decode, pcx.DecodeConfig},
}

// decoderOf returns the decoder of format; TGA, which has no signature, is
// the decoder of last resort.
func decoderOf(format string) decoder {
	if d, ok := decoders[format]; ok {
		return d
	}
	return decoders[TGA]
}

// Input bounds. The headers of every format fit in headerLimit (a JPEG may
// carry large metadata segments before its frame header); after them, no
// image within the limits needs more than perPixel bytes per pixel plus
// slack for colour maps, metadata and footers.
const (
	headerLimit = 16 << 20
	perPixel    = 8
	slack       = 16 << 20
)

// Decode decodes the image in r, which comes from a file called name (see
// the package documentation for how the decoder is chosen). The headers are
// read and the size checked against the limits before the rest of r is
// read, and no more of r is read than an image of that size can need.
func Decode(name string, r io.Reader) (image.Image, error) {
	br := bufio.NewReader(r)
	head, err := br.Peek(headLen)
	if err != nil && err != io.EOF && err != bufio.ErrBufferFull {
		return nil, fmt.Errorf("teximage: %s: %w", name, err)
	}
	head = bytes.Clone(head)
	format := Detect(name, head)
	if format == "" {
		return nil, fmt.Errorf("teximage: %s: %w", name, &UnknownFormatError{Ext: ext(name)})
	}
	// The configuration is decoded from a copy of what it reads, so that the
	// image decoder can start from the beginning again.
	var seen bytes.Buffer
	cfg, err := decoderOf(format).config(io.TeeReader(io.LimitReader(br, headerLimit), &seen))
	if err != nil {
		return nil, wrap(name, format, head, err)
	}
	if err := checkLimits(name, format, cfg); err != nil {
		return nil, err
	}
	rest, err := io.ReadAll(io.LimitReader(br, int64(cfg.Width)*int64(cfg.Height)*perPixel+slack))
	if err != nil {
		return nil, fmt.Errorf("teximage: %s: %w", name, err)
	}
	data := append(seen.Bytes(), rest...)
	p, err := planFor(format, cfg, bytes.NewReader(data))
	if err == nil {
		err = p.check(format, cfg, int64(len(data)))
	}
	if err != nil {
		return nil, fmt.Errorf("teximage: %s: %w", name, err)
	}
	img, err := decoderOf(format).decode(bytes.NewReader(data))
	if err != nil {
		return nil, wrap(name, format, head, err)
	}
	return img, nil
}

// DecodeFile decodes the image file at path; see Decode.
func DecodeFile(path string) (image.Image, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("teximage: %w", err)
	}
	defer f.Close()
	return Decode(path, f)
}

// DecodeFileConfig returns the dimensions, colour model and format of the
// image file at path; see DecodeConfig.
func DecodeFileConfig(path string) (image.Config, string, error) {
	f, err := os.Open(path)
	if err != nil {
		return image.Config{}, "", fmt.Errorf("teximage: %w", err)
	}
	defer f.Close()
	return DecodeConfig(path, f)
}

// wrap adds the file name and format to a decoder's error and turns each
// decoder's own "unsupported" error into an *UnsupportedError that names the
// variant.
func wrap(name, format string, head []byte, err error) error {
	var (
		pngU  png.UnsupportedError
		jpegU jpeg.UnsupportedError
		tgaU  *tga.UnsupportedError
		ddsU  *dds.UnsupportedError
		pcxU  *pcx.UnsupportedError
	)
	var u *UnsupportedError
	switch {
	case errors.Is(err, bmp.ErrUnsupported):
		u = &UnsupportedError{Format: BMP, Variant: bmpVariant(head)}
	case errors.As(err, &pngU):
		u = &UnsupportedError{Format: PNG, Variant: string(pngU)}
	case errors.As(err, &jpegU):
		u = &UnsupportedError{Format: JPEG, Variant: string(jpegU)}
	case errors.As(err, &tgaU):
		u = &UnsupportedError{Format: TGA, Variant: tgaU.Variant}
	case errors.As(err, &ddsU):
		u = &UnsupportedError{Format: DDS, Variant: ddsU.Variant}
	case errors.As(err, &pcxU):
		u = &UnsupportedError{Format: PCX, Variant: pcxU.Variant}
	}
	if u != nil {
		return fmt.Errorf("teximage: %s: %w", name, u)
	}
	return fmt.Errorf("teximage: %s: %s: %w", name, format, err)
}

// bmpVariant names what golang.org/x/image/bmp refused in a BMP whose file
// starts with head. That decoder reads uncompressed BMPs with 1, 2, 4, 8, 24
// or 32 bits per pixel, one plane, a 40-, 108- or 124-byte info header and
// the pixels right after the palette.
func bmpVariant(head []byte) string {
	if len(head) < 34 {
		return "a header too short to read"
	}
	u16 := func(o int) uint16 { return binary.LittleEndian.Uint16(head[o:]) }
	u32 := func(o int) uint32 { return binary.LittleEndian.Uint32(head[o:]) }
	infoLen := u32(14)
	switch infoLen {
	case 40, 108, 124:
	case 12:
		return "OS/2 1.x bitmap header (12 bytes)"
	case 16, 64:
		return fmt.Sprintf("OS/2 2.x bitmap header (%d bytes)", infoLen)
	default:
		return fmt.Sprintf("%d-byte bitmap info header", infoLen)
	}
	width, height := int32(u32(18)), int32(u32(22))
	planes, bpp, compression := u16(26), u16(28), u32(30)
	switch {
	case width < 0:
		return fmt.Sprintf("negative width %d", width)
	case (width == 0) != (height == 0):
		return fmt.Sprintf("a %d×%d image", width, height)
	case compression != 0:
		switch compression {
		case 1:
			return "RLE8 compression"
		case 2:
			return "RLE4 compression"
		case 3:
			return fmt.Sprintf("BI_BITFIELDS colour masks with %d bits per pixel", bpp)
		case 4:
			return "embedded JPEG (BI_JPEG)"
		case 5:
			return "embedded PNG (BI_PNG)"
		case 6:
			return "BI_ALPHABITFIELDS colour masks"
		}
		return fmt.Sprintf("compression method %d", compression)
	case planes != 1:
		return fmt.Sprintf("%d colour planes", planes)
	}
	switch bpp {
	case 1, 2, 4, 8, 24, 32:
	default:
		return fmt.Sprintf("%d bits per pixel", bpp)
	}
	want := 14 + infoLen
	if bpp <= 8 && len(head) >= 50 {
		used := u32(46)
		if used > 1<<bpp {
			return fmt.Sprintf("%d palette entries for %d-bit pixels", used, bpp)
		}
		if used == 0 {
			used = 1 << bpp
		}
		want += 4 * used
	}
	if off := u32(10); off != want {
		return fmt.Sprintf("pixel data at offset %d, not right after the header and palette (%d)", off, want)
	}
	return "a variant golang.org/x/image/bmp does not read"
}
