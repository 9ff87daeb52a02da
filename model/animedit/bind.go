package animedit

import (
	"fmt"
	"math"
	"slices"
	"sort"

	"ms3dstudio/model"
	"ms3dstudio/model/num"
)

// vertexUndo is a vertex as it was before an edit.
type vertexUndo struct {
	index int
	old   model.Vertex
}

func restoreVertices(m *model.Model, vs []vertexUndo) {
	for _, u := range vs {
		m.Vertices[u.index] = u.old
	}
}

// fullWeight is the stored weight that means 100 %: 255 in vertex-extra
// sub-version 1, 100 otherwise.
func fullWeight(m *model.Model) int {
	if m.VertexExtraSubVersion == 1 {
		return 255
	}
	return 100
}

// share is one bone's stored (integer) weight on a vertex.
type share struct {
	bone   uint16
	weight int
}

// encodeShares writes up to four shares, heaviest first, into v: the first
// three weights explicitly, the fourth as what remains of the full weight
// (model.Model.Influences). Unused bones are NoBone.
func encodeShares(v *model.Vertex, ss []share) {
	sort.SliceStable(ss, func(a, b int) bool { return ss[a].weight > ss[b].weight })
	v.Bones = [4]uint16{model.NoBone, model.NoBone, model.NoBone, model.NoBone}
	v.Weights = [3]uint8{}
	for i, s := range ss {
		v.Bones[i] = s.bone
		if i < 3 {
			v.Weights[i] = uint8(s.weight)
		}
	}
}

// mergeBones merges the shares of a vertex that name the same bone twice
// (after a joint's vertices went to its parent), or returns v unchanged.
func mergeBones(m *model.Model, v model.Vertex) model.Vertex {
	w := v.Weights
	if m.VertexExtraSubVersion == 0 || (w[0] == 0 && w[1] == 0 && w[2] == 0) {
		return v
	}
	raw := [4]int{int(w[0]), int(w[1]), int(w[2]), fullWeight(m) - int(w[0]) - int(w[1]) - int(w[2])}
	var ss []share
	dup := false
	for i, b := range v.Bones {
		if raw[i] <= 0 || b == model.NoBone {
			continue
		}
		k := slices.IndexFunc(ss, func(s share) bool { return s.bone == b })
		if k >= 0 {
			ss[k].weight = min(ss[k].weight+raw[i], 255)
			dup = true
			continue
		}
		ss = append(ss, share{b, raw[i]})
	}
	if !dup {
		return v
	}
	out := v
	encodeShares(&out, ss)
	return out
}

func checkVertices(op string, m *model.Model, verts []int) error {
	if len(verts) == 0 {
		return refuse(op, "no vertices selected")
	}
	seen := make(map[int]bool, len(verts))
	for _, v := range verts {
		if v < 0 || v >= len(m.Vertices) {
			return refuse(op, "no vertex %d (the model has %d)", v, len(m.Vertices))
		}
		if seen[v] {
			return refuse(op, "vertex %d is selected twice", v)
		}
		seen[v] = true
	}
	return nil
}

// AssignVertices binds the vertices 100 % to joint j: the vertex's own bone
// becomes j and any vertex-extra influences are removed.
func AssignVertices(m *model.Model, verts []int, j int) (*Edit, error) {
	return SetWeights(m, verts, []Weight{{Joint: j, Weight: 1}})
}

// Weight is one joint's share of a vertex.
type Weight struct {
	Joint  int
	Weight float32
}

