package ms3d

import "ms3dstudio/model"

// Layout gives the byte offset of every element of a model as Encode lays
// it out, which for a model decoded from a complete file is where each
// element sits in that file. It lets checks that run on the model (package
// validate) point at bytes.
type Layout struct {
	nVertices, nTriangles, nMaterials, nJoints int
	keyCounts                                  [][2]int // rotation and position keys per joint
	vertices, triangles, groupsAt, materials   int64
	keyframer, jointsAt, comments, vertexExtra int64
	jointExtra, modelExtra, trailing           int64
	groups, joints                             []int64
	b                                          blocks
	size                                       int64 // offsets at or past it are unknown
}

// NewLayout computes the layout of m. Later changes to m are not seen.
func NewLayout(m *model.Model) *Layout {
	l := &Layout{b: optional(m), nVertices: len(m.Vertices), nTriangles: len(m.Triangles),
		nMaterials: len(m.Materials), nJoints: len(m.Joints), keyCounts: make([][2]int, len(m.Joints))}
	for i, j := range m.Joints {
		l.keyCounts[i] = [2]int{len(j.RotationKeys), len(j.PositionKeys)}
	}
	off := int64(headerSize)
	l.vertices = off + 2
	off = l.vertices + int64(len(m.Vertices))*vertexSize
	l.triangles = off + 2
	off = l.triangles + int64(len(m.Triangles))*triangleSize
	l.groupsAt = off
	off += 2
	l.groups = make([]int64, len(m.Groups))
	for i, g := range m.Groups {
		l.groups[i] = off
		off += groupFixedSize + 2*int64(len(g.Triangles))
	}
	l.materials = off + 2
	off = l.materials + int64(len(m.Materials))*materialSize
	l.keyframer = off
	off += keyframerSize
	l.jointsAt = off
	if writesJointCount(m, l.b) {
		off += 2
	}
	l.joints = make([]int64, len(m.Joints))
	for i, j := range m.Joints {
		l.joints[i] = off
		off += jointFixedSize + keySize*int64(len(j.RotationKeys)+len(j.PositionKeys))
	}
	l.comments, l.vertexExtra, l.jointExtra, l.modelExtra = -1, -1, -1, -1
	if l.b.comments {
		l.comments = off
		off += 4 + 3*4 + 4
		for _, list := range [][]model.Comment{m.Comments.Groups, m.Comments.Materials, m.Comments.Joints} {
			for _, c := range list {
				off += commentEntryFixed + int64(len(c.Text))
			}
		}
		if m.Comments.HasModel {
			off += 4 + int64(len(m.Comments.Model))
		}
	}
	if l.b.vertexExtra {
		l.vertexExtra = off
		off += 4 + int64(len(m.Vertices)*vertexExtraSize(l.b.vertexExtraSubVersion))
	}
	if l.b.jointExtra {
		l.jointExtra = off
		off += 4 + int64(len(m.Joints))*jointExtraSize
	}
	if l.b.modelExtra {
		l.modelExtra = off
		off += 4 + modelExtraSize
	}
	l.trailing = -1
	if len(m.Trailing) > 0 {
		l.trailing = off
	}
	l.size = off + int64(len(m.Trailing))
	return l
}

// Within returns a copy of the layout that knows only offsets below size:
// for a model read from a file cut short, the parts that were never read
// have no offset in that file.
func (l *Layout) Within(size int64) *Layout {
	c := *l
	c.size = min(c.size, size)
	return &c
}

// Offset returns the byte offset of element index of part (a model.Part*
// name), the start of the part when index is negative, or −1 when the part
// or element is not in the file.
func (l *Layout) Offset(part string, index int) int64 {
	if off := l.offset(part, index); off < l.size || off == 0 {
		return off
	}
	return -1
}

func (l *Layout) offset(part string, index int) int64 {
	at := func(base, size int64, n int) int64 {
		if base < 0 {
			return -1
		}
		if index < 0 {
			return base
		}
		if index >= n {
			return -1
		}
		return base + int64(index)*size
	}
	list := func(offs []int64, start int64) int64 {
		if index < 0 {
			return start
		}
		if index >= len(offs) {
			return -1
		}
		return offs[index]
	}
	switch part {
	case model.PartFile, model.PartHeader:
		return 0
	case model.PartVertex:
		return at(l.vertices, vertexSize, l.nVertices)
	case model.PartTriangle:
		return at(l.triangles, triangleSize, l.nTriangles)
	case model.PartGroup:
		return list(l.groups, l.groupsAt)
	case model.PartMaterial:
		return at(l.materials, materialSize, l.nMaterials)
	case model.PartKeyframer:
		return l.keyframer
	case model.PartJoint:
		return list(l.joints, l.jointsAt)
	case model.PartComments:
		return l.comments
	case model.PartVertexExtra:
		if l.vertexExtra < 0 {
			return -1
		}
		return at(l.vertexExtra+4, int64(vertexExtraSize(l.b.vertexExtraSubVersion)), l.nVertices)
	case model.PartJointExtra:
		if l.jointExtra < 0 {
			return -1
		}
		return at(l.jointExtra+4, jointExtraSize, l.nJoints)
	case model.PartModelExtra:
		return l.modelExtra
	case model.PartTrailing:
		return l.trailing
	}
	return -1
}

// JointKeyOffset returns the byte offset of a joint's rotation key (position
// false) or position key (position true), or −1 when it does not exist.
func (l *Layout) JointKeyOffset(joint int, position bool, key int) int64 {
	if off := l.jointKeyOffset(joint, position, key); off < l.size {
		return off
	}
	return -1
}

func (l *Layout) jointKeyOffset(joint int, position bool, key int) int64 {
	if joint < 0 || joint >= len(l.joints) || key < 0 {
		return -1
	}
	nr, np := l.keyCounts[joint][0], l.keyCounts[joint][1]
	base := l.joints[joint] + jointFixedSize
	if position {
		if key >= np {
			return -1
		}
		return base + keySize*int64(nr+key)
	}
	if key >= nr {
		return -1
	}
	return base + keySize*int64(key)
}
