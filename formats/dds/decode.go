package dds

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"image"
	"io"

	"ms3dstudio/internal/imagelimit"
)

// Decode reads the first mipmap level of a DDS texture from r. Luminance
// pixels of 8 bits without alpha become an *image.Gray, everything else an
// *image.NRGBA (DDS alpha is not premultiplied; alpha-only pixels are black
// with that alpha, as Direct3D samples them).
//
// Decode reads the header and exactly the bytes of the first level, and
// allocates the image only once they have all arrived: a header claiming a
// large image over a short input costs about what the input holds.
func Decode(r io.Reader) (image.Image, error) {
	h, err := ReadHeader(r)
	if err != nil {
		return nil, err
	}
	l, err := h.layout()
	if err != nil {
		return nil, err
	}
	if err := imagelimit.Check(int64(h.Width), int64(h.Height), ErrTooLarge); err != nil {
		return nil, err
	}
	need := l.dataSize(h.Width, h.Height)
	data, err := readData(r, need)
	if err != nil {
		return nil, err
	}
	rect := image.Rect(0, 0, h.Width, h.Height)
	if l.gray() {
		g := image.NewGray(rect)
		copy(g.Pix, data)
		return g, nil
	}
	img := image.NewNRGBA(rect)
	switch l.enc {
	case encMasks:
		decodeMasks(img, data, &l)
	default:
		decodeBlocks(img, data, l.enc)
	}
	return img, nil
}

// readData reads the n bytes of the first mipmap level. It allocates them
// at once only from a reader that says it holds them (bytes.Reader,
// strings.Reader, bytes.Buffer); from any other reader it grows a buffer as
// data arrives, so that a short input never costs what the header promised.
func readData(r io.Reader, n int) ([]byte, error) {
	short := func(got int) error {
		return &FormatError{Msg: fmt.Sprintf("pixel data cut short: %d of %d bytes", got, n), Err: io.ErrUnexpectedEOF}
	}
	if l, ok := r.(interface{ Len() int }); ok {
		if k := l.Len(); k < n {
			return nil, short(max(k, 0))
		}
		data := make([]byte, n)
		if k, err := io.ReadFull(r, data); err != nil {
			return nil, short(k)
		}
		return data, nil
	}
	var buf bytes.Buffer
	if k, err := io.CopyN(&buf, r, int64(n)); err != nil {
		if err == io.EOF {
			return nil, short(int(k))
		}
		return nil, &FormatError{Msg: "reading the pixel data", Err: err}
	}
	return buf.Bytes(), nil
}

// decodeMasks expands uncompressed pixels (little-endian, rows top first, no
// padding) through the layout's channel masks.
func decodeMasks(img *image.NRGBA, data []byte, l *layout) {
	w, h, n := img.Rect.Dx(), img.Rect.Dy(), l.bytes
	// Channels of up to 10 bits are scaled through a table.
	var tables [4][]uint8
	chans := [4]channel{l.r, l.g, l.b, l.a}
	if l.lum {
		chans[1], chans[2] = l.r, l.r
	}
	for i, c := range chans {
		if c.max > 0 && c.max < 1024 {
			tables[i] = make([]uint8, c.max+1)
			for v := range tables[i] {
				tables[i][v] = scale(uint32(v)<<c.shift, c)
			}
		}
	}
	opaque := l.a.max == 0
	var px [4]byte
	for y := 0; y < h; y++ {
		src := data[y*w*n : (y+1)*w*n]
		dst := img.Pix[y*img.Stride : y*img.Stride+4*w]
		for x := 0; x < w; x++ {
			copy(px[:], src[x*n:(x+1)*n])
			v := binary.LittleEndian.Uint32(px[:])
			d := dst[4*x : 4*x+4 : 4*x+4]
			for i, c := range chans {
				switch {
				case tables[i] != nil:
					d[i] = tables[i][v>>c.shift&c.max]
				default:
					d[i] = scale(v, c)
				}
			}
			if opaque {
				d[3] = 0xff
			}
		}
	}
}

