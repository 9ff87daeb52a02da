package max3ds

import (
	"fmt"
	"math"
	"math/bits"
	"strings"

	"ms3dstudio/model"
	"ms3dstudio/model/num"
	"ms3dstudio/model/smooth"
)

func (im *importer) materials(m *model.Model) {
	im.matByName = map[string]int{}
	for i, mt := range im.s.Materials {
		if i >= MaxMaterials {
			im.add(model.Code3DSLimit, model.Error, model.PartMaterial, i, mt.Offset,
				"the scene has %d materials; a model addresses at most %d; the faces of the others get no material", len(im.s.Materials), MaxMaterials)
			break
		}
		if _, ok := im.matByName[mt.Name]; !ok {
			im.matByName[mt.Name] = i
		}
		c := func(rgb [3]float32) [4]float32 {
			return [4]float32{clamp01(rgb[0]), clamp01(rgb[1]), clamp01(rgb[2]), 1}
		}
		out := model.Material{
			Name:         model.Str(mt.Name),
			Ambient:      c(mt.Ambient),
			Diffuse:      c(mt.Diffuse),
			Specular:     c(mt.Specular),
			Emissive:     [4]float32{0, 0, 0, 1},
			Shininess:    clamp01(mt.Shininess) * 128,
			Transparency: 1 - clamp01(mt.Transparency),
			Texture:      model.Str(mt.Texture.File),
		}
		m.Materials = append(m.Materials, out)
		t := mt.Texture
		var notes []string
		if t.Tiling&TilingMirror != 0 {
			notes = append(notes, "mirrored tiling")
		}
		if t.Tiling&(TilingDecal|TilingNoWrap) != 0 {
			notes = append(notes, "no wrapping (decal)")
		}
		if t.File != "" && t.Amount < 1 {
			notes = append(notes, fmt.Sprintf("a %.0f %% blend", t.Amount*100))
		}
		if t.File != "" && (t.UScale != 1 || t.VScale != 1 || t.UOffset != 0 || t.VOffset != 0 || t.Rotation != 0) {
			notes = append(notes, fmt.Sprintf("U/V scale %g/%g, offset %g/%g and rotation %g° baked into the texture coordinates",
				t.UScale, t.VScale, t.UOffset, t.VOffset, t.Rotation))
		}
		if notes != nil {
			im.add(model.Code3DSTexture, model.Info, model.PartMaterial, i, mt.Offset,
				"material %q, texture %q: %s", mt.Name, t.File, strings.Join(notes, "; "))
		}
	}
}

func clamp01(f float32) float32 {
	if !(f > 0) {
		return 0
	}
	return min(f, 1)
}

// uvTransform is a texture map's transform of texture coordinates, in the
// 3DS convention (v up): scale about the centre, rotate about it by the
// stored angle, then offset.
type uvTransform struct {
	su, sv, cos, sin, ou, ov float64
}

func newUVTransform(t TextureMap) uvTransform {
	f := func(x float32, def float64) float64 {
		if !num.Finite(x) {
			return def
		}
		return float64(x)
	}
	s, c := math.Sincos(f(t.Rotation, 0) * math.Pi / 180)
	return uvTransform{su: f(t.UScale, 1), sv: f(t.VScale, 1), cos: c, sin: s, ou: f(t.UOffset, 0), ov: f(t.VOffset, 0)}
}

func (t uvTransform) apply(uv [2]float32) (u, v float64) {
	x := (float64(uv[0]) - 0.5) * t.su
	y := (float64(uv[1]) - 0.5) * t.sv
	return x*t.cos - y*t.sin + 0.5 + t.ou, x*t.sin + y*t.cos + 0.5 + t.ov
}

// instance is one copy of an object's mesh in the model: the object shown
// by a node (or by no node).
type instance struct {
	obj, node int
}

