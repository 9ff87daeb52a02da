package tga

import (
	"encoding/binary"
	"fmt"
	"image"
	"image/color"
	"io"
	"slices"

	"ms3dstudio/internal/imageerr"
	"ms3dstudio/internal/imagelimit"
)

// Decode reads a TGA image from r. Colour-mapped images with 8-bit indices
// become an *image.Paletted, 8-bit grey-scale images an *image.Gray, and
// everything else an *image.NRGBA (TGA alpha is not premultiplied).
//
// Alpha: 32-bit pixels, 16-bit grey+alpha pixels, and 16-bit pixels whose
// header declares an attribute bit carry alpha. Many writers store 32-bit
// pixels without declaring their alpha bits, or store an alpha channel that
// is zero everywhere; so the fourth byte is used as alpha even when the
// header declares no alpha bits, and an alpha channel that is zero for every
// pixel is read as opaque. The same holds for colour-map entries.
//
// Decode may read past the end of run-length-encoded pixel data (into the
// TGA 2.0 footer); it never reads more than the largest pixel data the header
// allows. Run-length-encoded pixels are expanded straight into the image:
// decoding takes the image and the encoded data, nothing more.
func Decode(r io.Reader) (image.Image, error) {
	h, err := ReadHeader(r)
	if err != nil {
		return nil, err
	}
	if err := h.check(); err != nil {
		return nil, err
	}
	var cmap colorMap
	if h.ColorMapType == 1 {
		if cmap, err = readColorMap(r, &h); err != nil {
			return nil, err
		}
	}
	if err := imagelimit.Check(int64(h.Width), int64(h.Height), ErrTooLarge); err != nil {
		return nil, err
	}
	pixels, bpp := h.Width*h.Height, h.pixelBytes()
	var rows func(row []byte) error
	if h.RLE() {
		rows, err = readRLE(r, pixels, bpp)
	} else {
		var raw []byte
		raw, err = readAtMost(r, pixels*bpp)
		if err == nil && len(raw) < pixels*bpp {
			err = &FormatError{Msg: fmt.Sprintf("pixel data cut short: %d of %d bytes", len(raw), pixels*bpp), Err: io.ErrUnexpectedEOF}
		}
		rows = func(row []byte) error {
			raw = raw[copy(row, raw):]
			return nil
		}
	}
	if err != nil {
		return nil, err
	}
	return convert(&h, cmap, rows)
}

// readAtMost reads up to n bytes from r, growing its buffer as data arrives
// so that a header claiming a huge image over a short input allocates only
// about what the input holds.
func readAtMost(r io.Reader, n int) ([]byte, error) {
	if l, ok := r.(interface{ Len() int }); ok {
		// A reader that knows what it holds (bytes.Reader, strings.Reader,
		// bytes.Buffer) allows one exact allocation.
		buf := make([]byte, min(n, max(l.Len(), 0)))
		k, err := io.ReadFull(r, buf)
		if err != nil && err != io.ErrUnexpectedEOF && err != io.EOF {
			return nil, &FormatError{Msg: "reading the pixel data", Err: err}
		}
		return buf[:k], nil
	}
	buf := make([]byte, 0, min(n, 1<<20))
	for len(buf) < n {
		if len(buf) == cap(buf) {
			buf = slices.Grow(buf, min(n, max(2*cap(buf), 512))-len(buf))
		}
		k, err := r.Read(buf[len(buf):min(cap(buf), n)])
		buf = buf[:len(buf)+k]
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, &FormatError{Msg: "reading the pixel data", Err: err}
		}
	}
	return buf, nil
}

