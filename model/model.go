// Package model holds the editable in-memory MilkShape 3D model used by every
// part of MS3D Studio.
//
// The model can hold everything an MS3D file holds (see
// docs/ms3d-format.md): flags, reference counts, smoothing groups,
// per-corner normals and texture coordinates, comments, the vertex-extra data
// with bone ids, weights and extra words, joint colours, the model extras and
// any trailing bytes. Strings are kept as the raw bytes the file stores, so a
// model decoded from a file and encoded again gives the same bytes. The model
// knows nothing about how it is encoded; formats/ms3d reads and writes it.
package model

import "slices"

// NoBone is the bone id that means "no bone" in Vertex.Bones. An MS3D file
// stores it as the byte 255: bone bytes are unsigned (files with more than
// 128 joints exist), so only 255 means none, and formats/ms3d maps the byte
// 255 to NoBone and back.
const NoBone = 0xFFFF

// The model's own limits. Its indices are wider than an MS3D file's fields
// (32-bit vertex and triangle indices, 16-bit group indices and bone ids,
// 15-bit material indices), so that a scene imported from a richer format
// (3DS, SMD) opens, plays and exports whole. validate reports what an MS3D
// file cannot hold (model.count), and formats/ms3d refuses to encode it
// rather than truncate.
const (
	// MaxVertices and MaxTriangles bound the vertex and triangle indices.
	MaxVertices, MaxTriangles = 1<<32 - 1, 1<<32 - 1
	// MaxGroups bounds Triangle.Group.
	MaxGroups = 1 << 16
	// MaxMaterials bounds Group.Material (−1 is none).
	MaxMaterials = 1 << 15
	// MaxJoints bounds the joints a vertex can name: bone ids up to
	// NoBone − 1.
	MaxJoints = NoBone
)

// Field sizes of the MS3D format (ms3d-format.md §2).
const (
	// NameSize is the most bytes a group, material or joint name holds.
	NameSize = 32
	// PathSize is the most bytes a texture or alpha-map path holds.
	PathSize = 128
)

// Model is a whole MilkShape 3D model. The zero value is an empty version 4
// model with no optional blocks.
type Model struct {
	// Version is the file version: 3 or 4 (0 is treated as 4 when saving).
	Version int32

	Vertices  []Vertex
	Triangles []Triangle
	Groups    []Group
	Materials []Material

	// FPS is the animation speed in frames per second as stored (players
	// clamp values below 1 to 1; see Model.EffectiveFPS).
	FPS float32
	// CurrentTime is the editor's time cursor when the file was saved. It is
	// editor state, not animation.
	CurrentTime float32
	// TotalFrames is the length of the animation in MilkShape frames.
	TotalFrames int32

	Joints []Joint
	// NoJointSection records a file that ended right after the keyframer
	// header, without even a joint count. It only matters when Joints is
	// empty: saving such a model again omits the count too.
	NoJointSection bool

	// Comments is the optional comments block.
	Comments Comments
	// VertexExtraSubVersion is 0 when the vertex-extra block is absent,
	// otherwise 1, 2 or 3. It decides how Vertex.Bones[1:] and Vertex.Weights
	// are interpreted and how many extra words each vertex stores.
	VertexExtraSubVersion int32
	// JointExtraSubVersion is 0 when the joint-extra block (joint colours) is
	// absent, otherwise 1.
	JointExtraSubVersion int32
	// Extra is the optional model-extra block.
	Extra ModelExtra

	// Trailing holds any bytes after the last block the reader understood:
	// garbage, an unknown block, or a block cut short. They are written back
	// verbatim so that nothing is lost.
	Trailing []byte
}

// Vertex is a model-space position in the bind pose with its skinning data.
type Vertex struct {
	Flags    uint8
	Position [3]float32
	// Bones are the four influence bones: Bones[0] is the vertex record's own
	// bone id, Bones[1:] are the vertex-extra block's bone ids. NoBone
	// means none (the byte 255 in a file). Bones[1:] are NoBone when the model has no vertex-extra
	// block.
	Bones [4]uint16
	// ReferenceCount is informational: how many triangle corners use the
	// vertex, as the authoring tool counted them.
	ReferenceCount uint8
	// Weights are the vertex-extra block's three stored weights (influences
	// 0, 1 and 2); see Model.Influences for what they mean.
	Weights [3]uint8
	// Extra is free user data from vertex-extra sub-versions 2 (Extra[0])
	// and 3 (both), kept verbatim.
	Extra [2]uint32
}

