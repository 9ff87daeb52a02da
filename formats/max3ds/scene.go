package max3ds

// Chunk ids this package reads (docs/3ds-format.md §1).
const (
	ChunkMain        = 0x4D4D
	chunkVersion     = 0x0002
	chunkEditor      = 0x3D3D
	chunkMeshVersion = 0x3D3E
	chunkMasterScale = 0x0100

	chunkColorF       = 0x0010
	chunkColor24      = 0x0011
	chunkLinColor24   = 0x0012
	chunkLinColorF    = 0x0013
	chunkPercentInt   = 0x0030
	chunkPercentFloat = 0x0031

	chunkMaterial     = 0xAFFF
	chunkMatName      = 0xA000
	chunkMatAmbient   = 0xA010
	chunkMatDiffuse   = 0xA020
	chunkMatSpecular  = 0xA030
	chunkMatShininess = 0xA040
	chunkMatStrength  = 0xA041
	chunkMatTransp    = 0xA050
	chunkMatTwoSided  = 0xA081
	chunkMatShading   = 0xA100
	chunkMatTexMap    = 0xA200
	chunkMapFile      = 0xA300
	chunkMapTiling    = 0xA351
	chunkMapUScale    = 0xA354
	chunkMapVScale    = 0xA356
	chunkMapUOffset   = 0xA358
	chunkMapVOffset   = 0xA35A
	chunkMapRotation  = 0xA35C

	chunkObject      = 0x4000
	chunkTriMesh     = 0x4100
	chunkVertices    = 0x4110
	chunkFaces       = 0x4120
	chunkFaceMat     = 0x4130
	chunkUVs         = 0x4140
	chunkSmooth      = 0x4150
	chunkMeshMatrix  = 0x4160
	chunkLight       = 0x4600
	chunkSpotlight   = 0x4610
	chunkCamera      = 0x4700
	chunkObjHidden   = 0x4010
	chunkKeyframer   = 0xB000
	chunkKFHeader    = 0xB00A
	chunkKFSegment   = 0xB008
	chunkKFCurTime   = 0xB009
	chunkNodeID      = 0xB030
	chunkNodeHeader  = 0xB010
	chunkInstance    = 0xB011
	chunkPivot       = 0xB013
	chunkBBox        = 0xB014
	chunkMorphSmooth = 0xB015
	chunkPosTrack    = 0xB020
	chunkRotTrack    = 0xB021
	chunkScaleTrack  = 0xB022
	chunkFOVTrack    = 0xB023
	chunkRollTrack   = 0xB024
	chunkColorTrack  = 0xB025
	chunkHotTrack    = 0xB027
	chunkFallTrack   = 0xB028
	chunkHideTrack   = 0xB029
)

// TicksPerFrame is how many 3ds Max ticks make one frame (4800 ticks a
// second at 30 frames a second).
const TicksPerFrame = 160

// Scene is everything Decode read from a 3DS file.
type Scene struct {
	// Version is the 0x0002 file version (0 when absent).
	Version uint32
	// MeshVersion is the 0x3D3E mesh version (0 when absent).
	MeshVersion uint32
	// MasterScale is the 0x0100 master scale (1 when absent).
	MasterScale float32
	Materials   []Material
	Objects     []Object
	Lights      []Light
	Cameras     []Camera
	// Keyframer is the 0xB000 animation part; Keyframer.Present is false
	// when the file has none.
	Keyframer Keyframer
}

// Material is one 0xAFFF material.
type Material struct {
	Name string
	// Ambient, Diffuse and Specular are RGB in 0–1; the linear (gamma
	// corrected) variants are preferred when a file stores both.
	Ambient, Diffuse, Specular [3]float32
	// Shininess and ShininessStrength are fractions, 0–1 (0xA040, 0xA041).
	Shininess, ShininessStrength float32
	// Transparency is the see-through fraction, 0–1: the opacity is
	// 1 − Transparency.
	Transparency float32
	TwoSided     bool
	// Shading is the 0xA100 shading mode (0 wire, 1 flat, 2 Gouraud, 3 Phong,
	// 4 metal).
	Shading uint16
	// Texture is the 0xA200 texture map; Texture.File is empty when the
	// material has none.
	Texture TextureMap
	// Offset is the byte offset of the material's chunk.
	Offset int64
}

