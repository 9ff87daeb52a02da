package importer

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	qgltf "github.com/qmuntal/gltf"

	"ms3dstudio/formats/gltf/importer/internal/accessor"
	"ms3dstudio/model"
	"ms3dstudio/model/xform"
)

// flattenLimit bounds the triangles that instancing may create: meshes
// used by several nodes are copied once per node, which a small file can
// ask for without end. Past the limit (or past what the file's own
// triangles already reach) the import is refused. An MS3D file holds
// 65,534 triangles; this is 16 times that.
const flattenLimit = 1 << 20

// primData is one primitive of one mesh node, as read.
type primData struct {
	node, mesh, index int
	at                string
	name              string
	pos, nrm, uv      []float32
	tris              []uint32
	material          int // glTF material, −1
	skin              int // glTF skin, −1
	// Skinned primitives: up to four skin joints per vertex with weights
	// summing to 1, strongest first (n per vertex).
	sj [][4]uint32
	sw [][4]float32
	sn []uint8
	// jmap maps the skin's joints to MS3D joints; x carries the mesh's
	// positions to the MS3D rest pose.
	jmap []int
	x    mat4
}

// readPrimitives reads every primitive of every mesh node of the scene, in
// hierarchy order (a mesh used by several nodes is read once per node).
func (im *importer) readPrimitives() error {
	doc := im.src.doc
	used := make([]bool, len(doc.Meshes))
	own := 0 // triangles of first uses: what the file itself stores
	for _, n := range im.g.order {
		node := doc.Nodes[n]
		if node.Mesh == nil {
			continue
		}
		mi := *node.Mesh
		if mi < 0 || mi >= len(doc.Meshes) || doc.Meshes[mi] == nil {
			return errAt(fmt.Sprintf("/nodes/%d/mesh", n), "mesh %d does not exist (the file has %d)", mi, len(doc.Meshes))
		}
		first := !used[mi]
		used[mi] = true
		mesh := doc.Meshes[mi]
		for k, p := range mesh.Primitives {
			at := fmt.Sprintf("/meshes/%d/primitives/%d", mi, k)
			if p == nil {
				return errAt(at, "null primitive")
			}
			pd, err := im.readPrimitive(n, mi, k, p, at)
			if err != nil {
				return err
			}
			if pd == nil {
				continue
			}
			im.triangles += len(pd.tris) / 3
			if first {
				own += len(pd.tris) / 3
			} else if im.triangles > max(flattenLimit, own) {
				return errAt(fmt.Sprintf("/nodes/%d/mesh", n), "another copy of mesh %d takes the model past %d triangles", mi, max(flattenLimit, own))
			}
			pd.name = primName(mesh.Name, im.nodeName(n), mi, k, len(mesh.Primitives))
			im.prims = append(im.prims, pd)
		}
	}
	return nil
}

func primName(mesh, node string, mi, k, n int) string {
	base := mesh
	if base == "" {
		base = node
	}
	if base == "" {
		base = fmt.Sprintf("mesh%d", mi)
	}
	if n > 1 {
		base = fmt.Sprintf("%s_%d", base, k)
	}
	return base
}

