package md3

import (
	"encoding/binary"
	"fmt"
	"math"

	"ms3dstudio/formats/internal/binread"
	"ms3dstudio/formats/internal/field"
	"ms3dstudio/model"
)

// ReadFile reads and decodes the MD3 file at path.
func ReadFile(path string) (*File, []model.Finding, error) {
	return binread.ReadFile(path, Decode)
}

// grid returns rows slices of cols elements each, cut from one
// allocation.
func grid[T any](rows, cols int) [][]T {
	g := make([][]T, rows)
	all := make([]T, rows*cols)
	for i := range g {
		g[i] = all[:cols:cols]
		all = all[cols:]
	}
	return g
}

type decoder struct {
	binread.Reader
}

func (d *decoder) vec(off int64) [3]float32 {
	return [3]float32{d.F32(off), d.F32(off + 4), d.F32(off + 8)}
}

// name reads a NUL-terminated name from a fixed-size field; one with no
// NUL is read whole, with a finding.
func (d *decoder) name(off, size int64, what string) string {
	name, ok := field.Read(d.Data[off : off+size])
	if !ok {
		d.Note(model.CodeMD3Layout, model.Warning, off, "%s fills its %d bytes with no terminating NUL", what, size)
	}
	return name
}

// part checks that count records of size bytes at ofs (from base, the
// start of the file or of a surface) fit in the file, and returns the
// absolute offset. countAt and ofsAt are where the header holds the two.
func (d *decoder) part(where, what string, count, ofs int32, size, base, countAt, ofsAt int64) (int64, error) {
	n := int64(len(d.Data))
	if count < 0 {
		return 0, errorf(where, countAt, "the number of %s is negative (%d)", what, count)
	}
	at := base + int64(ofs)
	if count == 0 {
		return at, nil
	}
	if ofs < 0 || at > n {
		return 0, errorf(where, ofsAt, "the %s's offset %d points outside the %d-byte file", what, ofs, n)
	}
	if need := int64(count) * size; need > n-at {
		return 0, errorf(where, at, "%d %s of %d bytes need %d bytes, only %d remain in the file", count, what, size, need, n-at)
	}
	return at, nil
}

// Decode reads an MD3 file. The error is a *FormatError, with the byte
// offset, for input that is not an MD3 file or does not hold together: a
// header cut short, a wrong ident or version, a negative count, a part
// whose offset points outside the file or whose records run past its end
// (counts are multiplied in 64 bits, so frames × tags and frames ×
// vertices cannot overflow), a surface that does not start with IDP3, has
// another number of frames than the file, or whose end does not move past
// its header, and triangles naming vertices the surface does not have.
// An end offset that disagrees with the file is a finding.
func Decode(data []byte) (*File, []model.Finding, error) {
	if len(data) >= 4 && string(data[:4]) != Ident {
		return nil, nil, errorf("", 0, "not an MD3 file: it starts with %q, not %q", data[:4], Ident)
	}
	if len(data) < HeaderSize {
		return nil, nil, errorf("", 0, "the header needs %d bytes, the file has %d", HeaderSize, len(data))
	}
	d := &decoder{Reader: binread.Reader{Data: data}}
	if v := d.I32(4); v != Version {
		return nil, nil, errorf("", 4, "version %d, want %d", v, Version)
	}
	f := &File{Name: d.name(8, NameSize, "the model's name"), Flags: d.I32(72), Skins: d.I32(88)}
	numFrames, numTags, numSurfaces := d.I32(76), d.I32(80), d.I32(84)
	var err error
	l := &f.Layout
	if l.Frames, err = d.part("", "frames", numFrames, d.I32(92), frameSize, 0, 76, 92); err != nil {
		return nil, nil, err
	}
	if numTags < 0 {
		return nil, nil, errorf("", 80, "the number of tags is negative (%d)", numTags)
	}
	// Frames × tags, in 64 bits.
	tagCount := int64(numFrames) * int64(numTags)
	if tagCount > math.MaxInt32 {
		return nil, nil, errorf("", 80, "%d frames of %d tags are more tags than a file can hold", numFrames, numTags)
	}
	if l.Tags, err = d.part("", "tags (frames × tags)", int32(tagCount), d.I32(96), tagSize, 0, 80, 96); err != nil {
		return nil, nil, err
	}
	if l.Surfaces, err = d.part("", "surfaces (of at least their header)", numSurfaces, d.I32(100), SurfaceHeaderSize, 0, 84, 100); err != nil {
		return nil, nil, err
	}
	l.End = int64(d.I32(104))

	f.Frames = make([]Frame, numFrames)
	for i := range f.Frames {
		off := l.Frames + frameSize*int64(i)
		f.Frames[i] = Frame{Mins: d.vec(off), Maxs: d.vec(off + 12), Origin: d.vec(off + 24), Radius: d.F32(off + 36),
			Name: d.name(off+40, FrameNameSize, fmt.Sprintf("frame %d's name", i))}
	}
	if numTags > 0 {
		f.Tags = grid[Tag](int(numFrames), int(numTags))
		for i := range f.Tags {
			for k := range f.Tags[i] {
				off := l.Tags + tagSize*(int64(i)*int64(numTags)+int64(k))
				t := &f.Tags[i][k]
				t.Name = d.name(off, NameSize, fmt.Sprintf("tag %d's name", k))
				t.Origin = d.vec(off + 64)
				for a := range 3 {
					t.Axis[a] = d.vec(off + 76 + 12*int64(a))
				}
			}
		}
	}
	off := l.Surfaces
	last := max(l.Surfaces, l.Tags+tagSize*tagCount, l.Frames+frameSize*int64(numFrames), HeaderSize)
	for i := range int(numSurfaces) {
		s, end, err := d.surface(i, off, numFrames)
		if err != nil {
			return nil, nil, err
		}
		f.Surfaces = append(f.Surfaces, s)
		last = max(last, end)
		off = end
	}
	n := int64(len(data))
	switch {
	case l.End < last:
		d.Note(model.CodeMD3Layout, model.Warning, 104, "the header's end offset %d is before the end of the data (%d): Quake 3 copies that many bytes of the model and reads past them", l.End, last)
	case l.End > n:
		d.Note(model.CodeMD3Layout, model.Warning, 104, "the header's end offset %d is past the end of the %d-byte file", l.End, n)
	}
	if last < n {
		d.Note(model.CodeMD3Trailing, model.Info, last, "%d bytes after the last surface are not part of the model; ignored", n-last)
	}
	return f, d.Findings, nil
}

