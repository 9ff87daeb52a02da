// Package tga decodes Truevision TGA images, the format of many MilkShape 3D
// textures, as described by the Truevision TGA File Format Specification
// version 2.0.
//
// It reads every image type the specification defines with pixel data:
// colour-mapped (1), true-colour (2) and grey-scale (3), and their
// run-length-encoded forms (9, 10 and 11); 8-, 15-, 16-, 24- and 32-bit
// pixels; colour-map entries of 15, 16, 24 and 32 bits; the image ID field;
// both origins (bottom-left, the default, and top-left) and right-to-left
// rows. Variants it does not read (the obsolete Huffman-compressed types 32
// and 33, interleaved rows) give an *UnsupportedError naming them.
//
// The package does not register itself with image.RegisterFormat: TGA has no
// magic number, and a decoder registered with an empty one would claim every
// input that image.Decode sniffs. Callers choose it by file extension (see
// formats/teximage).
//
// Sizes from the header are checked before anything is allocated, against
// the limits every texture decoder shares (internal/imagelimit: a header
// may claim 65535×65535 pixels, 16 GiB as RGBA, in a file of a few bytes),
// and so are the bytes the pixel data needs.
package tga

import (
	"encoding/binary"
	"errors"
	"fmt"
	"image"
	"image/color"
	"io"

	"ms3dstudio/internal/imageerr"
)

// Image types of the TGA header.
const (
	TypeNoImage        = 0
	TypeColorMapped    = 1
	TypeTrueColor      = 2
	TypeGray           = 3
	TypeRLEColorMapped = 9
	TypeRLETrueColor   = 10
	TypeRLEGray        = 11
)

// ErrTooLarge is wrapped by the error Decode returns for an image past the
// limits every texture decoder shares (internal/imagelimit).
var ErrTooLarge = errors.New("tga: image too large")

// headerSize is the fixed part of the header.
const headerSize = 18

// Header is the TGA file header and image ID field.
type Header struct {
	// ImageType is one of the Type* constants (or another value, which
	// Decode refuses).
	ImageType uint8
	// ColorMapType is 1 when a colour map follows the image ID, else 0.
	ColorMapType uint8
	// ColorMapFirst is the pixel value of the map's first entry and
	// ColorMapLength the number of entries; ColorMapEntryBits is the size of
	// one entry (15, 16, 24 or 32).
	ColorMapFirst, ColorMapLength uint16
	ColorMapEntryBits             uint8
	// XOrigin and YOrigin are the image's position on a screen; decoders
	// ignore them.
	XOrigin, YOrigin uint16
	Width, Height    int
	// PixelBits is the size of one pixel (or colour-map index) in bits.
	PixelBits uint8
	// AlphaBits is the number of attribute (alpha) bits per pixel.
	AlphaBits uint8
	// RightToLeft and TopToBottom give the pixel order; the default (both
	// false) is rows from the bottom up, each from left to right.
	RightToLeft, TopToBottom bool
	// Interleave is the obsolete interleaving field (descriptor bits 6–7);
	// 0 means none.
	Interleave uint8
	// ID is the image ID field (0–255 bytes of free text or data).
	ID []byte
}

// ReadHeader reads the header and the image ID field from r, leaving r at
// the colour map.
func ReadHeader(r io.Reader) (Header, error) {
	var b [headerSize]byte
	if _, err := io.ReadFull(r, b[:]); err != nil {
		return Header{}, &FormatError{Msg: "reading the header", Err: imageerr.NoEOF(err)}
	}
	h := Header{
		ImageType:         b[2],
		ColorMapType:      b[1],
		ColorMapFirst:     binary.LittleEndian.Uint16(b[3:]),
		ColorMapLength:    binary.LittleEndian.Uint16(b[5:]),
		ColorMapEntryBits: b[7],
		XOrigin:           binary.LittleEndian.Uint16(b[8:]),
		YOrigin:           binary.LittleEndian.Uint16(b[10:]),
		Width:             int(binary.LittleEndian.Uint16(b[12:])),
		Height:            int(binary.LittleEndian.Uint16(b[14:])),
		PixelBits:         b[16],
		AlphaBits:         b[17] & 0x0f,
		RightToLeft:       b[17]&0x10 != 0,
		TopToBottom:       b[17]&0x20 != 0,
		Interleave:        b[17] >> 6,
	}
	if n := int(b[0]); n > 0 {
		h.ID = make([]byte, n)
		if _, err := io.ReadFull(r, h.ID); err != nil {
			return Header{}, &FormatError{Msg: "reading the image ID", Err: imageerr.NoEOF(err)}
		}
	}
	return h, nil
}

