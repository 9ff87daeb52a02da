package properties

import (
	"fmt"
	"strconv"
	"strings"

	"ms3dstudio/model"
	"ms3dstudio/ui/widgets"
)

func (p *Properties) vertex(m *model.Model, i int) {
	v := m.Vertices[i]
	f := p.section(fmt.Sprintf("Vertex %d", i))
	p.row(f, "Flags", flagsText(v.Flags))
	p.row(f, "Position", widgets.FormatFloats(v.Position[:]...))
	p.row(f, "Reference count", strconv.Itoa(int(v.ReferenceCount)))
	bone := func(b uint16) string {
		switch {
		case b == model.NoBone:
			return "none"
		case int(b) >= len(m.Joints):
			return fmt.Sprintf("%d (no such joint)", b)
		}
		return fmt.Sprintf("%d %s", b, m.Joints[b].Name.Display())
	}
	p.row(f, "Bone", bone(v.Bones[0]))
	if m.VertexExtraSubVersion != 0 {
		p.row(f, "Extra bones", strings.Join([]string{bone(v.Bones[1]), bone(v.Bones[2]), bone(v.Bones[3])}, ", "))
		p.row(f, "Stored weights", fmt.Sprintf("%d %d %d", v.Weights[0], v.Weights[1], v.Weights[2]))
		if m.VertexExtraSubVersion >= 2 {
			p.row(f, "Extra words", fmt.Sprintf("%#x %#x", v.Extra[0], v.Extra[1]))
		}
	}
	var inf [4]model.Influence
	n := m.Influences(i, &inf)
	parts := make([]string, n)
	for k, in := range inf[:n] {
		parts[k] = fmt.Sprintf("%s %.1f%%", m.Joints[in.Joint].Name.Display(), in.Weight*100)
	}
	p.row(f, "Influences", strings.Join(parts, ", "))
	uses := 0
	for _, t := range m.Triangles {
		for _, c := range t.Vertices {
			if int(c) == i {
				uses++
			}
		}
	}
	p.row(f, "Corners using it", strconv.Itoa(uses))
}

func (p *Properties) triangle(m *model.Model, i int) {
	t := m.Triangles[i]
	f := p.section(fmt.Sprintf("Triangle %d", i))
	p.row(f, "Flags", fmt.Sprintf("%#04x", t.Flags))
	p.row(f, "Vertices", fmt.Sprintf("%d %d %d", t.Vertices[0], t.Vertices[1], t.Vertices[2]))
	for c := 0; c < 3; c++ {
		p.row(f, fmt.Sprintf("Corner %d", c), fmt.Sprintf("normal (%s)  uv (%s, %s)", widgets.FormatFloats(t.Normals[c][:]...), widgets.FormatFloat(t.S[c]), widgets.FormatFloat(t.T[c])))
	}
	p.row(f, "Smoothing group", strconv.Itoa(int(t.SmoothingGroup)))
	p.row(f, "Group", strconv.Itoa(int(t.Group)))
}
