package fix

import (
	"fmt"
	"strings"

	"ms3dstudio/model"
	"ms3dstudio/model/num"
)

// maxGroups is the number of groups a triangle's one-byte group index can
// name.
const maxGroups = 256

// triangles deletes triangles whose corners name vertices that do not exist
// and zeroes non-finite texture coordinates. Non-finite normals are left to
// normals.
func (f *fixer) triangles() {
	m := f.m
	nv := len(m.Vertices)
	if f.on(model.CodeTriangleVertexRange) {
		var del []int
		for i, t := range m.Triangles {
			var bad []string
			for k, vi := range t.Vertices {
				if int(vi) >= nv {
					bad = append(bad, fmt.Sprintf("corner %d uses vertex %d", k, vi))
				}
			}
			if bad != nil {
				del = append(del, i)
				f.add(model.CodeTriangleVertexRange, f.triAt(i), "triangle %d deleted: %s, but the model has %s", f.origTri(i), strings.Join(bad, ", "), plural(nv, "vertex"))
			}
		}
		f.deleteTriangles(del, model.CodeTriangleVertexRange)
	}
	if f.on(model.CodeTriangleNonFinite) {
		for i := range m.Triangles {
			t := &m.Triangles[i]
			var how []string
			for _, uv := range []struct {
				name string
				c    *[3]float32
			}{{"s", &t.S}, {"t", &t.T}} {
				for k, x := range uv.c {
					if !num.Finite(x) {
						uv.c[k] = 0
						how = append(how, fmt.Sprintf("%s %d %g → 0", uv.name, k, x))
					}
				}
			}
			if how != nil {
				f.add(model.CodeTriangleNonFinite, f.triAt(i), "triangle %d: texture coordinates %s", f.origTri(i), strings.Join(how, ", "))
			}
		}
	}
}

// deleteTriangles removes the triangles with the given current indices
// (ascending) and renumbers the group lists; listings of deleted triangles
// are dropped and logged under code. Indices that named no triangle before
// stay as they are, for the group.triangle-range fix.
func (f *fixer) deleteTriangles(del []int, code model.Code) {
	if len(del) == 0 {
		return
	}
	m := f.m
	old := len(m.Triangles)
	prevOrig := make([]int, old)
	for i := range prevOrig {
		prevOrig[i] = f.origTri(i)
	}
	newIndex := make([]int, old)
	f.triOrig = make([]int, 0, old-len(del))
	kept, d := 0, 0
	for i := 0; i < old; i++ {
		if d < len(del) && del[d] == i {
			newIndex[i] = -1
			d++
			continue
		}
		newIndex[i] = kept
		m.Triangles[kept] = m.Triangles[i]
		f.triOrig = append(f.triOrig, prevOrig[i])
		kept++
	}
	m.Triangles = m.Triangles[:kept]
	for g := range m.Groups {
		grp := &m.Groups[g]
		out := make([]uint32, 0, len(grp.Triangles))
		var dropped []int
		for _, ti := range grp.Triangles {
			switch {
			case int(ti) >= old:
				out = append(out, ti)
			case newIndex[ti] < 0:
				dropped = append(dropped, prevOrig[ti])
			default:
				out = append(out, uint32(newIndex[ti]))
			}
		}
		grp.Triangles = out
		if dropped != nil {
			f.add(code, f.at(model.PartGroup, g), "group %d (%s): dropped %s of deleted triangles (%s); later triangles are renumbered",
				g, quote(grp.Name), plural(len(dropped), "listing"), list(dropped, 8))
		}
	}
}

// groups fixes group membership: indices naming no triangle, triangles
// listed more than once or not at all, group indices that disagree with the
// group listing the triangle, and material indices out of range.
func (f *fixer) groups() {
	m := f.m
	if f.on(model.CodeGroupTriangleRange) {
		nt := len(m.Triangles)
		for g := range m.Groups {
			grp := &m.Groups[g]
			var bad []int
			for _, ti := range grp.Triangles {
				if int(ti) >= nt {
					bad = append(bad, int(ti))
				}
			}
			if bad == nil {
				continue
			}
			out := make([]uint32, 0, len(grp.Triangles)-len(bad))
			for _, ti := range grp.Triangles {
				if int(ti) < nt {
					out = append(out, ti)
				}
			}
			grp.Triangles = out
			f.add(model.CodeGroupTriangleRange, f.at(model.PartGroup, g), "group %d (%s): dropped %s that name no triangle (%s; the model has %s)",
				g, quote(grp.Name), plural(len(bad), "index"), list(bad, 8), plural(nt, "triangle"))
		}
	}
	if f.on(model.CodeTriangleMultiGroup) {
		f.multiGroup()
	}
	if f.on(model.CodeTriangleNoGroup) {
		f.noGroup()
	}
	if f.on(model.CodeTriangleGroupIndex) {
		times, owner := f.listings()
		for ti := range m.Triangles {
			t := &m.Triangles[ti]
			if times[ti] != 1 || int(t.Group) == int(owner[ti]) || owner[ti] >= maxGroups {
				continue
			}
			f.add(model.CodeTriangleGroupIndex, f.triAt(ti), "triangle %d: group index %d → %d, the group that lists it", f.origTri(ti), t.Group, owner[ti])
			t.Group = uint16(owner[ti])
		}
	}
	if f.on(model.CodeGroupMaterialRange) {
		for g := range m.Groups {
			grp := &m.Groups[g]
			if mi := int(grp.Material); mi < -1 || mi >= len(m.Materials) {
				f.add(model.CodeGroupMaterialRange, f.at(model.PartGroup, g), "group %d (%s): material index %d → −1 (no material; the model has %s)",
					g, quote(grp.Name), mi, plural(len(m.Materials), "material"))
				grp.Material = -1
			}
		}
	}
}

