package b3d

import (
	"fmt"
	"math"
	"sort"

	"ms3dstudio/formats/internal/notes"
	"ms3dstudio/model"
	"ms3dstudio/model/xform"
)

// DefaultFPS is the frame rate of a file whose ANIM chunks give none above
// 0: the format's default.
const DefaultFPS = 60

// Import converts a decoded file into a model, reading it as Irrlicht does
// (the judge), in MilkShape's coordinates (z mirrored back, corners in
// MilkShape's order; see Export). Each TRIS chunk becomes a group, each
// brush a material. The nodes that carry bone weights or keys, or have such
// a node below them, become joints (a node that only places a mesh is left
// out; its mesh is placed), except a top node at the origin that is no
// bone and has no keys, whose children become the roots (our exports have
// one, holding the mesh). Vertices are placed by the rest transform of
// their mesh's node, with its scale. Frame n is MilkShape frame n, at the
// rate of the first ANIM chunk with one (DefaultFPS when none).
//
// What MS3D cannot hold is reported: scale (a joint's rest scale, scale
// keys), more than four bone weights on a vertex (the four heaviest are
// kept), weights and indices that name nothing, keys at a frame already
// keyed.
func Import(f *File) (*model.Model, []model.Finding) {
	im := &importer{f: f, m: &model.Model{Version: 4, FPS: DefaultFPS}}
	im.fps()
	im.materials()
	for _, n := range f.Nodes {
		im.needed(n)
		if im.need[n] && !n.IsBone && len(n.Keys) == 0 && n.Position == [3]float32{} && n.Scale == [3]float32{1, 1, 1} && ourRotation(n.Rotation) == xform.IdentityQuat {
			im.need[n] = false // a top node that only holds the rest: its children are the roots
		}
	}
	for _, n := range f.Nodes {
		im.node(n, identity, -1, nil)
	}
	im.finish()
	return im.m, im.findings
}

type importer struct {
	f        *File
	m        *model.Model
	findings notes.List
	// need tells the nodes that become joints.
	need map[*Node]bool
	// weights are each vertex's bone weights, by model vertex.
	weights [][]model.Influence
	// lastFrame is the last key's frame.
	lastFrame int32
}

func at(part string, index int, offset int64) model.Location {
	return model.Location{Part: part, Index: index, Offset: offset}
}

// fps takes the first frame rate above 0 and the longest frame count of
// the ANIM chunks.
func (im *importer) fps() {
	found := false
	var walk func(n *Node)
	walk = func(n *Node) {
		if a := n.Anim; a != nil {
			if !found && a.FPS > 0 && !math.IsInf(float64(a.FPS), 0) {
				im.m.FPS, found = a.FPS, true
			}
			im.m.TotalFrames = max(im.m.TotalFrames, a.Frames)
		}
		for _, c := range n.Children {
			walk(c)
		}
	}
	for _, n := range im.f.Nodes {
		walk(n)
	}
}

func (im *importer) materials() {
	f := im.f
	for i, b := range f.Brushes {
		mt := model.Material{Name: model.Str(b.Name), Transparency: b.Color[3], Shininess: min(max(b.Shininess, 0), 1) * 128,
			Diffuse: [4]float32{b.Color[0], b.Color[1], b.Color[2], 1}, Ambient: [4]float32{0.2, 0.2, 0.2, 1}, Specular: [4]float32{0, 0, 0, 1}, Emissive: [4]float32{0, 0, 0, 1}}
		for _, t := range b.Textures {
			if t == -1 {
				continue
			}
			if t < 0 || int(t) >= len(f.Textures) {
				im.findings.Add(model.CodeB3DIndex, model.Warning, at(model.PartMaterial, i, b.Offset), "brush %d (%q) names texture %d; the file has %d", i, b.Name, t, len(f.Textures))
				continue
			}
			tex := f.Textures[t]
			mt.Texture = model.Str(tex.Name)
			if tex.Flags&2 != 0 {
				mt.Mode |= model.MaterialHasAlpha
			}
			break // MS3D holds one texture a material
		}
		im.m.Materials = append(im.m.Materials, mt)
	}
}

// needed marks the nodes that become joints and reports whether n is one:
// bones (a BONE chunk, even empty), nodes with keys, and the nodes above
// them.
func (im *importer) needed(n *Node) bool {
	if im.need == nil {
		im.need = map[*Node]bool{}
	}
	need := n.IsBone || len(n.Keys) > 0
	for _, c := range n.Children {
		if im.needed(c) {
			need = true
		}
	}
	im.need[n] = need
	return need
}

