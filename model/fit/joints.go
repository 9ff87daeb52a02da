package fit

import (
	"math"

	"ms3dstudio/model"
	"ms3dstudio/model/xform"
)

// joints makes every joint that moves vertices addressable by a bone byte
// (ids 0 to lim.Bones − 1). The joints that move vertices and their
// ancestors (the bone set) are numbered first, parents before children;
// when the set is larger than the bytes can name, joints of it that never
// move are folded away first:
//
//   - a joint that is not a root and never moves (its local transform is
//     its rest transform at every time) moves its vertices exactly as its
//     parent does: its vertices go to the parent, its children hang from
//     the parent with its rest transform composed into theirs;
//   - a root that never moves does not move its vertices at all, nor does
//     any other such root: the later ones fold into the first.
//
// Every posed vertex stays where it was. When folding cannot make the set
// small enough, nothing is changed and tooLarge reports it.
func (f *fitter) joints() {
	m := f.m
	nj := len(m.Joints)
	if nj <= f.lim.Bones {
		return
	}
	weighted := make([]bool, nj)
	wide := false
	var inf [4]model.Influence
	for v := range m.Vertices {
		k := m.Influences(v, &inf)
		for _, x := range inf[:k] {
			weighted[x.Joint] = true
		}
		for _, b := range m.Vertices[v].Bones {
			wide = wide || (b != model.NoBone && int(b) < nj && int(b) >= f.lim.Bones)
		}
	}
	if !wide {
		return
	}
	h := m.ResolveHierarchy()
	parent := clone(h.Parent)
	closure := func(weighted []bool) ([]bool, int) {
		in := make([]bool, nj)
		n := 0
		for j := range weighted {
			for k := j; weighted[j] && k >= 0 && !in[k]; k = parent[k] {
				in[k] = true
				n++
			}
		}
		return in, n
	}
	in, need := closure(weighted)
	static := f.staticJoints()
	// The joints that may be folded: never-moving joints of the bone set,
	// deepest first, but for the first never-moving root (the one the
	// others fold into).
	anchor := -1
	for j := range nj {
		if in[j] && static[j] && parent[j] < 0 {
			anchor = j
			break
		}
	}
	var foldable []int
	for k := len(h.Order) - 1; k >= 0; k-- {
		if j := h.Order[k]; in[j] && static[j] && j != anchor {
			foldable = append(foldable, j)
		}
	}
	if need-len(foldable) > f.lim.Bones {
		f.bonesNeeded, f.foldable, f.bonesLeft = need, len(foldable), need-len(foldable)-f.lim.Bones
		return
	}
	folds := foldable[:max(0, need-f.lim.Bones)]

	// Rest transforms of the joints whose parent changes.
	newRest := map[int]xform.Rigid{}
	restNow := func(j int) xform.Rigid {
		if r, ok := newRest[j]; ok {
			return r
		}
		return xform.JointLocal(m.Joints[j].Position, m.Joints[j].Rotation)
	}
	children := make([][]int, nj)
	for j, p := range parent {
		if p >= 0 {
			children[p] = append(children[p], j)
		}
	}
	folded := make([]int, nj) // the joint each was folded into, or −1
	for j := range folded {
		folded[j] = -1
	}
	for _, j := range folds {
		to := parent[j]
		lift := restNow(j)
		if to < 0 {
			to = anchor
			lift = restNow(anchor).InvMul(lift)
		}
		// Only the children still there move up: a folded one's children
		// moved when it was folded (carrying them up again made a chain of
		// n folded joints n²/2 steps: 22 s for 16,000).
		for _, c := range children[j] {
			if folded[c] >= 0 {
				continue
			}
			newRest[c] = lift.Mul(restNow(c))
			parent[c] = to
			children[to] = append(children[to], c)
		}
		children[j] = nil
		folded[j] = to
	}
	// final returns the joint j was folded into at last, shortening the
	// path for the next call.
	final := func(j int) int {
		root := j
		for folded[root] >= 0 {
			root = folded[root]
		}
		for folded[j] >= 0 {
			folded[j], j = root, folded[j]
		}
		return root
	}
	for j := range weighted {
		if weighted[j] {
			weighted[final(j)] = true
		}
	}
	for _, j := range folds {
		weighted[j] = false
	}
	in, _ = closure(weighted)

	// Number the bone set first, then the rest, parents before children.
	order := make([]int, 0, nj)
	placed := make([]bool, nj)
	var chain []int
	place := func(j int) {
		for k := j; k >= 0 && !placed[k]; k = parent[k] {
			chain = append(chain, k)
		}
		for k := len(chain) - 1; k >= 0; k-- {
			placed[chain[k]] = true
			order = append(order, chain[k])
		}
		chain = chain[:0]
	}
	for _, first := range []bool{true, false} {
		for j := range nj {
			if folded[j] < 0 && in[j] == first {
				place(j)
			}
		}
	}
	newIndex := make([]int, nj)
	for i, j := range order {
		newIndex[j] = i
	}
	for j := range nj {
		if folded[j] >= 0 {
			newIndex[j] = newIndex[final(j)]
		}
	}
	joints := make([]model.Joint, len(order))
	for i, j := range order {
		joints[i] = m.Joints[j]
		if r, ok := newRest[j]; ok {
			joints[i].Rotation = r.R.Euler()
			joints[i].Position = xform.Vec32(r.T)
			joints[i].Parent = m.Joints[parent[j]].Name
		}
	}
	verts := clone(m.Vertices)
	for v := range verts {
		b := &verts[v].Bones
		for k := range b {
			if b[k] != model.NoBone && int(b[k]) < nj {
				b[k] = uint16(newIndex[b[k]])
			}
		}
	}
	var merged [][2]int
	for _, j := range folds {
		to := final(j)
		merged = append(merged, [2]int{j, newIndex[to]})
		if len(merged) > maxListed {
			continue
		}
		f.add(model.CodeFitJoints, model.Warning, model.At(model.PartJoint, j), "",
			"joint %d %s never moves (it has no keys, or every key holds its rest pose) and is folded into joint %d %s (now joint %d): its vertices and children follow that joint, and every pose stays as it was",
			j, quote(m.Joints[j].Name), to, quote(m.Joints[to].Name), newIndex[to])
	}
	if len(merged) > maxListed {
		f.add(model.CodeFitJoints, model.Warning, model.At(model.PartJoint, -1), "",
			"%d more joints folded like the %d above", len(merged)-maxListed, maxListed)
	}
	sev := model.Info
	if len(folds) > 0 {
		sev = model.Warning
	}
	f.add(model.CodeFitJoints, sev, model.At(model.PartJoint, -1), "",
		"%d joints → %d, renumbered so that the %d joints that move vertices or are parents of ones that do come first (bone ids 0–%d): an MS3D vertex names its bones with a byte, 255 meaning none",
		nj, len(joints), countTrue(in), countTrue(in)-1)
	jointNames := func(j int) model.Str { return m.Joints[j].Name }
	m.Comments.Joints, m.Comments.SubVersion = mergeComments(m.Comments.Joints, m.Comments.SubVersion, nj, merged, jointNames,
		"folded joint", func(j int) int { return newIndex[j] })
	m.Joints, m.Vertices = joints, verts
}

