package md2

import (
	"encoding/binary"
	"fmt"

	"ms3dstudio/formats/internal/binread"
	"ms3dstudio/formats/internal/field"
	"ms3dstudio/model"
)

// header is the file's header after the ident, field by field.
type header struct {
	version, skinWidth, skinHeight, frameSize              int32
	numSkins, numXYZ, numST, numTris, numGLCmds, numFrames int32
	ofsSkins, ofsST, ofsTris, ofsFrames, ofsGLCmds, ofsEnd int32
}

// fieldOffset is the byte offset of the header's int32 field number i
// (0 is the version).
func fieldOffset(i int) int64 { return int64(4 + 4*i) }

// Header field numbers, for error offsets.
const (
	fVersion = iota
	fSkinWidth
	fSkinHeight
	fFrameSize
	fNumSkins
	fNumXYZ
	fNumST
	fNumTris
	fNumGLCmds
	fNumFrames
	fOfsSkins
	fOfsST
	fOfsTris
	fOfsFrames
	fOfsGLCmds
	fOfsEnd
)

// ReadFile reads and decodes the MD2 file at path.
func ReadFile(path string) (*File, []model.Finding, error) {
	return binread.ReadFile(path, Decode)
}

type decoder struct {
	binread.Reader
	h header
}

// section checks that count records of size bytes fit in the file at
// offset ofs (the header fields countField and ofsField give them) and
// returns the offset.
func (d *decoder) section(what string, count, ofs int32, size int64, countField, ofsField int) (int64, error) {
	n := int64(len(d.Data))
	if count < 0 {
		return 0, errorf("", fieldOffset(countField), "the number of %s is negative (%d)", what, count)
	}
	if count == 0 {
		return int64(ofs), nil
	}
	if ofs < 0 || int64(ofs) > n {
		return 0, errorf("", fieldOffset(ofsField), "the %s's offset %d points outside the %d-byte file", what, ofs, n)
	}
	if need := int64(count) * size; need > n-int64(ofs) {
		return 0, errorf(what, int64(ofs), "%d %s of %d bytes need %d bytes, only %d remain in the file", count, what, size, need, n-int64(ofs))
	}
	return int64(ofs), nil
}

