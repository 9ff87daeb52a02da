package md3

import (
	"encoding/binary"
	"fmt"
	"math"

	"ms3dstudio/formats/internal/field"
)

// Encode writes f as an MD3 file in the order Quake 3's tools (and
// MilkShape 3D) write one: header, frames, tags, then each surface's
// header, shaders, triangles, texture coordinates and vertices; the real
// file of the corpus encodes to its own bytes. It refuses what a reader
// would misread: a name too long for its field or holding a NUL, tags or
// surface vertices for another number of frames than the file's, frames
// with different tags, triangles naming vertices the surface does not
// have, and a file past the 32-bit offsets.
func Encode(f *File) ([]byte, error) {
	if err := check(f); err != nil {
		return nil, err
	}
	nf, nt := len(f.Frames), 0
	if len(f.Tags) > 0 {
		nt = len(f.Tags[0])
	}
	ofsFrames := int64(HeaderSize)
	ofsTags := ofsFrames + frameSize*int64(nf)
	ofsSurfaces := ofsTags + tagSize*int64(nf*nt)
	end := ofsSurfaces
	for i := range f.Surfaces {
		end += surfaceSize(&f.Surfaces[i], nf)
	}
	if end > math.MaxInt32 {
		return nil, fmt.Errorf("md3: the file would be %d bytes, more than its 32-bit offsets reach", end)
	}
	w := &writer{buf: make([]byte, 0, end)}
	w.buf = append(w.buf, Ident...)
	w.i32(Version)
	w.name(f.Name, NameSize)
	w.i32(f.Flags, int32(nf), int32(nt), int32(len(f.Surfaces)), f.Skins, int32(ofsFrames), int32(ofsTags), int32(ofsSurfaces), int32(end))
	for _, fr := range f.Frames {
		w.f32(fr.Mins[:]...)
		w.f32(fr.Maxs[:]...)
		w.f32(fr.Origin[:]...)
		w.f32(fr.Radius)
		w.name(fr.Name, FrameNameSize)
	}
	for _, tags := range f.Tags {
		for _, t := range tags {
			w.name(t.Name, NameSize)
			w.f32(t.Origin[:]...)
			for _, a := range t.Axis {
				w.f32(a[:]...)
			}
		}
	}
	for i := range f.Surfaces {
		s := &f.Surfaces[i]
		nv := len(s.TexCoords)
		ofsShaders := int32(SurfaceHeaderSize)
		ofsTris := ofsShaders + shaderSize*int32(len(s.Shaders))
		ofsST := ofsTris + triangleSize*int32(len(s.Triangles))
		ofsXYZ := ofsST + stSize*int32(nv)
		w.buf = append(w.buf, Ident...)
		w.name(s.Name, NameSize)
		w.i32(s.Flags, int32(nf), int32(len(s.Shaders)), int32(nv), int32(len(s.Triangles)), ofsTris, ofsShaders, ofsST, ofsXYZ, int32(surfaceSize(s, nf)))
		for _, sh := range s.Shaders {
			w.name(sh.Name, NameSize)
			w.i32(sh.Index)
		}
		for _, t := range s.Triangles {
			w.i32(t[:]...)
		}
		for _, st := range s.TexCoords {
			w.f32(st[:]...)
		}
		for _, frame := range s.Vertices {
			for _, v := range frame {
				for _, c := range v.Position {
					w.buf = binary.LittleEndian.AppendUint16(w.buf, uint16(c))
				}
				w.buf = binary.LittleEndian.AppendUint16(w.buf, v.Normal)
			}
		}
	}
	return w.buf, nil
}

func surfaceSize(s *Surface, frames int) int64 {
	return SurfaceHeaderSize + shaderSize*int64(len(s.Shaders)) + triangleSize*int64(len(s.Triangles)) +
		stSize*int64(len(s.TexCoords)) + vertexSize*int64(frames)*int64(len(s.TexCoords))
}

type writer struct{ buf []byte }

func (w *writer) i32(vs ...int32) {
	for _, v := range vs {
		w.buf = binary.LittleEndian.AppendUint32(w.buf, uint32(v))
	}
}

func (w *writer) f32(vs ...float32) {
	for _, v := range vs {
		w.buf = binary.LittleEndian.AppendUint32(w.buf, math.Float32bits(v))
	}
}

// name appends s NUL-padded to size bytes (check has made sure it fits).
func (w *writer) name(s string, size int) { w.buf = field.Append(w.buf, s, size) }

func check(f *File) error {
	if err := field.Check(f.Name, NameSize); err != nil {
		return fmt.Errorf("md3: the model's name: %w", err)
	}
	nf := len(f.Frames)
	for i, fr := range f.Frames {
		if err := field.Check(fr.Name, FrameNameSize); err != nil {
			return fmt.Errorf("md3: frame %d: %w", i, err)
		}
	}
	if len(f.Tags) != 0 && len(f.Tags) != nf {
		return fmt.Errorf("md3: tags for %d frames, the file has %d", len(f.Tags), nf)
	}
	for i, tags := range f.Tags {
		if len(tags) != len(f.Tags[0]) {
			return fmt.Errorf("md3: frame %d has %d tags, frame 0 has %d", i, len(tags), len(f.Tags[0]))
		}
		for k, t := range tags {
			if err := field.Check(t.Name, NameSize); err != nil {
				return fmt.Errorf("md3: frame %d, tag %d: %w", i, k, err)
			}
		}
	}
	for i := range f.Surfaces {
		s := &f.Surfaces[i]
		if err := field.Check(s.Name, NameSize); err != nil {
			return fmt.Errorf("md3: surface %d: %w", i, err)
		}
		for k, sh := range s.Shaders {
			if err := field.Check(sh.Name, NameSize); err != nil {
				return fmt.Errorf("md3: surface %d, shader %d: %w", i, k, err)
			}
		}
		if len(s.Vertices) != nf {
			return fmt.Errorf("md3: surface %d has vertices for %d frames, the file has %d", i, len(s.Vertices), nf)
		}
		nv := len(s.TexCoords)
		for k, fr := range s.Vertices {
			if len(fr) != nv {
				return fmt.Errorf("md3: surface %d, frame %d: %d vertices for %d texture coordinates", i, k, len(fr), nv)
			}
		}
		for k, t := range s.Triangles {
			for _, v := range t {
				if v < 0 || int(v) >= nv {
					return fmt.Errorf("md3: surface %d, triangle %d names vertex %d, the surface has %d", i, k, v, nv)
				}
			}
		}
	}
	return nil
}
