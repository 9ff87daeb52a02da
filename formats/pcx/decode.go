package pcx

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"io"

	"ms3dstudio/internal/imagelimit"
)

// Decode reads a PCX image from r. Paletted images become an
// *image.Paletted, grey-scale ones an *image.Gray, and 24- and 32-bit colour
// an *image.NRGBA (opaque for three planes; the fourth plane is alpha, not
// premultiplied).
//
// Decode reads r to its end, but never more than the largest file the header
// allows (every scan-line byte encoded in two, then the palette), and
// allocates the image only when what it read can hold every scan line.
func Decode(r io.Reader) (image.Image, error) {
	h, err := ReadHeader(r)
	if err != nil {
		return nil, err
	}
	k, err := h.kind()
	if err != nil {
		return nil, err
	}
	if err := imagelimit.Check(int64(h.Width), int64(h.Height), ErrTooLarge); err != nil {
		return nil, err
	}
	data, err := readRest(r, h.maxData())
	if err != nil {
		return nil, err
	}
	total := h.Height * h.lineBytes()
	// Refuse before allocating when the data cannot fill the image: a run of
	// two bytes yields at most 63, a literal byte one.
	if h.Encoding == 1 && 63*(len(data)/2)+len(data)%2 < total || h.Encoding == 0 && len(data) < total {
		return nil, &FormatError{Msg: fmt.Sprintf("%d bytes of scan lines cannot hold the %d an image of %d×%d needs", len(data), total, h.Width, h.Height), Err: io.ErrUnexpectedEOF}
	}
	rect := image.Rect(0, 0, h.Width, h.Height)
	var (
		img image.Image
		put func(y int, line []byte)
	)
	w, bpl := h.Width, int(h.BytesPerLine)
	switch k {
	case kindRGB:
		m := image.NewNRGBA(rect)
		img = m
		planes := int(h.Planes)
		put = func(y int, line []byte) {
			dst := m.Pix[y*m.Stride : y*m.Stride+4*w]
			for x := 0; x < w; x++ {
				d := dst[4*x : 4*x+4 : 4*x+4]
				d[0], d[1], d[2], d[3] = line[x], line[bpl+x], line[2*bpl+x], 0xff
				if planes == 4 {
					d[3] = line[3*bpl+x]
				}
			}
		}
	case kindPlanar:
		p := image.NewPaletted(rect, h.palette16(1<<h.Planes))
		img = p
		planes := int(h.Planes)
		put = func(y int, line []byte) {
			dst := p.Pix[y*p.Stride : y*p.Stride+w]
			for x := range dst {
				var v uint8
				for pl := 0; pl < planes; pl++ {
					v |= (line[pl*bpl+x/8] >> (7 - x%8) & 1) << pl
				}
				dst[x] = v
			}
		}
	case kindNibble:
		p := image.NewPaletted(rect, h.palette16(16))
		img = p
		put = func(y int, line []byte) {
			dst := p.Pix[y*p.Stride : y*p.Stride+w]
			for x := range dst {
				dst[x] = line[x/2] >> (4 * (1 - x%2)) & 0xf
			}
		}
	default:
		var pix []byte
		var stride int
		// The palette is known only once the pixel data's end is: decode
		// into a grey image, then make it paletted.
		g := image.NewGray(rect)
		img, pix, stride = g, g.Pix, g.Stride
		put = func(y int, line []byte) { copy(pix[y*stride:y*stride+w], line) }
	}
	end, err := h.decodeLines(data, put)
	if err != nil {
		return nil, err
	}
	if k == kindPalette256 {
		pal, err := h.palette256(data, end)
		if err != nil {
			return nil, err
		}
		if pal != nil {
			g := img.(*image.Gray)
			img = &image.Paletted{Pix: g.Pix, Stride: g.Stride, Rect: g.Rect, Palette: pal}
		}
	}
	return img, nil
}

// lineBytes is the size of one scan line: every plane of it.
func (h *Header) lineBytes() int { return int(h.Planes) * int(h.BytesPerLine) }

// maxData is the most that can follow the header: every scan-line byte
// encoded in two bytes, then the 256-colour palette.
func (h *Header) maxData() int {
	n := h.Height * h.lineBytes()
	if h.Encoding == 1 {
		n *= 2
	}
	return n + paletteSize
}

// readRest reads what follows the header, up to n bytes. It allocates them at
// once only from a reader that says it holds them (bytes.Reader,
// strings.Reader, bytes.Buffer); from any other reader it grows a buffer as
// data arrives.
func readRest(r io.Reader, n int) ([]byte, error) {
	if l, ok := r.(interface{ Len() int }); ok {
		data := make([]byte, min(n, max(l.Len(), 0)))
		k, err := io.ReadFull(r, data)
		if err != nil && err != io.ErrUnexpectedEOF && err != io.EOF {
			return nil, &FormatError{Msg: "reading the scan lines", Err: err}
		}
		return data[:k], nil
	}
	var buf bytes.Buffer
	if _, err := io.CopyN(&buf, r, int64(n)); err != nil && err != io.EOF {
		return nil, &FormatError{Msg: "reading the scan lines", Err: err}
	}
	return buf.Bytes(), nil
}

// decodeLines expands the scan lines in data, handing each to put, and
// returns the offset where they end. A run byte (top two bits set) repeats
// the next byte its low six bits times; any other byte stands for itself.
// Runs may cross scan lines; a run past the last line is cut at its end.
func (h *Header) decodeLines(data []byte, put func(y int, line []byte)) (int, error) {
	n := h.lineBytes()
	line := make([]byte, n)
	in := 0
	if h.Encoding == 0 {
		for y := 0; y < h.Height; y++ {
			put(y, data[in:in+n])
			in += n
		}
		return in, nil
	}
	var run, value byte // a run carried over from the line before
	for y := 0; y < h.Height; y++ {
		o := 0
		for o < n {
			if run > 0 {
				k := min(int(run), n-o)
				for i := o; i < o+k; i++ {
					line[i] = value
				}
				o += k
				run -= byte(k)
				continue
			}
			if in >= len(data) {
				return 0, &FormatError{Msg: fmt.Sprintf("scan lines cut short at line %d of %d", y, h.Height), Err: io.ErrUnexpectedEOF}
			}
			c := data[in]
			in++
			if c&0xc0 != 0xc0 {
				line[o] = c
				o++
				continue
			}
			if in >= len(data) {
				return 0, &FormatError{Msg: fmt.Sprintf("scan lines cut short at line %d of %d", y, h.Height), Err: io.ErrUnexpectedEOF}
			}
			run, value = c&0x3f, data[in]
			in++
		}
		put(y, line)
	}
	return in, nil
}

// palette256 returns the 256-colour palette, which fills the last 769 bytes
// of data after the marker and must not overlap the scan lines (which end at
// end), or nil for a grey-scale image without one.
func (h *Header) palette256(data []byte, end int) (color.Palette, error) {
	at := len(data) - paletteSize
	if at < end || data[at] != PaletteMarker {
		if h.PaletteInfo == 2 {
			return nil, nil
		}
		return nil, &FormatError{Msg: "8-bit image without the 256-colour palette (marker 0x0c and 768 bytes) at the end of the file"}
	}
	p := make(color.Palette, 256)
	for i := range p {
		e := data[at+1+3*i:]
		p[i] = color.RGBA{e[0], e[1], e[2], 0xff}
	}
	return p, nil
}
