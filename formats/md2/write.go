package md2

import (
	"encoding/binary"
	"fmt"
	"math"

	"ms3dstudio/formats/internal/field"
)

// Encode writes f as an MD2 file in the order Quake 2's tools write one
// (header, skins, texture coordinates, triangles, frames, GL commands
// ending in 0), so that the real files of the corpus encode to their own
// bytes. It refuses what a reader would misread: a name too long for its
// field or holding a NUL, frames with different vertex counts, more
// vertices or texture coordinates than the 16-bit indices reach,
// triangles and GL commands naming vertices or texture coordinates that
// do not exist, normal indices past the table.
func Encode(f *File) ([]byte, error) {
	if err := check(f); err != nil {
		return nil, err
	}
	nv := 0
	if len(f.Frames) > 0 {
		nv = len(f.Frames[0].Vertices)
	}
	words := 0
	if f.GLCommands != nil {
		words = 1
		for _, c := range f.GLCommands {
			words += 1 + 3*len(c.Vertices)
		}
	}
	frameSize := frameHeaderSize + 4*nv
	ofsSkins := HeaderSize
	ofsST := ofsSkins + SkinNameSize*len(f.Skins)
	ofsTris := ofsST + 4*len(f.TexCoords)
	ofsFrames := ofsTris + 12*len(f.Triangles)
	ofsGL := ofsFrames + frameSize*len(f.Frames)
	ofsEnd := ofsGL + 4*words
	if ofsEnd > math.MaxInt32 {
		return nil, fmt.Errorf("md2: the file would be %d bytes, more than its 32-bit offsets reach", ofsEnd)
	}
	buf := make([]byte, 0, ofsEnd)
	buf = append(buf, Ident...)
	for _, v := range []int{Version, int(f.SkinWidth), int(f.SkinHeight), frameSize,
		len(f.Skins), nv, len(f.TexCoords), len(f.Triangles), words, len(f.Frames),
		ofsSkins, ofsST, ofsTris, ofsFrames, ofsGL, ofsEnd} {
		buf = binary.LittleEndian.AppendUint32(buf, uint32(int32(v)))
	}
	for _, s := range f.Skins {
		buf = field.Append(buf, s, SkinNameSize)
	}
	for _, st := range f.TexCoords {
		buf = binary.LittleEndian.AppendUint16(buf, uint16(st[0]))
		buf = binary.LittleEndian.AppendUint16(buf, uint16(st[1]))
	}
	for _, t := range f.Triangles {
		for _, v := range t.Vertices {
			buf = binary.LittleEndian.AppendUint16(buf, v)
		}
		for _, v := range t.TexCoords {
			buf = binary.LittleEndian.AppendUint16(buf, v)
		}
	}
	for i := range f.Frames {
		fr := &f.Frames[i]
		for _, v := range fr.Scale {
			buf = binary.LittleEndian.AppendUint32(buf, math.Float32bits(v))
		}
		for _, v := range fr.Translate {
			buf = binary.LittleEndian.AppendUint32(buf, math.Float32bits(v))
		}
		buf = field.Append(buf, fr.Name, FrameNameSize)
		for _, v := range fr.Vertices {
			buf = append(buf, v.Position[0], v.Position[1], v.Position[2], v.Normal)
		}
	}
	if f.GLCommands != nil {
		for _, c := range f.GLCommands {
			n := int32(len(c.Vertices))
			if c.Fan {
				n = -n
			}
			buf = binary.LittleEndian.AppendUint32(buf, uint32(n))
			for _, v := range c.Vertices {
				buf = binary.LittleEndian.AppendUint32(buf, math.Float32bits(v.S))
				buf = binary.LittleEndian.AppendUint32(buf, math.Float32bits(v.T))
				buf = binary.LittleEndian.AppendUint32(buf, uint32(v.Index))
			}
		}
		buf = binary.LittleEndian.AppendUint32(buf, 0)
	}
	return buf, nil
}

func check(f *File) error {
	for i, s := range f.Skins {
		if err := field.Check(s, SkinNameSize); err != nil {
			return fmt.Errorf("md2: skin %d: %w", i, err)
		}
	}
	nv := 0
	if len(f.Frames) > 0 {
		nv = len(f.Frames[0].Vertices)
	}
	if nv > math.MaxUint16+1 {
		return fmt.Errorf("md2: %d vertices, more than the %d the triangles' 16-bit indices reach", nv, math.MaxUint16+1)
	}
	if len(f.TexCoords) > math.MaxUint16+1 {
		return fmt.Errorf("md2: %d texture coordinates, more than the %d the triangles' 16-bit indices reach", len(f.TexCoords), math.MaxUint16+1)
	}
	for i := range f.Frames {
		fr := &f.Frames[i]
		if len(fr.Vertices) != nv {
			return fmt.Errorf("md2: frame %d has %d vertices, frame 0 has %d", i, len(fr.Vertices), nv)
		}
		if err := field.Check(fr.Name, FrameNameSize); err != nil {
			return fmt.Errorf("md2: frame %d: %w", i, err)
		}
		for k, v := range fr.Vertices {
			if v.Normal >= NumNormals {
				return fmt.Errorf("md2: frame %d, vertex %d: normal index %d is past the %d of the table", i, k, v.Normal, NumNormals)
			}
		}
	}
	for i, t := range f.Triangles {
		for c := range 3 {
			if int(t.Vertices[c]) >= nv {
				return fmt.Errorf("md2: triangle %d names vertex %d, the frames have %d", i, t.Vertices[c], nv)
			}
			if int(t.TexCoords[c]) >= len(f.TexCoords) {
				return fmt.Errorf("md2: triangle %d names texture coordinate %d, the file has %d", i, t.TexCoords[c], len(f.TexCoords))
			}
		}
	}
	for i, c := range f.GLCommands {
		if len(c.Vertices) == 0 {
			return fmt.Errorf("md2: GL command %d has no vertices (a 0 count ends the list)", i)
		}
		for _, v := range c.Vertices {
			if v.Index < 0 || int(v.Index) >= nv {
				return fmt.Errorf("md2: GL command %d names vertex %d, the frames have %d", i, v.Index, nv)
			}
		}
	}
	return nil
}
