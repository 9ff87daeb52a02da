package fit

import (
	"strings"

	"ms3dstudio/model"
)

// mergeComments renumbers the comments of one part (groups, materials or
// joints) after elements were merged or removed: newIndex gives each old
// element's new index (−1: gone, its comment with it). For every (old, new)
// pair in merged, the merged element's name, on a line of its own after
// label, and its comment are added to the comment of the element it became,
// so what a merge took away stays readable in the file. Comments attached
// to no element (an index out of range) are kept as they are: the part
// only shrinks, so they stay out of range. The comments block's
// sub-version becomes 1 when a comment is added to a model without one.
func mergeComments(list []model.Comment, sub int32, n int, merged [][2]int, name func(old int) model.Str,
	label string, newIndex func(old int) int) ([]model.Comment, int32) {
	var out []model.Comment
	at := map[int]int{} // new index → position in out
	gone := make(map[int]bool, len(merged))
	for _, p := range merged {
		gone[p[0]] = true
	}
	for _, c := range list {
		i := int(c.Index)
		if i < 0 || i >= n {
			out = append(out, c)
			continue
		}
		ni := newIndex(i)
		if ni < 0 || gone[i] {
			continue
		}
		if _, dup := at[ni]; dup {
			out = append(out, model.Comment{Index: int32(ni), Text: c.Text})
			continue
		}
		at[ni] = len(out)
		out = append(out, model.Comment{Index: int32(ni), Text: c.Text})
	}
	// Each element's additions are joined once: appending to a growing
	// string per merge would be quadratic in the merges into one element.
	first := map[int]model.Str{} // old index → its first comment
	for _, c := range list {
		if _, ok := first[int(c.Index)]; !ok {
			first[int(c.Index)] = c.Text
		}
	}
	added := map[int][]string{}
	var targets []int
	for _, p := range merged {
		if _, ok := added[p[1]]; !ok {
			targets = append(targets, p[1])
		}
		text := label + ": " + string(name(p[0]).Text())
		if c := first[p[0]]; c.Text() != "" {
			text += "\n" + string(c.Text())
		}
		added[p[1]] = append(added[p[1]], text)
	}
	for _, ni := range targets {
		var b strings.Builder
		k, ok := at[ni]
		if ok {
			b.WriteString(string(out[k].Text.Text()))
		}
		for _, text := range added[ni] {
			if b.Len() > 0 {
				b.WriteByte('\n')
			}
			b.WriteString(text)
		}
		if !ok {
			at[ni] = len(out)
			out = append(out, model.Comment{Index: int32(ni)})
			k = len(out) - 1
		}
		out[k].Text = model.Str(b.String())
	}
	if len(merged) > 0 && sub == 0 {
		sub = 1
	}
	return out, sub
}