// staticJoints reports the joints whose local transform is their rest
// transform at every time: no keys, or rotation keys that all turn by less
// than 1e-6 and position keys that all move by less than 1e-6 of the
// model's size.
func (f *fitter) staticJoints() []bool {
	m := f.m
	size := 1.0
	if lo, hi, ok := m.Bounds(); ok {
		if d := math.Sqrt(sq(hi[0]-lo[0]) + sq(hi[1]-lo[1]) + sq(hi[2]-lo[2])); d > 0 {
			size = d
		}
	}
	tol := 1e-6 * size
	out := make([]bool, len(m.Joints))
	for j := range m.Joints {
		jt := &m.Joints[j]
		still := true
		for _, k := range jt.RotationKeys {
			r := xform.EulerMat(k.Value)
			for a := range 3 {
				for b := range 3 {
					still = still && math.Abs(r[a][b]-xform.Identity3[a][b]) <= 1e-6
				}
			}
		}
		for _, k := range jt.PositionKeys {
			v := k.Value
			still = still && math.Sqrt(sq(v[0])+sq(v[1])+sq(v[2])) <= tol
		}
		out[j] = still
	}
	return out
}

func sq(x float32) float64 { return float64(x) * float64(x) }

func countTrue(b []bool) int {
	n := 0
	for _, x := range b {
		if x {
			n++
		}
	}
	return n
}
