package dds

import (
	"fmt"
	"math/bits"
)

// Pixel encodings Decode reads.
const (
	encBC1   = 1 + iota // DXT1: 8-byte blocks, one-bit alpha
	encBC2              // DXT3: 16-byte blocks, explicit 4-bit alpha
	encBC3              // DXT5: 16-byte blocks, interpolated alpha
	encMasks            // uncompressed pixels described by channel masks
)

// channel is one colour channel of an uncompressed pixel: its bits are
// (pixel >> shift) & max. A channel with max 0 is absent.
type channel struct {
	shift uint
	max   uint32
}

// layout is how the first mipmap level's pixels are stored.
type layout struct {
	enc int
	// For encMasks: the pixel size in bytes, and the channels. Luminance
	// pixels have lum set and r holding the luminance; alpha-only pixels
	// have only a.
	bytes      int
	r, g, b, a channel
	lum        bool
}

// gray reports whether the pixels are 8-bit luminance without alpha, which
// Decode returns as an *image.Gray.
func (l *layout) gray() bool {
	return l.enc == encMasks && l.lum && l.bytes == 1 && l.r == channel{0, 0xff} && l.a.max == 0
}

// blockBytes is the size of one 4×4 block, or 0 for uncompressed pixels.
func (l *layout) blockBytes() int {
	switch l.enc {
	case encBC1:
		return 8
	case encBC2, encBC3:
		return 16
	}
	return 0
}

// dataSize is the size of the first mipmap level of a w×h image: whole 4×4
// blocks for compressed pixels, rows of (w × bits + 7) / 8 bytes (the pitch
// the DDS guide tells readers to compute) for uncompressed ones.
func (l *layout) dataSize(w, h int) int {
	if n := l.blockBytes(); n > 0 {
		return ((w + 3) / 4) * ((h + 3) / 4) * n
	}
	return w * l.bytes * h
}

// layout checks the header and works out how the pixels are stored, or says
// why Decode cannot read them.
func (h *Header) layout() (layout, error) {
	if h.Width == 0 || h.Height == 0 {
		// A texture without pixels is no texture; DDS has no use for one.
		return layout{}, &FormatError{Msg: fmt.Sprintf("a %d×%d image", h.Width, h.Height)}
	}
	if h.Caps2&Caps2CubeMap != 0 {
		return layout{}, &UnsupportedError{Variant: "cube map"}
	}
	if h.Caps2&Caps2Volume != 0 && h.Depth > 1 {
		return layout{}, &UnsupportedError{Variant: fmt.Sprintf("volume texture (depth %d)", h.Depth)}
	}
	pf := &h.PixelFormat
	switch {
	case pf.Flags&FlagFourCC != 0:
		if h.DX10 != nil {
			return h.DX10.layout()
		}
		switch pf.FourCC {
		case fourCC("DXT1"):
			return layout{enc: encBC1}, nil
		case fourCC("DXT3"):
			return layout{enc: encBC2}, nil
		case fourCC("DXT5"):
			return layout{enc: encBC3}, nil
		case fourCC("DXT2"), fourCC("DXT4"):
			return layout{}, &UnsupportedError{Variant: fmt.Sprintf("FourCC %s (premultiplied alpha)", fourCCName(pf.FourCC))}
		}
		return layout{}, &UnsupportedError{Variant: "FourCC " + fourCCName(pf.FourCC)}
	case pf.Flags&FlagYUV != 0:
		return layout{}, &UnsupportedError{Variant: "YUV pixels"}
	case pf.Flags&FlagBumpDuDv != 0:
		return layout{}, &UnsupportedError{Variant: "signed bump-map (DuDv) pixels"}
	case pf.Flags&(FlagRGB|FlagLuminance|FlagAlpha) != 0:
		a := pf.AMask
		if pf.Flags&(FlagAlphaPixels|FlagAlpha) == 0 {
			// X8R8G8B8 and friends may name the unused bits.
			a = 0
		}
		switch {
		case pf.Flags&FlagRGB != 0:
			return maskLayout(pf.RGBBitCount, pf.RMask, pf.GMask, pf.BMask, a, false)
		case pf.Flags&FlagLuminance != 0:
			return maskLayout(pf.RGBBitCount, pf.RMask, 0, 0, a, true)
		}
		return maskLayout(pf.RGBBitCount, 0, 0, 0, a, false)
	}
	return layout{}, &FormatError{Msg: fmt.Sprintf("pixel format flags %#x name no kind of pixel", pf.Flags)}
}

