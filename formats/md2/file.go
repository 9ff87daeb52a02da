package md2

// The format's constants (Quake 2's qfiles.h).
const (
	// Ident is the file's first four bytes.
	Ident = "IDP2"
	// Version is the only version there is.
	Version = 8
	// HeaderSize is the size of the header: the ident and 16 int32s.
	HeaderSize = 68
	// SkinNameSize is the size of a skin name field (MAX_SKINNAME),
	// NUL included.
	SkinNameSize = 64
	// FrameNameSize is the size of a frame name field, NUL included.
	FrameNameSize = 16
	// frameHeaderSize is a frame's scale, translate and name.
	frameHeaderSize = 40
)

// Quake 2's limits (qfiles.h), which its engine and tools enforce: see
// Limits for which of them readers refuse files over.
const (
	MaxVertices  = 2048 // MAX_VERTS
	MaxTriangles = 4096 // MAX_TRIANGLES
	MaxFrames    = 512  // MAX_FRAMES
	MaxSkins     = 32   // MAX_MD2SKINS
	// MaxSkinHeight is the tallest skin Quake 2 loads (MAX_LBM_HEIGHT).
	MaxSkinHeight = 480
)

// File is an MD2 file as it is stored. Positions are in the file's
// coordinates (Quake's, z up); see Frame.Position.
type File struct {
	// SkinWidth and SkinHeight are the skin's size in pixels, which the
	// texture coordinates are counted in.
	SkinWidth, SkinHeight int32
	// Skins are the skin paths (at most 63 bytes each).
	Skins []string
	// TexCoords are the texture coordinates in skin pixels (s, t), top
	// left origin.
	TexCoords [][2]int16
	Triangles []Triangle
	// Frames each hold every vertex, quantised to the frame's box.
	Frames []Frame
	// GLCommands are the triangle strips and fans an OpenGL renderer
	// draws instead of Triangles; nil when the file has none (only the
	// terminating zero).
	GLCommands []GLCommand
	// Layout is where the parts were in the file Decode read (zero for a
	// file built in memory).
	Layout Layout
}

// Layout holds the byte offsets of a decoded file's parts, for findings.
type Layout struct {
	Skins, TexCoords, Triangles, Frames, GLCommands, End int64
	// FrameSize is the header's byte size of a frame.
	FrameSize int64
}

// Triangle is one triangle: indices into the frames' vertices and into
// File.TexCoords, corner by corner.
type Triangle struct {
	Vertices, TexCoords [3]uint16
}

// Frame is one key frame.
type Frame struct {
	// Scale and Translate map a stored vertex v to the position
	// v·Scale + Translate.
	Scale, Translate [3]float32
	// Name is the frame's name (at most 15 bytes), by convention an
	// animation name and a number: "run01".
	Name     string
	Vertices []Vertex
}

// Vertex is one stored vertex of a frame.
type Vertex struct {
	// Position is the quantised position, 0–255 an axis across the
	// frame's box.
	Position [3]uint8
	// Normal is an index into Normals.
	Normal uint8
}

// Position returns vertex i of the frame in file coordinates.
func (f *Frame) Position(i int) [3]float32 {
	v := f.Vertices[i].Position
	return [3]float32{
		float32(v[0])*f.Scale[0] + f.Translate[0],
		float32(v[1])*f.Scale[1] + f.Translate[1],
		float32(v[2])*f.Scale[2] + f.Translate[2],
	}
}

// GLCommand is a triangle strip or fan: its vertices carry their texture
// coordinates (0–1 across the skin, top left origin) and a vertex index.
type GLCommand struct {
	Fan      bool
	Vertices []GLVertex
}

// GLVertex is one vertex of a GL command.
type GLVertex struct {
	S, T  float32
	Index int32
}

// Triangles returns the triangles the command draws, as indices into the
// command's vertices, in the winding OpenGL gives them: a strip's odd
// triangles have their first two corners swapped.
func (c *GLCommand) Triangles() [][3]int {
	n := len(c.Vertices)
	if n < 3 {
		return nil
	}
	out := make([][3]int, 0, n-2)
	for i := 2; i < n; i++ {
		switch {
		case c.Fan:
			out = append(out, [3]int{0, i - 1, i})
		case i%2 == 0:
			out = append(out, [3]int{i - 2, i - 1, i})
		default:
			out = append(out, [3]int{i - 1, i - 2, i})
		}
	}
	return out
}