func (im *importer) readPrimitive(n, mi, k int, p *qgltf.Primitive, at string) (*primData, error) {
	doc, src := im.src.doc, im.src
	switch p.Mode {
	case qgltf.PrimitiveTriangles, qgltf.PrimitiveTriangleStrip, qgltf.PrimitiveTriangleFan:
	default:
		im.note(model.CodeGLTFPrimitive, model.Warning, at+"/mode", "points and lines have no triangles; the primitive is left out")
		return nil, nil
	}
	if _, ok := p.Extensions["KHR_draco_mesh_compression"]; ok {
		im.note(model.CodeGLTFExtension, model.Warning, at+"/extensions", "the primitive is Draco-compressed, which the import does not decode; it is left out")
		return nil, nil
	}
	pi, ok := p.Attributes[qgltf.POSITION]
	if !ok {
		im.note(model.CodeGLTFPrimitive, model.Warning, at+"/attributes", "no POSITION; the primitive is left out")
		return nil, nil
	}
	pd := &primData{node: n, mesh: mi, index: k, at: at, material: -1, skin: -1}
	pos, err := src.Floats(pi, at+"/attributes/POSITION", 3)
	if err != nil {
		return nil, err
	}
	nv := pos.Count
	pd.pos = pos.F
	attr := func(name string, comps int) ([]float32, error) {
		i, ok := p.Attributes[name]
		if !ok {
			return nil, nil
		}
		a, err := src.Floats(i, at+"/attributes/"+name, comps)
		if err != nil {
			return nil, err
		}
		if a.Count != nv {
			return nil, errAt(at+"/attributes/"+name, "%d elements, POSITION has %d", a.Count, nv)
		}
		return a.F, nil
	}
	if pd.nrm, err = attr(qgltf.NORMAL, 3); err != nil {
		return nil, err
	}
	if p.Material != nil {
		if *p.Material < 0 || *p.Material >= len(doc.Materials) || doc.Materials[*p.Material] == nil {
			return nil, errAt(at+"/material", "material %d does not exist (the file has %d)", *p.Material, len(doc.Materials))
		}
		pd.material = *p.Material
	}
	set := 0
	if pd.material >= 0 {
		if pbr := doc.Materials[pd.material].PBRMetallicRoughness; pbr != nil && pbr.BaseColorTexture != nil {
			set = pbr.BaseColorTexture.TexCoord
		}
	}
	if pd.uv, err = attr(fmt.Sprintf("TEXCOORD_%d", set), 2); err != nil {
		return nil, err
	}
	if _, ok := p.Attributes[qgltf.COLOR_0]; ok {
		im.note(model.CodeGLTFMaterial, model.Info, at+"/attributes/COLOR_0", "MilkShape has no vertex colours; COLOR_0 is not kept")
	}
	if pd.tris, err = im.triangleList(p, at, nv); err != nil {
		return nil, err
	}
	if len(p.Targets) > 0 {
		if err := im.applyDefaultMorph(pd, p, at); err != nil {
			return nil, err
		}
	}
	if node := doc.Nodes[n]; node.Skin != nil {
		if *node.Skin < 0 || *node.Skin >= len(doc.Skins) || doc.Skins[*node.Skin] == nil {
			return nil, errAt(fmt.Sprintf("/nodes/%d/skin", n), "skin %d does not exist (the file has %d)", *node.Skin, len(doc.Skins))
		}
		if err := im.readWeights(pd, p, *node.Skin, at, nv); err != nil {
			return nil, err
		}
	}
	return pd, nil
}

// triangleList returns the primitive's triangles as vertex index triples,
// strips and fans unrolled with the winding of the specification, and
// triangles that repeat a vertex (strip joints) dropped.
func (im *importer) triangleList(p *qgltf.Primitive, at string, nv int) ([]uint32, error) {
	var idx []uint32
	n := nv
	if p.Indices != nil {
		a, err := im.src.Ints(*p.Indices, at+"/indices", 1)
		if err != nil {
			return nil, err
		}
		idx, n = a.U, a.Count
		for k, v := range idx {
			if int64(v) >= int64(nv) {
				return nil, errAt(at+"/indices", "index %d at position %d names a vertex past the %d of POSITION", v, k, nv)
			}
		}
	}
	vert := func(i int) uint32 {
		if idx == nil {
			return uint32(i)
		}
		return idx[i]
	}
	var tris []uint32
	add := func(a, b, c uint32) {
		if a != b && b != c && a != c {
			tris = append(tris, a, b, c)
		}
	}
	switch p.Mode {
	case qgltf.PrimitiveTriangles:
		tris = make([]uint32, 0, n/3*3)
		for i := 0; i+2 < n; i += 3 {
			add(vert(i), vert(i+1), vert(i+2))
		}
	case qgltf.PrimitiveTriangleStrip:
		for i := 0; i+2 < n; i++ {
			if i%2 == 0 {
				add(vert(i), vert(i+1), vert(i+2))
			} else {
				add(vert(i+1), vert(i), vert(i+2))
			}
		}
	case qgltf.PrimitiveTriangleFan:
		for i := 1; i+1 < n; i++ {
			add(vert(i), vert(i+1), vert(0))
		}
	}
	return tris, nil
}

