package ms3d

import (
	"encoding/binary"
	"fmt"
	"math"
	"runtime"

	"ms3dstudio/model"
)

// Encode returns m as an MS3D file. A model decoded from a file and not
// changed encodes to the same bytes. The error is a *LimitError when a value
// cannot be represented (more than 65535 elements of a kind, a name longer
// than its field, an unknown block sub-version), an *InternalError when the
// encoder disagrees with EncodedSize.
//
// Optional blocks are positional, so a present block forces the ones before
// it: a model with joint colours but no vertex-extra data gets a neutral
// vertex-extra block (sub-version 3, all weights zero, which means 100 % on
// each vertex's own bone) and, likewise, an empty comments block.
func Encode(m *model.Model) ([]byte, error) {
	size, err := EncodedSize(m)
	if err != nil {
		return nil, err
	}
	return encodeSized(m, size)
}

// encodeSized encodes m into a buffer of size bytes. Writing more or fewer
// bytes than EncodedSize computed is a bug in this package; it is returned as
// an *InternalError, never a panic, because the caller is usually saving the
// user's unsaved work and must be able to keep it.
func encodeSized(m *model.Model, size int) (data []byte, err error) {
	e := encoder{buf: make([]byte, size)}
	defer func() {
		if r := recover(); r != nil {
			re, ok := r.(runtime.Error)
			if !ok {
				panic(r)
			}
			data, err = nil, &InternalError{Msg: fmt.Sprintf("encoding overran the computed %d bytes at offset %#x: %v", size, e.off, re)}
		}
	}()
	e.encode(m)
	if e.off != size {
		return nil, &InternalError{Msg: fmt.Sprintf("encoded %d bytes, computed %d", e.off, size)}
	}
	return e.buf, nil
}

// blocks says which optional blocks Encode writes, after the implied ones
// are added.
type blocks struct {
	comments, vertexExtra, jointExtra, modelExtra bool
	vertexExtraSubVersion                         int32
}

func optional(m *model.Model) blocks {
	var b blocks
	b.modelExtra = m.Extra.SubVersion != 0
	b.jointExtra = m.JointExtraSubVersion != 0 || b.modelExtra
	b.vertexExtra = m.VertexExtraSubVersion != 0 || b.jointExtra
	b.comments = m.Comments.SubVersion != 0 || b.vertexExtra
	b.vertexExtraSubVersion = m.VertexExtraSubVersion
	if b.vertexExtra && b.vertexExtraSubVersion == 0 {
		b.vertexExtraSubVersion = 3
	}
	return b
}

// EncodedSize returns the number of bytes Encode will produce for m, or the
// error Encode would return.
func EncodedSize(m *model.Model) (int, error) {
	if err := checkLimits(m); err != nil {
		return 0, err
	}
	n := headerSize + 2 + len(m.Vertices)*vertexSize + 2 + len(m.Triangles)*triangleSize + 2 + 2 + len(m.Materials)*materialSize + keyframerSize
	for _, g := range m.Groups {
		n += groupFixedSize + 2*len(g.Triangles)
	}
	b := optional(m)
	if writesJointCount(m, b) {
		n += 2
	}
	for _, j := range m.Joints {
		n += jointFixedSize + keySize*(len(j.RotationKeys)+len(j.PositionKeys))
	}
	if b.comments {
		n += 4 + 3*4 + 4
		for _, list := range [][]model.Comment{m.Comments.Groups, m.Comments.Materials, m.Comments.Joints} {
			for _, c := range list {
				n += commentEntryFixed + len(c.Text)
			}
		}
		if m.Comments.HasModel {
			n += 4 + len(m.Comments.Model)
		}
	}
	if b.vertexExtra {
		n += 4 + len(m.Vertices)*vertexExtraSize(b.vertexExtraSubVersion)
	}
	if b.jointExtra {
		n += 4 + len(m.Joints)*jointExtraSize
	}
	if b.modelExtra {
		n += 4 + modelExtraSize
	}
	return n + len(m.Trailing), nil
}

// writesJointCount reports whether the joint count is written: always,
// except for a joint-less model read from a file that ended after the
// keyframer header.
func writesJointCount(m *model.Model, b blocks) bool {
	return !(m.NoJointSection && len(m.Joints) == 0 && !b.comments)
}

