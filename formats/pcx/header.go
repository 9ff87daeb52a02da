// Package pcx decodes ZSoft PC Paintbrush (PCX) images, as described by
// ZSoft's "PCX Technical Reference Manual" (revision 5): the 128-byte header,
// run-length-encoded scan lines of one or more colour planes, the 16-colour
// palette in the header and the 256-colour palette at the end of the file.
//
// It reads:
//   - 8-bit pixels in one plane with the 256-colour palette that follows the
//     0x0C marker in the file's last 769 bytes, or, without one, grey-scale
//     pixels when the header's palette type says grey-scale (2);
//   - 24-bit colour as three 8-bit planes (red, green, blue) and 32-bit
//     colour with alpha as four;
//   - the EGA/VGA variants with the header's 16-colour palette: 1-bit pixels
//     in two to four planes (4 to 16 colours) and 4-bit pixels in one plane;
//   - 1-bit pixels in one plane as black (0) and white (1), whatever the
//     header palette holds (often nothing), as other readers do;
//   - run-length encoded (encoding 1) and uncompressed (encoding 0) data;
//     runs may cross scan lines, as many writers make them.
//
// Other variants give an *UnsupportedError naming them: 2-bit CGA pixels,
// whose colours come from the CGA hardware palette, and other combinations
// of bits and planes. The header palette is used whatever the version says.
//
// Sizes from the header are checked before anything is allocated, against
// the limits every texture decoder shares (internal/imagelimit: a header
// may claim 65536×65536 pixels in a file of 128 bytes), and so are the
// bytes the scan lines need.
package pcx

import (
	"encoding/binary"
	"errors"
	"fmt"
	"image"
	"image/color"
	"io"

	"ms3dstudio/internal/imageerr"
)

// ErrTooLarge is wrapped by the error Decode returns for an image past the
// limits every texture decoder shares (internal/imagelimit).
var ErrTooLarge = errors.New("pcx: image too large")

// Manufacturer is the first byte of every PCX file.
const Manufacturer = 0x0a

// HeaderSize is the size of the header; the scan lines follow it.
const HeaderSize = 128

// PaletteMarker precedes the 256-colour palette at the end of the file.
const PaletteMarker = 0x0c

// paletteSize is the marker and 256 RGB entries.
const paletteSize = 1 + 256*3

// Header is the PCX file header.
type Header struct {
	// Version is 0 (PC Paintbrush 2.5), 2 (2.8 with a palette), 3 (2.8
	// without), 4 (for Windows) or 5 (3.0 and later).
	Version uint8
	// Encoding is 1 for run-length encoding, 0 for none.
	Encoding uint8
	// BitsPerPixel is the number of bits per pixel in each plane.
	BitsPerPixel uint8
	// XMin, YMin, XMax and YMax are the image window, inclusive.
	XMin, YMin, XMax, YMax uint16
	// HDPI and VDPI are the resolution.
	HDPI, VDPI uint16
	// Palette16 is the 16-colour palette (red, green, blue per entry).
	Palette16 [48]byte
	// Planes is the number of colour planes.
	Planes uint8
	// BytesPerLine is the size of one plane of one scan line (even, by the
	// manual; not every writer makes it so).
	BytesPerLine uint16
	// PaletteInfo is 1 for colour or black and white, 2 for grey-scale.
	PaletteInfo uint16
	// Width and Height are the image size the window gives.
	Width, Height int
}

// ReadHeader reads the header from r, leaving r at the scan lines.
func ReadHeader(r io.Reader) (Header, error) {
	var b [HeaderSize]byte
	if _, err := io.ReadFull(r, b[:]); err != nil {
		return Header{}, &FormatError{Msg: "reading the header", Err: imageerr.NoEOF(err)}
	}
	if b[0] != Manufacturer {
		return Header{}, &FormatError{Msg: fmt.Sprintf("first byte %#02x, not %#02x", b[0], Manufacturer)}
	}
	u16 := func(o int) uint16 { return binary.LittleEndian.Uint16(b[o:]) }
	h := Header{
		Version:      b[1],
		Encoding:     b[2],
		BitsPerPixel: b[3],
		XMin:         u16(4),
		YMin:         u16(6),
		XMax:         u16(8),
		YMax:         u16(10),
		HDPI:         u16(12),
		VDPI:         u16(14),
		Planes:       b[65],
		BytesPerLine: u16(66),
		PaletteInfo:  u16(68),
	}
	copy(h.Palette16[:], b[16:64])
	if h.XMax < h.XMin || h.YMax < h.YMin {
		return Header{}, &FormatError{Msg: fmt.Sprintf("image window (%d, %d)–(%d, %d) is empty", h.XMin, h.YMin, h.XMax, h.YMax)}
	}
	h.Width, h.Height = int(h.XMax-h.XMin)+1, int(h.YMax-h.YMin)+1
	return h, nil
}

