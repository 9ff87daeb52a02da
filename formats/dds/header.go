// Package dds decodes DirectDraw Surface (DDS) textures, as described by
// Microsoft's "Programming Guide for DDS" (DDS_HEADER, DDS_PIXELFORMAT and
// DDS_HEADER_DXT10) and the block-compressed formats BC1, BC2 and BC3 of the
// Direct3D 10 specification (DXT1, DXT3 and DXT5 in Direct3D 9's names).
//
// Only the first mipmap level of a two-dimensional texture is decoded. It
// reads:
//   - DXT1 / BC1, with its one-bit alpha (a block whose first colour is not
//     greater than its second has three colours and transparent black);
//   - DXT3 / BC2 (explicit 4-bit alpha) and DXT5 / BC3 (interpolated alpha);
//   - uncompressed pixels of 8, 16, 24 or 32 bits described by colour masks:
//     RGB with or without alpha (R8G8B8, A8R8G8B8, X8R8G8B8, A8B8G8R8,
//     R5G6B5, A1R5G5B5, A4R4G4B4, A2R10G10B10, …), luminance with or without
//     alpha (L8, A8L8, A4L4, L16) and alpha only (A8);
//   - the DX10 extended header for the DXGI formats BC1, BC2 and BC3
//     (UNORM, SRGB, TYPELESS), R8G8B8A8, B8G8R8A8, B8G8R8X8, B5G6R5,
//     B5G5R5A1, B4G4R4A4, R10G10B10A2 and A8.
//
// Everything else that a DDS file can hold gives an *UnsupportedError naming
// it: premultiplied DXT2 and DXT4, other FourCC codes and DXGI formats (BC4
// to BC7, floating-point pixels, …), YUV and signed bump-map pixels, cube
// maps, volume textures and texture arrays. Colour values are returned as
// stored: sRGB formats are not linearised, and neither are the others.
//
// Sizes from the header are checked before anything is allocated, against
// the limits every texture decoder shares (internal/imagelimit: a header
// may claim 4294967295×4294967295 pixels in a file of 128 bytes); the pixel
// data the header calls for must then be present before the image is
// allocated.
package dds

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
var ErrTooLarge = errors.New("dds: image too large")

// Magic is the signature every DDS file starts with.
const Magic = "DDS "

// Sizes of the header structures, as their size fields must state.
const (
	headerSize      = 124
	pixelFormatSize = 32
	dx10Size        = 20
)

// Pixel format flags (DDS_PIXELFORMAT.dwFlags).
const (
	FlagAlphaPixels = 0x1     // DDPF_ALPHAPIXELS: AMask holds alpha
	FlagAlpha       = 0x2     // DDPF_ALPHA: alpha-only pixels
	FlagFourCC      = 0x4     // DDPF_FOURCC: FourCC names the format
	FlagRGB         = 0x40    // DDPF_RGB: RGB masks
	FlagYUV         = 0x200   // DDPF_YUV
	FlagLuminance   = 0x20000 // DDPF_LUMINANCE: RMask holds luminance
	FlagBumpDuDv    = 0x80000 // DDPF_BUMPDUDV: signed bump-map pixels
)

// Caps2 flags (DDS_HEADER.dwCaps2).
const (
	Caps2CubeMap = 0x200    // DDSCAPS2_CUBEMAP
	Caps2Volume  = 0x200000 // DDSCAPS2_VOLUME
)

// DX10 header values.
const (
	// DimensionTexture1D, DimensionTexture2D and DimensionTexture3D are the
	// values of DX10Header.ResourceDimension.
	DimensionTexture1D = 2
	DimensionTexture2D = 3
	DimensionTexture3D = 4
	// MiscTextureCube is the DX10Header.MiscFlag bit of a cube map.
	MiscTextureCube = 0x4
)

// PixelFormat is the DDS_PIXELFORMAT structure.
type PixelFormat struct {
	// Flags is a combination of the Flag* constants.
	Flags uint32
	// FourCC names a compressed or special format ("DXT1", "DX10", …) when
	// Flags has FlagFourCC; some writers store a Direct3D 9 D3DFORMAT number
	// instead of four characters.
	FourCC uint32
	// RGBBitCount is the size of one uncompressed pixel in bits.
	RGBBitCount uint32
	// RMask, GMask, BMask and AMask select each channel's bits in an
	// uncompressed pixel (RMask holds luminance for FlagLuminance).
	RMask, GMask, BMask, AMask uint32
}

