package model

import "sort"

// BoneUse is how many vertices a joint influences.
type BoneUse struct {
	Joint    int
	Vertices int
}

// SkinStats summarises the skinning of a set of vertices.
type SkinStats struct {
	// Vertices is the number of vertices summarised.
	Vertices int
	// Bones lists the joints that influence them, by joint index.
	Bones []BoneUse
	// Multi counts the vertices on several bones, None those on no bone.
	Multi, None int
	// Extra counts the vertices with non-zero vertex-extra words.
	Extra int
}

// SkinStats summarises the influences (by the rules of Influences) of the
// vertices with the given indices.
func (m *Model) SkinStats(verts []int) SkinStats {
	var inf [4]Influence
	bones := map[int]int{}
	s := SkinStats{Vertices: len(verts)}
	for _, v := range verts {
		n := m.Influences(v, &inf)
		switch {
		case n == 0:
			s.None++
		case n > 1:
			s.Multi++
		}
		for _, in := range inf[:n] {
			bones[in.Joint]++
		}
		if m.Vertices[v].Extra != [2]uint32{} {
			s.Extra++
		}
	}
	s.Bones = make([]BoneUse, 0, len(bones))
	for b, n := range bones {
		s.Bones = append(s.Bones, BoneUse{b, n})
	}
	sort.Slice(s.Bones, func(i, j int) bool { return s.Bones[i].Joint < s.Bones[j].Joint })
	return s
}