func checkLimits(m *model.Model) error {
	counts := []struct {
		part string
		n    int
	}{{model.PartVertex, len(m.Vertices)}, {model.PartTriangle, len(m.Triangles)}, {model.PartGroup, len(m.Groups)},
		{model.PartMaterial, len(m.Materials)}, {model.PartJoint, len(m.Joints)}}
	for _, c := range counts {
		if c.n > math.MaxUint16 {
			return &LimitError{Part: c.part, Index: -1, Msg: fmt.Sprintf("%d elements, the file holds at most %d", c.n, math.MaxUint16)}
		}
	}
	field := func(part string, i int, what string, s model.Str, size int) error {
		if len(s) > size {
			return &LimitError{Part: part, Index: i, Msg: fmt.Sprintf("%s is %d bytes, the field holds %d", what, len(s), size)}
		}
		return nil
	}
	for i, g := range m.Groups {
		if err := field(model.PartGroup, i, "name", g.Name, nameSize); err != nil {
			return err
		}
		if len(g.Triangles) > math.MaxUint16 {
			return &LimitError{Part: model.PartGroup, Index: i, Msg: fmt.Sprintf("%d triangles, a group holds at most %d", len(g.Triangles), math.MaxUint16)}
		}
		for _, t := range g.Triangles {
			if t > math.MaxUint16 {
				return &LimitError{Part: model.PartGroup, Index: i, Msg: fmt.Sprintf("triangle index %d, the file holds indices up to %d", t, math.MaxUint16)}
			}
		}
		if g.Material < math.MinInt8 || g.Material > math.MaxInt8 {
			return &LimitError{Part: model.PartGroup, Index: i, Msg: fmt.Sprintf("material index %d, the file holds indices up to %d", g.Material, math.MaxInt8)}
		}
	}
	for i := range m.Triangles {
		t := &m.Triangles[i]
		for _, v := range t.Vertices {
			if v > math.MaxUint16 {
				return &LimitError{Part: model.PartTriangle, Index: i, Msg: fmt.Sprintf("vertex index %d, the file holds indices up to %d", v, math.MaxUint16)}
			}
		}
		if t.Group > math.MaxUint8 {
			return &LimitError{Part: model.PartTriangle, Index: i, Msg: fmt.Sprintf("group index %d, the file holds indices up to %d", t.Group, math.MaxUint8)}
		}
	}
	for i := range m.Vertices {
		for _, b := range m.Vertices[i].Bones {
			if b != model.NoBone && b >= 0xFF {
				return &LimitError{Part: model.PartVertex, Index: i, Msg: fmt.Sprintf("bone id %d, the file holds bone ids up to 254 (255 is none)", b)}
			}
		}
	}
	for i, mt := range m.Materials {
		if err := field(model.PartMaterial, i, "name", mt.Name, nameSize); err != nil {
			return err
		}
		if err := field(model.PartMaterial, i, "texture path", mt.Texture, pathSize); err != nil {
			return err
		}
		if err := field(model.PartMaterial, i, "alpha map path", mt.AlphaMap, pathSize); err != nil {
			return err
		}
	}
	for i, j := range m.Joints {
		if err := field(model.PartJoint, i, "name", j.Name, nameSize); err != nil {
			return err
		}
		if err := field(model.PartJoint, i, "parent name", j.Parent, nameSize); err != nil {
			return err
		}
		if len(j.RotationKeys) > math.MaxUint16 || len(j.PositionKeys) > math.MaxUint16 {
			return &LimitError{Part: model.PartJoint, Index: i, Msg: fmt.Sprintf("%d rotation and %d position keys, at most %d of each fit", len(j.RotationKeys), len(j.PositionKeys), math.MaxUint16)}
		}
	}
	switch {
	case m.Version != 0 && m.Version != 3 && m.Version != 4:
		return &LimitError{Part: model.PartHeader, Index: -1, Msg: fmt.Sprintf("version %d cannot be written (3 or 4)", m.Version)}
	case m.Comments.SubVersion != 0 && m.Comments.SubVersion != 1:
		return &LimitError{Part: model.PartComments, Index: -1, Msg: fmt.Sprintf("sub-version %d cannot be written (1)", m.Comments.SubVersion)}
	case m.VertexExtraSubVersion != 0 && vertexExtraSize(m.VertexExtraSubVersion) == 0:
		return &LimitError{Part: model.PartVertexExtra, Index: -1, Msg: fmt.Sprintf("sub-version %d cannot be written (1, 2 or 3)", m.VertexExtraSubVersion)}
	case m.JointExtraSubVersion != 0 && m.JointExtraSubVersion != 1:
		return &LimitError{Part: model.PartJointExtra, Index: -1, Msg: fmt.Sprintf("sub-version %d cannot be written (1)", m.JointExtraSubVersion)}
	case m.Extra.SubVersion != 0 && m.Extra.SubVersion != 1:
		return &LimitError{Part: model.PartModelExtra, Index: -1, Msg: fmt.Sprintf("sub-version %d cannot be written (1)", m.Extra.SubVersion)}
	}
	return nil
}