// DX10Header is the DDS_HEADER_DXT10 structure that follows the header when
// the FourCC is "DX10".
type DX10Header struct {
	// Format is a DXGI_FORMAT value.
	Format uint32
	// ResourceDimension is one of the Dimension* constants.
	ResourceDimension uint32
	// MiscFlag has MiscTextureCube for a cube map.
	MiscFlag uint32
	// ArraySize is the number of textures in an array (1 for one texture).
	ArraySize uint32
	// MiscFlags2 holds the alpha mode in its low three bits.
	MiscFlags2 uint32
}

// Header is the DDS file header: DDS_HEADER and, when present,
// DDS_HEADER_DXT10.
type Header struct {
	// Flags is DDS_HEADER.dwFlags (which fields are valid; readers need not
	// trust it).
	Flags uint32
	// Width and Height are the size of the first mipmap level in pixels.
	Width, Height int
	// PitchOrLinearSize is the row pitch or the size of the first level as
	// the writer stated it; Decode computes both itself.
	PitchOrLinearSize uint32
	// Depth is the depth of a volume texture.
	Depth uint32
	// MipMapCount is the number of mipmap levels (0 or 1 for one level).
	MipMapCount uint32
	// PixelFormat describes the pixels.
	PixelFormat PixelFormat
	// Caps and Caps2 are DDS_HEADER.dwCaps and dwCaps2.
	Caps, Caps2 uint32
	// DX10 is the extended header, or nil when the FourCC is not "DX10".
	DX10 *DX10Header
}

// fourCC packs four characters the way DDS stores them.
func fourCC(s string) uint32 { return binary.LittleEndian.Uint32([]byte(s)) }

// ReadHeader reads the signature, the header and, when the FourCC asks for
// one, the DX10 header from r, leaving r at the pixel data.
func ReadHeader(r io.Reader) (Header, error) {
	var b [4 + headerSize]byte
	if _, err := io.ReadFull(r, b[:]); err != nil {
		return Header{}, &FormatError{Msg: "reading the header", Err: imageerr.NoEOF(err)}
	}
	if string(b[:4]) != Magic {
		return Header{}, &FormatError{Msg: fmt.Sprintf("signature %q, not %q", b[:4], Magic)}
	}
	u32 := func(o int) uint32 { return binary.LittleEndian.Uint32(b[4+o:]) }
	if n := u32(0); n != headerSize {
		return Header{}, &FormatError{Msg: fmt.Sprintf("header size %d, not %d", n, headerSize)}
	}
	if n := u32(72); n != pixelFormatSize {
		return Header{}, &FormatError{Msg: fmt.Sprintf("pixel format size %d, not %d", n, pixelFormatSize)}
	}
	h := Header{
		Flags:             u32(4),
		Height:            int(u32(8)),
		Width:             int(u32(12)),
		PitchOrLinearSize: u32(16),
		Depth:             u32(20),
		MipMapCount:       u32(24),
		PixelFormat: PixelFormat{
			Flags:       u32(76),
			FourCC:      u32(80),
			RGBBitCount: u32(84),
			RMask:       u32(88),
			GMask:       u32(92),
			BMask:       u32(96),
			AMask:       u32(100),
		},
		Caps:  u32(104),
		Caps2: u32(108),
	}
	if h.PixelFormat.Flags&FlagFourCC != 0 && h.PixelFormat.FourCC == fourCC("DX10") {
		var x [dx10Size]byte
		if _, err := io.ReadFull(r, x[:]); err != nil {
			return Header{}, &FormatError{Msg: "reading the DX10 header", Err: imageerr.NoEOF(err)}
		}
		h.DX10 = &DX10Header{
			Format:            binary.LittleEndian.Uint32(x[0:]),
			ResourceDimension: binary.LittleEndian.Uint32(x[4:]),
			MiscFlag:          binary.LittleEndian.Uint32(x[8:]),
			ArraySize:         binary.LittleEndian.Uint32(x[12:]),
			MiscFlags2:        binary.LittleEndian.Uint32(x[16:]),
		}
	}
	return h, nil
}

// DecodeConfig returns the colour model and dimensions of the DDS image in r
// without reading the pixels: *image.Gray's model for 8-bit luminance, and
// *image.NRGBA's for everything else. It returns the errors Decode returns
// for the header, but does not judge the size against the limits.
func DecodeConfig(r io.Reader) (image.Config, error) {
	h, err := ReadHeader(r)
	if err != nil {
		return image.Config{}, err
	}
	l, err := h.layout()
	if err != nil {
		return image.Config{}, err
	}
	return image.Config{ColorModel: l.colorModel(), Width: h.Width, Height: h.Height}, nil
}

// colorModel is the colour model of the image Decode returns.
func (l *layout) colorModel() color.Model {
	if l.gray() {
		return color.GrayModel
	}
	return color.NRGBAModel
}
