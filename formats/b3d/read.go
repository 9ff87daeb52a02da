package b3d

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"

	"ms3dstudio/formats/internal/binread"
	"ms3dstudio/model"
)

// headerSize is the size of a chunk header: the four-letter tag and an
// int32 length.
const headerSize = 8

// MaxDepth is how deeply Decode follows nested NODE chunks; a deeper file
// is refused (every real skeleton is a few dozen deep).
const MaxDepth = 256

// chunk is one chunk: its tag, the offset of its header, of its first data
// byte and after its last byte.
type chunk struct {
	tag              string
	start, data, end int
}

// decoder reads one file.
type decoder struct {
	data     []byte
	findings []model.Finding
}

func (d *decoder) errorf(c chunk, off int, format string, args ...any) error {
	return &FormatError{Chunk: c.tag, Offset: int64(off), Msg: fmt.Sprintf(format, args...)}
}

func (d *decoder) note(code model.Code, sev model.Severity, off int, format string, args ...any) {
	d.findings = append(d.findings, model.Finding{Code: code, Severity: sev,
		Where: model.Location{Part: model.PartFile, Index: -1, Offset: int64(off)}, Message: fmt.Sprintf(format, args...)})
}

// header reads the chunk header at off inside parent (whose data ends at
// end). A header or length that does not fit is an error.
func (d *decoder) header(parent chunk, off int) (chunk, error) {
	if parent.end-off < headerSize {
		return chunk{}, d.errorf(parent, off, "a chunk header needs %d bytes at offset %#x, only %d remain in %s", headerSize, off, parent.end-off, where(parent))
	}
	tag := d.data[off : off+4]
	length := int32(binary.LittleEndian.Uint32(d.data[off+4:]))
	c := chunk{tag: printable(tag), start: off, data: off + headerSize}
	if length < 0 {
		return chunk{}, d.errorf(c, off, "negative length %d", length)
	}
	if int64(length) > int64(parent.end-c.data) {
		return chunk{}, d.errorf(c, off, "length %d runs %d bytes past the end of %s", length, int64(length)-int64(parent.end-c.data), where(parent))
	}
	c.end = c.data + int(length)
	return c, nil
}

// where names a parent chunk in a message.
func where(c chunk) string {
	if c.tag == "" {
		return "the file"
	}
	return fmt.Sprintf("chunk %s at offset %#x", c.tag, c.start)
}

// printable returns a tag as text, with bytes that are not printable ASCII
// as \xNN, so that a message about garbage stays readable.
func printable(tag []byte) string {
	var b bytes.Buffer
	for _, c := range tag {
		if c >= 0x20 && c < 0x7f {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, `\x%02x`, c)
		}
	}
	return b.String()
}

// children calls fn for each sub-chunk of c from offset from on.
func (d *decoder) children(c chunk, from int, fn func(sub chunk) error) error {
	for off := from; off < c.end; {
		sub, err := d.header(c, off)
		if err != nil {
			return err
		}
		if err := fn(sub); err != nil {
			return err
		}
		off = sub.end
	}
	return nil
}

func (d *decoder) skip(parent, c chunk) {
	d.note(model.CodeB3DUnknownChunk, model.Info, c.start, "chunk %s at offset %#x (%d bytes) in %s is not part of the format; skipped", c.tag, c.start, c.end-c.data, where(parent))
}

// cursor reads the fields of one chunk's data; a field past the chunk's end
// is an error.
type cursor struct {
	d   *decoder
	c   chunk
	off int
}

func (r *cursor) left() int { return r.c.end - r.off }

func (r *cursor) need(n int, what string) error {
	if n > r.left() {
		return r.d.errorf(r.c, r.c.start, "%s needs %d bytes at offset %#x, only %d remain", what, n, r.off, r.left())
	}
	return nil
}

func (r *cursor) i32(what string) (int32, error) {
	if err := r.need(4, what); err != nil {
		return 0, err
	}
	v := int32(binary.LittleEndian.Uint32(r.d.data[r.off:]))
	r.off += 4
	return v, nil
}

// f32s reads len(dst) floats.
func (r *cursor) f32s(what string, dst []float32) error {
	if err := r.need(4*len(dst), what); err != nil {
		return err
	}
	for i := range dst {
		dst[i] = math.Float32frombits(binary.LittleEndian.Uint32(r.d.data[r.off:]))
		r.off += 4
	}
	return nil
}

