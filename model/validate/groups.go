package validate

import (
	"fmt"
	"math"

	"ms3dstudio/model"
)

func (c *checker) groups() {
	m := c.m
	nt := len(m.Triangles)
	// owner is the first group listing each triangle, second the group of
	// its second listing; times counts listings (saturating).
	owner := make([]int32, nt)
	second := make([]int32, nt)
	times := make([]uint8, nt)
	for i := range owner {
		owner[i], second[i] = -1, -1
	}
	for g := range m.Groups {
		grp := &m.Groups[g]
		bad, first := 0, -1
		for k, ti := range grp.Triangles {
			if int(ti) >= nt {
				if bad == 0 {
					first = k
				}
				bad++
				continue
			}
			switch times[ti] {
			case 0:
				owner[ti] = int32(g)
			case 1:
				second[ti] = int32(g)
			}
			if times[ti] < math.MaxUint8 {
				times[ti]++
			}
		}
		if bad > 0 {
			c.add(model.CodeGroupTriangleRange, model.Error, c.at(model.PartGroup, g), "drop the indices that name no triangle",
				"group %d (%q): %d of its %d triangle indices name no triangle (the model has %s), the first is entry %d = %d",
				g, grp.Name.Display(), bad, len(grp.Triangles), count(nt, "triangle"), first, grp.Triangles[first])
		}
		if mi := int(grp.Material); mi < -1 || mi >= len(m.Materials) {
			c.add(model.CodeGroupMaterialRange, model.Error, c.at(model.PartGroup, g), "set the group's material to none",
				"group %d (%q): material index %d is out of range (the model has %s; −1 means none)", g, grp.Name.Display(), mi, count(len(m.Materials), "material"))
		}
	}
	for ti := range m.Triangles {
		tg := int(m.Triangles[ti].Group)
		switch times[ti] {
		case 0:
			fix := "delete the triangle"
			if tg < len(m.Groups) {
				fix = fmt.Sprintf("add the triangle to group %d, as its group index says", tg)
			}
			c.add(model.CodeTriangleNoGroup, model.Warning, c.at(model.PartTriangle, ti), fix,
				"triangle %d is in no group (its group index is %d); players that draw group by group never draw it", ti, tg)
		case 1:
			if tg != int(owner[ti]) {
				c.add(model.CodeTriangleGroupIndex, model.Warning, c.at(model.PartTriangle, ti), fmt.Sprintf("set the group index to %d", owner[ti]),
					"triangle %d has group index %d, but group %d lists it", ti, tg, owner[ti])
			}
		default:
			keep := owner[ti]
			if tg == int(second[ti]) {
				keep = second[ti]
			}
			where := fmt.Sprintf("first in group %d, then in group %d", owner[ti], second[ti])
			if owner[ti] == second[ti] {
				where = fmt.Sprintf("group %d lists it twice", owner[ti])
			}
			n := fmt.Sprintf("%d times", times[ti])
			switch times[ti] {
			case 2:
				n = "twice"
			case math.MaxUint8:
				n = "255 times or more"
			}
			c.add(model.CodeTriangleMultiGroup, model.Error, c.at(model.PartTriangle, ti), fmt.Sprintf("list the triangle once, in group %d", keep),
				"triangle %d is listed %s (%s), so it is drawn more than once", ti, n, where)
		}
	}
}