// listings counts how many times each triangle is listed (saturating at
// 255) and which group lists it first (−1 for none). Indices that name no
// triangle are ignored.
func (f *fixer) listings() (times []uint8, owner []int32) {
	m := f.m
	nt := len(m.Triangles)
	times, owner = make([]uint8, nt), make([]int32, nt)
	for i := range owner {
		owner[i] = -1
	}
	for g := range m.Groups {
		for _, ti := range m.Groups[g].Triangles {
			if int(ti) >= nt {
				continue
			}
			if times[ti] == 0 {
				owner[ti] = int32(g)
			}
			if times[ti] < 255 {
				times[ti]++
			}
		}
	}
	return times, owner
}

// multiGroup keeps one listing of each triangle listed more than once: the
// first in the group its group index names, if that group lists it, or else
// the first listing.
func (f *fixer) multiGroup() {
	m := f.m
	nt := len(m.Triangles)
	times, owner := f.listings()
	keep := make([]int32, nt) // the group whose listing is kept
	multi := false
	for ti := range keep {
		keep[ti] = owner[ti]
		multi = multi || times[ti] > 1
	}
	if !multi {
		return
	}
	listedBy := map[int][]int{} // triangle → groups listing it, for the log
	for g := range m.Groups {
		for _, ti := range m.Groups[g].Triangles {
			if int(ti) >= nt || times[ti] < 2 {
				continue
			}
			listedBy[int(ti)] = append(listedBy[int(ti)], g)
			if g == int(m.Triangles[ti].Group) {
				keep[ti] = int32(g)
			}
		}
	}
	kept := make([]bool, nt)
	for g := range m.Groups {
		grp := &m.Groups[g]
		changed := false
		out := make([]uint32, 0, len(grp.Triangles))
		for _, ti := range grp.Triangles {
			if int(ti) < nt && times[ti] > 1 {
				if keep[ti] != int32(g) || kept[ti] {
					changed = true
					continue
				}
				kept[ti] = true
			}
			out = append(out, ti)
		}
		if changed {
			grp.Triangles = out
		}
	}
	for ti := 0; ti < nt; ti++ {
		by := listedBy[ti]
		if by == nil {
			continue
		}
		why := "the first listing"
		if keep[ti] == int32(m.Triangles[ti].Group) {
			why = "its group index names that group"
		}
		f.add(model.CodeTriangleMultiGroup, f.triAt(ti), "triangle %d: %s; kept one listing, in group %d (%s)",
			f.origTri(ti), listedByString(by), keep[ti], why)
	}
}

func timesWord(n int) string {
	if n == 2 {
		return "twice"
	}
	return fmt.Sprintf("%d times", n)
}

// listedByString says which groups list a triangle: "group 0 lists it
// twice", "groups 0 and 3 list it".
func listedByString(groups []int) string {
	same := true
	for _, g := range groups {
		same = same && g == groups[0]
	}
	if same {
		return fmt.Sprintf("group %d lists it %s", groups[0], timesWord(len(groups)))
	}
	parts := make([]string, len(groups))
	for i, g := range groups {
		parts[i] = fmt.Sprint(g)
	}
	return "groups " + strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1] + " list it"
}

// noGroup adds each triangle that no group lists to the group its group
// index names, or else to a new group "ungrouped"; when the groups are
// already as many as a group index can name, such triangles are deleted.
func (f *fixer) noGroup() {
	m := f.m
	times, _ := f.listings()
	ungrouped := -1
	var del []int
	for ti := range m.Triangles {
		if times[ti] != 0 {
			continue
		}
		t := &m.Triangles[ti]
		tg := int(t.Group)
		if tg < len(m.Groups) {
			grp := &m.Groups[tg]
			grp.Triangles = append(grp.Triangles, uint32(ti))
			f.add(model.CodeTriangleNoGroup, f.triAt(ti), "triangle %d: added to group %d (%s), as its group index says", f.origTri(ti), tg, quote(grp.Name))
			continue
		}
		if ungrouped < 0 {
			if len(m.Groups) >= maxGroups {
				del = append(del, ti)
				f.add(model.CodeTriangleNoGroup, f.triAt(ti), "triangle %d deleted: no group lists it, its group index %d names no group, and the model has %d groups, as many as a group index can name",
					f.origTri(ti), tg, len(m.Groups))
				continue
			}
			ungrouped = f.addGroup("ungrouped")
		}
		m.Groups[ungrouped].Triangles = append(m.Groups[ungrouped].Triangles, uint32(ti))
		t.Group = uint16(ungrouped)
		f.add(model.CodeTriangleNoGroup, f.triAt(ti), "triangle %d: added to new group %d (\"ungrouped\"); its group index %d named no group → %d",
			f.origTri(ti), ungrouped, tg, ungrouped)
	}
	f.deleteTriangles(del, model.CodeTriangleNoGroup)
}

// addGroup appends an empty group with no material and returns its index.
func (f *fixer) addGroup(name string) int {
	m := f.m
	if !f.addedGroups {
		f.addedGroups, f.groupsBefore = true, len(m.Groups)
	}
	g := len(m.Groups)
	m.Groups = append(m.Groups, model.Group{Name: model.Str(name), Material: -1})
	note := ""
	if c, ok := model.CommentFor(m.Comments.Groups, g); ok {
		note = fmt.Sprintf("; the group comment %q, which named no group before, now belongs to it", c.Display())
	}
	f.add(model.CodeTriangleNoGroup, f.at(model.PartGroup, g), "added group %d %q with no material for the triangles that are in no group and whose group index names no group%s", g, name, note)
	return g
}
