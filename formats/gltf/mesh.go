package gltf

import (
	"fmt"
	"math"

	qgltf "github.com/qmuntal/gltf"
	"github.com/qmuntal/gltf/modeler"

	"ms3dstudio/model"
	"ms3dstudio/model/num"
	"ms3dstudio/model/xform"
)

// cornerKey identifies a glTF vertex: a model vertex with one normal and one
// texture coordinate (as bits, so that equal floats always match).
type cornerKey struct {
	v  uint32
	n  [3]uint32
	uv [2]uint32
}

// meshData is one group's vertex streams while it is being built.
type meshData struct {
	pos, nrm [][3]float32
	uv       [][2]float32
	src      []int // model vertex of each glTF vertex
	idx      []uint32
}

func (d *meshData) reset() {
	d.pos, d.nrm, d.uv, d.src, d.idx = d.pos[:0], d.nrm[:0], d.uv[:0], d.src[:0], d.idx[:0]
}

// counts of what a group walk left out or repaired, for the findings.
type meshCounts struct {
	missing, claimed, badVertex, nonFiniteVertex, normals, uvs int
}

// meshes adds one mesh and one node per group that has triangles to draw.
// A triangle listed by several groups is drawn by the first, as in the
// viewport; triangles of no group are not drawn.
func (b *builder) meshes() {
	m := b.m
	claimed := make([]bool, len(m.Triangles))
	corners := make(map[cornerKey]uint32)
	var d meshData
	var cnt meshCounts
	names := newUniqueNames()
	var skinned []int // nodes of skinned meshes
	usesRoot := false

	infl := b.influences()
	for gi := range m.Groups {
		g := &m.Groups[gi]
		clear(corners)
		d.reset()
		for _, ti := range g.Triangles {
			if int(ti) >= len(m.Triangles) {
				cnt.missing++
				continue
			}
			if claimed[ti] {
				cnt.claimed++
				continue
			}
			claimed[ti] = true
			b.triangle(&m.Triangles[ti], corners, &d, &cnt)
		}
		if len(d.idx) == 0 {
			continue
		}
		prim := &qgltf.Primitive{Mode: qgltf.PrimitiveTriangles, Attributes: qgltf.PrimitiveAttributes{}}
		prim.Attributes[qgltf.POSITION] = modeler.WritePosition(b.doc, d.pos)
		prim.Attributes[qgltf.NORMAL] = modeler.WriteNormal(b.doc, d.nrm)
		prim.Attributes[qgltf.TEXCOORD_0] = modeler.WriteTextureCoord(b.doc, d.uv)
		skin := false
		if infl != nil {
			var root bool
			skin, root = b.writeInfluences(prim, infl, d.src)
			usesRoot = usesRoot || root
		}
		if len(d.pos) < math.MaxUint16 {
			small := make([]uint16, len(d.idx))
			for i, x := range d.idx {
				small[i] = uint16(x)
			}
			prim.Indices = qgltf.Index(modeler.WriteIndices(b.doc, small))
		} else {
			prim.Indices = qgltf.Index(modeler.WriteIndices(b.doc, d.idx))
		}
		if mi := int(g.Material); mi >= 0 && mi < len(m.Materials) {
			prim.Material = qgltf.Index(mi)
		} else if g.Material >= 0 {
			b.findings.Add(model.CodeGroupMaterialRange, model.Warning, model.At(model.PartGroup, gi),
				"group %q names material %d of %d; it is exported with the default material", g.Name.Display(), mi, len(m.Materials))
		}
		name := names.take(g.Name.Display(), fmt.Sprintf("group%d", gi))
		b.doc.Meshes = append(b.doc.Meshes, &qgltf.Mesh{Name: name, Primitives: []*qgltf.Primitive{prim}})
		node := b.addNode(&qgltf.Node{Name: name, Mesh: qgltf.Index(len(b.doc.Meshes) - 1)})
		// Skinned meshes sit at the scene's root: parents would not move
		// them anyway.
		b.addRoot(node)
		if skin {
			skinned = append(skinned, node)
		}
		b.info.meshVertex = append(b.info.meshVertex, append([]int(nil), d.src...))
	}
	if len(skinned) > 0 {
		s := b.writeSkin(usesRoot)
		for _, node := range skinned {
			b.doc.Nodes[node].Skin = qgltf.Index(s)
		}
	}
	b.noteMeshCounts(&cnt, claimed)
}

