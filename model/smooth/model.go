package smooth

import "ms3dstudio/model"

// Normals recomputes the corner normals of every triangle of m from the
// vertex positions and the triangles' smoothing groups (group g is the mask
// bit g−1; group 0 is flat), welding across the whole model. Triangles that
// name a missing vertex keep their normals. MilkShape's own rule is
// Options{Weighting: Unweighted, ByIndex: true}.
func Normals(m *model.Model, opt Options) {
	var s Smoother
	s.Normals(m, opt)
}

// Normals is the package function Normals using s's scratch memory (it
// still allocates the model-sized input and output lists).
func (s *Smoother) Normals(m *model.Model, opt Options) {
	pos := make([][3]float32, len(m.Vertices))
	for i := range m.Vertices {
		pos[i] = m.Vertices[i].Position
	}
	faces := make([][3]uint32, len(m.Triangles))
	masks := make([]uint32, len(m.Triangles))
	for i := range m.Triangles {
		t := &m.Triangles[i]
		faces[i] = [3]uint32{uint32(t.Vertices[0]), uint32(t.Vertices[1]), uint32(t.Vertices[2])}
		if g := t.SmoothingGroup; g >= 1 && g <= 32 {
			masks[i] = 1 << (g - 1)
		}
	}
	dst := make([][3][3]float32, len(m.Triangles))
	s.CornerNormals(pos, faces, masks, dst, opt)
	nv := len(m.Vertices)
	for i := range m.Triangles {
		t := &m.Triangles[i]
		if int(t.Vertices[0]) < nv && int(t.Vertices[1]) < nv && int(t.Vertices[2]) < nv {
			t.Normals = dst[i]
		}
	}
}
