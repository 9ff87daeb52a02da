package model

import (
	"math"
	"sort"
)

// SetInfluences stores weighted bones in vx the way an MS3D file holds them
// (ms3d-format.md §3; the inverse of Model.Influences for a model whose
// VertexExtraSubVersion is 2 or 3): Bones[0] and Weights[0] the heaviest,
// then the others, each weight in whole percent, the fourth implied. infs
// name joints with positive weights on any scale; joints named twice are
// merged, weights that are not positive dropped. More than four are cut to
// the four heaviest, and the rest renormalised. A single bone is stored with
// zero weights (100 % on Bones[0]). changed reports whether what is stored
// differs from infs by more than rounding to percent: a bone dropped, cut
// or rounded to nothing.
func (vx *Vertex) SetInfluences(infs []Influence) (changed bool) {
	vx.Bones = [4]uint16{NoBone, NoBone, NoBone, NoBone}
	vx.Weights = [3]uint8{}
	var list []Influence
	for _, in := range infs {
		if !(in.Weight > 0) || in.Joint < 0 || in.Joint >= NoBone || math.IsInf(float64(in.Weight), 0) {
			changed = changed || in.Weight != 0
			continue
		}
		merged := false
		for k := range list {
			if list[k].Joint == in.Joint {
				list[k].Weight += in.Weight
				merged = true
			}
		}
		if !merged {
			list = append(list, in)
		}
	}
	if len(list) == 0 {
		return changed
	}
	sort.SliceStable(list, func(a, b int) bool { return list[a].Weight > list[b].Weight })
	if len(list) > 4 {
		list, changed = list[:4], true
	}
	total := 0.0
	for _, in := range list {
		total += float64(in.Weight)
	}
	w := make([]float64, len(list))
	for k, in := range list {
		w[k] = float64(in.Weight) / total
	}
	pct := Percents(w)
	n := 0
	for k, in := range list {
		if pct[k] == 0 {
			changed = true
			continue
		}
		vx.Bones[n] = uint16(in.Joint)
		if n < 3 {
			vx.Weights[n] = uint8(pct[k])
		}
		n++
	}
	if n == 1 {
		vx.Weights = [3]uint8{}
	}
	return changed
}

// Percents turns normalised weights into MilkShape's whole percents. The
// percents sum to 100 (largest remainder) unless the weights are exactly
// the ratios of smaller whole numbers and a slot is free for the rest:
// MilkShape files whose stored weights sum to less than 100 (the rest on no
// bone, so players renormalise) export as such ratios, and keeping the
// original numbers keeps their poses exact.
func Percents(w []float64) []int {
	best := func(total int) (float64, []int) {
		out := Apportion(w, total)
		worst := 0.0
		for k, x := range w {
			worst = max(worst, math.Abs(float64(out[k])/float64(total)-x))
		}
		return worst, out
	}
	worst, pct := best(100)
	if worst < 1e-6 || len(w) > 3 || len(w) < 2 {
		return pct
	}
	for total := 99; total >= 50; total-- {
		if e, o := best(total); e < 1e-6 {
			return o
		}
	}
	return pct
}

// Apportion splits total into whole numbers in the proportions of w,
// weights summing to 1, by largest remainder: each gets the whole part of
// its share, and the largest remainders one more until the sum is total.
func Apportion(w []float64, total int) []int {
	out := make([]int, len(w))
	rem := make([]float64, len(w))
	left := total
	for k, x := range w {
		exact := x * float64(total)
		out[k] = int(math.Floor(exact))
		rem[k] = exact - float64(out[k])
		left -= out[k]
	}
	for ; left > 0; left-- {
		b := 0
		for k := range rem {
			if rem[k] > rem[b] {
				b = k
			}
		}
		out[b]++
		rem[b] = -1
	}
	return out
}
