package compat

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl32"

	"ms3dstudio/model"
	"ms3dstudio/model/fix"
	"ms3dstudio/model/xform"
)

// The quirks of Blender's MS3D add-on and of Irrlicht's loader
// (source/Irrlicht/CMS3DMeshFileLoader.cpp, 1.8), the position-key quirk
// they share with assimp, and MilkShape 3D's limits.

// readsVertexExtra reports whether the reader of r's profile reads the
// vertex-extra block: Irrlicht reads the optional blocks only of a version 4
// file with joints.
func readsVertexExtra(m *model.Model, r Rule) bool {
	if r.Profile == Irrlicht {
		return len(m.Joints) > 0 && (m.Version == 0 || m.Version == 4)
	}
	return true
}

func checkVertexExtra3(m *model.Model, r Rule) []model.Finding {
	if vertexExtraSubVersion(m) != 3 || !readsVertexExtra(m, r) || len(m.Vertices) < 2 {
		return nil
	}
	msg := fmt.Sprintf("%s misreads the file: it reads the sub-version 3 vertex extras as 10 bytes a vertex instead of 14, so every vertex but the first gets another's bones and weights", r.Profile.reader())
	if r.Profile == Blender {
		msg += ", and the joint colours and model extras are read from the wrong bytes"
	}
	f := finding(r.Code, model.At(model.PartVertexExtra, -1), msg,
		"write the vertex extras as sub-version 2 (10 bytes a vertex), dropping each vertex's second extra word")
	if len(m.Joints) == 0 {
		// No skinning to get wrong: only the model extras are misread.
		f.Severity = model.Warning
		f.Message = fmt.Sprintf("%s misreads the file: it reads the sub-version 3 vertex extras as 10 bytes a vertex instead of 14, and so reads the model extras (joint size, transparency mode, alpha reference) from the wrong bytes", r.Profile.reader())
	}
	return []model.Finding{f}
}

func fixVertexExtra3(m *model.Model, r Rule) []fix.Change {
	if vertexExtraSubVersion(m) != 3 || !readsVertexExtra(m, r) || len(m.Vertices) < 2 {
		return nil
	}
	where := model.At(model.PartVertexExtra, -1)
	if m.VertexExtraSubVersion == 0 {
		// The block is implied by the joint or model extras: it is written
		// neutral, so write the same as sub-version 2.
		for i := range m.Vertices {
			v := &m.Vertices[i]
			v.Bones[1], v.Bones[2], v.Bones[3] = model.NoBone, model.NoBone, model.NoBone
			v.Weights = [3]uint8{}
			v.Extra = [2]uint32{}
		}
		m.VertexExtraSubVersion = 2
		return []fix.Change{change(r.Code, where, "the neutral vertex-extra block the later blocks need is written as sub-version 2 instead of 3 (no extra bones, zero weights, as before; nothing is lost)")}
	}
	lost := 0
	for i := range m.Vertices {
		if m.Vertices[i].Extra[1] != 0 {
			m.Vertices[i].Extra[1] = 0
			lost++
		}
	}
	m.VertexExtraSubVersion = 2
	msg := "vertex-extra sub-version 3 → 2: the second extra word of each vertex is no longer stored"
	if lost == 0 {
		msg += " (all were 0; nothing is lost)"
	} else {
		msg += fmt.Sprintf(" (dropped: the non-zero words of %s)", vertices(lost))
	}
	return []fix.Change{change(r.Code, where, msg)}
}

func checkTransparency(m *model.Model, r Rule) []model.Finding {
	var out []model.Finding
	for i, mt := range m.Materials {
		t := mt.Transparency
		if math.IsNaN(float64(t)) || math.Abs(float64(1-2*t)) < 0.02 {
			continue // 0.5 reads the same either way
		}
		out = append(out, finding(r.Code, model.At(model.PartMaterial, i),
			fmt.Sprintf("%s misreads material %d (%s): it takes the transparency %g as a transparency, not an opacity, and imports the material %g opaque", r.Profile.reader(), i, quote(mt.Name), t, 1-t),
			""))
	}
	return out
}

// checkTriangleOrder reports a model whose triangles are not stored in
// group order. Irrlicht makes its vertices triangle by triangle in file
// order, each in the buffer of the group its group index names, and then
// gives each group, in turn, as many of them as the group lists: it never
// looks at which triangles a group lists.
func checkTriangleOrder(m *model.Model, r Rule) []model.Finding {
	order, ok := groupOrder(m)
	if !ok {
		return nil // a triangle listed twice or missing: model/validate reports it
	}
	for k, t := range order {
		g := groupOf(m, order, k)
		if t != k {
			return []model.Finding{finding(r.Code, model.At(model.PartTriangle, k),
				fmt.Sprintf("Irrlicht misdraws the model: it assumes the triangles are stored in group order, but triangle %d is where group %d's triangle %d should be", k, g, t),
				"store the triangles in group order")}
		}
		if int(m.Triangles[t].Group) != g {
			return []model.Finding{finding(r.Code, model.At(model.PartTriangle, t),
				fmt.Sprintf("Irrlicht misdraws the model: triangle %d is listed by group %d but its group index is %d, and Irrlicht puts the triangle in the group its index names", t, g, m.Triangles[t].Group),
				"set each triangle's group index to its group")}
		}
	}
	return nil
}