// TextureMap is a 0xA200 texture map with its UV transform.
type TextureMap struct {
	// File is the name as stored, usually DOS 8.3 upper case.
	File string
	// Amount is the map's 0x0030 blend percentage as a fraction (1 when
	// absent).
	Amount float32
	// Tiling is the 0xA351 flags word (TilingMirror, TilingNoWrap, ...).
	Tiling uint16
	// UScale and VScale (1 when absent), UOffset and VOffset, and Rotation in
	// degrees, as stored (3ds Max writes the V offset and the rotation with
	// the opposite sign to its user interface).
	UScale, VScale, UOffset, VOffset, Rotation float32
}

// Tiling flags of TextureMap.Tiling.
const (
	TilingDecal  = 0x0001
	TilingMirror = 0x0002
	TilingNegate = 0x0008
	TilingNoWrap = 0x0010
	TilingSAT    = 0x0020
	TilingAlpha  = 0x0040
	TilingTint   = 0x0080
	TilingRGB    = 0x0200
)

// Face is one 0x4120 triangle: three vertex indices and the edge/visibility
// flags word.
type Face struct {
	V     [3]uint16
	Flags uint16
}

// FaceGroup is a 0x4130 face-material group: the faces drawn with the named
// material.
type FaceGroup struct {
	Material string
	Faces    []uint16
	Offset   int64
}

// Object is a 0x4000 named object holding a 0x4100 triangle mesh.
type Object struct {
	Name string
	// Vertices are in world space, as the scene was at the saved frame.
	Vertices [][3]float32
	// UVs has one entry per vertex, or is empty.
	UVs   [][2]float32
	Faces []Face
	// Groups are the face-material groups in file order.
	Groups []FaceGroup
	// Smoothing holds one mask per face, or is nil when the file has no
	// 0x4150 chunk for the object.
	Smoothing []uint32
	// Matrix is the 0x4160 mesh matrix: X axis, Y axis, Z axis, origin;
	// HasMatrix is false when the chunk is absent (identity is used).
	Matrix    [12]float32
	HasMatrix bool
	Hidden    bool
	// Offset is the byte offset of the object's 0x4000 chunk; VertexOffset
	// that of its 0x4110 chunk (−1 when absent).
	Offset, VertexOffset int64
}

// Light is a 0x4600 light object (omni, or spot when Spot is set).
type Light struct {
	Name     string
	Position [3]float32
	Color    [3]float32
	Spot     bool
	Target   [3]float32
	// Hotspot and Falloff are the spot cone angles in degrees.
	Hotspot, Falloff float32
	Offset           int64
}

// Camera is a 0x4700 camera object. Lens is the focal length in mm; the
// field of view in degrees is 2400 / Lens.
type Camera struct {
	Name             string
	Position, Target [3]float32
	Roll, Lens       float32
	Offset           int64
}

// Keyframer is the 0xB000 animation part.
type Keyframer struct {
	Present bool
	// Revision, Name and Length come from the 0xB00A header.
	Revision uint16
	Name     string
	Length   uint32
	// Start and End are the 0xB008 segment; HasSegment is false when absent.
	Start, End int32
	HasSegment bool
	// Current is the raw 0xB009 current frame, in frames or in 3ds Max ticks
	// (see SavedFrame); HasCurrent is false when absent.
	Current    int32
	HasCurrent bool
	Nodes      []Node
	Offset     int64
}

// NodeKind says what a keyframer node animates.
type NodeKind uint8