// defaultWeights returns the morph weights of node n's mesh without
// animation: the node's, else the mesh's, else zeros.
func (im *importer) defaultWeights(n, targets int) []float64 {
	doc := im.src.doc
	w := doc.Nodes[n].Weights
	if len(w) == 0 && doc.Nodes[n].Mesh != nil {
		w = doc.Meshes[*doc.Nodes[n].Mesh].Weights
	}
	out := make([]float64, targets)
	for i := range min(len(w), targets) {
		out[i] = float64(w[i])
	}
	return out
}

// applyDefaultMorph adds the morph targets at their default weights to the
// primitive's positions and normals, as a player shows the mesh unanimated.
func (im *importer) applyDefaultMorph(pd *primData, p *qgltf.Primitive, at string) error {
	w := im.defaultWeights(pd.node, len(p.Targets))
	if !im.spend(int64(len(p.Targets)) * int64(len(pd.pos))) {
		return errAt(at+"/targets", "%d morph targets of %d vertices are more work than a file of this size justifies", len(p.Targets), len(pd.pos)/3)
	}
	pos := slices.Clone(pd.pos)
	nrm := slices.Clone(pd.nrm)
	for t, target := range p.Targets {
		if w[t] == 0 {
			continue
		}
		for name, dst := range map[string][]float32{qgltf.POSITION: pos, qgltf.NORMAL: nrm} {
			i, ok := target[name]
			if !ok || dst == nil {
				continue
			}
			ref := fmt.Sprintf("%s/targets/%d/%s", at, t, name)
			d, err := im.src.Floats(i, ref, 3)
			if err != nil {
				return err
			}
			if len(d.F) != len(dst) {
				return errAt(ref, "%d elements, POSITION has %d", d.Count, len(pd.pos)/3)
			}
			for j, x := range d.F {
				dst[j] += float32(w[t]) * x
			}
		}
	}
	pd.pos, pd.nrm = pos, nrm
	return nil
}

// maxWeightSets bounds the JOINTS_n/WEIGHTS_n sets read: 32 joints a
// vertex, more than any exporter writes.
const maxWeightSets = 8

// readWeights reads the JOINTS_n/WEIGHTS_n sets and keeps the four
// strongest joints of each vertex, normalised to sum to 1.
func (im *importer) readWeights(pd *primData, p *qgltf.Primitive, skin int, at string, nv int) error {
	type infl struct {
		j uint32
		w float32
	}
	var sets [][2]*accessor.Data
	for s := 0; s < maxWeightSets; s++ {
		ji, jok := p.Attributes[fmt.Sprintf("JOINTS_%d", s)]
		wi, wok := p.Attributes[fmt.Sprintf("WEIGHTS_%d", s)]
		if !jok || !wok {
			break
		}
		j, err := im.joints4(ji, fmt.Sprintf("%s/attributes/JOINTS_%d", at, s))
		if err != nil {
			return err
		}
		w, err := im.src.Floats(wi, fmt.Sprintf("%s/attributes/WEIGHTS_%d", at, s), 4)
		if err != nil {
			return err
		}
		if j.Count != nv || w.Count != nv {
			return errAt(fmt.Sprintf("%s/attributes/JOINTS_%d", at, s), "%d joints and %d weights for %d vertices", j.Count, w.Count, nv)
		}
		sets = append(sets, [2]*accessor.Data{j, w})
	}
	if len(sets) == 0 {
		return nil // three.js draws such a mesh unskinned, as the node places it
	}
	nj := len(im.src.doc.Skins[skin].Joints)
	pd.skin = skin
	pd.sj, pd.sw, pd.sn = make([][4]uint32, nv), make([][4]float32, nv), make([]uint8, nv)
	var all []infl
	over, unweighted := 0, 0
	dropped := 0.0
	for v := range nv {
		all = all[:0]
		for s, set := range sets {
			for c := range 4 {
				j, w := set[0].U[4*v+c], set[1].F[4*v+c]
				if !(w > 0) {
					continue
				}
				if int(j) >= nj {
					return errAt(fmt.Sprintf("%s/attributes/JOINTS_%d", at, s), "vertex %d names joint %d of a skin with %d", v, j, nj)
				}
				merged := false
				for i := range all {
					if all[i].j == j {
						all[i].w += w
						merged = true
					}
				}
				if !merged {
					all = append(all, infl{j, w})
				}
			}
		}
		slices.SortStableFunc(all, func(a, b infl) int { return cmp.Compare(b.w, a.w) })
		var sum, kept float32
		for i, x := range all {
			sum += x.w
			if i < 4 {
				kept += x.w
			}
		}
		if len(all) > 4 {
			over++
			dropped = max(dropped, float64((sum-kept)/sum))
			all = all[:4]
		}
		if len(all) == 0 {
			// three.js normalises an all-zero vertex to the skin's first
			// joint: so does the import.
			unweighted++
			all = append(all, infl{0, 1})
			kept = 1
		}
		for i, x := range all {
			pd.sj[v][i], pd.sw[v][i] = x.j, x.w/kept
		}
		pd.sn[v] = uint8(len(all))
	}
	if over > 0 {
		im.note(model.CodeGLTFWeights, model.Warning, at+"/attributes/JOINTS_1",
			"%d vertices have more than four joints; the strongest four are kept and renormalised (at most %.1f %% of a vertex's weight dropped)", over, 100*dropped)
	}
	if unweighted > 0 {
		im.note(model.CodeGLTFWeights, model.Info, at+"/attributes/WEIGHTS_0",
			"%d vertices have no weight; they follow the skin's first joint, as three.js plays them", unweighted)
	}
	return nil
}