func (im *importer) meshes(m *model.Model) {
	nodes := im.s.Keyframer.Nodes
	var list []instance
	shown := make([]bool, len(im.s.Objects))
	for i := range nodes {
		if o := im.objOf[i]; o >= 0 {
			list = append(list, instance{o, i})
			shown[o] = true
		}
	}
	for o := range im.s.Objects {
		if !shown[o] {
			list = append(list, instance{o, -1})
		}
	}
	var restFull []affine
	if len(nodes) > 0 {
		_, restFull = im.poseAt(im.saved)
	}
	var sm smooth.Smoother
	var dropped []string
	for _, in := range list {
		if !im.instance(m, in, restFull, &sm) {
			dropped = append(dropped, im.s.Objects[in.obj].Name)
		}
	}
	if dropped != nil {
		im.add(model.Code3DSLimit, model.Error, model.PartFile, -1, -1,
			"the scene does not fit a model: at most %d vertices, %d triangles and %d groups can be addressed (the model has %d, %d and %d); objects left out: %s",
			MaxVertices, MaxTriangles, MaxGroups, len(m.Vertices), len(m.Triangles), len(m.Groups), strings.Join(dropped, ", "))
	}
}

// instance adds one object's mesh; it returns false when it does not fit
// the model's limits (nothing is added then).
func (im *importer) instance(m *model.Model, in instance, restFull []affine, sm *smooth.Smoother) bool {
	obj := &im.s.Objects[in.obj]
	nv := len(obj.Vertices)
	// Faces that name a missing vertex are dropped.
	faces := make([]int, 0, len(obj.Faces))
	bad := 0
	for f, fc := range obj.Faces {
		if int(fc.V[0]) >= nv || int(fc.V[1]) >= nv || int(fc.V[2]) >= nv {
			bad++
			continue
		}
		faces = append(faces, f)
	}
	first := in.node == im.firstNode(in.obj)
	if bad > 0 && first {
		im.add(model.Code3DSFaceIndex, model.Error, partObject, in.obj, obj.Offset,
			"object %q: %d of %d faces name a vertex past its %d vertices; they are dropped", obj.Name, bad, len(obj.Faces), nv)
	}
	if nv > 0 && len(obj.UVs) > 0 && len(obj.UVs) != nv && first {
		im.add(model.Code3DSUVCount, model.Warning, partObject, in.obj, obj.Offset,
			"object %q has %d texture coordinates for %d vertices", obj.Name, len(obj.UVs), nv)
	}
	groups := im.faceGroups(in.obj, faces, first)
	if len(m.Vertices)+nv > MaxVertices || len(m.Triangles)+len(faces) > MaxTriangles || len(m.Groups)+len(groups) > MaxGroups {
		return false
	}
	// Placement: model space = W(saved)·[T(−pivot)]·M⁻¹·v, W the node's
	// full matrix with every scale above it (frame): the stored pose when
	// the chosen rule reproduces it.
	var place affine
	bone := uint16(model.NoBone)
	flip := false
	name := obj.Name
	if in.node >= 0 {
		nd := &im.s.Keyframer.Nodes[in.node]
		inv := im.meshInverse(in.obj)
		if im.apply {
			t := translate(vec32(nd.Pivot).scale(-1))
			inv = t.mul(&inv)
		}
		place = restFull[in.node].mul(&inv)
		flip = place.det() < 0
		if j := im.joint[in.node]; j >= 0 {
			bone = uint16(j)
			name = string(m.Joints[j].Name)
		}
	} else {
		place = identity
	}
	if flip {
		im.add(model.Code3DSMirrored, model.Info, partObject, in.obj, obj.Offset,
			"object %q is mirrored by its mesh matrix or scale; its faces' winding is flipped", obj.Name)
	}
	base := len(m.Vertices)
	pos := make([][3]float32, nv)
	nonFinite := 0
	for i, v := range obj.Vertices {
		w := vec32(v)
		if !num.Finite3(w) {
			nonFinite++
			w = vec{}
		}
		p := im.axes(place.apply(w))
		if !num.Finite3(p) {
			nonFinite++
			p = vec{}
		}
		pos[i] = p.f32()
		m.Vertices = append(m.Vertices, model.Vertex{Position: pos[i],
			Bones: [4]uint16{bone, model.NoBone, model.NoBone, model.NoBone}})
	}
	if nonFinite > 0 {
		im.add(model.Code3DSNonFinite, model.Error, partObject, in.obj, obj.VertexOffset,
			"object %q: %d vertex positions are not finite; they are placed at the origin", obj.Name, nonFinite)
	}
	// Corner normals from the smoothing masks, welded within the object.
	tri := make([][3]uint32, len(faces))
	var masks []uint32
	if obj.Smoothing != nil {
		masks = make([]uint32, len(faces))
	}
	for k, f := range faces {
		v := obj.Faces[f].V
		if flip {
			v[1], v[2] = v[2], v[1]
		}
		tri[k] = [3]uint32{uint32(v[0]), uint32(v[1]), uint32(v[2])}
		if masks != nil {
			masks[k] = obj.Smoothing[f]
		}
	}
	normals := make([][3][3]float32, len(faces))
	sm.CornerNormals(pos, tri, masks, normals, smooth.Options{})
	slot := make(map[int]int, len(faces)) // face → index in tri
	for k, f := range faces {
		slot[f] = k
	}
	for _, g := range groups {
		gi := len(m.Groups)
		grp := model.Group{Name: model.Str(groupName(name, g.material, im.s.Materials, len(groups))), Material: int16(g.material)}
		uvt := uvTransform{su: 1, sv: 1, cos: 1}
		if g.material >= 0 {
			uvt = newUVTransform(im.s.Materials[g.material].Texture)
		}
		for _, f := range g.faces {
			k := slot[f]
			t := model.Triangle{Normals: normals[k], Group: uint16(gi)}
			for c := 0; c < 3; c++ {
				vi := tri[k][c]
				t.Vertices[c] = uint32(base + int(vi))
				if int(vi) < len(obj.UVs) {
					u, v := uvt.apply(obj.UVs[vi])
					t.S[c], t.T[c] = float32(u), float32(1-v)
				}
			}
			if masks != nil && masks[k] != 0 {
				t.SmoothingGroup = uint8(bits.TrailingZeros32(masks[k]) + 1)
			}
			grp.Triangles = append(grp.Triangles, uint32(len(m.Triangles)))
			m.Triangles = append(m.Triangles, t)
		}
		m.Groups = append(m.Groups, grp)
	}
	return true
}