// Node kinds, by the chunk that holds the node.
const (
	NodeObject       NodeKind = iota // 0xB002 mesh or dummy
	NodeAmbient                      // 0xB001
	NodeCamera                       // 0xB003
	NodeCameraTarget                 // 0xB004
	NodeOmni                         // 0xB005
	NodeSpot                         // 0xB006
	NodeSpotTarget                   // 0xB007
)

var kindNames = [...]string{"object", "ambient", "camera", "camera target", "omni light", "spot light", "spot target"}

// String names the kind ("camera target").
func (k NodeKind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "node"
}

// NoParent is the parent field of a root node.
const NoParent = 0xFFFF

// DummyName is the name 3ds Max gives dummy nodes; their real name is the
// instance name.
const DummyName = "$$$DUMMY"

// Node is one keyframer node.
type Node struct {
	Kind NodeKind
	// ID is the 0xB030 node id; HasID is false for files without it, whose
	// nodes are numbered in file order.
	ID    uint16
	HasID bool
	// Name is the 0xB010 name: the object's name, or DummyName.
	Name           string
	Flags1, Flags2 uint16
	// Parent is the parent's node id, or NoParent.
	Parent uint16
	// Instance is the 0xB011 instance name (the name of a dummy).
	Instance         string
	Pivot            [3]float32
	BBoxMin, BBoxMax [3]float32
	HasBBox          bool
	Position, Scale  VecTrack
	Rotation         RotTrack
	// Roll, FOV, Hotspot and Falloff are the float tracks of cameras and
	// spot lights.
	Roll, FOV, Hotspot, Falloff FloatTrack
	// Offset is the byte offset of the node's chunk.
	Offset int64
}

// Key holds what every track key stores besides its value: the frame, the
// spline flags and the TCB parameters the flags announce (0 when absent).
type Key struct {
	Frame                                       int32
	Flags                                       uint16
	Tension, Continuity, Bias, EaseTo, EaseFrom float32
}

// Spline flags of Key.Flags: which TCB parameters the key stores.
const (
	KeyTension    = 0x01
	KeyContinuity = 0x02
	KeyBias       = 0x04
	KeyEaseTo     = 0x08
	KeyEaseFrom   = 0x10
)

// HasTCB reports whether the key stores any spline parameter.
func (k Key) HasTCB() bool { return k.Flags&0x1F != 0 }

// VecKey is a position or scale key.
type VecKey struct {
	Key
	Value [3]float32
}

// RotKey is a rotation key: Angle radians about Axis. Every key after the
// first is relative to the orientation of the key before it.
type RotKey struct {
	Key
	Angle float32
	Axis  [3]float32
}

// FloatKey is a key of a one-number track (roll, field of view, ...).
type FloatKey struct {
	Key
	Value float32
}

// VecTrack is a position or scale track.
type VecTrack struct {
	Flags  uint16
	Keys   []VecKey
	Offset int64
}

// RotTrack is a rotation track.
type RotTrack struct {
	Flags  uint16
	Keys   []RotKey
	Offset int64
}

// FloatTrack is a track of one number per key.
type FloatTrack struct {
	Flags  uint16
	Keys   []FloatKey
	Offset int64
}

// SavedFrame returns the frame the file was saved at, converting a current
// time written in 3ds Max ticks (past the segment's end, a whole number of
// ticks inside it) to frames; ticks reports the conversion.
func (k *Keyframer) SavedFrame() (frame int32, ticks bool) {
	if !k.HasCurrent {
		return k.Start, false
	}
	c := k.Current
	if k.HasSegment && c > k.End && c%TicksPerFrame == 0 && c/TicksPerFrame >= k.Start && c/TicksPerFrame <= k.End {
		return c / TicksPerFrame, true
	}
	return c, false
}

// ObjectName returns the name a node is known by: the instance name of a
// dummy, otherwise the node name.
func (n *Node) ObjectName() string {
	if n.Name == DummyName && n.Instance != "" {
		return n.Instance
	}
	return n.Name
}