// str reads a NUL-terminated string.
func (r *cursor) str(what string) (string, error) {
	n := bytes.IndexByte(r.d.data[r.off:r.c.end], 0)
	if n < 0 {
		return "", r.d.errorf(r.c, r.c.start, "%s at offset %#x has no terminating NUL before the chunk's end", what, r.off)
	}
	s := string(r.d.data[r.off : r.off+n])
	r.off += n + 1
	return s, nil
}

// ReadFile reads and decodes the B3D file at path.
func ReadFile(path string) (*File, []model.Finding, error) {
	return binread.ReadFile(path, Decode)
}

// Decode reads a B3D file. The error is a *FormatError for input that is
// not a B3D file or does not hold together: a chunk or field past its
// parent's or the file's end, a count past the end, a triangle naming a
// vertex the mesh does not have, nodes nested deeper than MaxDepth. Chunks
// the format does not define are skipped, and bytes after the BB3D chunk
// ignored, with findings.
func Decode(data []byte) (*File, []model.Finding, error) {
	d := &decoder{data: data}
	file := chunk{end: len(data)}
	if len(data) < 4 || string(data[:4]) != "BB3D" {
		return nil, nil, &FormatError{Offset: 0, Msg: "not a B3D file (it does not start with BB3D)"}
	}
	root, err := d.header(file, 0)
	if err != nil {
		return nil, nil, err
	}
	if root.end < len(data) {
		d.note(model.CodeB3DTrailing, model.Warning, root.end, "%d bytes after the BB3D chunk are ignored", len(data)-root.end)
	}
	r := &cursor{d: d, c: root, off: root.data}
	f := &File{}
	if f.Version, err = r.i32("the version"); err != nil {
		return nil, nil, err
	}
	err = d.children(root, r.off, func(c chunk) error {
		switch c.tag {
		case "TEXS":
			return d.texs(c, f)
		case "BRUS":
			return d.brus(c, f)
		case "NODE":
			n, err := d.node(c, 1)
			if err == nil {
				f.Nodes = append(f.Nodes, n)
			}
			return err
		}
		d.skip(root, c)
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	return f, d.findings, nil
}

func (d *decoder) texs(c chunk, f *File) error {
	if f.Textures == nil {
		f.Textures = []Texture{}
	}
	r := &cursor{d: d, c: c, off: c.data}
	for r.left() > 0 {
		t := Texture{Offset: int64(r.off)}
		var err error
		if t.Name, err = r.str(fmt.Sprintf("texture %d's name", len(f.Textures))); err != nil {
			return err
		}
		var v [7]float32
		if t.Flags, err = r.i32("a texture's flags"); err != nil {
			return err
		}
		if t.Blend, err = r.i32("a texture's blend"); err != nil {
			return err
		}
		if err := r.f32s("a texture's placement", v[:5]); err != nil {
			return err
		}
		t.Position, t.Scale, t.Rotation = [2]float32{v[0], v[1]}, [2]float32{v[2], v[3]}, v[4]
		f.Textures = append(f.Textures, t)
	}
	return nil
}

func (d *decoder) brus(c chunk, f *File) error {
	if f.Brushes == nil {
		f.Brushes = []Brush{}
	}
	r := &cursor{d: d, c: c, off: c.data}
	n, err := r.i32("the texture count")
	if err != nil {
		return err
	}
	if n < 0 {
		return d.errorf(c, c.start, "negative texture count %d", n)
	}
	f.BrushTextures = n
	for r.left() > 0 {
		b := Brush{Offset: int64(r.off)}
		if b.Name, err = r.str(fmt.Sprintf("brush %d's name", len(f.Brushes))); err != nil {
			return err
		}
		var v [5]float32
		if err := r.f32s("a brush's colour", v[:]); err != nil {
			return err
		}
		b.Color, b.Shininess = [4]float32{v[0], v[1], v[2], v[3]}, v[4]
		if b.Blend, err = r.i32("a brush's blend"); err != nil {
			return err
		}
		if b.FX, err = r.i32("a brush's fx"); err != nil {
			return err
		}
		if int64(n)*4 > int64(r.left()) {
			return d.errorf(c, c.start, "brush %d's %d texture ids need %d bytes at offset %#x, only %d remain", len(f.Brushes), n, int64(n)*4, r.off, r.left())
		}
		b.Textures = make([]int32, n)
		for i := range b.Textures {
			b.Textures[i], _ = r.i32("a texture id")
		}
		f.Brushes = append(f.Brushes, b)
	}
	return nil
}

func (d *decoder) node(c chunk, depth int) (*Node, error) {
	if depth > MaxDepth {
		return nil, d.errorf(c, c.start, "nodes nested more than %d deep", MaxDepth)
	}
	r := &cursor{d: d, c: c, off: c.data}
	n := &Node{Offset: int64(c.start)}
	var err error
	if n.Name, err = r.str("the node's name"); err != nil {
		return nil, err
	}
	var v [10]float32
	if err := r.f32s("the node's transform", v[:]); err != nil {
		return nil, err
	}
	n.Position, n.Scale = [3]float32{v[0], v[1], v[2]}, [3]float32{v[3], v[4], v[5]}
	n.Rotation = [4]float32{v[6], v[7], v[8], v[9]}
	err = d.children(c, r.off, func(sub chunk) error {
		switch sub.tag {
		case "MESH":
			if n.Mesh != nil {
				d.note(model.CodeB3DUnknownChunk, model.Warning, sub.start, "node %q has a second MESH chunk at offset %#x; skipped", n.Name, sub.start)
				return nil
			}
			m, err := d.mesh(sub)
			n.Mesh = m
			return err
		case "BONE":
			return d.bone(sub, n)
		case "KEYS":
			k, err := d.keys(sub)
			n.Keys = append(n.Keys, k)
			return err
		case "ANIM":
			a, err := d.anim(sub)
			n.Anim = a
			return err
		case "NODE":
			child, err := d.node(sub, depth+1)
			if err == nil {
				n.Children = append(n.Children, child)
			}
			return err
		}
		d.skip(c, sub)
		return nil
	})
	return n, err
}

func (d *decoder) mesh(c chunk) (*Mesh, error) {
	r := &cursor{d: d, c: c, off: c.data}
	m := &Mesh{Offset: int64(c.start)}
	var err error
	if m.Brush, err = r.i32("the mesh's brush"); err != nil {
		return nil, err
	}
	haveVRTS := false
	err = d.children(c, r.off, func(sub chunk) error {
		switch sub.tag {
		case "VRTS":
			if haveVRTS {
				return d.errorf(sub, sub.start, "a second VRTS chunk in the mesh at offset %#x", c.start)
			}
			haveVRTS = true
			return d.vrts(sub, &m.Vertices)
		case "TRIS":
			if !haveVRTS {
				return d.errorf(sub, sub.start, "triangles before the mesh's vertices")
			}
			t, err := d.tris(sub, m.Vertices.Len())
			m.Tris = append(m.Tris, t)
			return err
		}
		d.skip(c, sub)
		return nil
	})
	if err == nil && !haveVRTS {
		err = d.errorf(c, c.start, "the mesh has no VRTS chunk")
	}
	return m, err
}

// The most texture coordinate sets and values a set the format allows.
const (
	maxTexCoordSets = 8
	maxTexCoordSize = 4
)

func (d *decoder) vrts(c chunk, v *Vertices) error {
	r := &cursor{d: d, c: c, off: c.data}
	v.Offset = int64(c.start)
	var err error
	if v.Flags, err = r.i32("the vertex flags"); err != nil {
		return err
	}
	if v.TexCoordSets, err = r.i32("the texture coordinate set count"); err != nil {
		return err
	}
	if v.TexCoordSize, err = r.i32("the texture coordinate set size"); err != nil {
		return err
	}
	if v.TexCoordSets < 0 || v.TexCoordSets > maxTexCoordSets || v.TexCoordSize < 0 || v.TexCoordSize > maxTexCoordSize {
		return d.errorf(c, c.start, "%d texture coordinate sets of %d values; the format allows 0 to %d sets of 0 to %d", v.TexCoordSets, v.TexCoordSize, maxTexCoordSets, maxTexCoordSize)
	}
	floats := 3 + int(v.TexCoordSets*v.TexCoordSize)
	if v.Flags&1 != 0 {
		floats += 3
	}
	if v.Flags&2 != 0 {
		floats += 4
	}
	stride := 4 * floats
	if r.left()%stride != 0 {
		return d.errorf(c, c.start, "%d bytes of vertices are not a whole number of %d-byte vertices", r.left(), stride)
	}
	n := r.left() / stride
	v.Position = make([][3]float32, n)
	if v.Flags&1 != 0 {
		v.Normal = make([][3]float32, n)
	}
	if v.Flags&2 != 0 {
		v.Color = make([][4]float32, n)
	}
	uv := int(v.TexCoordSets * v.TexCoordSize)
	v.TexCoords = make([]float32, n*uv)
	for i := range n {
		r.f32s("a vertex", v.Position[i][:])
		if v.Flags&1 != 0 {
			r.f32s("a vertex normal", v.Normal[i][:])
		}
		if v.Flags&2 != 0 {
			r.f32s("a vertex colour", v.Color[i][:])
		}
		r.f32s("texture coordinates", v.TexCoords[i*uv:(i+1)*uv])
	}
	return nil
}

func (d *decoder) tris(c chunk, vertices int) (Tris, error) {
	r := &cursor{d: d, c: c, off: c.data}
	t := Tris{Offset: int64(c.start)}
	var err error
	if t.Brush, err = r.i32("the triangles' brush"); err != nil {
		return t, err
	}
	if r.left()%12 != 0 {
		return t, d.errorf(c, c.start, "%d bytes of triangles are not a whole number of 12-byte triangles", r.left())
	}
	t.Triangles = make([][3]int32, r.left()/12)
	for i := range t.Triangles {
		at := r.off
		for k := range 3 {
			t.Triangles[i][k], _ = r.i32("a vertex index")
			if v := t.Triangles[i][k]; v < 0 || int(v) >= vertices {
				return t, d.errorf(c, c.start, "triangle %d at offset %#x names vertex %d; the mesh has %d", i, at, v, vertices)
			}
		}
	}
	return t, nil
}

func (d *decoder) bone(c chunk, n *Node) error {
	if n.IsBone {
		d.note(model.CodeB3DUnknownChunk, model.Warning, c.start, "node %q has a second BONE chunk at offset %#x; its weights are added", n.Name, c.start)
	}
	n.IsBone = true
	r := &cursor{d: d, c: c, off: c.data}
	if r.left()%8 != 0 {
		return d.errorf(c, c.start, "%d bytes of weights are not a whole number of 8-byte weights", r.left())
	}
	start := len(n.Bone)
	n.Bone = append(n.Bone, make([]Weight, r.left()/8)...)
	for i := start; i < len(n.Bone); i++ {
		n.Bone[i].Vertex, _ = r.i32("a weight's vertex")
		var w [1]float32
		r.f32s("a weight", w[:])
		n.Bone[i].Weight = w[0]
	}
	return nil
}

func (d *decoder) keys(c chunk) (Keys, error) {
	r := &cursor{d: d, c: c, off: c.data}
	k := Keys{Offset: int64(c.start)}
	var err error
	if k.Flags, err = r.i32("the key flags"); err != nil {
		return k, err
	}
	stride := 4
	if k.Flags&KeyPosition != 0 {
		stride += 12
	}
	if k.Flags&KeyScale != 0 {
		stride += 12
	}
	if k.Flags&KeyRotation != 0 {
		stride += 16
	}
	if r.left()%stride != 0 {
		return k, d.errorf(c, c.start, "%d bytes of keys are not a whole number of %d-byte keys (flags %d)", r.left(), stride, k.Flags)
	}
	k.Keys = make([]Key, r.left()/stride)
	for i := range k.Keys {
		key := &k.Keys[i]
		key.Frame, _ = r.i32("a key's frame")
		key.Scale = [3]float32{1, 1, 1}
		key.Rotation = [4]float32{1, 0, 0, 0}
		if k.Flags&KeyPosition != 0 {
			r.f32s("a position key", key.Position[:])
		}
		if k.Flags&KeyScale != 0 {
			r.f32s("a scale key", key.Scale[:])
		}
		if k.Flags&KeyRotation != 0 {
			r.f32s("a rotation key", key.Rotation[:])
		}
	}
	return k, nil
}

func (d *decoder) anim(c chunk) (*Anim, error) {
	r := &cursor{d: d, c: c, off: c.data}
	a := &Anim{}
	var err error
	if a.Flags, err = r.i32("the animation flags"); err != nil {
		return nil, err
	}
	if a.Frames, err = r.i32("the frame count"); err != nil {
		return nil, err
	}
	var fps [1]float32
	if err := r.f32s("the frame rate", fps[:]); err != nil {
		return nil, err
	}
	a.FPS = fps[0]
	if r.left() > 0 {
		d.note(model.CodeB3DUnknownChunk, model.Info, r.off, "%d bytes after the ANIM chunk's fields at offset %#x are ignored", r.left(), c.start)
	}
	return a, nil
}