// ourRotation is the rotation, in our coordinates, of a file quaternion
// (w, x, y, z): the inverse of fileQuat.
func ourRotation(q [4]float32) xform.Quat {
	return xform.Quat{float64(q[1]), float64(q[2]), -float64(q[3]), float64(q[0])}.Normalize()
}

// affine is a transform with scale, in our coordinates: x ↦ L·x + T.
type affine struct {
	L xform.Mat3
	T [3]float64
}

var identity = affine{L: xform.Identity3}

func (a affine) mul(b affine) affine {
	t := a.L.Apply(b.T)
	return affine{L: a.L.Mul(b.L), T: [3]float64{t[0] + a.T[0], t[1] + a.T[1], t[2] + a.T[2]}}
}

func (a affine) apply(v [3]float64) [3]float64 {
	p := a.L.Apply(v)
	return [3]float64{p[0] + a.T[0], p[1] + a.T[1], p[2] + a.T[2]}
}

// node imports n and its children. parent is the global rest transform of
// the node above, scales included (Irrlicht places meshes with them);
// joint is the joint above, −1 for none; mesh is the nearest mesh above or
// before, whose vertices BONE entries name (Irrlicht counts them from the
// last MESH read). It returns the last mesh read.
func (im *importer) node(n *Node, parent affine, joint int, mesh *meshRange) *meshRange {
	rot := ourRotation(n.Rotation)
	r := rot.Mat()
	var scaled xform.Mat3
	for i := range 3 {
		for k := range 3 {
			scaled[i][k] = r[i][k] * float64(n.Scale[k])
		}
	}
	global := parent.mul(affine{L: scaled, T: xform.Vec64(mirror(n.Position))})
	if n.Mesh != nil {
		mesh = im.mesh(n, global)
	}
	self := joint
	if im.need[n] {
		self = len(im.m.Joints)
		jt := model.Joint{Name: model.Str(n.Name), Position: mirror(n.Position), Rotation: rot.Euler()}
		if joint >= 0 {
			jt.Parent = im.m.Joints[joint].Name
		}
		im.m.Joints = append(im.m.Joints, jt)
		if n.Scale != [3]float32{1, 1, 1} {
			im.findings.Add(model.CodeB3DScale, model.Warning, at(model.PartJoint, self, n.Offset),
				"node %q has the rest scale (%g, %g, %g); MS3D joints do not scale, so the joint and the nodes below it are placed unscaled", n.Name, n.Scale[0], n.Scale[1], n.Scale[2])
		}
		im.bone(n, self, mesh)
		im.keys(n, self, rot, mirror(n.Position), global, mesh)
	}
	for _, c := range n.Children {
		mesh = im.node(c, global, self, mesh)
	}
	return mesh
}

// meshRange is where a mesh's vertices are in the model.
type meshRange struct {
	first, n int
}

// mesh adds the vertices and triangles of n's mesh, placed by the node's
// global rest transform.
func (im *importer) mesh(n *Node, global affine) *meshRange {
	m, src := im.m, n.Mesh
	v := &src.Vertices
	first := len(m.Vertices)
	for i := range v.Len() {
		p := xform.Vec32(global.apply(xform.Vec64(mirror(v.Position[i]))))
		m.Vertices = append(m.Vertices, model.Vertex{Position: p, Bones: [4]uint16{model.NoBone, model.NoBone, model.NoBone, model.NoBone}})
		im.weights = append(im.weights, nil)
	}
	// Normals: the file's (by the inverse transpose of the placement), or
	// each vertex's faces averaged, as Irrlicht makes them.
	normals := make([][3]float32, v.Len())
	if v.Flags&1 != 0 {
		nm := inverseTranspose(global.L)
		for i, nv := range v.Normal {
			normals[i] = unit(xform.Vec32(nm.Apply(xform.Vec64(mirror(nv)))))
		}
	}
	for k, t := range src.Tris {
		brush := t.Brush
		if brush == -1 {
			brush = src.Brush
		}
		mat := int16(-1)
		if brush >= 0 && int(brush) < len(m.Materials) {
			mat = int16(brush)
		} else if brush != -1 {
			im.findings.Add(model.CodeB3DIndex, model.Warning, at(model.PartGroup, len(m.Groups), t.Offset), "the triangles of node %q name brush %d; the file has %d", n.Name, brush, len(m.Materials))
		}
		name := n.Name
		if mat >= 0 && m.Materials[mat].Name.Text() != "" {
			name = string(m.Materials[mat].Name.Text())
		}
		if len(src.Tris) > 1 {
			name = fmt.Sprintf("%s %d", name, k+1)
		}
		g := model.Group{Name: model.Str(name), Material: mat}
		if v.Flags&1 == 0 {
			acc := make(map[int32][3]float64)
			for _, tri := range t.Triangles {
				a, b, c := m.Vertices[first+int(tri[2])].Position, m.Vertices[first+int(tri[1])].Position, m.Vertices[first+int(tri[0])].Position
				fn := faceNormal(a, b, c)
				for _, vi := range tri {
					s := acc[vi]
					acc[vi] = [3]float64{s[0] + fn[0], s[1] + fn[1], s[2] + fn[2]}
				}
			}
			for vi, s := range acc {
				normals[vi] = unit(xform.Vec32(s))
			}
		}
		for _, tri := range t.Triangles {
			var mt model.Triangle
			mt.Group = uint16(min(len(m.Groups), math.MaxUint16))
			for k := range 3 {
				vi := tri[2-k]
				mt.Vertices[k] = uint32(first + int(vi))
				mt.Normals[k] = normals[vi]
				uv := v.UV(int(vi))
				mt.S[k], mt.T[k] = uv[0], uv[1]
			}
			g.Triangles = append(g.Triangles, uint32(len(m.Triangles)))
			m.Triangles = append(m.Triangles, mt)
		}
		m.Groups = append(m.Groups, g)
	}
	return &meshRange{first: first, n: v.Len()}
}