// encoder fills a buffer allocated to the exact encoded size; writing at an
// offset instead of appending keeps encoding well above 500 MB/s.
type encoder struct {
	buf []byte
	off int
}

func (e *encoder) u8(v uint8) {
	e.buf[e.off] = v
	e.off++
}

func (e *encoder) u16(v uint16) {
	binary.LittleEndian.PutUint16(e.buf[e.off:], v)
	e.off += 2
}

func (e *encoder) u32(v uint32) {
	binary.LittleEndian.PutUint32(e.buf[e.off:], v)
	e.off += 4
}

func (e *encoder) f32(v float32) { e.u32(math.Float32bits(v)) }

func (e *encoder) vec3(v [3]float32) {
	b := e.buf[e.off : e.off+12]
	binary.LittleEndian.PutUint32(b[0:], math.Float32bits(v[0]))
	binary.LittleEndian.PutUint32(b[4:], math.Float32bits(v[1]))
	binary.LittleEndian.PutUint32(b[8:], math.Float32bits(v[2]))
	e.off += 12
}

func (e *encoder) vec4(v [4]float32) {
	e.vec3([3]float32(v[:3]))
	e.f32(v[3])
}

func (e *encoder) bytes(s string) { e.off += copy(e.buf[e.off:], s) }

// fixed writes s NUL-padded to size bytes (checkLimits made sure it fits;
// the buffer starts zeroed, so the padding is already there).
func (e *encoder) fixed(s model.Str, size int) {
	copy(e.buf[e.off:e.off+size], s)
	e.off += size
}

func (e *encoder) text(s model.Str) {
	e.u32(uint32(len(s)))
	e.bytes(string(s))
}

func (e *encoder) keys(ks []model.Key) {
	for i := range ks {
		b := e.buf[e.off : e.off+keySize]
		binary.LittleEndian.PutUint32(b[0:], math.Float32bits(ks[i].Time))
		binary.LittleEndian.PutUint32(b[4:], math.Float32bits(ks[i].Value[0]))
		binary.LittleEndian.PutUint32(b[8:], math.Float32bits(ks[i].Value[1]))
		binary.LittleEndian.PutUint32(b[12:], math.Float32bits(ks[i].Value[2]))
		e.off += keySize
	}
}

