package smd

// File is an SMD file as written: its sections in the file's terms. Bone ids
// are the ids of the nodes section; a bone id that names no node has been
// reported and replaced by −1 (no bone).
type File struct {
	// Name identifies the file in errors and findings, and is the default
	// clip name when the file is imported as an animation.
	Name    string
	Version int
	Nodes   []Node
	// Frames are the skeleton's time blocks in file order.
	Frames    []Frame
	Triangles []Triangle
	// Materials are the distinct material lines, indexed by
	// Triangle.Material.
	Materials []string
	// Links holds the weighted links of every vertex; see File.LinksOf.
	Links []Link
}

// LinksOf returns the weighted links of a vertex of f (nil for a GoldSrc
// vertex).
func (f *File) LinksOf(v *Vertex) []Link {
	if v.LinkCount == 0 {
		return nil
	}
	return f.Links[v.LinkStart : v.LinkStart+v.LinkCount]
}

// MaterialOf returns a triangle's material line as written.
func (f *File) MaterialOf(t *Triangle) string { return f.Materials[t.Material] }

// Node is one bone of the nodes section.
type Node struct {
	ID     int
	Name   string
	Parent int // −1 for a root
	Line   int
}

// Frame is one "time" block of the skeleton section.
type Frame struct {
	Time  int
	Line  int
	Bones []BonePose
}

// BonePose is a bone's transform local to its parent: a translation and
// Euler angles in radians (X, then Y, then Z).
type BonePose struct {
	Bone               int32
	Position, Rotation [3]float32
}

// Triangle is one face of the triangles section. It holds no pointers, so
// that a mesh of a million triangles costs the garbage collector nothing.
type Triangle struct {
	// Material indexes File.Materials: the material line as written, a
	// texture file name for GoldSrc, a material name for Source.
	Material int32
	Line     int32
	Corners  [3]Vertex
}

// Vertex is one corner of a triangle.
type Vertex struct {
	// Bone is the parent bone: the only influence of a GoldSrc vertex, and
	// for a Source vertex with links the bone that takes the weight the
	// links leave over.
	Bone             int32
	Position, Normal [3]float32
	UV               [2]float32
	// LinkStart and LinkCount locate the Source weighted links in
	// File.Links (LinkCount 0 for a GoldSrc vertex); see File.LinksOf.
	LinkStart, LinkCount int32
}

// Link is one weighted bone of a Source vertex.
type Link struct {
	Bone   int32
	Weight float32
}

// NodeIndex returns the index in f.Nodes of the node with the given id, or
// −1.
func (f *File) NodeIndex(id int) int {
	for i := range f.Nodes {
		if f.Nodes[i].ID == id {
			return i
		}
	}
	return -1
}