// RLE reports whether the pixel data is run-length encoded.
func (h *Header) RLE() bool { return h.ImageType >= TypeRLEColorMapped }

// base returns the image type without run-length encoding (1, 2 or 3).
func (h *Header) base() uint8 {
	if h.RLE() {
		return h.ImageType - 8
	}
	return h.ImageType
}

// pixelBytes is the size of one pixel in the pixel data.
func (h *Header) pixelBytes() int { return (int(h.PixelBits) + 7) / 8 }

// entryBytes is the size of one colour-map entry.
func (h *Header) entryBytes() int { return (int(h.ColorMapEntryBits) + 7) / 8 }

// check refuses headers that are invalid or name a variant this package does
// not read.
func (h *Header) check() error {
	switch h.ImageType {
	case TypeColorMapped, TypeTrueColor, TypeGray, TypeRLEColorMapped, TypeRLETrueColor, TypeRLEGray:
	case TypeNoImage:
		return &FormatError{Msg: "image type 0 holds no image data"}
	case 32, 33:
		return &UnsupportedError{Variant: fmt.Sprintf("image type %d (Huffman and delta compressed)", h.ImageType)}
	default:
		return &FormatError{Msg: fmt.Sprintf("unknown image type %d", h.ImageType)}
	}
	if h.ColorMapType > 1 {
		return &FormatError{Msg: fmt.Sprintf("colour map type %d (0 or 1 exist)", h.ColorMapType)}
	}
	if h.Interleave != 0 {
		return &UnsupportedError{Variant: fmt.Sprintf("interleaved rows (descriptor interleave %d)", h.Interleave)}
	}
	if h.ColorMapType == 1 {
		switch h.ColorMapEntryBits {
		case 15, 16, 24, 32:
		default:
			return &UnsupportedError{Variant: fmt.Sprintf("%d-bit colour-map entries", h.ColorMapEntryBits)}
		}
	}
	switch h.base() {
	case TypeColorMapped:
		if h.ColorMapType != 1 {
			return &FormatError{Msg: "colour-mapped image without a colour map"}
		}
		if h.PixelBits != 8 && h.PixelBits != 16 {
			return &UnsupportedError{Variant: fmt.Sprintf("colour-mapped image with %d-bit indices", h.PixelBits)}
		}
	case TypeTrueColor:
		switch h.PixelBits {
		case 15, 16, 24, 32:
		default:
			return &UnsupportedError{Variant: fmt.Sprintf("true-colour image with %d-bit pixels", h.PixelBits)}
		}
	case TypeGray:
		if h.PixelBits != 8 && h.PixelBits != 16 {
			return &UnsupportedError{Variant: fmt.Sprintf("grey-scale image with %d-bit pixels", h.PixelBits)}
		}
	}
	return nil
}

// colorModel is the colour model of the image Decode returns.
func (h *Header) colorModel(palette color.Palette) color.Model {
	switch {
	case h.base() == TypeGray && h.PixelBits == 8:
		return color.GrayModel
	case palette != nil:
		return palette
	}
	return color.NRGBAModel
}

// DecodeConfig returns the colour model and dimensions of the TGA image in r
// without decoding the pixels. For a colour-mapped image with 8-bit indices
// the model is the colour map (a color.Palette), which DecodeConfig reads.
func DecodeConfig(r io.Reader) (image.Config, error) {
	h, err := ReadHeader(r)
	if err != nil {
		return image.Config{}, err
	}
	if err := h.check(); err != nil {
		return image.Config{}, err
	}
	var palette color.Palette
	if h.ColorMapType == 1 {
		cmap, err := readColorMap(r, &h)
		if err != nil {
			return image.Config{}, err
		}
		palette = cmap.palette(&h)
	}
	return image.Config{ColorModel: h.colorModel(palette), Width: h.Width, Height: h.Height}, nil
}