// triangle adds one triangle's corners to d, unless a corner names a
// missing vertex or one with a non-finite position.
func (b *builder) triangle(tri *model.Triangle, corners map[cornerKey]uint32, d *meshData, cnt *meshCounts) {
	m := b.m
	var p [3][3]float32
	for c := range 3 {
		vi := int(tri.Vertices[c])
		if vi >= len(m.Vertices) {
			cnt.badVertex++
			return
		}
		p[c] = m.Vertices[vi].Position
		if !num.Finite3(p[c]) {
			cnt.nonFiniteVertex++
			return
		}
	}
	var face [3]float32
	haveFace := false
	for c := range 3 {
		n, ok := xform.Unit(tri.Normals[c])
		if !ok {
			if !haveFace {
				face, haveFace = xform.FaceNormal(p), true
			}
			n = face
			cnt.normals++
		}
		s, t := tri.S[c], tri.T[c]
		if !num.Finite(s) || !num.Finite(t) {
			s, t = num.Or0(s), num.Or0(t)
			cnt.uvs++
		}
		key := cornerKey{v: tri.Vertices[c],
			n:  [3]uint32{math.Float32bits(n[0]), math.Float32bits(n[1]), math.Float32bits(n[2])},
			uv: [2]uint32{math.Float32bits(s), math.Float32bits(t)}}
		i, ok := corners[key]
		if !ok {
			i = uint32(len(d.pos))
			corners[key] = i
			d.pos = append(d.pos, p[c])
			d.nrm = append(d.nrm, n)
			// MS3D's t already runs down from the top-left corner, as
			// glTF's does.
			d.uv = append(d.uv, [2]float32{s, t})
			d.src = append(d.src, int(tri.Vertices[c]))
		}
		d.idx = append(d.idx, i)
	}
}

// noteMeshCounts reports what the meshes left out or changed: one finding
// a kind, with its count, in a fixed order.
func (b *builder) noteMeshCounts(cnt *meshCounts, claimed []bool) {
	orphans := 0
	for _, c := range claimed {
		if !c {
			orphans++
		}
	}
	at := model.At(model.PartTriangle, -1)
	for _, p := range []struct {
		n     int
		code  model.Code
		sev   model.Severity
		where model.Location
		msg   string
	}{
		{cnt.missing, model.CodeGroupTriangleRange, model.Warning, model.At(model.PartGroup, -1), "groups list %d triangles that do not exist; they are left out"},
		{cnt.claimed, model.CodeTriangleMultiGroup, model.Info, at, "%d triangles are listed by more than one group; each is exported with the first"},
		{cnt.badVertex, model.CodeTriangleVertexRange, model.Warning, at, "%d triangles name vertices that do not exist; they are left out"},
		{cnt.nonFiniteVertex, model.CodeVertexNonFinite, model.Warning, at, "%d triangles use vertices with a non-finite position; they are left out"},
		{cnt.normals, model.CodeNormalZero, model.Info, at, "%d corner normals are zero or not finite; the face normal is exported instead"},
		{cnt.uvs, model.CodeTriangleNonFinite, model.Info, at, "%d corner texture coordinates are not finite; they are exported as 0"},
		{orphans, model.CodeTriangleNoGroup, model.Warning, at, "%d triangles belong to no group; they are not exported (the viewport does not draw them either)"},
	} {
		if p.n > 0 {
			b.findings.Add(p.code, p.sev, p.where, p.msg, p.n)
		}
	}
}

// influences returns the bones of every vertex, or nil when the model has
// no skeleton.
func (b *builder) influences() [][4]model.Influence {
	if b.skel == nil {
		return nil
	}
	m := b.m
	out := make([][4]model.Influence, len(m.Vertices))
	for v := range m.Vertices {
		var in [4]model.Influence
		n := m.Influences(v, &in)
		// A bone listed twice is one influence with the summed weight:
		// glTF forbids a joint twice in one vertex.
		k := 0
		for i := range n {
			merged := false
			for j := range k {
				if out[v][j].Joint == in[i].Joint {
					out[v][j].Weight += in[i].Weight
					merged = true
					break
				}
			}
			if !merged {
				out[v][k] = in[i]
				k++
			}
		}
	}
	return out
}

// writeInfluences writes JOINTS_0 and WEIGHTS_0 for the vertices src of one
// primitive. It reports whether any vertex has a bone (otherwise nothing is
// written and the mesh is static) and whether a vertex without bones was
// bound to the root node.
func (b *builder) writeInfluences(prim *qgltf.Primitive, infl [][4]model.Influence, src []int) (skinned, root bool) {
	for _, v := range src {
		if infl[v][0].Weight > 0 {
			skinned = true
			break
		}
	}
	if !skinned {
		return false, false
	}
	rootJoint := b.skel.Len()
	weights := make([][4]float32, len(src))
	joints := make([][4]uint16, len(src))
	for i, v := range src {
		var sum float32
		for k := range 4 {
			if w := infl[v][k].Weight; w > 0 {
				joints[i][k] = uint16(infl[v][k].Joint)
				weights[i][k] = w
				sum += w
			}
		}
		if sum == 0 {
			joints[i][0], weights[i][0] = uint16(rootJoint), 1
			root = true
			continue
		}
		for k := range 4 {
			weights[i][k] /= sum
		}
	}
	if rootJoint < 256 {
		small := make([][4]uint8, len(joints))
		for i, j := range joints {
			small[i] = [4]uint8{uint8(j[0]), uint8(j[1]), uint8(j[2]), uint8(j[3])}
		}
		prim.Attributes[qgltf.JOINTS_0] = modeler.WriteJoints(b.doc, small)
	} else {
		prim.Attributes[qgltf.JOINTS_0] = modeler.WriteJoints(b.doc, joints)
	}
	prim.Attributes[qgltf.WEIGHTS_0] = modeler.WriteWeights(b.doc, weights)
	return true, root
}
