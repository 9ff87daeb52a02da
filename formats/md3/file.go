package md3

import "math"

// The format's constants (Quake 3's qfiles.h).
const (
	// Ident is the first four bytes of the file and of each surface.
	Ident = "IDP3"
	// Version is the only version there is.
	Version = 15
	// HeaderSize and SurfaceHeaderSize are the sizes of the file's and a
	// surface's header.
	HeaderSize, SurfaceHeaderSize = 108, 108
	// NameSize is the size of a name field (MAX_QPATH), NUL included;
	// FrameNameSize that of a frame's name.
	NameSize, FrameNameSize = 64, 16
	// Scale is the size of one unit of the stored positions: 1/64.
	Scale = 1.0 / 64
	// MaxCoordinate is the largest distance from the origin, in units,
	// that a position's 16-bit fixed point holds on an axis.
	MaxCoordinate = math.MaxInt16 * Scale

	frameSize    = 56
	tagSize      = 112
	shaderSize   = 68
	triangleSize = 12
	stSize       = 8
	vertexSize   = 8
)

// The format's limits (Quake 3's qfiles.h, MD3_MAX_*). Quake 3's renderer
// enforces others, lower: see Quake3MaxVertices.
const (
	MaxSurfaces  = 32
	MaxVertices  = 4096 // a surface's
	MaxTriangles = 8192 // a surface's
	MaxFrames    = 1024
	MaxTags      = 16
	MaxShaders   = 256 // a surface's
)

// What Quake 3's renderer (ioquake3's R_LoadMD3) refuses: a surface with
// 1000 vertices or more (SHADER_MAX_VERTEXES), or with 3 × triangles of
// 6000 or more (SHADER_MAX_INDEXES).
const (
	Quake3MaxVertices  = 999
	Quake3MaxTriangles = 1999
)

// File is an MD3 file as it is stored, positions in the file's
// coordinates (Quake's, z up).
type File struct {
	// Name is the model's path as the header stores it.
	Name  string
	Flags int32
	// Skins is the header's skin count, which no reader uses.
	Skins  int32
	Frames []Frame
	// Tags holds, for each frame, the tags at that frame (every frame has
	// the same tags, in the same order).
	Tags     [][]Tag
	Surfaces []Surface
	// Layout is where the parts were in the file Decode read.
	Layout Layout
}

// Layout holds the byte offsets of a decoded file's parts, for findings.
type Layout struct {
	Frames, Tags, Surfaces, End int64
}

// Frame is one frame's bounds, in file units.
type Frame struct {
	Mins, Maxs [3]float32
	// Origin and Radius are the sphere that holds the frame's vertices.
	Origin [3]float32
	Radius float32
	// Name is the frame's name (at most 15 bytes); Quake 3's tools write
	// the program that made it.
	Name string
}

// Tag is an attachment point at one frame: a position and three axes.
type Tag struct {
	Name   string
	Origin [3]float32
	// Axis holds the tag's x, y and z axes in file coordinates: a point
	// (a, b, c) of what is attached is at Origin + a·Axis[0] + b·Axis[1] +
	// c·Axis[2].
	Axis [3][3]float32
}

// Surface is one mesh with its own vertices, animated frame by frame.
type Surface struct {
	Name    string
	Flags   int32
	Shaders []Shader
	// Triangles are indices into the surface's vertices.
	Triangles [][3]int32
	// TexCoords are the texture coordinates of each vertex (0–1 across
	// the texture, top left origin).
	TexCoords [][2]float32
	// Vertices holds, for each frame, every vertex.
	Vertices [][]Vertex
	// Offset is where the surface starts in the file Decode read.
	Offset int64
}

// Shader is a surface's shader: a texture or shader path and the index a
// game fills in when it loads it.
type Shader struct {
	Name  string
	Index int32
}

// Vertex is one stored vertex of a frame.
type Vertex struct {
	// Position is the position in units of Scale.
	Position [3]int16
	// Normal is the normal's two angles (see DecodeNormal).
	Normal uint16
}

// Pos returns the vertex's position in file units.
func (v Vertex) Pos() [3]float32 {
	return [3]float32{float32(v.Position[0]) * Scale, float32(v.Position[1]) * Scale, float32(v.Position[2]) * Scale}
}

// EncodeNormal returns the two angles Quake 3 stores for the direction n
// (file coordinates, unit length): the low byte is the angle from +z and
// the high byte the angle about z from +x, each in 256ths of a turn,
// rounded to the nearest.
func EncodeNormal(n [3]float32) uint16 {
	x, y, z := float64(n[0]), float64(n[1]), float64(n[2])
	l := math.Sqrt(x*x + y*y + z*z)
	if !(l > 0) || math.IsInf(l, 0) {
		return 0
	}
	polar := math.Acos(max(min(z/l, 1), -1))
	azimuth := math.Atan2(y, x)
	lo := int(math.Round(polar*256/(2*math.Pi))) & 0xff
	hi := int(math.Round(azimuth*256/(2*math.Pi))) & 0xff
	if lo == 0 || lo == 128 {
		hi = 0 // a pole: every azimuth is the same direction
	}
	return uint16(hi<<8 | lo)
}

// DecodeNormal returns the direction Quake 3 decodes from a stored
// normal (ioquake3's LerpMeshVertexes): with a the high byte's angle and b
// the low byte's, (cos a · sin b, sin a · sin b, cos b).
func DecodeNormal(v uint16) [3]float32 {
	a := float64(v>>8) * 2 * math.Pi / 256
	b := float64(v&0xff) * 2 * math.Pi / 256
	return [3]float32{float32(math.Cos(a) * math.Sin(b)), float32(math.Sin(a) * math.Sin(b)), float32(math.Cos(b))}
}
