package b3d

// File is a B3D file as it is stored: the BB3D chunk's version, its TEXS and
// BRUS chunks and its node tree. Strings are the bytes the file holds.
type File struct {
	// Version is BB3D's version (1 in every known file).
	Version int32
	// Textures are the TEXS chunk's entries; nil when the file has no TEXS
	// chunk (an empty slice is an empty chunk).
	Textures []Texture
	// Brushes are the BRUS chunk's entries; nil when the file has no BRUS
	// chunk.
	Brushes []Brush
	// BrushTextures is the BRUS chunk's texture count: how many texture
	// ids every brush holds.
	BrushTextures int32
	// Nodes are the top-level nodes. The format allows one; Irrlicht reads
	// every one.
	Nodes []*Node
}

// Texture is one TEXS entry.
type Texture struct {
	// Name is the texture file's path.
	Name string
	// Flags are Blitz3D's TextureFlags (1 colour, 2 alpha, 4 masked, 8
	// mipmapped, 16/32 clamp U/V, 64 sphere map, 65536 second UV set);
	// Blend is its TextureBlend (2: multiply).
	Flags, Blend int32
	// Position, Scale and Rotation place the texture on the surface.
	Position, Scale [2]float32
	Rotation        float32
	// Offset is where the entry starts in the file (−1 when not read).
	Offset int64
}

// Brush is one BRUS entry: a material.
type Brush struct {
	Name string
	// Color is red, green, blue, alpha, 0 to 1.
	Color     [4]float32
	Shininess float32
	// Blend is Blitz3D's BrushBlend (1 alpha), FX its BrushFX (1 full
	// bright, 2 vertex colours, 4 flat shaded, 8 no fog, 16 two-sided, 32
	// vertex alpha).
	Blend, FX int32
	// Textures are indices into File.Textures, −1 for none; there are
	// File.BrushTextures of them.
	Textures []int32
	Offset   int64
}

// Node is a NODE chunk: a pivot with a local transform, and what it holds.
type Node struct {
	Name string
	// Position, Scale and Rotation are the rest transform relative to the
	// parent node: T · R · S. Rotation is the quaternion w, x, y, z, in the
	// file's order.
	Position, Scale [3]float32
	Rotation        [4]float32
	// Mesh is the node's MESH chunk, nil when it has none.
	Mesh *Mesh
	// Bone is the node's BONE chunk: the vertices of the nearest mesh above
	// it that the node moves. IsBone tells an empty BONE chunk from none.
	Bone   []Weight
	IsBone bool
	// Keys are the node's KEYS chunks, in file order.
	Keys []Keys
	// Anim is the node's ANIM chunk, nil when it has none.
	Anim     *Anim
	Children []*Node
	Offset   int64
}

// Mesh is a MESH chunk: vertices and the triangles over them.
type Mesh struct {
	// Brush is the mesh's master brush, −1 for none.
	Brush    int32
	Vertices Vertices
	Tris     []Tris
	Offset   int64
}

// Vertices is a VRTS chunk.
type Vertices struct {
	// Flags: 1 normals present, 2 colours present.
	Flags int32
	// TexCoordSets is how many texture coordinate sets a vertex has (at most
	// 8), TexCoordSize how many values each set holds (at most 4).
	TexCoordSets, TexCoordSize int32
	Position                   [][3]float32
	// Normal and Color are empty unless Flags says they are present.
	Normal [][3]float32
	Color  [][4]float32
	// TexCoords holds TexCoordSets × TexCoordSize values a vertex, vertex
	// after vertex.
	TexCoords []float32
	Offset    int64
}

// Len returns the number of vertices.
func (v *Vertices) Len() int { return len(v.Position) }

// UV returns the first texture coordinate set of vertex i, or zeros when
// the vertices have none.
func (v *Vertices) UV(i int) [2]float32 {
	n := int(v.TexCoordSets * v.TexCoordSize)
	if v.TexCoordSets < 1 || v.TexCoordSize < 2 {
		return [2]float32{}
	}
	return [2]float32{v.TexCoords[i*n], v.TexCoords[i*n+1]}
}

// Tris is a TRIS chunk: triangles with one brush.
type Tris struct {
	// Brush is the triangles' brush, −1 for the mesh's.
	Brush int32
	// Triangles are vertex indices into the mesh's vertices.
	Triangles [][3]int32
	Offset    int64
}

// Weight is one BONE entry.
type Weight struct {
	Vertex int32
	Weight float32
}

// Keys is a KEYS chunk: keys that all hold the values its flags name.
type Keys struct {
	// Flags: 1 position, 2 scale, 4 rotation.
	Flags  int32
	Keys   []Key
	Offset int64
}

// The KEYS flags.
const (
	KeyPosition = 1
	KeyScale    = 2
	KeyRotation = 4
)

// Key is one animation key: absolute local values at a frame.
type Key struct {
	Frame           int32
	Position, Scale [3]float32
	// Rotation is the quaternion w, x, y, z.
	Rotation [4]float32
}

// Anim is an ANIM chunk.
type Anim struct {
	Flags, Frames int32
	FPS           float32
}