// readRLE reads run-length-encoded pixel data and returns the function
// that expands it, a row of the file's order at a time, into row (of
// width × bpp bytes). Each packet is a count byte (high bit set: a run of
// one pixel value; clear: that many literal pixels; low 7 bits: count − 1)
// followed by the pixel data. Packets may cross rows but not the end of the
// image.
func readRLE(r io.Reader, pixels, bpp int) (func(row []byte) error, error) {
	// The worst case is a packet per pixel.
	data, err := readAtMost(r, pixels*(1+bpp))
	if err != nil {
		return nil, err
	}
	// A packet of at least 1+bpp bytes yields at most 128 pixels: refuse
	// before allocating when the data cannot fill the image.
	if (len(data)/(1+bpp))*128 < pixels {
		return nil, &FormatError{Msg: fmt.Sprintf("%d bytes of run-length data cannot hold %d pixels", len(data), pixels), Err: io.ErrUnexpectedEOF}
	}
	in, done := 0, 0 // bytes of data read, pixels expanded
	var left int     // pixels of the current packet still to write
	var run bool     // the current packet is a run of data[at:at+bpp]
	var at int
	return func(row []byte) error {
		for o := 0; o < len(row); {
			if left == 0 {
				if in >= len(data) {
					return &FormatError{Msg: fmt.Sprintf("run-length data cut short at pixel %d of %d", done, pixels), Err: io.ErrUnexpectedEOF}
				}
				c := data[in]
				n := int(c&0x7f) + 1
				if done+n > pixels {
					return &FormatError{Msg: fmt.Sprintf("run-length packet at byte %d of the pixel data covers %d pixels, only %d remain in the image", in, n, pixels-done)}
				}
				run, left, at = c&0x80 != 0, n, in+1
				in = at + bpp
				if !run {
					in = at + n*bpp
				}
				if in > len(data) {
					return &FormatError{Msg: fmt.Sprintf("run-length data cut short at pixel %d of %d", done, pixels), Err: io.ErrUnexpectedEOF}
				}
			}
			k := min(left, (len(row)-o)/bpp)
			if run {
				px := data[at : at+bpp]
				if bpp == 1 {
					for i := o; i < o+k; i++ {
						row[i] = px[0]
					}
				} else {
					for i := 0; i < k; i++ {
						copy(row[o+i*bpp:], px)
					}
				}
			} else {
				copy(row[o:o+k*bpp], data[at:at+k*bpp])
				at += k * bpp
			}
			o += k * bpp
			left -= k
			done += k
		}
		return nil
	}, nil
}

// colorMap is a decoded colour map.
type colorMap struct {
	entries []color.NRGBA
}

// readColorMap reads and decodes the colour map (at most 65535 × 4 bytes).
func readColorMap(r io.Reader, h *Header) (colorMap, error) {
	eb := h.entryBytes()
	b := make([]byte, int(h.ColorMapLength)*eb)
	if _, err := io.ReadFull(r, b); err != nil {
		return colorMap{}, &FormatError{Msg: fmt.Sprintf("reading the %d-entry colour map", h.ColorMapLength), Err: imageerr.NoEOF(err)}
	}
	entries := make([]color.NRGBA, h.ColorMapLength)
	var alpha uint8
	hasAlpha := h.ColorMapEntryBits == 32 || (h.ColorMapEntryBits == 16 && h.AlphaBits > 0)
	for i := range entries {
		e := b[i*eb:]
		switch h.ColorMapEntryBits {
		case 15, 16:
			entries[i] = rgb555(binary.LittleEndian.Uint16(e), h.ColorMapEntryBits == 16 && h.AlphaBits > 0)
		case 24:
			entries[i] = color.NRGBA{e[2], e[1], e[0], 0xff}
		case 32:
			entries[i] = color.NRGBA{e[2], e[1], e[0], e[3]}
		}
		alpha |= entries[i].A
	}
	if hasAlpha && alpha == 0 {
		for i := range entries {
			entries[i].A = 0xff
		}
	}
	return colorMap{entries: entries}, nil
}

// palette returns the colour map as the palette of an *image.Paletted, or
// nil when the image is not colour-mapped with 8-bit indices. Pixel value v
// is palette entry v − ColorMapFirst.
func (c colorMap) palette(h *Header) color.Palette {
	if h.base() != TypeColorMapped || h.PixelBits != 8 {
		return nil
	}
	p := make(color.Palette, min(len(c.entries), 256))
	for i := range p {
		p[i] = c.entries[i]
	}
	return p
}

// rgb555 decodes a 15/16-bit pixel: five bits each of red, green and blue
// from the high bits down, and an attribute bit on top used as alpha when
// alpha is true.
func rgb555(v uint16, alpha bool) color.NRGBA {
	r, g, b := uint8(v>>10&0x1f), uint8(v>>5&0x1f), uint8(v&0x1f)
	c := color.NRGBA{r<<3 | r>>2, g<<3 | g>>2, b<<3 | b>>2, 0xff}
	if alpha && v&0x8000 == 0 {
		c.A = 0
	}
	return c
}

