package fit

import (
	"fmt"
	"math"
	"sort"

	"ms3dstudio/model"
)

// maxListed bounds the findings of one kind listed one by one; the rest are
// summed up in one, so that a scene of thousands of materials does not
// bury the problems panel.
const maxListed = 100

// materials merges materials until at most lim.Materials are left:
// identical ones first (nothing changes on screen), then unused ones are
// dropped, then the least used merge into the most similar kept one.
func (f *fitter) materials() {
	m := f.m
	n := len(m.Materials)
	need := n - f.lim.Materials
	if need <= 0 {
		return
	}
	used := make([]int, n)
	for _, g := range m.Groups {
		if g.Material >= 0 && int(g.Material) < n {
			used[g.Material] += len(g.Triangles)
		}
	}
	into := identity(n) // the material each one becomes; −1 dropped
	type why uint8
	const (
		identical why = iota + 1
		unused
		similar
	)
	reason := make([]why, n)
	// Identical materials (every field but the name), the later into the
	// first.
	first := map[materialKey]int{}
	for i := range m.Materials {
		k := keyOf(&m.Materials[i])
		j, seen := first[k]
		if !seen {
			first[k] = i
			continue
		}
		if need > 0 {
			into[i], reason[i] = j, identical
			used[j] += used[i]
			need--
		}
	}
	// Unused materials, the last first.
	for i := n - 1; i >= 0 && need > 0; i-- {
		if into[i] == i && used[i] == 0 {
			into[i], reason[i] = -1, unused
			need--
		}
	}
	// The least used of the rest into the most similar kept one.
	if need > 0 {
		var cand []int
		for i := range into {
			if into[i] == i {
				cand = append(cand, i)
			}
		}
		sort.SliceStable(cand, func(a, b int) bool {
			if used[cand[a]] != used[cand[b]] {
				return used[cand[a]] < used[cand[b]]
			}
			return cand[a] > cand[b]
		})
		drop := cand[:need]
		keep := append([]int(nil), cand[need:]...)
		sort.Ints(keep)
		for _, i := range drop {
			best, bestD := keep[0], math.Inf(1)
			for _, k := range keep {
				if d := distance(&m.Materials[i], &m.Materials[k]); d < bestD {
					best, bestD = k, d
				}
			}
			into[i], reason[i] = best, similar
		}
	}
	// Number the kept materials in order and rebuild.
	kept, newIndex := survivors(m.Materials, into)
	target := func(i int) int {
		if into[i] < 0 {
			return -1
		}
		return newIndex[into[i]]
	}
	groups := clone(m.Groups)
	for gi := range groups {
		g := &groups[gi]
		if g.Material >= 0 && int(g.Material) < n {
			g.Material = int16(target(int(g.Material)))
		}
	}
	var merged [][2]int // (old, new) of materials merged into another
	listed := 0
	for i := range m.Materials {
		if reason[i] == 0 {
			continue
		}
		mt := &m.Materials[i]
		if reason[i] != unused {
			merged = append(merged, [2]int{i, target(i)})
		}
		if listed++; listed > maxListed {
			continue
		}
		switch reason[i] {
		case identical:
			f.add(model.CodeFitMaterials, model.Warning, model.At(model.PartMaterial, i), "",
				"material %d %s is identical to material %d %s and merged into it (now material %d)", i, quote(mt.Name), into[i], quote(m.Materials[into[i]].Name), target(i))
		case unused:
			f.add(model.CodeFitMaterials, model.Warning, model.At(model.PartMaterial, i), "",
				"material %d %s is used by no group and dropped", i, quote(mt.Name))
		case similar:
			k := &m.Materials[into[i]]
			f.add(model.CodeFitMaterials, model.Warning, model.At(model.PartMaterial, i), "",
				"material %d %s (%s) is merged into the most similar kept material %d %s (%s): its %d triangles now look like that",
				i, quote(mt.Name), describe(mt), into[i], quote(k.Name), describe(k), used[i])
		}
	}
	if listed > maxListed {
		f.add(model.CodeFitMaterials, model.Warning, model.At(model.PartMaterial, -1), "",
			"%d more materials merged or dropped like the %d above", listed-maxListed, maxListed)
	}
	f.add(model.CodeFitMaterials, model.Warning, model.At(model.PartMaterial, -1), "",
		"%d materials → %d: an MS3D group names its material with a signed byte", n, len(kept))
	names := func(i int) model.Str { return m.Materials[i].Name }
	m.Comments.Materials, m.Comments.SubVersion = mergeComments(m.Comments.Materials, m.Comments.SubVersion, n, merged, names, "merged material", func(i int) int {
		if into[i] < 0 {
			return -1
		}
		return newIndex[into[i]]
	})
	m.Materials, m.Groups = kept, groups
}

// materialKey is everything of a material but its name.
type materialKey struct {
	ambient, diffuse, specular, emissive [4]float32
	shininess, transparency              float32
	mode                                 uint8
	texture, alphaMap                    string
}

func keyOf(mt *model.Material) materialKey {
	return materialKey{mt.Ambient, mt.Diffuse, mt.Specular, mt.Emissive, mt.Shininess, mt.Transparency, mt.Mode,
		mt.Texture.Fold(), mt.AlphaMap.Fold()}
}

// distance says how different two materials look: a different texture
// outweighs any colour, a different alpha map or mode any colour but the
// texture; colours count in 0–1 units, the diffuse one most.
func distance(a, b *model.Material) float64 {
	d := 0.0
	if a.Texture.Fold() != b.Texture.Fold() {
		d += 100
	}
	if a.AlphaMap.Fold() != b.AlphaMap.Fold() {
		d += 20
	}
	if a.Mode != b.Mode {
		d += 10
	}
	sq := func(x, y [4]float32) float64 {
		s := 0.0
		for k := range x {
			e := float64(x[k] - y[k])
			s += e * e
		}
		return s
	}
	d += sq(a.Diffuse, b.Diffuse) + 0.25*(sq(a.Ambient, b.Ambient)+sq(a.Specular, b.Specular)+sq(a.Emissive, b.Emissive))
	d += math.Abs(float64(a.Transparency-b.Transparency)) + math.Abs(float64(a.Shininess-b.Shininess))/128
	if math.IsNaN(d) {
		return math.MaxFloat64
	}
	return d
}

// describe names what a material looks like: its texture, or its diffuse
// colour.
func describe(mt *model.Material) string {
	if t := mt.Texture.Text(); t != "" {
		return "texture " + quote(t)
	}
	d := mt.Diffuse
	return fmt.Sprintf("colour %.3g %.3g %.3g", d[0], d[1], d[2])
}