// groupOrder returns the triangles in group order: each group's list in
// turn. ok is false when a triangle is listed twice or does not exist.
func groupOrder(m *model.Model) (order []int, ok bool) {
	seen := make([]bool, len(m.Triangles))
	for _, g := range m.Groups {
		for _, t := range g.Triangles {
			if int(t) >= len(seen) || seen[t] {
				return nil, false
			}
			seen[t] = true
			order = append(order, int(t))
		}
	}
	return order, true
}

// groupOf returns the group that lists the k-th triangle of order.
func groupOf(m *model.Model, order []int, k int) int {
	for g := range m.Groups {
		if k < len(m.Groups[g].Triangles) {
			return g
		}
		k -= len(m.Groups[g].Triangles)
	}
	return -1
}

func fixTriangleOrder(m *model.Model, r Rule) []fix.Change {
	if len(checkTriangleOrder(m, r)) == 0 {
		return nil
	}
	order, _ := groupOrder(m)
	listed := make([]bool, len(m.Triangles))
	for _, t := range order {
		listed[t] = true
	}
	for t := range m.Triangles {
		if !listed[t] {
			order = append(order, t) // in no group: last, where Irrlicht draws nothing of them
		}
	}
	tris := make([]model.Triangle, len(order))
	moved, regrouped := 0, 0
	k := 0
	for g := range m.Groups {
		list := m.Groups[g].Triangles
		for i := range list {
			tris[k] = m.Triangles[order[k]]
			if int(tris[k].Group) != g {
				tris[k].Group = uint16(g)
				regrouped++
			}
			list[i] = uint32(k)
			k++
		}
	}
	for ; k < len(order); k++ {
		tris[k] = m.Triangles[order[k]]
	}
	for k, t := range order {
		if k != t {
			moved++
		}
	}
	m.Triangles = tris
	msg := fmt.Sprintf("triangles stored in group order: %s of %d moved, the groups' lists renumbered (nothing is lost)", plural(moved, "triangle"), len(tris))
	if regrouped > 0 {
		msg += fmt.Sprintf("; the group index of %s set to the group that lists it", plural(regrouped, "triangle"))
	}
	return []fix.Change{change(r.Code, model.At(model.PartTriangle, -1), msg)}
}

func checkNoMaterial(m *model.Model, r Rule) []model.Finding {
	if len(m.Materials) == 0 {
		return nil
	}
	var out []model.Finding
	for i, g := range m.Groups {
		if g.Material < 0 && len(g.Triangles) > 0 {
			out = append(out, finding(r.Code, model.At(model.PartGroup, i),
				fmt.Sprintf("Irrlicht misdraws group %d (%s): it has no material, and Irrlicht draws it with material 0 (%s)", i, quote(g.Name), quote(m.Materials[0].Name)),
				""))
		}
	}
	return out
}

// checkPositionKeys reports joints whose position keys the reader adds to
// the rest position as they are, where the format rotates them by the rest
// rotation first (translation = p_rest + R_rest·t_key): the joint plays
// |R_rest·t − t| off its place. Parents move both placements alike, so that
// is also the distance in model space.
func checkPositionKeys(m *model.Model, r Rule) []model.Finding {
	size := float32(1)
	if lo, hi, ok := m.Bounds(); ok {
		size = mgl32.Vec3(hi).Sub(mgl32.Vec3(lo)).Len()
	}
	if size == 0 {
		size = 1
	}
	var out []model.Finding
	for i, j := range m.Joints {
		if len(j.PositionKeys) == 0 {
			continue
		}
		rot := xform.EulerMat(j.Rotation).MGL()
		worst, at := float32(0), -1
		for k, key := range j.PositionKeys {
			t := mgl32.Vec3(key.Value)
			if d := rot.Mul3x1(t).Sub(t).Len(); d > worst {
				worst, at = d, k
			}
		}
		if at < 0 || !(worst > 1e-3*size) {
			continue
		}
		fixMsg := ""
		if r.Fixable {
			fixMsg = "fold the rest rotations into the keys"
		}
		out = append(out, finding(r.Code, model.At(model.PartJoint, i),
			fmt.Sprintf("%s misplays joint %d (%s): it adds the position keys to the rest position without the rest rotation, so the joint plays up to %.3g units (%.1f %% of the model's size) off its place, at position key %d",
				r.Profile.reader(), i, quote(j.Name), worst, 100*worst/size, at),
			fixMsg))
		if len(out) == maxListed {
			break
		}
	}
	return out
}

// MilkShape 3D's limits, from its author's format specification.
const (
	maxVertices  = 65534
	maxTriangles = 65534
	maxGroups    = 255
	maxMaterials = 128
	maxJoints    = 128
)

func checkMilkShapeLimits(m *model.Model, r Rule) []model.Finding {
	var out []model.Finding
	limit := func(part, kind string, n, max int, sev model.Severity) {
		if n > max {
			f := finding(r.Code, model.At(part, -1),
				fmt.Sprintf("MilkShape 3D may refuse the file: it has %d %s, and MilkShape holds at most %d", n, kind, max), "")
			f.Severity = sev
			out = append(out, f)
		}
	}
	limit(model.PartVertex, "vertices", len(m.Vertices), maxVertices, model.Error)
	limit(model.PartTriangle, "triangles", len(m.Triangles), maxTriangles, model.Error)
	limit(model.PartGroup, "groups", len(m.Groups), maxGroups, model.Error)
	limit(model.PartMaterial, "materials", len(m.Materials), maxMaterials, model.Error)
	limit(model.PartJoint, "joints", len(m.Joints), maxJoints, model.Warning)
	return out
}