// joints4 reads a JOINTS_n accessor. The specification wants unsigned
// bytes or shorts; floats, which some exporters write, are read as the
// whole numbers they hold.
func (im *importer) joints4(i int, ref string) (*accessor.Data, error) {
	if i >= 0 && i < len(im.src.doc.Accessors) && im.src.doc.Accessors[i] != nil && im.src.doc.Accessors[i].ComponentType == qgltf.ComponentFloat {
		f, err := im.src.Floats(i, ref, 4)
		if err != nil {
			return nil, err
		}
		d := &accessor.Data{Comps: 4, Count: f.Count, U: make([]uint32, len(f.F))}
		for k, x := range f.F {
			if x < 0 || x > math.MaxUint16 {
				return nil, errAt(ref, "joint %g of element %d is not a joint index", x, k/4)
			}
			d.U[k] = uint32(math.Round(float64(x)))
		}
		return d, nil
	}
	return im.src.Ints(i, ref, 4)
}

// bindSkins gives the joints of every skinned primitive their rest pose from
// the skin's inverse bind matrices and works out where the primitive's
// vertices lie in that pose. A node bound with two different bind poses (two
// skins) gets a second joint for the second.
func (im *importer) bindSkins() error {
	ibms := map[int][]mat4{}
	nonRigid, extra := 0, 0
	for _, pd := range im.prims {
		if pd.skin < 0 {
			continue
		}
		skin := im.src.doc.Skins[pd.skin]
		ibm, ok := ibms[pd.skin]
		if !ok {
			var err error
			if ibm, err = im.inverseBinds(pd.skin, skin); err != nil {
				return err
			}
			ibms[pd.skin] = ibm
		}
		usedJ := make([]bool, len(skin.Joints))
		ref := -1
		for v, n := range pd.sn {
			for i := range int(n) {
				usedJ[pd.sj[v][i]] = true
			}
		}
		for s, u := range usedJ {
			if u {
				ref = s
				break
			}
		}
		pd.jmap = make([]int, len(skin.Joints))
		for s := range pd.jmap {
			pd.jmap[s] = -1
		}
		jr := &im.joints[im.jointOf[skin.Joints[ref]]]
		if jr.hasRest {
			k, _ := jr.kinv.inverse()
			x := jr.rest.mul(&k)
			pd.x = x.mul(&ibm[ref])
		} else {
			pd.x = im.def.world[jr.node].mul(&ibm[ref])
		}
		for s, u := range usedJ {
			if !u {
				continue
			}
			j0 := im.jointOf[skin.Joints[s]]
			bind, ok := ibm[s].inverse()
			if !ok {
				return errAt(fmt.Sprintf("/skins/%d/inverseBindMatrices", pd.skin), "matrix %d is singular", s)
			}
			r := pd.x.mul(&bind)
			r = r.mul(&im.joints[j0].kinv)
			if r.rigidDistance() > 1e-4 {
				nonRigid++
				r, _ = r.polar()
			}
			j, created := im.jointWithRest(j0, &r)
			if created {
				extra++
			}
			pd.jmap[s] = j
		}
	}
	if nonRigid > 0 {
		im.note(model.CodeGLTFBind, model.Warning, "/skins", "%d joints are bound with a scale or shear that MilkShape's rigid joints cannot hold; their rotation is kept", nonRigid)
	}
	if extra > 0 {
		im.note(model.CodeGLTFBind, model.Info, "/skins", "%d nodes are bound in different poses by different skins; each extra pose is a joint of its own that follows the node", extra)
	}
	for i := range im.joints {
		if j := &im.joints[i]; !j.hasRest {
			j.rest, j.hasRest = j.q, true
		}
	}
	return nil
}

