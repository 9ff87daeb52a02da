package b3d

import (
	"encoding/binary"
	"fmt"
	"math"
	"strings"
)

// writer builds a file chunk by chunk.
type writer struct {
	buf []byte
}

// begin starts a chunk and returns where its length goes.
func (w *writer) begin(tag string) int {
	w.buf = append(w.buf, tag...)
	w.buf = append(w.buf, 0, 0, 0, 0)
	return len(w.buf) - 4
}

// end closes the chunk begin started.
func (w *writer) end(at int) {
	binary.LittleEndian.PutUint32(w.buf[at:], uint32(len(w.buf)-at-4))
}

func (w *writer) i32(v int32) { w.buf = binary.LittleEndian.AppendUint32(w.buf, uint32(v)) }

func (w *writer) f32(vs ...float32) {
	for _, v := range vs {
		w.buf = binary.LittleEndian.AppendUint32(w.buf, math.Float32bits(v))
	}
}

func (w *writer) str(s string) {
	w.buf = append(w.buf, s...)
	w.buf = append(w.buf, 0)
}

// Encode writes f as a B3D file: the chunks in the order the format lists
// them (a node's MESH or BONE, its KEYS, ANIM, then its children). It
// refuses a name holding a NUL byte, a brush whose texture count is not
// File.BrushTextures, vertex data that does not match its flags, and
// triangles or weights naming vertices the mesh does not have: a reader
// would misread or refuse the file.
func Encode(f *File) ([]byte, error) {
	if err := check(f); err != nil {
		return nil, err
	}
	w := &writer{}
	root := w.begin("BB3D")
	w.i32(f.Version)
	if f.Textures != nil {
		at := w.begin("TEXS")
		for _, t := range f.Textures {
			w.str(t.Name)
			w.i32(t.Flags)
			w.i32(t.Blend)
			w.f32(t.Position[0], t.Position[1], t.Scale[0], t.Scale[1], t.Rotation)
		}
		w.end(at)
	}
	if f.Brushes != nil {
		at := w.begin("BRUS")
		w.i32(f.BrushTextures)
		for _, b := range f.Brushes {
			w.str(b.Name)
			w.f32(b.Color[0], b.Color[1], b.Color[2], b.Color[3], b.Shininess)
			w.i32(b.Blend)
			w.i32(b.FX)
			for _, t := range b.Textures {
				w.i32(t)
			}
		}
		w.end(at)
	}
	for _, n := range f.Nodes {
		w.node(n)
	}
	w.end(root)
	return w.buf, nil
}

func (w *writer) node(n *Node) {
	at := w.begin("NODE")
	w.str(n.Name)
	w.f32(n.Position[0], n.Position[1], n.Position[2], n.Scale[0], n.Scale[1], n.Scale[2])
	w.f32(n.Rotation[:]...)
	if n.Mesh != nil {
		w.mesh(n.Mesh)
	}
	if n.IsBone {
		b := w.begin("BONE")
		for _, wt := range n.Bone {
			w.i32(wt.Vertex)
			w.f32(wt.Weight)
		}
		w.end(b)
	}
	for _, ks := range n.Keys {
		k := w.begin("KEYS")
		w.i32(ks.Flags)
		for _, key := range ks.Keys {
			w.i32(key.Frame)
			if ks.Flags&KeyPosition != 0 {
				w.f32(key.Position[:]...)
			}
			if ks.Flags&KeyScale != 0 {
				w.f32(key.Scale[:]...)
			}
			if ks.Flags&KeyRotation != 0 {
				w.f32(key.Rotation[:]...)
			}
		}
		w.end(k)
	}
	if n.Anim != nil {
		a := w.begin("ANIM")
		w.i32(n.Anim.Flags)
		w.i32(n.Anim.Frames)
		w.f32(n.Anim.FPS)
		w.end(a)
	}
	for _, c := range n.Children {
		w.node(c)
	}
	w.end(at)
}

