package fix

import (
	"fmt"
	"strings"

	"ms3dstudio/model"
	"ms3dstudio/model/num"
)

// vertices fixes non-finite positions, bones past the last joint and
// weights that do not add up.
func (f *fixer) vertices() {
	m := f.m
	if f.on(model.CodeVertexNonFinite) {
		f.vertexPositions()
	}
	nj := len(m.Joints)
	for i := range m.Vertices {
		v := &m.Vertices[i]
		if b := v.Bones[0]; b != model.NoBone && int(b) >= nj && f.on(model.CodeVertexBoneRange) {
			v.Bones[0] = model.NoBone
			f.add(model.CodeVertexBoneRange, f.at(model.PartVertex, i), "vertex %d: bone %d → none (the model has %s)", i, b, plural(nj, "joint"))
		}
		if m.VertexExtraSubVersion == 0 {
			continue
		}
		for k := 1; k < 4; k++ {
			if b := v.Bones[k]; b != model.NoBone && int(b) >= nj && f.on(model.CodeExtraBoneRange) {
				v.Bones[k] = model.NoBone
				f.add(model.CodeExtraBoneRange, f.at(model.PartVertexExtra, i), "vertex %d: extra bone id %d: bone %d → none (the model has %s)", i, k-1, b, plural(nj, "joint"))
			}
		}
		f.weights(i)
	}
}

// vertexPositions replaces each non-finite coordinate by the average of
// that coordinate over the vertices that share a triangle with the vertex.
func (f *fixer) vertexPositions() {
	m := f.m
	var bad []int
	for i := range m.Vertices {
		if !num.Finite3(m.Vertices[i].Position) {
			bad = append(bad, i)
		}
	}
	if bad == nil {
		return
	}
	type acc struct {
		sum [3]float64
		n   [3]int
		nb  map[int]bool
	}
	accs := make(map[int]*acc, len(bad))
	for _, i := range bad {
		accs[i] = &acc{nb: map[int]bool{}}
	}
	nv := len(m.Vertices)
	for _, t := range m.Triangles {
		if int(t.Vertices[0]) >= nv || int(t.Vertices[1]) >= nv || int(t.Vertices[2]) >= nv {
			continue
		}
		for k, vi := range t.Vertices {
			a := accs[int(vi)]
			if a == nil {
				continue
			}
			for _, o := range [2]uint32{t.Vertices[(k+1)%3], t.Vertices[(k+2)%3]} {
				if o == vi || a.nb[int(o)] {
					continue
				}
				a.nb[int(o)] = true
				p := m.Vertices[o].Position
				for c := 0; c < 3; c++ {
					if num.Finite(p[c]) {
						a.sum[c] += float64(p[c])
						a.n[c]++
					}
				}
			}
		}
	}
	for _, i := range bad {
		v := &m.Vertices[i]
		a := accs[i]
		old := v.Position
		var how []string
		for c := 0; c < 3; c++ {
			if num.Finite(v.Position[c]) {
				continue
			}
			v.Position[c] = 0
			if a.n[c] > 0 {
				v.Position[c] = float32(a.sum[c] / float64(a.n[c]))
			}
			if !num.Finite(v.Position[c]) { // the sum overflowed float32
				v.Position[c] = 0
			}
			how = append(how, fmt.Sprintf("%c %g → %g (%s)", "xyz"[c], old[c], v.Position[c], averageOf(a.n[c])))
		}
		f.add(model.CodeVertexNonFinite, f.at(model.PartVertex, i), "vertex %d: %s", i, strings.Join(how, ", "))
	}
}

func averageOf(n int) string {
	if n == 0 {
		return "no neighbour has a finite value"
	}
	return "the average of " + plural(n, "neighbour")
}

// weights makes vertex i's weights add up to the full weight over bones
// that exist: weights past the full weight are scaled down
// (CodeWeightsOver), and weight held by no bone moves to the vertex's bones
// (CodeWeightsLost). The new weights are integers found by the largest
// remainder method, so they sum exactly to the full weight.
func (f *fixer) weights(i int) {
	m := f.m
	v := &m.Vertices[i]
	full := 100
	if m.VertexExtraSubVersion == 1 {
		full = 255
	}
	w := v.Weights
	sum := int(w[0]) + int(w[1]) + int(w[2])
	if sum == 0 {
		return // 100 % on the vertex's own bone (ms3d-format.md §3)
	}
	base := [4]int{int(w[0]), int(w[1]), int(w[2]), full - sum}
	over := sum > full
	code := model.CodeWeightsLost
	dropLost := f.on(model.CodeWeightsLost)
	if over {
		code, base[3] = model.CodeWeightsOver, 0
		if !f.on(code) {
			return
		}
	} else {
		lost := 0
		for k, b := range v.Bones {
			if b == model.NoBone {
				lost += base[k]
			}
		}
		if lost == 0 || !dropLost {
			return
		}
	}
	total := 0
	for k, b := range v.Bones {
		if b == model.NoBone && dropLost {
			base[k] = 0
		}
		total += base[k]
	}
	before := fmt.Sprintf("weights %d %d %d (%d implied for the fourth)", w[0], w[1], w[2], full-sum)
	bones := model.BoneList(v.Bones)
	if total == 0 {
		v.Weights = [3]uint8{}
		f.add(code, f.at(model.PartVertexExtra, i), "vertex %d: bones %s, %s → 0 0 0: no bone holds weight, so all of it goes to the vertex's own bone, which is none (the vertex stays still, as before)",
			i, bones, before)
		return
	}
	nw := apportion(base, full, total)
	if nw[0] == 0 && nw[1] == 0 && nw[2] == 0 {
		// All the weight is on the fourth bone, but three zero weights
		// mean 100 % on the first: make the fourth bone the first.
		v.Bones[0], v.Bones[3] = v.Bones[3], model.NoBone
		v.Weights = [3]uint8{}
		f.add(code, f.at(model.PartVertexExtra, i), "vertex %d: bones %s, %s → bones %s, weights 0 0 0 (100 %% on bone %d)",
			i, bones, before, model.BoneList(v.Bones), v.Bones[0])
		return
	}
	v.Weights = [3]uint8{uint8(nw[0]), uint8(nw[1]), uint8(nw[2])}
	f.add(code, f.at(model.PartVertexExtra, i), "vertex %d: bones %s, %s → %d %d %d (%d implied), summing to %d",
		i, bones, before, nw[0], nw[1], nw[2], nw[3], full)
}

// apportion scales the non-negative integers base (summing to total > 0)
// to integers summing to full, by the largest remainder method; ties go to
// the earlier influence.
func apportion(base [4]int, full, total int) [4]int {
	var out [4]int
	var rem [4]int
	given := 0
	for k, b := range base {
		out[k] = b * full / total
		rem[k] = b * full % total
		given += out[k]
	}
	for ; given < full; given++ {
		best := -1
		for k := range rem {
			if base[k] > 0 && (best < 0 || rem[k] > rem[best]) {
				best = k
			}
		}
		out[best]++
		rem[best] = -1
	}
	return out
}
