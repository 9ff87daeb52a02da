//go:build ignore

// gen writes the DDS test files that ImageMagick does not write: blocks and
// pixels drawn at random (with a fixed seed) so that every block mode, index
// and mask bit is exercised. It shares no code with the decoder. Run by
// make.sh, which then has ImageMagick decode each file to its PNG golden.
package main

import (
	"encoding/binary"
	"math/rand/v2"
	"os"
)

var rng = rand.New(rand.NewPCG(11, 2026))

// pixel format flags
const (
	alphaPixels = 0x1
	fourCCFlag  = 0x4
	rgbFlag     = 0x40
	luminance   = 0x20000
)

type pf struct {
	flags, fourCC, bits, r, g, b, a uint32
}

// header returns the signature and DDS_HEADER of a w×h texture with one
// mipmap level.
func header(w, h int, p pf, linearSize uint32) []byte {
	u := func(b []byte, v ...uint32) []byte {
		for _, x := range v {
			b = binary.LittleEndian.AppendUint32(b, x)
		}
		return b
	}
	flags := uint32(0x1 | 0x2 | 0x4 | 0x1000) // CAPS, HEIGHT, WIDTH, PIXELFORMAT
	if p.flags&fourCCFlag != 0 {
		flags |= 0x80000 // LINEARSIZE
	} else {
		flags |= 0x8 // PITCH
	}
	b := []byte("DDS ")
	b = u(b, 124, flags, uint32(h), uint32(w), linearSize, 0, 1)
	b = append(b, make([]byte, 44)...)
	b = u(b, 32, p.flags, p.fourCC, p.bits, p.r, p.g, p.b, p.a)
	b = u(b, 0x1000, 0, 0, 0, 0) // caps: TEXTURE
	return b
}

func fourCC(s string) uint32 { return binary.LittleEndian.Uint32([]byte(s)) }

func random(n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(rng.Uint32())
	}
	return b
}

// bc1Blocks returns n random BC1 colour blocks, half of them in each mode
// (first endpoint greater, or not).
func bc1Blocks(n int) []byte {
	var out []byte
	for i := 0; i < n; i++ {
		b := random(8)
		c0, c1 := binary.LittleEndian.Uint16(b), binary.LittleEndian.Uint16(b[2:])
		if (c0 > c1) != (i%2 == 0) {
			b[0], b[1], b[2], b[3] = b[2], b[3], b[0], b[1]
		}
		out = append(out, b...)
	}
	return out
}

// bc3Alpha returns n random BC3 alpha blocks, half of them in each mode.
func bc3Alpha(n int) [][]byte {
	var out [][]byte
	for i := 0; i < n; i++ {
		b := random(8)
		if (b[0] > b[1]) != (i%2 == 0) {
			b[0], b[1] = b[1], b[0]
		}
		out = append(out, b)
	}
	return out
}

func write(name string, parts ...[]byte) {
	var b []byte
	for _, p := range parts {
		b = append(b, p...)
	}
	if err := os.WriteFile(name, b, 0o644); err != nil {
		panic(err)
	}
}

// dx10 returns a DX10 header for a 2D texture of the DXGI format.
func dx10(format uint32) []byte {
	var b []byte
	for _, v := range []uint32{format, 3, 0, 1, 0} {
		b = binary.LittleEndian.AppendUint32(b, v)
	}
	return b
}

func main() {
	// BC1 with one-bit alpha: 16×12, 12 blocks.
	bc1 := bc1Blocks(12)
	write("bc1-alpha.dds", header(16, 12, pf{flags: fourCCFlag | alphaPixels, fourCC: fourCC("DXT1")}, 96), bc1)
	write("dx10-bc1.dds", header(16, 12, pf{flags: fourCCFlag, fourCC: fourCC("DX10")}, 96), dx10(71), bc1)

	// BC2 (DXT3): 16×12; the colour blocks include first-endpoint-not-greater
	// ones, which BC2 still reads as four colours.
	var bc2 []byte
	colour := bc1Blocks(12)
	for i := 0; i < 12; i++ {
		bc2 = append(bc2, random(8)...)
		bc2 = append(bc2, colour[8*i:8*i+8]...)
	}
	write("bc2.dds", header(16, 12, pf{flags: fourCCFlag, fourCC: fourCC("DXT3")}, 192), bc2)

	// BC3 (DXT5): 10×6, so the blocks on the right and bottom are clipped.
	var bc3 []byte
	colour = bc1Blocks(6)
	for i, a := range bc3Alpha(6) {
		bc3 = append(bc3, a...)
		bc3 = append(bc3, colour[8*i:8*i+8]...)
	}
	write("bc3-odd.dds", header(10, 6, pf{flags: fourCCFlag, fourCC: fourCC("DXT5")}, 96), bc3)
	write("dx10-bc3.dds", header(10, 6, pf{flags: fourCCFlag, fourCC: fourCC("DX10")}, 96), dx10(77), bc3)

	// Uncompressed pixels described by masks: 7×5 random pixels each.
	const w, h = 7, 5
	for _, m := range []struct {
		name string
		pf   pf
	}{
		{"r5g6b5", pf{rgbFlag, 0, 16, 0xf800, 0x07e0, 0x001f, 0}},
		{"a1r5g5b5", pf{rgbFlag | alphaPixels, 0, 16, 0x7c00, 0x03e0, 0x001f, 0x8000}},
		{"a4r4g4b4", pf{rgbFlag | alphaPixels, 0, 16, 0x0f00, 0x00f0, 0x000f, 0xf000}},
		{"r8g8b8", pf{rgbFlag, 0, 24, 0xff0000, 0xff00, 0xff, 0}},
		{"x8r8g8b8", pf{rgbFlag, 0, 32, 0xff0000, 0xff00, 0xff, 0}},
		{"l8", pf{luminance, 0, 8, 0xff, 0, 0, 0}},
	} {
		pitch := w * int(m.pf.bits) / 8
		write(m.name+".dds", header(w, h, m.pf, uint32(pitch)), random(pitch*h))
	}
	// ImageMagick reads every 32-bit file as A8R8G8B8 whatever its masks, so
	// A8B8G8R8 is written twice, the second time with red and blue swapped
	// into A8R8G8B8 order, whose golden it shares.
	px := random(4 * w * h)
	write("a8b8g8r8.dds", header(w, h, pf{rgbFlag | alphaPixels, 0, 32, 0xff, 0xff00, 0xff0000, 0xff000000}, 4*w), px)
	for i := 0; i < len(px); i += 4 {
		px[i], px[i+2] = px[i+2], px[i]
	}
	write("a8r8g8b8.dds", header(w, h, pf{rgbFlag | alphaPixels, 0, 32, 0xff0000, 0xff00, 0xff, 0xff000000}, 4*w), px)
}