// SetWeights binds each vertex to up to four joints with the given weights
// (≥ 0, normalised to sum to 1). The file stores weights as whole percent
// (1/255 in vertex-extra sub-version 1), so they are rounded, keeping the
// sum exact; a joint whose weight rounds to 0 is left out. The vertex-extra
// block (sub-version 3) is created when the model has none and a vertex
// gets more than one joint.
func SetWeights(m *model.Model, verts []int, ws []Weight) (*Edit, error) {
	const op = "set weights"
	if err := checkVertices(op, m, verts); err != nil {
		return nil, err
	}
	if len(ws) == 0 || len(ws) > 4 {
		return nil, refuse(op, "a vertex has 1 to 4 joints, got %d", len(ws))
	}
	var sum float64
	for i, w := range ws {
		if err := checkJoint(op, m, w.Joint); err != nil {
			return nil, err
		}
		if !num.Finite(w.Weight) || w.Weight < 0 {
			return nil, refuse(op, "the weight of joint %s must be a finite number ≥ 0, got %g", jointName(m, w.Joint), w.Weight)
		}
		for _, o := range ws[:i] {
			if o.Joint == w.Joint {
				return nil, refuse(op, "joint %s is given twice", jointName(m, w.Joint))
			}
		}
		sum += float64(w.Weight)
	}
	if !(sum > 0) {
		return nil, refuse(op, "the weights add up to 0")
	}

	e := &Edit{}
	sub := m.VertexExtraSubVersion
	if sub == 0 {
		sub = 3 // only written if a vertex needs it
	}
	full := 100
	if sub == 1 {
		full = 255
	}
	ss := quantize(ws, sum, full)
	if len(ss) > 1 && m.VertexExtraSubVersion == 0 {
		// Make every other vertex read as it did without the block: its own
		// bone at 100 %.
		var fixed []vertexUndo
		for v := range m.Vertices {
			vx := &m.Vertices[v]
			if vx.Weights != [3]uint8{} || vx.Bones[1] != model.NoBone || vx.Bones[2] != model.NoBone || vx.Bones[3] != model.NoBone {
				fixed = append(fixed, vertexUndo{v, *vx})
				vx.Weights = [3]uint8{}
				vx.Bones[1], vx.Bones[2], vx.Bones[3] = model.NoBone, model.NoBone, model.NoBone
			}
		}
		e.onUndo(ChangedSkin, func(m *model.Model) { restoreVertices(m, fixed) })
		m.VertexExtraSubVersion = 3
		e.onUndo(ChangedSkin, func(m *model.Model) { m.VertexExtraSubVersion = 0 })
		e.detail("vertex-extra block created (sub-version 3)")
	}
	var changed []vertexUndo
	for _, v := range verts {
		vx := m.Vertices[v]
		nv := vx
		if m.VertexExtraSubVersion == 0 {
			nv.Bones = [4]uint16{ss[0].bone, model.NoBone, model.NoBone, model.NoBone}
			nv.Weights = [3]uint8{}
		} else {
			encodeShares(&nv, slices.Clone(ss))
		}
		if nv != vx {
			changed = append(changed, vertexUndo{v, vx})
			m.Vertices[v] = nv
		}
	}
	if len(changed) > 0 {
		e.onUndo(ChangedSkin, func(m *model.Model) { restoreVertices(m, changed) })
	}
	desc := ""
	for i, s := range ss {
		if i > 0 {
			desc += ", "
		}
		desc += fmt.Sprintf("%s %d%%", jointName(m, int(s.bone)), int(math.Round(float64(s.weight)*100/float64(full))))
	}
	e.detail("%s bound to %s", plural(len(changed), "vertex"), desc)
	e.Summary = fmt.Sprintf("bound %s to %s", plural(len(verts), "vertex"), desc)
	return e, nil
}

// quantize turns weights into stored integer shares that add up to full
// exactly (largest remainder), heaviest first, dropping those that round to
// 0.
func quantize(ws []Weight, sum float64, full int) []share {
	type part struct {
		share
		frac float64
	}
	ps := make([]part, len(ws))
	left := full
	for i, w := range ws {
		x := float64(w.Weight) / sum * float64(full)
		ps[i] = part{share{uint16(w.Joint), int(math.Floor(x))}, x - math.Floor(x)}
		left -= ps[i].weight
	}
	order := make([]int, len(ps))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return ps[order[a]].frac > ps[order[b]].frac })
	for _, i := range order[:left] {
		ps[i].weight++
	}
	var ss []share
	for _, p := range ps {
		if p.weight > 0 {
			ss = append(ss, p.share)
		}
	}
	sort.SliceStable(ss, func(a, b int) bool { return ss[a].weight > ss[b].weight })
	return ss
}