// scale returns channel c of pixel v scaled to 8 bits, rounding to nearest
// (which for 5- and 6-bit channels equals replicating the high bits into the
// low ones). An absent channel reads 0.
func scale(v uint32, c channel) uint8 {
	if c.max == 0 {
		return 0
	}
	x := uint64(v>>c.shift&c.max) * 255
	return uint8((x + uint64(c.max/2)) / uint64(c.max))
}

// decodeBlocks expands BC1, BC2 or BC3 blocks (rows of 4×4 blocks, top
// first) into img; blocks that reach past the right or bottom edge are
// clipped.
func decodeBlocks(img *image.NRGBA, data []byte, enc int) {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	size := 8
	if enc != encBC1 {
		size = 16
	}
	var (
		block   [16][4]uint8 // decoded pixels, row by row
		palette [4][4]uint8
		alpha   [8]uint8
	)
	o := 0
	for by := 0; by < h; by += 4 {
		for bx := 0; bx < w; bx += 4 {
			b := data[o : o+size : o+size]
			o += size
			colour := b[size-8:]
			colours(&palette, colour, enc == encBC1)
			idx := binary.LittleEndian.Uint32(colour[4:])
			for i := range block {
				block[i] = palette[idx>>(2*i)&3]
			}
			switch enc {
			case encBC2:
				a := binary.LittleEndian.Uint64(b)
				for i := range block {
					block[i][3] = uint8(a>>(4*i)&0xf) * 17
				}
			case encBC3:
				alphas(&alpha, b[0], b[1])
				// 48 bits of 3-bit indices, little-endian.
				ai := uint64(binary.LittleEndian.Uint16(b[2:])) | uint64(binary.LittleEndian.Uint32(b[4:]))<<16
				for i := range block {
					block[i][3] = alpha[ai>>(3*i)&7]
				}
			}
			for y := 0; y < 4 && by+y < h; y++ {
				row := img.Pix[(by+y)*img.Stride+4*bx:]
				for x := 0; x < 4 && bx+x < w; x++ {
					copy(row[4*x:4*x+4], block[4*y+x][:])
				}
			}
		}
	}
}

// colours computes the four colours of a BC1 colour block (two RGB565
// endpoints, then indices). Interpolated values round down. A BC1 block whose
// first endpoint is not greater than its second has three colours and
// transparent black; BC2 and BC3 colour blocks always have four colours.
func colours(p *[4][4]uint8, b []byte, bc1 bool) {
	c0, c1 := binary.LittleEndian.Uint16(b), binary.LittleEndian.Uint16(b[2:])
	p[0], p[1] = rgb565(c0), rgb565(c1)
	if c0 > c1 || !bc1 {
		for k := 0; k < 3; k++ {
			e0, e1 := uint16(p[0][k]), uint16(p[1][k])
			p[2][k] = uint8((2*e0 + e1) / 3)
			p[3][k] = uint8((e0 + 2*e1) / 3)
		}
		p[2][3], p[3][3] = 0xff, 0xff
		return
	}
	for k := 0; k < 3; k++ {
		p[2][k] = uint8((uint16(p[0][k]) + uint16(p[1][k])) / 2)
	}
	p[2][3] = 0xff
	p[3] = [4]uint8{}
}

// rgb565 expands an RGB565 colour to 8 bits a channel by replicating the
// high bits into the low ones.
func rgb565(v uint16) [4]uint8 {
	r, g, b := uint8(v>>11), uint8(v>>5&0x3f), uint8(v&0x1f)
	return [4]uint8{r<<3 | r>>2, g<<2 | g>>4, b<<3 | b>>2, 0xff}
}

// alphas computes the eight alpha values of a BC3 alpha block from its two
// endpoints: six interpolated values when the first is greater, else four
// and then 0 and 255. Interpolated values round down.
func alphas(a *[8]uint8, a0, a1 uint8) {
	a[0], a[1] = a0, a1
	e0, e1 := uint16(a0), uint16(a1)
	if a0 > a1 {
		for i := uint16(1); i <= 6; i++ {
			a[i+1] = uint8(((7-i)*e0 + i*e1) / 7)
		}
		return
	}
	for i := uint16(1); i <= 4; i++ {
		a[i+1] = uint8(((5-i)*e0 + i*e1) / 5)
	}
	a[6], a[7] = 0, 0xff
}
