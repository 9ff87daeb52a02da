//go:build ignore

// gen writes the PCX test files that ImageMagick does not write: the 1- and
// 4-bit EGA variants, uncompressed data, runs across scan lines, an offset
// image window and grey-scale without a palette, with pixels drawn at random
// (with a fixed seed). It shares no code with the decoder. Run by make.sh,
// which then has ImageMagick decode each file to its PNG golden.
package main

import (
	"encoding/binary"
	"math/rand/v2"
	"os"
)

var rng = rand.New(rand.NewPCG(11, 2026))

type file struct {
	name                string
	bits, planes        int
	w, h                int
	xmin, ymin          int
	rle, crossLines     bool
	palette16           []byte // up to 48 bytes
	palette256          bool
	paletteInfo         uint16
	bytesPerLinePadding int
	lines               [][]byte // the scan lines, or nil for random ones
	palette             []byte   // the 256-colour palette, or nil for a random one
}

func (f file) bytesPerLine() int {
	n := (f.w*f.bits + 7) / 8
	n += n % 2 // even, as the manual asks
	return n + f.bytesPerLinePadding
}

func (f file) header() []byte {
	b := make([]byte, 128)
	b[0], b[1], b[3] = 0x0a, 5, byte(f.bits)
	if f.rle {
		b[2] = 1
	}
	le := binary.LittleEndian
	le.PutUint16(b[4:], uint16(f.xmin))
	le.PutUint16(b[6:], uint16(f.ymin))
	le.PutUint16(b[8:], uint16(f.xmin+f.w-1))
	le.PutUint16(b[10:], uint16(f.ymin+f.h-1))
	le.PutUint16(b[12:], 72)
	le.PutUint16(b[14:], 72)
	copy(b[16:64], f.palette16)
	b[65] = byte(f.planes)
	le.PutUint16(b[66:], uint16(f.bytesPerLine()))
	info := f.paletteInfo
	if info == 0 {
		info = 1
	}
	le.PutUint16(b[68:], info)
	return b
}

// pack run-length encodes bytes: runs of equal bytes (up to 63), and bytes
// with the top two bits set as runs of one.
func pack(in []byte) []byte {
	var out []byte
	for i := 0; i < len(in); {
		n := 1
		for i+n < len(in) && n < 63 && in[i+n] == in[i] {
			n++
		}
		if n > 1 || in[i]&0xc0 == 0xc0 {
			out = append(out, 0xc0|byte(n), in[i])
		} else {
			out = append(out, in[i])
		}
		i += n
	}
	return out
}

// write draws random pixels (runs of them, so that run-length encoding has
// runs to make) and writes the file.
func (f file) write() {
	bpl := f.bytesPerLine()
	lines := f.lines
	for y := len(lines); y < f.h; y++ {
		line := make([]byte, f.planes*bpl)
		for i := 0; i < len(line); {
			v, n := byte(rng.Uint32()), 1+rng.IntN(5)
			for ; n > 0 && i < len(line); n-- {
				line[i] = v
				i++
			}
		}
		lines = append(lines, line)
	}
	out := f.header()
	switch {
	case !f.rle:
		for _, l := range lines {
			out = append(out, l...)
		}
	case f.crossLines:
		var all []byte
		for _, l := range lines {
			all = append(all, l...)
		}
		out = append(out, pack(all)...)
	default:
		for _, l := range lines {
			out = append(out, pack(l)...)
		}
	}
	if f.palette256 {
		out = append(out, 0x0c)
		p := f.palette
		for len(p) < 768 {
			p = append(p, byte(rng.Uint32()))
		}
		out = append(out, p...)
	}
	if err := os.WriteFile(f.name+".pcx", out, 0o644); err != nil {
		panic(err)
	}
}

func randomPalette() []byte {
	p := make([]byte, 48)
	for i := range p {
		p[i] = byte(rng.Uint32())
	}
	return p
}

func main() {
	for _, f := range []file{
		{name: "ega-planes3", bits: 1, planes: 3, w: 13, h: 6, rle: true, palette16: randomPalette()},
		{name: "ega-planes4", bits: 1, planes: 4, w: 21, h: 6, rle: true, palette16: randomPalette()},
		{name: "nibble4", bits: 4, planes: 1, w: 13, h: 5, rle: true, palette16: randomPalette()},
		{name: "pal8-raw", bits: 8, planes: 1, w: 7, h: 5, palette256: true, bytesPerLinePadding: 2},
		{name: "pal8-cross-lines", bits: 8, planes: 1, w: 9, h: 7, xmin: 10, ymin: 20, rle: true, crossLines: true, palette256: true},
		{name: "rgb24-cross-lines", bits: 8, planes: 3, w: 5, h: 4, rle: true, crossLines: true},
	} {
		f.write()
	}
	// ImageMagick reads 1-bit pixels as 0 white and 1 black, the reverse of
	// other readers; so the one-plane 1-bit image is also written as 8-bit
	// pixels 0 and 1 with a black-and-white palette, whose golden it shares.
	mono := file{name: "mono", bits: 1, planes: 1, w: 13, h: 5, rle: true}
	for y := 0; y < mono.h; y++ {
		mono.lines = append(mono.lines, []byte{byte(rng.Uint32()), byte(rng.Uint32())})
	}
	mono.write()
	colours := mono
	colours.name, colours.palette16 = "mono-colours", []byte{200, 0, 0, 0, 0, 150}
	colours.write()
	as8 := file{name: "mono-as-pal8", bits: 8, planes: 1, w: 13, h: 5, rle: true, palette256: true, palette: []byte{0, 0, 0, 255, 255, 255}}
	for _, l := range mono.lines {
		line := make([]byte, as8.bytesPerLine())
		for x := 0; x < mono.w; x++ {
			line[x] = l[x/8] >> (7 - x%8) & 1
		}
		as8.lines = append(as8.lines, line)
	}
	as8.write()
}