// inverseBinds reads a skin's inverse bind matrices (identities without).
func (im *importer) inverseBinds(si int, skin *qgltf.Skin) ([]mat4, error) {
	out := make([]mat4, len(skin.Joints))
	for i := range out {
		out[i] = identity4
	}
	if skin.InverseBindMatrices == nil {
		return out, nil
	}
	at := fmt.Sprintf("/skins/%d/inverseBindMatrices", si)
	a, err := im.src.Floats(*skin.InverseBindMatrices, at, 16)
	if err != nil {
		return nil, err
	}
	if a.Count < len(skin.Joints) {
		return nil, errAt(at, "%d matrices for %d joints", a.Count, len(skin.Joints))
	}
	for i := range out {
		for k := range 16 {
			out[i][k] = float64(a.F[16*i+k])
		}
	}
	return out, nil
}

// jointWithRest returns the joint of node joints[j0].node whose rest is r:
// j0 itself when it has no rest yet or the same, another joint of the node
// with that rest, or a new one.
func (im *importer) jointWithRest(j0 int, r *mat4) (int, bool) {
	base := im.joints[j0]
	if !base.hasRest {
		im.joints[j0].rest, im.joints[j0].hasRest = *r, true
		return j0, false
	}
	for j := range im.joints {
		if im.joints[j].node == base.node && sameRigid(&im.joints[j].rest, r) {
			return j, false
		}
	}
	base.rest = *r
	base.box = model.Box{}
	im.joints = append(im.joints, base)
	return len(im.joints) - 1, true
}

func sameRigid(a, b *mat4) bool {
	scale := 1.0
	for k := 12; k < 15; k++ {
		scale = max(scale, math.Abs(a[k]), math.Abs(b[k]))
	}
	for k := range 15 {
		tol := 1e-5
		if k >= 12 {
			tol *= scale
		}
		if math.Abs(a[k]-b[k]) > tol {
			return false
		}
	}
	return true
}