// maskLayout builds the layout of uncompressed pixels of the given size.
func maskLayout(bitCount, r, g, b, a uint32, lum bool) (layout, error) {
	switch bitCount {
	case 8, 16, 24, 32:
	default:
		return layout{}, &UnsupportedError{Variant: fmt.Sprintf("%d-bit uncompressed pixels", bitCount)}
	}
	l := layout{enc: encMasks, bytes: int(bitCount / 8), lum: lum}
	var all uint32
	for _, c := range []struct {
		dst  *channel
		mask uint32
		name string
	}{{&l.r, r, "red"}, {&l.g, g, "green"}, {&l.b, b, "blue"}, {&l.a, a, "alpha"}} {
		if lum && c.dst == &l.r {
			c.name = "luminance"
		}
		if c.mask == 0 {
			continue
		}
		if c.mask>>bitCount != 0 {
			return layout{}, &FormatError{Msg: fmt.Sprintf("%s mask %#x has bits outside a %d-bit pixel", c.name, c.mask, bitCount)}
		}
		if c.mask&all != 0 {
			return layout{}, &FormatError{Msg: fmt.Sprintf("%s mask %#x overlaps another channel's", c.name, c.mask)}
		}
		all |= c.mask
		shift := uint(bits.TrailingZeros32(c.mask))
		m := c.mask >> shift
		if m&(m+1) != 0 {
			return layout{}, &UnsupportedError{Variant: fmt.Sprintf("%s mask %#x with bits that are not contiguous", c.name, c.mask)}
		}
		*c.dst = channel{shift, m}
	}
	if all == 0 {
		return layout{}, &FormatError{Msg: "uncompressed pixels with every channel mask zero"}
	}
	return l, nil
}

// layout works out how a DX10 texture's pixels are stored.
func (x *DX10Header) layout() (layout, error) {
	switch {
	case x.ResourceDimension == DimensionTexture3D:
		return layout{}, &UnsupportedError{Variant: "volume texture (DX10 Texture3D)"}
	case x.ResourceDimension != DimensionTexture1D && x.ResourceDimension != DimensionTexture2D:
		return layout{}, &FormatError{Msg: fmt.Sprintf("DX10 resource dimension %d (2, 3 and 4 exist)", x.ResourceDimension)}
	case x.MiscFlag&MiscTextureCube != 0:
		return layout{}, &UnsupportedError{Variant: "cube map"}
	case x.ArraySize > 1:
		return layout{}, &UnsupportedError{Variant: fmt.Sprintf("texture array of %d", x.ArraySize)}
	}
	switch x.Format {
	case 70, 71, 72: // BC1_TYPELESS, BC1_UNORM, BC1_UNORM_SRGB
		return layout{enc: encBC1}, nil
	case 73, 74, 75: // BC2
		return layout{enc: encBC2}, nil
	case 76, 77, 78: // BC3
		return layout{enc: encBC3}, nil
	case 27, 28, 29: // R8G8B8A8_TYPELESS, _UNORM, _UNORM_SRGB
		return maskLayout(32, 0xff, 0xff00, 0xff0000, 0xff000000, false)
	case 87, 90, 91: // B8G8R8A8_UNORM, _TYPELESS, _UNORM_SRGB
		return maskLayout(32, 0xff0000, 0xff00, 0xff, 0xff000000, false)
	case 88, 92, 93: // B8G8R8X8_UNORM, _TYPELESS, _UNORM_SRGB
		return maskLayout(32, 0xff0000, 0xff00, 0xff, 0, false)
	case 85: // B5G6R5_UNORM
		return maskLayout(16, 0xf800, 0x07e0, 0x001f, 0, false)
	case 86: // B5G5R5A1_UNORM
		return maskLayout(16, 0x7c00, 0x03e0, 0x001f, 0x8000, false)
	case 115: // B4G4R4A4_UNORM
		return maskLayout(16, 0x0f00, 0x00f0, 0x000f, 0xf000, false)
	case 23, 24: // R10G10B10A2_TYPELESS, _UNORM
		return maskLayout(32, 0x3ff, 0xffc00, 0x3ff00000, 0xc0000000, false)
	case 65: // A8_UNORM
		return maskLayout(8, 0, 0, 0, 0xff, false)
	}
	return layout{}, &UnsupportedError{Variant: "DXGI format " + dxgiName(x.Format)}
}