// Triangle is one face with per-corner normals and texture coordinates.
type Triangle struct {
	Flags    uint16
	Vertices [3]uint32
	// Normals are per corner, in model space.
	Normals [3][3]float32
	// S and T are the texture coordinates of corners 0, 1 and 2. T has a
	// top-left origin: OpenGL-style consumers use 1 − T.
	S, T [3]float32
	// SmoothingGroup is 1–32, or 0 for none.
	SmoothingGroup uint8
	// Group is the index of the group the triangle claims to belong to.
	Group uint16
}

// Group is a named list of triangles sharing a material.
type Group struct {
	Flags     uint8
	Name      Str
	Triangles []uint32
	// Material is an index into Model.Materials, or −1 for none.
	Material int16
}

// Material is a MilkShape material: colours, shininess, opacity and textures.
type Material struct {
	Name                                 Str
	Ambient, Diffuse, Specular, Emissive [4]float32
	// Shininess is an OpenGL specular exponent, 0–128.
	Shininess float32
	// Transparency is the opacity, 0–1: 1 is opaque.
	Transparency float32
	// Mode holds flags (MaterialSphereMap, MaterialHasAlpha,
	// MaterialCombineAlpha); old files store 0–2.
	Mode uint8
	// Texture and AlphaMap are paths exactly as the author typed them.
	Texture, AlphaMap Str
}

// Material mode flags.
const (
	MaterialSphereMap    = 0x80
	MaterialHasAlpha     = 0x40
	MaterialCombineAlpha = 0x20
)

// Joint is a bone of the skeleton with its rest transform and keyframes.
type Joint struct {
	Flags uint8
	Name  Str
	// Parent is the parent joint's name; empty for a root. Parents are found
	// by name (see Model.ParentIndices).
	Parent Str
	// Rotation is the rest local rotation as Euler angles in radians,
	// applied X first, then Y, then Z.
	Rotation [3]float32
	// Position is the rest local translation.
	Position [3]float32
	// RotationKeys and PositionKeys are relative to the rest pose; key times
	// are in seconds.
	RotationKeys []Key
	PositionKeys []Key
	// Color is the joint-extra colour (RGB, 0–1), stored only when
	// Model.JointExtraSubVersion is not 0.
	Color [3]float32
}

// Key is one keyframe: a time in seconds and a value (Euler radians for a
// rotation key, a translation for a position key).
type Key struct {
	Time  float32
	Value [3]float32
}

// CompareTimes orders two key times for sorting: −1 when a is earlier
// than b, 1 when it is later, else 0 (equal times, or a NaN).
func CompareTimes(a, b float32) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// SortKeys sorts keys by time (CompareTimes); keys at the same time keep
// their order.
func SortKeys(keys []Key) {
	slices.SortStableFunc(keys, func(a, b Key) int { return CompareTimes(a.Time, b.Time) })
}

// InsertIndex is where a key at time t goes in keys, which are in time
// order: after every key at t or earlier, so that a key added at a time
// that holds keys comes last of them.
func InsertIndex(keys []Key, t float32) int {
	for i, k := range keys {
		if k.Time > t {
			return i
		}
	}
	return len(keys)
}

// Comments is the optional comments block. SubVersion 0 means the block is
// absent. The three lists keep the file's order; indices are not checked.
type Comments struct {
	SubVersion int32
	Groups     []Comment
	Materials  []Comment
	Joints     []Comment
	// HasModel tells whether the model comment is present (it may be
	// present and empty).
	HasModel bool
	Model    Str
}

// Comment is a comment attached to the element with the given index.
type Comment struct {
	Index int32
	Text  Str
}

// ModelExtra is the optional model-extra block. SubVersion 0 means absent.
type ModelExtra struct {
	SubVersion int32
	JointSize  float32
	// TransparencyMode is kept as stored: the format's author documented and
	// implemented modes 1 and 2 differently.
	TransparencyMode int32
	AlphaRef         float32
}