// firstNode returns the first node showing object o (−1 for none), so that
// per-object findings are reported once.
func (im *importer) firstNode(o int) int {
	for i, x := range im.objOf {
		if x == o {
			return i
		}
	}
	return -1
}

// faceGroup is the faces of one object drawn with one material (−1 none).
type faceGroup struct {
	material int
	faces    []int
}

// faceGroups splits an object's faces by material: one group per material
// in the order the file names them, then the faces no group claims. A face
// claimed twice stays in its first group.
func (im *importer) faceGroups(o int, faces []int, report bool) []faceGroup {
	obj := &im.s.Objects[o]
	valid := make(map[int]bool, len(faces))
	for _, f := range faces {
		valid[f] = true
	}
	claimed := make(map[int]bool, len(faces))
	var out []faceGroup
	at := map[int]int{}
	var unknown []string
	badFace := 0
	for _, g := range obj.Groups {
		mat, ok := im.matByName[g.Material]
		if !ok {
			mat = -1
			unknown = append(unknown, g.Material)
		}
		gi, seen := at[mat]
		if !seen {
			gi = len(out)
			at[mat] = gi
			out = append(out, faceGroup{material: mat})
		}
		for _, f := range g.Faces {
			if int(f) >= len(obj.Faces) {
				badFace++
				continue
			}
			if !valid[int(f)] || claimed[int(f)] {
				continue
			}
			claimed[int(f)] = true
			out[gi].faces = append(out[gi].faces, int(f))
		}
	}
	var rest []int
	for _, f := range faces {
		if !claimed[f] {
			rest = append(rest, f)
		}
	}
	if len(rest) > 0 {
		if gi, ok := at[-1]; ok {
			out[gi].faces = append(out[gi].faces, rest...)
		} else {
			out = append(out, faceGroup{material: -1, faces: rest})
		}
	}
	if (unknown != nil || badFace > 0) && report {
		im.add(model.Code3DSFaceMaterial, model.Warning, partObject, o, obj.Offset,
			"object %q: material groups name %d faces past its %d faces and missing materials %q; those faces get no material",
			obj.Name, badFace, len(obj.Faces), unknown)
	}
	kept := out[:0]
	for _, g := range out {
		if len(g.faces) > 0 {
			kept = append(kept, g)
		}
	}
	return kept
}

