package compat

import (
	"encoding/binary"

	"ms3dstudio/model"
)

// The optional blocks are positional: a block present forces the ones
// before it (formats/ms3d writes an empty comments block and a neutral
// sub-version 3 vertex-extra block when a later block needs them). These
// helpers say what the encoder will write for a model.

func writesModelExtra(m *model.Model) bool { return m.Extra.SubVersion != 0 }

func writesJointExtra(m *model.Model) bool {
	return m.JointExtraSubVersion != 0 || writesModelExtra(m)
}

func writesVertexExtra(m *model.Model) bool {
	return m.VertexExtraSubVersion != 0 || writesJointExtra(m)
}

func writesComments(m *model.Model) bool {
	return m.Comments.SubVersion != 0 || writesVertexExtra(m)
}

// vertexExtraSubVersion returns the sub-version the vertex-extra block is
// written with, or 0 when it is not written.
func vertexExtraSubVersion(m *model.Model) int32 {
	switch {
	case m.VertexExtraSubVersion != 0:
		return m.VertexExtraSubVersion
	case writesVertexExtra(m):
		return 3
	}
	return 0
}

// afterComments returns the number of bytes the encoder writes after the
// comments block.
func afterComments(m *model.Model) int {
	n := len(m.Trailing)
	if sv := vertexExtraSubVersion(m); sv != 0 {
		n += 4 + len(m.Vertices)*(6+4*int(sv-1))
	}
	if writesJointExtra(m) {
		n += 4 + 12*len(m.Joints)
	}
	if writesModelExtra(m) {
		n += 4 + 12
	}
	return n
}

// commentsBody returns the bytes of the comments block after its
// sub-version, as the encoder writes them: three lists of
// {index, length, text}, each after its 4-byte count, then the model
// comment flag and the model comment.
func commentsBody(c *model.Comments) []byte {
	var b []byte
	u32 := func(v uint32) { b = binary.LittleEndian.AppendUint32(b, v) }
	for _, list := range [][]model.Comment{c.Groups, c.Materials, c.Joints} {
		u32(uint32(len(list)))
		for _, e := range list {
			u32(uint32(e.Index))
			u32(uint32(len(e.Text)))
			b = append(b, e.Text...)
		}
	}
	if c.HasModel {
		u32(1)
		u32(uint32(len(c.Model)))
		b = append(b, c.Model...)
	} else {
		u32(0)
	}
	return b
}