// surface reads surface i at off and returns it and where the next one
// starts.
func (d *decoder) surface(i int, off int64, numFrames int32) (Surface, int64, error) {
	where := fmt.Sprintf("surface %d", i)
	n := int64(len(d.Data))
	if n-off < SurfaceHeaderSize {
		return Surface{}, 0, errorf(where, off, "a surface header needs %d bytes, only %d remain in the file", SurfaceHeaderSize, n-off)
	}
	if string(d.Data[off:off+4]) != Ident {
		return Surface{}, 0, errorf(where, off, "the surface does not start with %q (it starts with %q): the previous surface's end offset or the header's surface offset is wrong", Ident, d.Data[off:off+4])
	}
	s := Surface{Name: d.name(off+4, NameSize, where+"'s name"), Flags: d.I32(off + 68), Offset: off}
	if nf := d.I32(off + 72); nf != numFrames {
		return s, 0, errorf(where, off+72, "the surface has %d frames, the file %d", nf, numFrames)
	}
	numShaders, numVerts, numTris := d.I32(off+76), d.I32(off+80), d.I32(off+84)
	tris, err := d.part(where, "triangles", numTris, d.I32(off+88), triangleSize, off, off+84, off+88)
	if err != nil {
		return s, 0, err
	}
	shaders, err := d.part(where, "shaders", numShaders, d.I32(off+92), shaderSize, off, off+76, off+92)
	if err != nil {
		return s, 0, err
	}
	st, err := d.part(where, "texture coordinates", numVerts, d.I32(off+96), stSize, off, off+80, off+96)
	if err != nil {
		return s, 0, err
	}
	vertexCount := int64(numFrames) * int64(numVerts)
	if vertexCount > math.MaxInt32 {
		return s, 0, errorf(where, off+80, "%d frames of %d vertices are more vertices than a file can hold", numFrames, numVerts)
	}
	xyz, err := d.part(where, "vertices (frames × vertices)", int32(vertexCount), d.I32(off+100), vertexSize, off, off+80, off+100)
	if err != nil {
		return s, 0, err
	}
	size := d.I32(off + 104)
	if size < SurfaceHeaderSize || int64(size) > n-off {
		return s, 0, errorf(where, off+104, "the surface's end offset %d is not between its %d-byte header and the end of the file (%d bytes on)", size, SurfaceHeaderSize, n-off)
	}
	for k := range int(numShaders) {
		p := shaders + shaderSize*int64(k)
		s.Shaders = append(s.Shaders, Shader{Name: d.name(p, NameSize, fmt.Sprintf("%s's shader %d", where, k)), Index: d.I32(p + 64)})
	}
	s.Triangles = make([][3]int32, numTris)
	for k := range s.Triangles {
		p := tris + triangleSize*int64(k)
		for c := range 3 {
			v := d.I32(p + 4*int64(c))
			if v < 0 || v >= numVerts {
				return s, 0, errorf(where, p, "triangle %d names vertex %d, the surface has %d", k, v, numVerts)
			}
			s.Triangles[k][c] = v
		}
	}
	s.TexCoords = make([][2]float32, numVerts)
	for k := range s.TexCoords {
		p := st + stSize*int64(k)
		s.TexCoords[k] = [2]float32{d.F32(p), d.F32(p + 4)}
	}
	s.Vertices = grid[Vertex](int(numFrames), int(numVerts))
	for fr := range s.Vertices {
		for k := range s.Vertices[fr] {
			p := xyz + vertexSize*(int64(fr)*int64(numVerts)+int64(k))
			v := &s.Vertices[fr][k]
			for a := range 3 {
				v.Position[a] = int16(binary.LittleEndian.Uint16(d.Data[p+2*int64(a):]))
			}
			v.Normal = binary.LittleEndian.Uint16(d.Data[p+6:])
		}
	}
	end := max(off+int64(size), tris+triangleSize*int64(numTris), shaders+shaderSize*int64(numShaders), st+stSize*int64(numVerts), xyz+vertexSize*vertexCount)
	if end > off+int64(size) {
		d.Note(model.CodeMD3Layout, model.Warning, off+104, "%s's parts run to offset %d, past its end offset (%d)", where, end, off+int64(size))
	}
	return s, off + int64(size), nil
}