// Decode reads an MD2 file. The error is a *FormatError, with the byte
// offset, for input that is not an MD2 file or does not hold together: a
// header cut short, a wrong ident or version, a negative count, a part
// whose offset points outside the file or whose records run past its end
// (counts and sizes are checked in 64 bits, so frames × vertices cannot
// overflow), a frame size too small for the vertices, and triangles that
// name vertices or texture coordinates the file does not have. GL
// commands that do not hold together are dropped with a finding (an
// OpenGL renderer would misdraw them; the triangles are what Irrlicht
// draws); offsets and sizes that disagree with the file's length are
// findings.
func Decode(data []byte) (*File, []model.Finding, error) {
	if len(data) < HeaderSize {
		if len(data) >= 4 && string(data[:4]) != Ident {
			return nil, nil, errorf("", 0, "not an MD2 file: it starts with %q, not %q", data[:4], Ident)
		}
		return nil, nil, errorf("", 0, "the header needs %d bytes, the file has %d", HeaderSize, len(data))
	}
	if string(data[:4]) != Ident {
		return nil, nil, errorf("", 0, "not an MD2 file: it starts with %q, not %q", data[:4], Ident)
	}
	d := &decoder{Reader: binread.Reader{Data: data}}
	var v [16]int32
	for i := range v {
		v[i] = d.I32(fieldOffset(i))
	}
	h := header{v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], v[9], v[10], v[11], v[12], v[13], v[14], v[15]}
	d.h = h
	if h.version != Version {
		return nil, nil, errorf("", fieldOffset(fVersion), "version %d, want %d", h.version, Version)
	}
	f := &File{SkinWidth: h.skinWidth, SkinHeight: h.skinHeight}
	var err error
	l := &f.Layout
	if l.Skins, err = d.section("skins", h.numSkins, h.ofsSkins, SkinNameSize, fNumSkins, fOfsSkins); err != nil {
		return nil, nil, err
	}
	if l.TexCoords, err = d.section("texture coordinates", h.numST, h.ofsST, 4, fNumST, fOfsST); err != nil {
		return nil, nil, err
	}
	if l.Triangles, err = d.section("triangles", h.numTris, h.ofsTris, 12, fNumTris, fOfsTris); err != nil {
		return nil, nil, err
	}
	if h.numXYZ < 0 {
		return nil, nil, errorf("", fieldOffset(fNumXYZ), "the number of vertices is negative (%d)", h.numXYZ)
	}
	if need := frameHeaderSize + 4*int64(h.numXYZ); int64(h.frameSize) < need {
		return nil, nil, errorf("", fieldOffset(fFrameSize), "the frame size %d is less than the %d bytes a frame of %d vertices needs", h.frameSize, need, h.numXYZ)
	}
	l.FrameSize = int64(h.frameSize)
	if l.Frames, err = d.section("frames", h.numFrames, h.ofsFrames, l.FrameSize, fNumFrames, fOfsFrames); err != nil {
		return nil, nil, err
	}
	if l.GLCommands, err = d.section("GL command words", h.numGLCmds, h.ofsGLCmds, 4, fNumGLCmds, fOfsGLCmds); err != nil {
		return nil, nil, err
	}
	l.End = int64(h.ofsEnd)

	for i := range int(h.numSkins) {
		off := l.Skins + int64(i)*SkinNameSize
		f.Skins = append(f.Skins, d.name(off, SkinNameSize, fmt.Sprintf("skin %d", i)))
	}
	if h.numST > 0 {
		f.TexCoords = make([][2]int16, h.numST)
		for i := range f.TexCoords {
			off := l.TexCoords + 4*int64(i)
			f.TexCoords[i] = [2]int16{int16(binary.LittleEndian.Uint16(data[off:])), int16(binary.LittleEndian.Uint16(data[off+2:]))}
		}
	}
	if h.numTris > 0 {
		f.Triangles = make([]Triangle, h.numTris)
		for i := range f.Triangles {
			off := l.Triangles + 12*int64(i)
			t := &f.Triangles[i]
			for c := range 3 {
				t.Vertices[c] = binary.LittleEndian.Uint16(data[off+2*int64(c):])
				t.TexCoords[c] = binary.LittleEndian.Uint16(data[off+6+2*int64(c):])
				if int32(t.Vertices[c]) >= h.numXYZ {
					return nil, nil, errorf("triangles", off, "triangle %d names vertex %d, the frames have %d", i, t.Vertices[c], h.numXYZ)
				}
				if int32(t.TexCoords[c]) >= h.numST {
					return nil, nil, errorf("triangles", off, "triangle %d names texture coordinate %d, the file has %d", i, t.TexCoords[c], h.numST)
				}
			}
		}
	}
	if h.numFrames > 0 {
		f.Frames = make([]Frame, h.numFrames)
		verts := make([]Vertex, int(h.numFrames)*int(h.numXYZ))
		for i := range f.Frames {
			off := l.Frames + int64(i)*l.FrameSize
			fr := &f.Frames[i]
			for k := range 3 {
				fr.Scale[k] = d.F32(off + 4*int64(k))
				fr.Translate[k] = d.F32(off + 12 + 4*int64(k))
			}
			fr.Name = d.name(off+24, FrameNameSize, fmt.Sprintf("frame %d", i))
			fr.Vertices = verts[:h.numXYZ:h.numXYZ]
			verts = verts[h.numXYZ:]
			for k := range fr.Vertices {
				p := off + frameHeaderSize + 4*int64(k)
				fr.Vertices[k] = Vertex{Position: [3]uint8{data[p], data[p+1], data[p+2]}, Normal: data[p+3]}
				if data[p+3] >= NumNormals {
					d.Note(model.CodeMD2Normal, model.Warning, p, "frame %d, vertex %d: normal index %d is past the %d of the table; read as %d", i, k, data[p+3], NumNormals, 0)
					fr.Vertices[k].Normal = 0
				}
			}
		}
		if extra := l.FrameSize - frameHeaderSize - 4*int64(h.numXYZ); extra > 0 {
			d.Note(model.CodeMD2Layout, model.Info, fieldOffset(fFrameSize), "each frame holds %d bytes more than its %d vertices need; ignored", extra, h.numXYZ)
		}
	}
	if h.numGLCmds > 0 {
		f.GLCommands = d.glCommands(l.GLCommands, int64(h.numGLCmds)*4)
	}
	d.checkEnd(f)
	return f, d.Findings, nil
}