// inverseTranspose returns the inverse transpose of m (the cofactor
// matrix over the determinant), or m itself when it is singular.
func inverseTranspose(m xform.Mat3) xform.Mat3 {
	var c xform.Mat3
	for i := range 3 {
		for k := range 3 {
			i1, i2, k1, k2 := (i+1)%3, (i+2)%3, (k+1)%3, (k+2)%3
			c[i][k] = m[i1][k1]*m[i2][k2] - m[i1][k2]*m[i2][k1]
		}
	}
	det := m[0][0]*c[0][0] + m[0][1]*c[0][1] + m[0][2]*c[0][2]
	if det == 0 || math.IsNaN(det) {
		return m
	}
	for i := range 3 {
		for k := range 3 {
			c[i][k] /= det
		}
	}
	return c
}

func faceNormal(a, b, c [3]float32) [3]float64 {
	u := [3]float64{float64(b[0] - a[0]), float64(b[1] - a[1]), float64(b[2] - a[2])}
	w := [3]float64{float64(c[0] - a[0]), float64(c[1] - a[1]), float64(c[2] - a[2])}
	n := [3]float64{u[1]*w[2] - u[2]*w[1], u[2]*w[0] - u[0]*w[2], u[0]*w[1] - u[1]*w[0]}
	l := math.Sqrt(n[0]*n[0] + n[1]*n[1] + n[2]*n[2])
	if l == 0 || math.IsNaN(l) {
		return [3]float64{}
	}
	return [3]float64{n[0] / l, n[1] / l, n[2] / l}
}

func unit(v [3]float32) [3]float32 {
	l := math.Sqrt(float64(v[0])*float64(v[0]) + float64(v[1])*float64(v[1]) + float64(v[2])*float64(v[2]))
	if l == 0 || math.IsNaN(l) || math.IsInf(l, 0) {
		return [3]float32{0, 1, 0}
	}
	return [3]float32{float32(float64(v[0]) / l), float32(float64(v[1]) / l), float32(float64(v[2]) / l)}
}

// bone records n's weights on the vertices of mesh.
func (im *importer) bone(n *Node, joint int, mesh *meshRange) {
	bad := 0
	for _, w := range n.Bone {
		if mesh == nil || w.Vertex < 0 || int(w.Vertex) >= mesh.n {
			bad++
			continue
		}
		if w.Weight > 0 {
			v := mesh.first + int(w.Vertex)
			im.weights[v] = append(im.weights[v], model.Influence{Joint: joint, Weight: w.Weight})
		}
	}
	if bad > 0 {
		have := "no mesh is above it"
		if mesh != nil {
			have = fmt.Sprintf("its mesh has %d vertices", mesh.n)
		}
		im.findings.Add(model.CodeB3DBoneVertex, model.Warning, at(model.PartJoint, joint, n.Offset), "%d weights of node %q name vertices that do not exist (%s); dropped", bad, n.Name, have)
	}
}