func (w *writer) mesh(m *Mesh) {
	at := w.begin("MESH")
	w.i32(m.Brush)
	v := &m.Vertices
	vr := w.begin("VRTS")
	w.i32(v.Flags)
	w.i32(v.TexCoordSets)
	w.i32(v.TexCoordSize)
	uv := int(v.TexCoordSets * v.TexCoordSize)
	for i, p := range v.Position {
		w.f32(p[:]...)
		if v.Flags&1 != 0 {
			w.f32(v.Normal[i][:]...)
		}
		if v.Flags&2 != 0 {
			w.f32(v.Color[i][:]...)
		}
		w.f32(v.TexCoords[i*uv : (i+1)*uv]...)
	}
	w.end(vr)
	for _, t := range m.Tris {
		tr := w.begin("TRIS")
		w.i32(t.Brush)
		for _, tri := range t.Triangles {
			w.i32(tri[0])
			w.i32(tri[1])
			w.i32(tri[2])
		}
		w.end(tr)
	}
	w.end(at)
}

// check finds what Encode refuses.
func check(f *File) error {
	for i, t := range f.Textures {
		if strings.IndexByte(t.Name, 0) >= 0 {
			return fmt.Errorf("b3d: texture %d: the name holds a NUL byte", i)
		}
	}
	for i, b := range f.Brushes {
		if strings.IndexByte(b.Name, 0) >= 0 {
			return fmt.Errorf("b3d: brush %d: the name holds a NUL byte", i)
		}
		if len(b.Textures) != int(f.BrushTextures) {
			return fmt.Errorf("b3d: brush %d has %d texture ids; the BRUS chunk holds %d a brush", i, len(b.Textures), f.BrushTextures)
		}
	}
	var walk func(n *Node, mesh *Mesh, depth int) error
	walk = func(n *Node, mesh *Mesh, depth int) error {
		if depth > MaxDepth {
			return fmt.Errorf("b3d: nodes nested more than %d deep", MaxDepth)
		}
		if strings.IndexByte(n.Name, 0) >= 0 {
			return fmt.Errorf("b3d: node %q: the name holds a NUL byte", n.Name)
		}
		if n.Mesh != nil {
			mesh = n.Mesh
			if err := checkMesh(n.Mesh); err != nil {
				return fmt.Errorf("b3d: node %q: %w", n.Name, err)
			}
		}
		for _, wt := range n.Bone {
			if mesh == nil || wt.Vertex < 0 || int(wt.Vertex) >= mesh.Vertices.Len() {
				return fmt.Errorf("b3d: node %q: a weight names vertex %d, which the mesh above it does not have", n.Name, wt.Vertex)
			}
		}
		for _, c := range n.Children {
			if err := walk(c, mesh, depth+1); err != nil {
				return err
			}
		}
		return nil
	}
	for _, n := range f.Nodes {
		if err := walk(n, nil, 1); err != nil {
			return err
		}
	}
	return nil
}

func checkMesh(m *Mesh) error {
	v := &m.Vertices
	n := v.Len()
	if v.TexCoordSets < 0 || v.TexCoordSets > maxTexCoordSets || v.TexCoordSize < 0 || v.TexCoordSize > maxTexCoordSize {
		return fmt.Errorf("%d texture coordinate sets of %d values; the format allows 0 to %d sets of 0 to %d", v.TexCoordSets, v.TexCoordSize, maxTexCoordSets, maxTexCoordSize)
	}
	if (v.Flags&1 != 0) != (len(v.Normal) == n) || (v.Flags&1 == 0 && len(v.Normal) != 0) {
		return fmt.Errorf("vertex flags %d with %d normals for %d vertices", v.Flags, len(v.Normal), n)
	}
	if (v.Flags&2 != 0) != (len(v.Color) == n) || (v.Flags&2 == 0 && len(v.Color) != 0) {
		return fmt.Errorf("vertex flags %d with %d colours for %d vertices", v.Flags, len(v.Color), n)
	}
	if len(v.TexCoords) != n*int(v.TexCoordSets*v.TexCoordSize) {
		return fmt.Errorf("%d texture coordinates for %d vertices of %d sets of %d", len(v.TexCoords), n, v.TexCoordSets, v.TexCoordSize)
	}
	for i, t := range m.Tris {
		for _, tri := range t.Triangles {
			for _, c := range tri {
				if c < 0 || int(c) >= n {
					return fmt.Errorf("triangles %d name vertex %d; the mesh has %d", i, c, n)
				}
			}
		}
	}
	return nil
}