// geometry writes every primitive's vertices, triangles and group.
func (im *importer) geometry() {
	m := im.m
	names := newNamer(model.NameSize)
	multi := false
	for _, pd := range im.prims {
		x, bone := im.placement(pd)
		nm := x.normalMatrix()
		flip := x.det3() < 0
		nv := len(pd.pos) / 3
		base := uint32(len(m.Vertices))
		for v := range nv {
			p := x.point([3]float64{float64(pd.pos[3*v]), float64(pd.pos[3*v+1]), float64(pd.pos[3*v+2])})
			vx := model.Vertex{Position: f32s(p), Bones: [4]uint16{model.NoBone, model.NoBone, model.NoBone, model.NoBone}}
			switch {
			case pd.sn != nil:
				multi = im.weigh(&vx, pd, v) || multi
			case bone >= 0:
				vx.Bones[0] = uint16(bone)
			}
			for _, b := range vx.Bones {
				if b != model.NoBone {
					im.joints[b].box.Add(vx.Position)
				}
			}
			m.Vertices = append(m.Vertices, vx)
		}
		gi := len(m.Groups)
		grp := model.Group{Name: model.Str(names.take(pd.name, "mesh")), Material: -1}
		if pd.material >= 0 {
			grp.Material = int16(im.matMap[pd.material])
		}
		for t := 0; t+2 < len(pd.tris); t += 3 {
			c := [3]uint32{pd.tris[t], pd.tris[t+1], pd.tris[t+2]}
			if flip {
				c[1], c[2] = c[2], c[1]
			}
			tri := model.Triangle{Group: uint16(gi)}
			var face [3]float32
			if pd.nrm == nil {
				face = xform.FaceNormal([3][3]float32{m.Vertices[base+c[0]].Position, m.Vertices[base+c[1]].Position, m.Vertices[base+c[2]].Position})
			} else {
				tri.SmoothingGroup = 1
			}
			for k, v := range c {
				tri.Vertices[k] = base + v
				if pd.nrm != nil {
					n := nm.vector([3]float64{float64(pd.nrm[3*v]), float64(pd.nrm[3*v+1]), float64(pd.nrm[3*v+2])})
					var ok bool
					if tri.Normals[k], ok = xform.Unit(f32s(n)); !ok {
						tri.Normals[k] = xform.FaceNormal([3][3]float32{m.Vertices[base+c[0]].Position, m.Vertices[base+c[1]].Position, m.Vertices[base+c[2]].Position})
					}
				} else {
					tri.Normals[k] = face
				}
				if pd.uv != nil {
					tri.S[k], tri.T[k] = pd.uv[2*v], pd.uv[2*v+1]
				}
			}
			grp.Triangles = append(grp.Triangles, uint32(len(m.Triangles)))
			m.Triangles = append(m.Triangles, tri)
		}
		m.Groups = append(m.Groups, grp)
	}
	for i := range m.Vertices {
		m.Vertices[i].ReferenceCount = 0
	}
	for _, t := range m.Triangles {
		for _, v := range t.Vertices {
			if rc := &m.Vertices[v].ReferenceCount; *rc < 255 {
				*rc++
			}
		}
	}
	if multi {
		m.VertexExtraSubVersion = 3 // as MilkShape 1.8 writes it
	}
	names.report(im, "/meshes", "groups")
	var box model.Box
	for _, v := range m.Vertices {
		box.Add(v.Position)
	}
	if box.OK {
		im.size = len3(sub3(f64s(box.Hi), f64s(box.Lo)))
	}
}

// placement returns the transform from a primitive's positions to the MS3D
// rest pose and the joint its vertices follow rigidly (−1 for none: a
// skinned primitive, or one that no animation moves).
func (im *importer) placement(pd *primData) (mat4, int) {
	if pd.sn != nil {
		return pd.x, -1
	}
	for a := pd.node; a >= 0; a = im.g.parent[a] {
		if j := im.jointOf[a]; j >= 0 {
			// rest · q⁻¹ · world: the node's place relative to its joint,
			// carried to the joint's rest.
			jt := &im.joints[j]
			qi, _ := jt.q.inverse()
			x := jt.rest.mul(&qi)
			return x.mul(&im.def.world[pd.node]), j
		}
	}
	return im.def.world[pd.node], -1
}

// weigh stores vertex v's influences as MS3D bones and whole percents that
// sum to 100, and reports whether it has more than one.
func (im *importer) weigh(vx *model.Vertex, pd *primData, v int) bool {
	n := int(pd.sn[v])
	var w [4]float64
	for i := range n {
		w[i] = float64(pd.sw[v][i])
	}
	pct := model.Apportion(w[:n], 100)
	k := 0
	for i := range n {
		if pct[i] == 0 {
			continue
		}
		vx.Bones[k] = uint16(pd.jmap[pd.sj[v][i]])
		if k < 3 {
			vx.Weights[k] = uint8(pct[i])
		}
		k++
	}
	if k <= 1 {
		vx.Weights = [3]uint8{}
		return false
	}
	return true
}