// name reads a NUL-terminated name from a fixed-size field; a field with
// no NUL is read whole, with a finding.
func (d *decoder) name(off, size int64, what string) string {
	name, ok := field.Read(d.Data[off : off+size])
	if !ok {
		d.Note(model.CodeMD2Layout, model.Warning, off, "%s's name fills its %d bytes with no terminating NUL; Quake 2 reads past it", what, size)
	}
	return name
}

// glVertexSize is the size of a GL command's vertex: s, t and the index.
const glVertexSize = 12

// glCommands reads the GL command list of size bytes at off. A list that
// does not hold together is dropped with a finding: it returns nil.
func (d *decoder) glCommands(off, size int64) []GLCommand {
	end := off + size
	cmds := []GLCommand{}
	for p := off; ; {
		if end-p < 4 {
			d.Note(model.CodeMD2GLCommands, model.Warning, p, "the GL command list ends without its terminating 0; the commands are dropped (the triangles are kept)")
			return nil
		}
		n := d.I32(p)
		start := p
		p += 4
		if n == 0 {
			if rest := (end - p) / 4; rest > 0 {
				d.Note(model.CodeMD2GLCommands, model.Info, p, "%d words follow the GL commands' terminating 0; ignored", rest)
			}
			return cmds
		}
		cmd := GLCommand{Fan: n < 0}
		count := int64(n)
		if count < 0 {
			count = -count
		}
		if count*glVertexSize > end-p {
			d.Note(model.CodeMD2GLCommands, model.Warning, start, "GL command %d has %d vertices, which need %d bytes; only %d remain in the list; the commands are dropped (the triangles are kept)", len(cmds), count, count*glVertexSize, end-p)
			return nil
		}
		cmd.Vertices = make([]GLVertex, count)
		for i := range cmd.Vertices {
			v := GLVertex{S: d.F32(p), T: d.F32(p + 4), Index: d.I32(p + 8)}
			if v.Index < 0 || v.Index >= d.h.numXYZ {
				d.Note(model.CodeMD2GLCommands, model.Warning, p+8, "GL command %d names vertex %d, the frames have %d; the commands are dropped (the triangles are kept)", len(cmds), v.Index, d.h.numXYZ)
				return nil
			}
			cmd.Vertices[i] = v
			p += glVertexSize
		}
		cmds = append(cmds, cmd)
	}
}

// checkEnd compares the header's end offset with the parts and the file.
func (d *decoder) checkEnd(f *File) {
	n := int64(len(d.Data))
	l := f.Layout
	last := int64(HeaderSize)
	for _, e := range []int64{
		l.Skins + SkinNameSize*int64(d.h.numSkins), l.TexCoords + 4*int64(d.h.numST), l.Triangles + 12*int64(d.h.numTris),
		l.Frames + l.FrameSize*int64(d.h.numFrames), l.GLCommands + 4*int64(d.h.numGLCmds),
	} {
		last = max(last, e)
	}
	switch {
	case l.End < last:
		d.Note(model.CodeMD2Layout, model.Warning, fieldOffset(fOfsEnd), "the header's end offset %d is before the end of the data (%d): Quake 2 copies the model into a buffer of that size and overruns it", l.End, last)
	case l.End > n:
		d.Note(model.CodeMD2Layout, model.Warning, fieldOffset(fOfsEnd), "the header's end offset %d is past the end of the %d-byte file", l.End, n)
	}
	if last < n {
		d.Note(model.CodeMD2Trailing, model.Info, last, "%d bytes after the last part are not part of the model; ignored", n-last)
	}
}
