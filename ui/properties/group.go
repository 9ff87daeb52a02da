package properties

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"ms3dstudio/document"
	"ms3dstudio/model"
	"ms3dstudio/ui/hub"
	"ms3dstudio/ui/widgets"
)

func flagsText(f uint8) string {
	if f == 0 {
		return "0"
	}
	var names []string
	for _, b := range []struct {
		bit  uint8
		name string
	}{{1, "selected"}, {2, "hidden"}, {4, "selected2"}, {8, "dirty"}} {
		if f&b.bit != 0 {
			names = append(names, b.name)
		}
	}
	return fmt.Sprintf("%#02x (%s)", f, strings.Join(names, ", "))
}

func (p *Properties) group(m *model.Model, i int) {
	g := m.Groups[i]
	f := p.section(fmt.Sprintf("Group %d", i))
	p.edit(f, "Name", g.Name.Display(), false, func(s string) error { return p.do(document.RenameGroup(i, s)) })
	p.row(f, "Flags", flagsText(g.Flags))
	p.row(f, "Triangles", strconv.Itoa(len(g.Triangles)))
	opts := []string{"none"}
	for k := range m.Materials {
		opts = append(opts, fmt.Sprintf("%d: %s", k, hub.DisplayName(m.Materials[k].Name, hub.Selection{Kind: hub.KindMaterial, Index: k})))
	}
	ks := widgets.NewKeySelect(opts, nil)
	sel := &ks.Select
	cur := int(g.Material)
	switch {
	case cur < 0:
		sel.SetSelectedIndex(0)
	case cur < len(m.Materials):
		sel.SetSelectedIndex(cur + 1)
	default:
		sel.PlaceHolder = fmt.Sprintf("material %d (missing)", cur)
	}
	p.values["Material"] = hub.MaterialName(m, cur)
	msg := widget.NewLabel("")
	msg.Importance = widget.DangerImportance
	msg.Hide()
	sel.OnChanged = func(string) {
		if err := p.do(document.SetGroupMaterial(i, sel.SelectedIndex()-1)); err != nil {
			msg.SetText(err.Error())
			msg.Show()
		}
	}
	p.materialSelect = sel
	f.Append("Material", container.NewVBox(ks, msg))
	p.comment(f, model.PartGroup, i, m.Comments.Groups)

	seen := map[int]bool{}
	var verts []int
	smoothing := map[uint8]bool{}
	for _, t := range g.Triangles {
		if int(t) >= len(m.Triangles) {
			continue
		}
		tri := m.Triangles[t]
		smoothing[tri.SmoothingGroup] = true
		for _, v := range tri.Vertices {
			if int(v) < len(m.Vertices) && !seen[int(v)] {
				seen[int(v)] = true
				verts = append(verts, int(v))
			}
		}
	}
	sort.Ints(verts)
	sg := make([]int, 0, len(smoothing))
	for s := range smoothing {
		sg = append(sg, int(s))
	}
	sort.Ints(sg)
	p.row(f, "Smoothing groups", strings.Trim(fmt.Sprint(sg), "[]"))
	f = p.section("Vertices of the group")
	p.row(f, "Vertex extra", subVersion(m.VertexExtraSubVersion))
	p.skinSummary(f, m, verts)
}
