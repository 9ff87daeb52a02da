package tga

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/color"
)

// This file holds a TGA writer for tests: it lays out headers, colour maps,
// pixel orders and run-length packets the way the specification describes,
// so that every variant can be built from an image made in code and decoded
// back. It shares no code with the decoder.

// variant describes one TGA layout.
type variant struct {
	name        string
	imageType   uint8
	pixelBits   uint8
	alphaBits   uint8
	topToBottom bool
	rightToLeft bool
	id          []byte
	// Colour-mapped images (and true-colour images that carry an unused
	// map): the map's entries, its first index and entry size.
	palette   []color.NRGBA
	mapFirst  uint16
	mapBits   uint8
	withMap   bool // write a colour map even for a true-colour image
	rowPacket bool // run-length packets never cross a row
}

// pixelBytes encodes one pixel of the source image for the variant. For
// colour-mapped variants, c is looked up in the palette.
func (v variant) pixelBytes(c color.NRGBA, index int) []byte {
	base := v.imageType
	if base >= 9 {
		base -= 8
	}
	switch {
	case base == 1 && v.pixelBits == 8:
		return []byte{byte(index + int(v.mapFirst))}
	case base == 1:
		return binary.LittleEndian.AppendUint16(nil, uint16(index+int(v.mapFirst)))
	case base == 3 && v.pixelBits == 8:
		return []byte{c.R}
	case base == 3:
		return []byte{c.R, c.A}
	}
	return entryBytes(c, v.pixelBits)
}

// entryBytes encodes a colour as a 15/16/24/32-bit TGA value (B, G, R, A
// byte order; 5-5-5 with the attribute bit on top).
func entryBytes(c color.NRGBA, bits uint8) []byte {
	switch bits {
	case 15, 16:
		v := uint16(c.R>>3)<<10 | uint16(c.G>>3)<<5 | uint16(c.B>>3)
		if bits == 16 && c.A >= 0x80 {
			v |= 0x8000
		}
		return binary.LittleEndian.AppendUint16(nil, v)
	case 24:
		return []byte{c.B, c.G, c.R}
	}
	return []byte{c.B, c.G, c.R, c.A}
}

// encodeTGA writes img (with, for colour-mapped variants, pal giving each
// pixel's palette index) as a TGA file.
func encodeTGA(v variant, img *image.NRGBA, index func(x, y int) int) []byte {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	var b bytes.Buffer
	mapType, mapLen := uint8(0), uint16(0)
	if v.palette != nil || v.withMap {
		mapType, mapLen = 1, uint16(len(v.palette))
	}
	desc := v.alphaBits & 0x0f
	if v.rightToLeft {
		desc |= 0x10
	}
	if v.topToBottom {
		desc |= 0x20
	}
	hdr := []byte{byte(len(v.id)), mapType, v.imageType}
	hdr = binary.LittleEndian.AppendUint16(hdr, v.mapFirst)
	hdr = binary.LittleEndian.AppendUint16(hdr, mapLen)
	hdr = append(hdr, v.mapBits)
	hdr = binary.LittleEndian.AppendUint16(hdr, 3) // x origin: ignored by readers
	hdr = binary.LittleEndian.AppendUint16(hdr, 4)
	hdr = binary.LittleEndian.AppendUint16(hdr, uint16(w))
	hdr = binary.LittleEndian.AppendUint16(hdr, uint16(h))
	hdr = append(hdr, v.pixelBits, desc)
	b.Write(hdr)
	b.Write(v.id)
	if mapType == 1 {
		for _, c := range v.palette {
			b.Write(entryBytes(c, v.mapBits))
		}
	}
	// Pixels in file order.
	var rows [][][]byte
	for fy := 0; fy < h; fy++ {
		y := h - 1 - fy
		if v.topToBottom {
			y = fy
		}
		var row [][]byte
		for fx := 0; fx < w; fx++ {
			x := fx
			if v.rightToLeft {
				x = w - 1 - fx
			}
			i := 0
			if index != nil {
				i = index(x, y)
			}
			row = append(row, v.pixelBytes(img.NRGBAAt(x, y), i))
		}
		rows = append(rows, row)
	}
	if v.imageType < 9 {
		for _, row := range rows {
			for _, px := range row {
				b.Write(px)
			}
		}
		return b.Bytes()
	}
	if v.rowPacket {
		for _, row := range rows {
			b.Write(packRLE(row))
		}
		return b.Bytes()
	}
	var all [][]byte
	for _, row := range rows {
		all = append(all, row...)
	}
	b.Write(packRLE(all))
	return b.Bytes()
}

// packRLE packs pixels into run-length packets: runs of two or more equal
// pixels become run packets, the rest literal packets, each of at most 128
// pixels.
func packRLE(px [][]byte) []byte {
	var out []byte
	for i := 0; i < len(px); {
		run := 1
		for i+run < len(px) && run < 128 && bytes.Equal(px[i+run], px[i]) {
			run++
		}
		if run >= 2 {
			out = append(out, 0x80|byte(run-1))
			out = append(out, px[i]...)
			i += run
			continue
		}
		// A literal packet up to the next run of two.
		n := 1
		for i+n < len(px) && n < 128 && !(i+n+1 < len(px) && bytes.Equal(px[i+n], px[i+n+1])) {
			n++
		}
		out = append(out, byte(n-1))
		for _, p := range px[i : i+n] {
			out = append(out, p...)
		}
		i += n
	}
	return out
}