// groupName names a group after its object, adding the material when the
// object is split into several groups.
func groupName(obj string, mat int, mats []Material, groups int) string {
	if groups <= 1 || mat < 0 {
		return obj
	}
	return obj + " " + mats[mat].Name
}

// leftOut reports what the model cannot hold: cameras, lights, scale keys
// and spline parameters.
func (im *importer) leftOut() {
	s := im.s
	if n := len(s.Cameras); n > 0 {
		im.add(model.Code3DSCamera, model.Info, partObject, -1, s.Cameras[0].Offset,
			"%d cameras are left out (a model holds none)%s", n, hangNote(im, NodeCamera))
	}
	if n := len(s.Lights); n > 0 {
		im.add(model.Code3DSLight, model.Info, partObject, -1, s.Lights[0].Offset,
			"%d lights are left out (a model holds none)%s", n, hangNote(im, NodeSpot, NodeOmni))
	}
	tcb, scaled, animated := 0, 0, 0
	for i := range s.Keyframer.Nodes {
		nd := &s.Keyframer.Nodes[i]
		for _, k := range nd.Position.Keys {
			tcb += b2i(k.HasTCB())
		}
		for _, k := range nd.Rotation.Keys {
			tcb += b2i(k.HasTCB())
		}
		for _, k := range nd.Scale.Keys {
			tcb += b2i(k.HasTCB())
		}
		one := true
		for k, key := range nd.Scale.Keys {
			if key.Value != [3]float32{1, 1, 1} {
				one = false
			}
			if k > 0 && key.Value != nd.Scale.Keys[0].Value {
				animated++
				break
			}
		}
		if !one {
			scaled++
		}
	}
	if tcb > 0 {
		im.add(model.Code3DSTCB, model.Info, model.PartKeyframer, -1, s.Keyframer.Offset,
			"%d keys store tension/continuity/bias or ease parameters; the model's keys play linearly (positions) and by slerp (rotations)", tcb)
	}
	if scaled > 0 {
		msg := fmt.Sprintf("%d nodes are scaled; the scale at frame %d is baked into their meshes", scaled, int(im.saved))
		if animated > 0 {
			msg += fmt.Sprintf("; %d nodes animate their scale, which rigid joints cannot: their children move with it (keyed where it changes), their own meshes keep the size of frame %d", animated, int(im.saved))
		}
		im.add(model.Code3DSScale, model.Warning, model.PartKeyframer, -1, s.Keyframer.Offset, "%s", msg)
	}
}

// hangNote says when a mesh hangs below a camera or light node, which then
// becomes a joint.
func hangNote(im *importer, kinds ...NodeKind) string {
	n := 0
	for i, nd := range im.s.Keyframer.Nodes {
		for _, k := range kinds {
			if nd.Kind == k && im.joint[i] >= 0 {
				n++
			}
		}
	}
	if n == 0 {
		return ""
	}
	return fmt.Sprintf("; %d of their nodes carry meshes below them and are kept as joints", n)
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