// Pixel kinds Decode reads.
const (
	kindPalette256 = 1 + iota // 8 bits, one plane, palette at the end
	kindRGB                   // 8 bits, three or four planes
	kindPlanar                // 1 bit, one to four planes, header palette
	kindNibble                // 4 bits, one plane, header palette
)

// kind checks the header and returns how the pixels are stored.
func (h *Header) kind() (int, error) {
	if h.Encoding > 1 {
		return 0, &FormatError{Msg: fmt.Sprintf("encoding %d (0 and 1 exist)", h.Encoding)}
	}
	var k int
	switch bp := [2]uint8{h.BitsPerPixel, h.Planes}; {
	case bp == [2]uint8{8, 1}:
		k = kindPalette256
	case bp == [2]uint8{8, 3}, bp == [2]uint8{8, 4}:
		k = kindRGB
	case h.BitsPerPixel == 1 && h.Planes >= 1 && h.Planes <= 4:
		k = kindPlanar
	case bp == [2]uint8{4, 1}:
		k = kindNibble
	case bp == [2]uint8{2, 1}:
		return 0, &UnsupportedError{Variant: "2-bit CGA pixels"}
	default:
		return 0, &UnsupportedError{Variant: fmt.Sprintf("%d plane(s) of %d-bit pixels", h.Planes, h.BitsPerPixel)}
	}
	if need := (h.Width*int(h.BitsPerPixel) + 7) / 8; int(h.BytesPerLine) < need {
		return 0, &FormatError{Msg: fmt.Sprintf("%d bytes per plane line cannot hold %d pixels of %d bits", h.BytesPerLine, h.Width, h.BitsPerPixel)}
	}
	return k, nil
}

// palette16 returns the first n colours of the header palette, or black and
// white for 1-bit pixels in one plane.
func (h *Header) palette16(n int) color.Palette {
	if n == 2 {
		return color.Palette{color.RGBA{0, 0, 0, 0xff}, color.RGBA{0xff, 0xff, 0xff, 0xff}}
	}
	p := make(color.Palette, n)
	for i := range p {
		e := h.Palette16[3*i:]
		p[i] = color.RGBA{e[0], e[1], e[2], 0xff}
	}
	return p
}

// DecodeConfig returns the colour model and dimensions of the PCX image in r:
// the palette (a color.Palette) for paletted images, color.GrayModel for
// grey-scale and color.NRGBAModel for 24- and 32-bit colour. For 8-bit
// images in one plane it reads r to the end (no more than such an image can
// need), since their palette closes the file; otherwise only the header. It
// does not judge the size against the limits.
func DecodeConfig(r io.Reader) (image.Config, error) {
	h, err := ReadHeader(r)
	if err != nil {
		return image.Config{}, err
	}
	k, err := h.kind()
	if err != nil {
		return image.Config{}, err
	}
	cfg := image.Config{Width: h.Width, Height: h.Height}
	switch k {
	case kindRGB:
		cfg.ColorModel = color.NRGBAModel
	case kindPlanar:
		cfg.ColorModel = h.palette16(1 << h.Planes)
	case kindNibble:
		cfg.ColorModel = h.palette16(16)
	default:
		data, err := readRest(r, h.maxData())
		if err != nil {
			return image.Config{}, err
		}
		pal, err := h.palette256(data, 0)
		if err != nil {
			return image.Config{}, err
		}
		cfg.ColorModel = color.GrayModel
		if pal != nil {
			cfg.ColorModel = pal
		}
	}
	return cfg, nil
}
