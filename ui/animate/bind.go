package animate

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"ms3dstudio/document"
	"ms3dstudio/model"
	"ms3dstudio/model/animedit"
	"ms3dstudio/ui/hub"
	"ms3dstudio/ui/widgets"
)

// Binding: the Animator keeps a vertex selection (made by group, by joint,
// or by clicking and box-dragging in the viewport) and binds it to joints with document commands; the viewport's
// weight heat map (View ▸ Weight Heat-Map) shows the result at once,
// since the commands report a Skin change.

// bindMenu returns the Bind items of the Animate menu.
func (a *Animator) bindMenu() []*fyne.MenuItem {
	return []*fyne.MenuItem{
		fyne.NewMenuItem("Select Vertices in the View", func() { a.SetVertexSelect(!a.vertsCheck.Checked) }),
		fyne.NewMenuItem("Select Vertices of Selected Group", a.SelectGroupVertices),
		fyne.NewMenuItem("Select Vertices of Selected Joint", a.SelectJointVertices),
		fyne.NewMenuItem("Assign Selected Vertices to Joint (100 %)", a.AssignToJoint),
		fyne.NewMenuItem("Set Weights of Selected Vertices…", a.askWeights),
	}
}

// SelectedVertices returns the vertex selection.
func (a *Animator) SelectedVertices() []int { return slices.Clone(a.verts) }

// SelectVertices replaces the vertex selection (indices that do not exist
// are dropped).
func (a *Animator) SelectVertices(vs []int) {
	m := a.model()
	a.verts = a.verts[:0]
	for _, v := range vs {
		if m != nil && v >= 0 && v < len(m.Vertices) && !slices.Contains(a.verts, v) {
			a.verts = append(a.verts, v)
		}
	}
	slices.Sort(a.verts)
	if a.view != nil {
		a.view.SetSelectedVertices(a.verts)
	}
	a.refreshFields()
}

// SetVertexSelect turns vertex selection in the viewport on or off: a
// click selects the vertex under the pointer, a drag those in its box,
// Shift adds to the selection.
func (a *Animator) SetVertexSelect(on bool) {
	a.vertsCheck.SetChecked(on)
	if a.view == nil {
		return
	}
	if !on {
		a.view.SetVertexSelect(false, nil)
		return
	}
	a.view.SetVertexSelect(true, func(vs []int, add bool) {
		if add {
			vs = append(slices.Clone(a.verts), vs...)
		}
		a.SelectVertices(vs)
	})
}

// SelectGroupVertices selects the vertices of the group selected in the
// outline.
func (a *Animator) SelectGroupVertices() {
	m := a.model()
	s := a.cfg.Hub.Current()
	if m == nil || s.Kind != hub.KindGroup || s.Index < 0 || s.Index >= len(m.Groups) {
		dialog.ShowInformation("No group selected", "Select a group in the outline first.", a.cfg.Window)
		return
	}
	var vs []int
	for _, ti := range m.Groups[s.Index].Triangles {
		if int(ti) < len(m.Triangles) {
			for _, v := range m.Triangles[ti].Vertices {
				vs = append(vs, int(v))
			}
		}
	}
	a.SelectVertices(vs)
}

// SelectJointVertices selects the vertices with any weight on the current
// joint.
func (a *Animator) SelectJointVertices() {
	m := a.model()
	if m == nil || len(a.sel) == 0 {
		dialog.ShowInformation("No joint selected", "Select a joint first.", a.cfg.Window)
		return
	}
	j := a.sel[0]
	var vs []int
	var inf [4]model.Influence
	for v := range m.Vertices {
		n := m.Influences(v, &inf)
		for _, in := range inf[:n] {
			if in.Joint == j && in.Weight > 0 {
				vs = append(vs, v)
				break
			}
		}
	}
	a.SelectVertices(vs)
}

// AssignToJoint binds the selected vertices 100 % to the current joint.
func (a *Animator) AssignToJoint() {
	if a.model() == nil || len(a.sel) == 0 || len(a.verts) == 0 {
		dialog.ShowInformation("Nothing to assign", "Select vertices (by group or by joint) and a joint first.", a.cfg.Window)
		return
	}
	a.cfg.Do(document.AssignVertices(a.verts, a.sel[0]))
}

// askWeights sets up to four joint weights on the selected vertices.
func (a *Animator) askWeights() {
	m := a.model()
	if m == nil || len(a.verts) == 0 {
		dialog.ShowInformation("No vertices selected", "Select vertices (by group or by joint) first.", a.cfg.Window)
		return
	}
	names := []string{""}
	for i := range m.Joints {
		names = append(names, m.Joints[i].Name.Display())
	}
	var items []*widget.FormItem
	var joints [4]*widget.Select
	var weights [4]*widget.Entry
	for k := range 4 {
		joints[k] = widget.NewSelect(names, nil)
		weights[k] = widget.NewEntry()
		if k < len(a.sel) {
			joints[k].SetSelectedIndex(a.sel[k] + 1)
			weights[k].SetText("1")
		}
		items = append(items, widget.NewFormItem(fmt.Sprintf("Joint %d", k+1), joints[k]), widget.NewFormItem("Weight", weights[k]))
	}
	dialog.ShowForm("Weights of "+widgets.Count(len(a.verts), "vertex", "vertices"), "OK", "Cancel", items, func(ok bool) {
		if !ok {
			return
		}
		var ws []animedit.Weight
		for k := range 4 {
			i := joints[k].SelectedIndex()
			if i <= 0 {
				continue
			}
			w, err := strconv.ParseFloat(strings.TrimSpace(weights[k].Text), 32)
			if err != nil {
				dialog.ShowError(fmt.Errorf("weight %d: %q is not a number", k+1, weights[k].Text), a.cfg.Window)
				return
			}
			ws = append(ws, animedit.Weight{Joint: i - 1, Weight: float32(w)})
		}
		a.cfg.Do(document.SetWeights(a.verts, ws))
	}, a.cfg.Window)
}