// keys turns n's KEYS into the joint's keys, relative to its rest
// rotation restRot and position restPos.
func (im *importer) keys(n *Node, joint int, restRot xform.Quat, restPos [3]float32, global affine, mesh *meshRange) {
	var pos, rot, scl []key
	for _, ks := range n.Keys {
		for _, k := range ks.Keys {
			if ks.Flags&KeyPosition != 0 {
				pos = append(pos, key{k.Frame, [4]float32{k.Position[0], k.Position[1], k.Position[2]}})
			}
			if ks.Flags&KeyScale != 0 {
				scl = append(scl, key{k.Frame, [4]float32{k.Scale[0], k.Scale[1], k.Scale[2]}})
			}
			if ks.Flags&KeyRotation != 0 {
				rot = append(rot, key{k.Frame, k.Rotation})
			}
		}
	}
	dropped := 0
	// Irrlicht keeps, of keys at one frame or out of order, the first.
	clean := func(ks []key) []key {
		sort.SliceStable(ks, func(a, b int) bool { return ks[a].frame < ks[b].frame })
		out := ks[:0]
		for _, k := range ks {
			if len(out) > 0 && k.frame <= out[len(out)-1].frame {
				dropped++
				continue
			}
			out = append(out, k)
		}
		return out
	}
	pos, rot, scl = clean(pos), clean(rot), clean(scl)
	if dropped > 0 {
		im.findings.Add(model.CodeB3DKeys, model.Warning, at(model.PartJoint, joint, n.Offset), "node %q has %d keys at frames already keyed; dropped", n.Name, dropped)
	}
	fps := im.m.EffectiveFPS()
	jt := &im.m.Joints[joint]
	inv := restRot.Conj().Mat()
	for _, k := range rot {
		r := restRot.Conj().Mul(ourRotation(k.value))
		jt.RotationKeys = append(jt.RotationKeys, model.Key{Time: float32(k.frame) / fps, Value: r.Euler()})
		im.lastFrame = max(im.lastFrame, k.frame)
	}
	for _, k := range pos {
		p := mirror([3]float32{k.value[0], k.value[1], k.value[2]})
		d := [3]float64{float64(p[0] - restPos[0]), float64(p[1] - restPos[1]), float64(p[2] - restPos[2])}
		jt.PositionKeys = append(jt.PositionKeys, model.Key{Time: float32(k.frame) / fps, Value: xform.Vec32(inv.Apply(d))})
		im.lastFrame = max(im.lastFrame, k.frame)
	}
	im.scaleKeys(n, joint, scl, global, mesh)
}

// key is one track's key: a frame and up to four values.
type key struct {
	frame int32
	value [4]float32
}

// scaleKeys reports the scale keys that are not 1, with the farthest they
// move a vertex bound to the node (in the node's rest frame, where the
// scale acts).
func (im *importer) scaleKeys(n *Node, joint int, scl []key, global affine, mesh *meshRange) {
	worst, count := 0.0, 0
	inv := xform.Rigid{R: global.L.Orthonormalize(), T: global.T}.Inverse()
	for _, k := range scl {
		s := k.value
		if math.Abs(float64(s[0])-1) < 1e-6 && math.Abs(float64(s[1])-1) < 1e-6 && math.Abs(float64(s[2])-1) < 1e-6 {
			continue
		}
		count++
		if mesh == nil {
			continue
		}
		for v := mesh.first; v < mesh.first+mesh.n; v++ {
			if !boundTo(im.weights[v], joint) {
				continue
			}
			l := inv.Apply(xform.Vec64(im.m.Vertices[v].Position))
			d := 0.0
			for c := range 3 {
				d += (float64(s[c]) - 1) * (float64(s[c]) - 1) * l[c] * l[c]
			}
			worst = max(worst, math.Sqrt(d))
		}
	}
	if count > 0 {
		im.findings.Add(model.CodeB3DScale, model.Warning, at(model.PartJoint, joint, n.Offset),
			"node %q has %d scale keys that are not 1; MS3D joints do not scale, so they are dropped, which moves a vertex bound to it by up to %.3g units", n.Name, count, worst)
	}
}

func boundTo(infs []model.Influence, joint int) bool {
	for _, in := range infs {
		if in.Joint == joint {
			return true
		}
	}
	return false
}

// finish stores the bone weights and the timeline.
func (im *importer) finish() {
	m := im.m
	reduced := 0
	multi := false
	for v, infs := range im.weights {
		if len(infs) == 0 {
			continue
		}
		if m.Vertices[v].SetInfluences(infs) && len(infs) > 4 {
			reduced++
		}
		multi = multi || m.Vertices[v].Bones[1] != model.NoBone
	}
	if multi {
		m.VertexExtraSubVersion = 2
	}
	if reduced > 0 {
		im.findings.Add(model.CodeB3DWeights, model.Warning, at(model.PartVertex, -1, -1), "%d vertices have more than four bone weights; each keeps its four heaviest, renormalised", reduced)
	}
	if m.TotalFrames < im.lastFrame {
		m.TotalFrames = im.lastFrame
	}
}