func (e *encoder) encode(m *model.Model) {
	version := m.Version
	if version == 0 {
		version = 4
	}
	e.bytes(Magic)
	e.u32(uint32(version))

	e.u16(uint16(len(m.Vertices)))
	for i := range m.Vertices {
		v := &m.Vertices[i]
		b := e.buf[e.off : e.off+vertexSize]
		b[0] = v.Flags
		binary.LittleEndian.PutUint32(b[1:], math.Float32bits(v.Position[0]))
		binary.LittleEndian.PutUint32(b[5:], math.Float32bits(v.Position[1]))
		binary.LittleEndian.PutUint32(b[9:], math.Float32bits(v.Position[2]))
		b[13] = boneByte(v.Bones[0])
		b[14] = v.ReferenceCount
		e.off += vertexSize
	}
	e.u16(uint16(len(m.Triangles)))
	for i := range m.Triangles {
		t := &m.Triangles[i]
		e.u16(t.Flags)
		e.u16(uint16(t.Vertices[0]))
		e.u16(uint16(t.Vertices[1]))
		e.u16(uint16(t.Vertices[2]))
		e.vec3(t.Normals[0])
		e.vec3(t.Normals[1])
		e.vec3(t.Normals[2])
		e.vec3(t.S)
		e.vec3(t.T)
		e.u8(t.SmoothingGroup)
		e.u8(uint8(t.Group))
	}
	e.u16(uint16(len(m.Groups)))
	for i := range m.Groups {
		g := &m.Groups[i]
		e.u8(g.Flags)
		e.fixed(g.Name, nameSize)
		e.u16(uint16(len(g.Triangles)))
		for _, t := range g.Triangles {
			e.u16(uint16(t))
		}
		e.u8(uint8(g.Material))
	}
	e.u16(uint16(len(m.Materials)))
	for i := range m.Materials {
		mt := &m.Materials[i]
		e.fixed(mt.Name, nameSize)
		e.vec4(mt.Ambient)
		e.vec4(mt.Diffuse)
		e.vec4(mt.Specular)
		e.vec4(mt.Emissive)
		e.f32(mt.Shininess)
		e.f32(mt.Transparency)
		e.u8(mt.Mode)
		e.fixed(mt.Texture, pathSize)
		e.fixed(mt.AlphaMap, pathSize)
	}
	e.f32(m.FPS)
	e.f32(m.CurrentTime)
	e.u32(uint32(m.TotalFrames))

	b := optional(m)
	if writesJointCount(m, b) {
		e.u16(uint16(len(m.Joints)))
	}
	for i := range m.Joints {
		j := &m.Joints[i]
		e.u8(j.Flags)
		e.fixed(j.Name, nameSize)
		e.fixed(j.Parent, nameSize)
		e.vec3(j.Rotation)
		e.vec3(j.Position)
		e.u16(uint16(len(j.RotationKeys)))
		e.u16(uint16(len(j.PositionKeys)))
		e.keys(j.RotationKeys)
		e.keys(j.PositionKeys)
	}

	if b.comments {
		e.u32(1)
		for _, list := range [][]model.Comment{m.Comments.Groups, m.Comments.Materials, m.Comments.Joints} {
			e.u32(uint32(len(list)))
			for _, c := range list {
				e.u32(uint32(c.Index))
				e.text(c.Text)
			}
		}
		if m.Comments.HasModel {
			e.u32(1)
			e.text(m.Comments.Model)
		} else {
			e.u32(0)
		}
	}
	if b.vertexExtra {
		sv := b.vertexExtraSubVersion
		e.u32(uint32(sv))
		for i := range m.Vertices {
			v := &m.Vertices[i]
			b := e.buf[e.off : e.off+6]
			if m.VertexExtraSubVersion == 0 {
				// Implied block: no extra bones, all weights zero.
				b[0], b[1], b[2] = 0xFF, 0xFF, 0xFF
			} else {
				b[0], b[1], b[2], b[3], b[4], b[5] = boneByte(v.Bones[1]), boneByte(v.Bones[2]), boneByte(v.Bones[3]), v.Weights[0], v.Weights[1], v.Weights[2]
			}
			e.off += 6
			if sv >= 2 {
				e.u32(v.Extra[0])
			}
			if sv >= 3 {
				e.u32(v.Extra[1])
			}
		}
	}
	if b.jointExtra {
		e.u32(1)
		for i := range m.Joints {
			e.vec3(m.Joints[i].Color)
		}
	}
	if b.modelExtra {
		e.u32(1)
		e.f32(m.Extra.JointSize)
		e.u32(uint32(m.Extra.TransparencyMode))
		e.f32(m.Extra.AlphaRef)
	}
	e.off += copy(e.buf[e.off:], m.Trailing)
}

// boneByte is the file's bone byte for a bone id that checkLimits let
// through: model.NoBone is 255.
func boneByte(b uint16) byte {
	if b == model.NoBone {
		return 0xFF
	}
	return byte(b)
}
