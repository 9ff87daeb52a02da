package md2

import "sort"

// BuildGLCommands returns triangle strips and fans that draw tris, each
// triangle once in its own winding, as Quake 2's GL renderer draws an MD2:
// a command's vertex is a vertex index with its own texture coordinates,
// so two triangles join only across an edge whose two corners share both
// (a texture seam ends a strip). uv gives the texture coordinates (0–1)
// of File.TexCoords entry i.
//
// It is the greedy stripifier of Quake 2's own model compiler, started
// from the triangles with the fewest neighbours first (they end up alone
// otherwise): from each triangle not yet drawn it walks the longest strip
// and the longest fan that start there, in each of the triangle's three
// rotations, and keeps the longest.
func BuildGLCommands(tris []Triangle, uv func(i uint16) (s, t float32)) []GLCommand {
	type corner struct{ v, st uint16 }
	type edge [2]corner
	corners := func(t Triangle) [3]corner {
		return [3]corner{{t.Vertices[0], t.TexCoords[0]}, {t.Vertices[1], t.TexCoords[1]}, {t.Vertices[2], t.TexCoords[2]}}
	}
	// byEdge lists the triangles with each directed edge.
	byEdge := make(map[edge][]int, 3*len(tris))
	for i, t := range tris {
		c := corners(t)
		for k := range 3 {
			e := edge{c[k], c[(k+1)%3]}
			byEdge[e] = append(byEdge[e], i)
		}
	}
	used := make([]bool, len(tris))
	// next returns an unused triangle other than those in taken with the
	// directed edge a→b, and its third corner.
	next := func(a, b corner, taken map[int]bool) (int, corner, bool) {
		for _, i := range byEdge[edge{a, b}] {
			if used[i] || taken[i] {
				continue
			}
			c := corners(tris[i])
			for k := range 3 {
				if c[k] == a && c[(k+1)%3] == b {
					return i, c[(k+2)%3], true
				}
			}
		}
		return 0, corner{}, false
	}
	// walk returns the corners and triangles of the strip (or fan) that
	// starts with triangle t rotated by r.
	walk := func(t, r int, fan bool) ([]corner, []int) {
		c := corners(tris[t])
		seq := []corner{c[r], c[(r+1)%3], c[(r+2)%3]}
		list := []int{t}
		taken := map[int]bool{t: true}
		for {
			n := len(seq)
			var a, b corner
			switch {
			case fan:
				a, b = seq[0], seq[n-1]
			case n%2 == 1: // the next triangle, number n−2, is odd: (b, a, x)
				a, b = seq[n-1], seq[n-2]
			default:
				a, b = seq[n-2], seq[n-1]
			}
			i, x, ok := next(a, b, taken)
			if !ok {
				return seq, list
			}
			taken[i] = true
			seq = append(seq, x)
			list = append(list, i)
		}
	}
	// Fewest neighbours first.
	order := make([]int, len(tris))
	degree := make([]int, len(tris))
	for i, t := range tris {
		order[i] = i
		c := corners(t)
		for k := range 3 {
			degree[i] += len(byEdge[edge{c[(k+1)%3], c[k]}])
		}
	}
	sort.SliceStable(order, func(a, b int) bool { return degree[order[a]] < degree[order[b]] })

	var cmds []GLCommand
	for _, t := range order {
		if used[t] {
			continue
		}
		var best []corner
		var bestTris []int
		bestFan := false
		for _, fan := range []bool{false, true} {
			for r := range 3 {
				seq, list := walk(t, r, fan)
				if len(list) > len(bestTris) {
					best, bestTris, bestFan = seq, list, fan
				}
			}
		}
		for _, i := range bestTris {
			used[i] = true
		}
		cmd := GLCommand{Fan: bestFan, Vertices: make([]GLVertex, len(best))}
		for k, c := range best {
			s, tt := uv(c.st)
			cmd.Vertices[k] = GLVertex{S: s, T: tt, Index: int32(c.v)}
		}
		cmds = append(cmds, cmd)
	}
	return cmds
}
