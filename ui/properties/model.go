package properties

import (
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"ms3dstudio/document"
	"ms3dstudio/model"
	"ms3dstudio/ui/hub"
	"ms3dstudio/ui/widgets"
)

func (p *Properties) modelInfo(m *model.Model) {
	if im := p.doc.Imported(); im != nil {
		p.importOptions(im)
	}
	f := p.section("Model")
	p.row(f, "File", p.doc.Path())
	p.row(f, "Version", strconv.Itoa(int(m.Version)))
	p.row(f, "Counts", widgets.ModelCounts(m, ", "))
	f = p.section("Animation")
	p.edit(f, "FPS", widgets.FormatFloat(m.FPS), false, func(s string) error {
		v, err := widgets.ParseFloats(s, 1)
		if err != nil {
			return err
		}
		return p.do(document.SetFPS(v[0]))
	})
	if m.EffectiveFPS() != m.FPS {
		p.row(f, "Effective FPS", widgets.FormatFloat(m.EffectiveFPS()))
	}
	p.row(f, "Current time", fmt.Sprintf("%s s (editor state saved in the file, frame %.2f)", widgets.FormatFloat(m.CurrentTime), float64(m.CurrentTime)*float64(m.EffectiveFPS())))
	p.edit(f, "Total frames", strconv.Itoa(int(m.TotalFrames)), false, func(s string) error {
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil {
			return fmt.Errorf("%q is not a whole number", s)
		}
		return p.do(document.SetTotalFrames(n))
	})
	if len(m.Joints) == 0 {
		p.row(f, "Joint section", map[bool]string{true: "absent (the file ends after the keyframer header)", false: "present, no joints"}[m.NoJointSection])
	}

	f = p.section("Comments block")
	p.row(f, "Sub-version", subVersion(m.Comments.SubVersion))
	p.row(f, "Comments", fmt.Sprintf("groups %d, materials %d, joints %d", len(m.Comments.Groups), len(m.Comments.Materials), len(m.Comments.Joints)))
	mc := ""
	if m.Comments.HasModel {
		mc = document.CommentDisplay(m.Comments.Model)
	}
	p.edit(f, "Model comment", mc, true, func(s string) error { return p.do(document.SetModelComment(s)) })

	f = p.section("Vertex extra")
	p.row(f, "Sub-version", subVersion(m.VertexExtraSubVersion))
	all := make([]int, len(m.Vertices))
	for i := range all {
		all[i] = i
	}
	p.skinSummary(f, m, all)

	f = p.section("Joint extra")
	p.row(f, "Joint colours", subVersion(m.JointExtraSubVersion))

	f = p.section("Model extra")
	p.row(f, "Model extra", subVersion(m.Extra.SubVersion))
	if m.Extra.SubVersion != 0 {
		p.row(f, "Joint size", widgets.FormatFloat(m.Extra.JointSize))
		p.row(f, "Transparency mode", strconv.Itoa(int(m.Extra.TransparencyMode)))
		p.row(f, "Alpha ref", widgets.FormatFloat(m.Extra.AlphaRef))
	}
	f = p.section("Trailing bytes")
	p.row(f, "Trailing bytes", fmt.Sprintf("%d bytes after the last block read", len(m.Trailing)))
	if len(m.Trailing) > 0 {
		msg := newMessage()
		f.Append("", container.NewVBox(widget.NewButton("Discard trailing bytes", func() { p.doShown(document.DiscardTrailing(), msg) }), msg))
	}
}

func subVersion(sv int32) string {
	if sv == 0 {
		return "absent"
	}
	return fmt.Sprintf("present, sub-version %d", sv)
}

// skinSummary describes the vertex-extra data of a set of vertices.
func (p *Properties) skinSummary(f *form, m *model.Model, verts []int) {
	st := m.SkinStats(verts)
	names := make([]string, 0, len(st.Bones))
	for k, b := range st.Bones {
		if k == 12 {
			names = append(names, fmt.Sprintf("… %d more", len(st.Bones)-k))
			break
		}
		names = append(names, fmt.Sprintf("%s (%d)", hub.DisplayName(m.Joints[b.Joint].Name, hub.Selection{Kind: hub.KindJoint, Index: b.Joint}), b.Vertices))
	}
	p.row(f, "Vertices", strconv.Itoa(st.Vertices))
	p.row(f, "Bones used", fmt.Sprintf("%d: %s", len(st.Bones), strings.Join(names, ", ")))
	p.row(f, "Influences", fmt.Sprintf("%d vertices on several bones, %d on none", st.Multi, st.None))
	if m.VertexExtraSubVersion >= 2 {
		p.row(f, "Extra words", fmt.Sprintf("%d vertices with non-zero extra data", st.Extra))
	}
}
