package fit

import (
	"container/heap"

	"ms3dstudio/model"
)

// groups merges groups until at most lim.Groups are left. Only groups that
// share a material merge, so no triangle changes its look: again and again
// the smallest group (the later of equal ones) merges into the nearest
// earlier group of its material, so merged groups stay neighbours in the
// list and grow evenly. After materials has run there are at most
// lim.Materials + 1 materials to tell apart (none counts as one), so
// merging within materials always reaches the MS3D limit; with smaller
// custom limits, tooLarge reports what is left.
func (f *fitter) groups() {
	m := f.m
	n := len(m.Groups)
	need := n - f.lim.Groups
	if need <= 0 {
		return
	}
	nm := len(m.Materials)
	class := func(g int) int {
		if k := int(m.Groups[g].Material); k >= 0 && k < nm {
			return k
		}
		return -1 // none, or a material index that names none: drawn alike
	}
	// prev and next link the surviving groups of each material in order.
	prev, next := make([]int, n), make([]int, n)
	size := make([]int, n)
	last := map[int]int{}
	h := &bySize{}
	for g := range m.Groups {
		prev[g], next[g] = -1, -1
		size[g] = len(m.Groups[g].Triangles)
		if p, ok := last[class(g)]; ok {
			prev[g], next[p] = p, g
			heap.Push(h, sized{g, size[g]})
		}
		last[class(g)] = g
	}
	into := identity(n)
	for need > 0 && h.Len() > 0 {
		e := heap.Pop(h).(sized)
		g := e.group
		if into[g] != g || e.size != size[g] || prev[g] < 0 {
			continue // merged, grown or first of its material since pushed
		}
		p := prev[g]
		into[g] = p
		size[p] += size[g]
		next[p] = next[g]
		if nx := next[g]; nx >= 0 {
			prev[nx] = p
		}
		if prev[p] >= 0 {
			heap.Push(h, sized{p, size[p]})
		}
		need--
	}
	// into[g] < g, so roots resolve in one pass in index order.
	roots := make([]int, n)
	for g := range roots {
		roots[g] = g
		if into[g] != g {
			roots[g] = roots[into[g]]
		}
	}
	root := func(g int) int { return roots[g] }
	kept, newIndex := survivors(m.Groups, into)
	for k := range kept {
		kept[k].Triangles = clone(kept[k].Triangles)
	}
	var merged [][2]int
	for g := range m.Groups {
		if into[g] == g {
			continue
		}
		r := root(g)
		k := &kept[newIndex[r]]
		k.Triangles = append(k.Triangles, m.Groups[g].Triangles...)
		merged = append(merged, [2]int{g, newIndex[r]})
		if len(merged) <= maxListed {
			f.add(model.CodeFitGroups, model.Warning, model.At(model.PartGroup, g), "",
				"group %d %s (%d triangles) is merged into group %d %s, which uses the same material (now group %d %s); the group comment keeps its name",
				g, quote(m.Groups[g].Name), len(m.Groups[g].Triangles), r, quote(m.Groups[r].Name), newIndex[r], quote(k.Name))
		}
	}
	if len(merged) > maxListed {
		f.add(model.CodeFitGroups, model.Warning, model.At(model.PartGroup, -1), "",
			"%d more groups merged like the %d above", len(merged)-maxListed, maxListed)
	}
	f.add(model.CodeFitGroups, model.Warning, model.At(model.PartGroup, -1), "",
		"%d groups → %d: an MS3D triangle names its group with a byte", n, len(kept))
	tris := clone(m.Triangles)
	for i := range tris {
		if g := int(tris[i].Group); g < n {
			tris[i].Group = uint16(newIndex[root(g)])
		}
	}
	groupNames := func(g int) model.Str { return m.Groups[g].Name }
	m.Comments.Groups, m.Comments.SubVersion = mergeComments(m.Comments.Groups, m.Comments.SubVersion, n, merged, groupNames,
		"merged group", func(g int) int { return newIndex[root(g)] })
	m.Groups, m.Triangles = kept, tris
}

// sized is a group and its triangle count when it was queued.
type sized struct{ group, size int }

// bySize is a min-heap of groups by size, the later group first among
// equal sizes.
type bySize []sized

func (h bySize) Len() int { return len(h) }
func (h bySize) Less(i, j int) bool {
	if h[i].size != h[j].size {
		return h[i].size < h[j].size
	}
	return h[i].group > h[j].group
}
func (h bySize) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *bySize) Push(x any)   { *h = append(*h, x.(sized)) }
func (h *bySize) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}