// dxgiNames names the DXGI formats a DDS file is likely to hold that Decode
// does not read, so that the error says what the file is.
var dxgiNames = map[uint32]string{
	2: "R32G32B32A32_FLOAT", 6: "R32G32B32_FLOAT", 10: "R16G16B16A16_FLOAT", 11: "R16G16B16A16_UNORM",
	13: "R16G16B16A16_SNORM", 16: "R32G32_FLOAT", 25: "R10G10B10A2_UINT", 26: "R11G11B10_FLOAT",
	30: "R8G8B8A8_UINT", 31: "R8G8B8A8_SNORM", 32: "R8G8B8A8_SINT", 34: "R16G16_FLOAT",
	35: "R16G16_UNORM", 41: "R32_FLOAT", 49: "R8G8_UNORM", 54: "R16_FLOAT", 56: "R16_UNORM",
	61: "R8_UNORM", 67: "R9G9B9E5_SHAREDEXP", 68: "R8G8_B8G8_UNORM", 69: "G8R8_G8B8_UNORM",
	79: "BC4_TYPELESS", 80: "BC4_UNORM", 81: "BC4_SNORM", 82: "BC5_TYPELESS", 83: "BC5_UNORM",
	84: "BC5_SNORM", 89: "R10G10B10_XR_BIAS_A2_UNORM", 94: "BC6H_TYPELESS", 95: "BC6H_UF16",
	96: "BC6H_SF16", 97: "BC7_TYPELESS", 98: "BC7_UNORM", 99: "BC7_UNORM_SRGB", 107: "YUY2",
}

// dxgiName returns "BC7_UNORM (98)" for a format named in dxgiNames, else
// the number alone.
func dxgiName(f uint32) string {
	if n, ok := dxgiNames[f]; ok {
		return fmt.Sprintf("%s (%d)", n, f)
	}
	return fmt.Sprint(f)
}

// d3dFormats names the Direct3D 9 D3DFORMAT numbers writers store in the
// FourCC field for floating-point and 16-bit-per-channel pixels.
var d3dFormats = map[uint32]string{
	36: "A16B16G16R16", 110: "Q16W16V16U16", 111: "R16F", 112: "G16R16F",
	113: "A16B16G16R16F", 114: "R32F", 115: "G32R32F", 116: "A32B32G32R32F", 117: "CxV8U8",
}

// fourCCName returns a FourCC as its characters in quotes when they are
// printable, else as the D3DFORMAT number it is.
func fourCCName(v uint32) string {
	b := []byte{byte(v), byte(v >> 8), byte(v >> 16), byte(v >> 24)}
	printable := true
	for _, c := range b {
		if c < 0x20 || c > 0x7e {
			printable = false
		}
	}
	if printable {
		return fmt.Sprintf("%q", b)
	}
	if n, ok := d3dFormats[v]; ok {
		return fmt.Sprintf("D3DFMT_%s (%d)", n, v)
	}
	return fmt.Sprintf("%#08x", v)
}