// convert turns the rows that rows fills (in file order) into an image,
// flipping rows and columns as the header's origin says.
func convert(h *Header, cmap colorMap, rows func(row []byte) error) (image.Image, error) {
	w, ht, bpp := h.Width, h.Height, h.pixelBytes()
	rect := image.Rect(0, 0, w, ht)
	var (
		pix    []byte
		stride int
		size   int // bytes per output pixel
		conv   func(dst, src []byte, y int) error
		alpha  uint8 // OR of every alpha value written, for the all-zero rule
		hasA   bool
		img    image.Image
	)
	switch {
	case h.base() == TypeGray && h.PixelBits == 8:
		g := image.NewGray(rect)
		img, pix, stride, size = g, g.Pix, g.Stride, 1
		conv = func(dst, src []byte, _ int) error { copy(dst, src); return nil }
	case h.base() == TypeColorMapped && h.PixelBits == 8:
		pal := cmap.palette(h)
		p := image.NewPaletted(rect, pal)
		img, pix, stride, size = p, p.Pix, p.Stride, 1
		first, n := int(h.ColorMapFirst), len(pal)
		conv = func(dst, src []byte, y int) error {
			for x, v := range src {
				i := int(v) - first
				if i < 0 || i >= n {
					return indexError(h, x, y, int(v))
				}
				dst[x] = uint8(i)
			}
			return nil
		}
	default:
		m := image.NewNRGBA(rect)
		img, pix, stride, size = m, m.Pix, m.Stride, 4
		switch {
		case h.base() == TypeColorMapped: // 16-bit indices
			first, entries := int(h.ColorMapFirst), cmap.entries
			conv = func(dst, src []byte, y int) error {
				for x := 0; x < w; x++ {
					v := int(binary.LittleEndian.Uint16(src[2*x:]))
					i := v - first
					if i < 0 || i >= len(entries) {
						return indexError(h, x, y, v)
					}
					e := entries[i]
					d := dst[4*x : 4*x+4 : 4*x+4]
					d[0], d[1], d[2], d[3] = e.R, e.G, e.B, e.A
				}
				return nil
			}
		case h.base() == TypeGray: // 16-bit grey and alpha
			hasA = true
			conv = func(dst, src []byte, _ int) error {
				for x := 0; x < w; x++ {
					g, a := src[2*x], src[2*x+1]
					d := dst[4*x : 4*x+4 : 4*x+4]
					d[0], d[1], d[2], d[3] = g, g, g, a
					alpha |= a
				}
				return nil
			}
		case bpp == 2:
			withAlpha := h.PixelBits == 16 && h.AlphaBits > 0
			hasA = withAlpha
			conv = func(dst, src []byte, _ int) error {
				for x := 0; x < w; x++ {
					c := rgb555(binary.LittleEndian.Uint16(src[2*x:]), withAlpha)
					d := dst[4*x : 4*x+4 : 4*x+4]
					d[0], d[1], d[2], d[3] = c.R, c.G, c.B, c.A
					alpha |= c.A
				}
				return nil
			}
		case bpp == 3:
			conv = func(dst, src []byte, _ int) error {
				for x := 0; x < w; x++ {
					s := src[3*x : 3*x+3 : 3*x+3]
					d := dst[4*x : 4*x+4 : 4*x+4]
					d[0], d[1], d[2], d[3] = s[2], s[1], s[0], 0xff
				}
				return nil
			}
		default: // 32-bit
			hasA = true
			conv = func(dst, src []byte, _ int) error {
				for x := 0; x < w; x++ {
					s := src[4*x : 4*x+4 : 4*x+4]
					d := dst[4*x : 4*x+4 : 4*x+4]
					d[0], d[1], d[2], d[3] = s[2], s[1], s[0], s[3]
					alpha |= s[3]
				}
				return nil
			}
		}
	}
	row := make([]byte, w*bpp)
	for y := 0; y < ht; y++ {
		dy := ht - 1 - y
		if h.TopToBottom {
			dy = y
		}
		dst := pix[dy*stride : dy*stride+w*size]
		if err := rows(row); err != nil {
			return nil, err
		}
		// Report the pixel's position in the image, not in the file.
		if err := conv(dst, row, dy); err != nil {
			return nil, err
		}
		if h.RightToLeft {
			reverse(dst, size)
		}
	}
	if hasA && alpha == 0 {
		for i := 3; i < len(pix); i += 4 {
			pix[i] = 0xff
		}
	}
	return img, nil
}

func indexError(h *Header, x, y, v int) error {
	if h.RightToLeft {
		x = h.Width - 1 - x
	}
	return &FormatError{Msg: fmt.Sprintf("pixel (%d, %d): colour index %d is outside the colour map (entries %d to %d)",
		x, y, v, h.ColorMapFirst, int(h.ColorMapFirst)+int(h.ColorMapLength)-1)}
}

// reverse reverses the order of the size-byte pixels in row.
func reverse(row []byte, size int) {
	for i, j := 0, len(row)-size; i < j; i, j = i+size, j-size {
		for k := 0; k < size; k++ {
			row[i+k], row[j+k] = row[j+k], row[i+k]
		}
	}
}
