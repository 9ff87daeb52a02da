package properties

import (
	"fmt"
	"image/color"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"ms3dstudio/document"
	"ms3dstudio/model"
	"ms3dstudio/ui/widgets"
)

// windowOf returns the window showing o, or nil.
func windowOf(o fyne.CanvasObject) fyne.Window {
	a := fyne.CurrentApp()
	if a == nil {
		return nil
	}
	c := a.Driver().CanvasForObject(o)
	for _, w := range a.Driver().AllWindows() {
		if w.Canvas() == c {
			return w
		}
	}
	return nil
}

// rgbaOf converts a picked colour into material components (0–1), keeping
// alpha from the old value when the picker gives an opaque colour.
func rgbaOf(c color.Color, old [4]float32) [4]float32 {
	n := color.NRGBAModel.Convert(c).(color.NRGBA)
	v := [4]float32{float32(n.R) / 255, float32(n.G) / 255, float32(n.B) / 255, float32(n.A) / 255}
	if n.A == 255 {
		v[3] = old[3]
	}
	return v
}

// materialEditors adds to material i's section what the text fields do not
// give: a colour picker per colour, shininess and transparency sliders,
// assigning the material to groups, and the material actions. Every edit
// is one undoable command.
func (p *Properties) materialEditors(f *form, m *model.Model, i int) {
	mt := m.Materials[i]
	msg := newMessage()
	pickers := container.NewGridWithColumns(2)
	for _, c := range []struct {
		slot document.ColorSlot
		v    [4]float32
	}{{document.Ambient, mt.Ambient}, {document.Diffuse, mt.Diffuse}, {document.Specular, mt.Specular}, {document.Emissive, mt.Emissive}} {
		slot, old := c.slot, c.v
		var b *widget.Button
		b = widget.NewButton(strings.ToUpper(slot.String()[:1])+slot.String()[1:]+"…", func() {
			w := windowOf(b)
			if w == nil {
				return
			}
			d := dialog.NewColorPicker("Material "+slot.String()+" colour", "", func(col color.Color) {
				p.doShown(document.SetMaterialColor(i, slot, rgbaOf(col, old)), msg)
			}, w)
			d.Advanced = true
			d.SetColor(colorOf(old))
			d.Show()
		})
		pickers.Add(b)
	}
	f.Append("Pick colour", pickers)

	slider := func(name string, lo, hi, step float64, v float32, cmd func(float32) document.Command) {
		s := widget.NewSlider(lo, hi)
		s.Step = step
		s.SetValue(float64(v))
		val := widget.NewLabel(widgets.FormatFloat(v))
		s.OnChanged = func(x float64) { val.SetText(widgets.FormatFloat(float32(x))) }
		s.OnChangeEnded = func(x float64) { p.doShown(cmd(float32(x)), msg) }
		f.Append(name, container.NewBorder(nil, nil, nil, val, s))
	}
	slider("Shininess slider", 0, 128, 1, mt.Shininess, func(x float32) document.Command { return document.SetShininess(i, x) })
	slider("Opacity slider", 0, 1, 0.01, mt.Transparency, func(x float32) document.Command { return document.SetTransparency(i, x) })

	var names []string
	var using []string
	for g := range m.Groups {
		n := fmt.Sprintf("%d %s", g, m.Groups[g].Name.Display())
		names = append(names, n)
		if int(m.Groups[g].Material) == i {
			using = append(using, n)
		}
	}
	// One group a line: a row of them made the panel as wide as all
	// their names (1,700 units for level.ms3d).
	groups := widget.NewCheckGroup(names, nil)
	groups.SetSelected(using)
	assign := widget.NewButton("Assign to checked groups", func() {
		var sel []int
		for g, n := range names {
			for _, s := range groups.Selected {
				if s == n {
					sel = append(sel, g)
				}
			}
		}
		p.doShown(document.AssignMaterial(sel, i), msg)
	})
	f.Append("Groups", container.NewVBox(groups, assign))

	dup := widget.NewButton("Duplicate", func() { p.doShown(document.DuplicateMaterial(i), msg) })
	del := widget.NewButton("Delete…", func() { p.confirmDeleteMaterial(i, msg) })
	add := widget.NewButton("New material", func() {
		p.doShown(document.AddMaterial(document.NewMaterial(fmt.Sprintf("Material %d", len(p.doc.Model().Materials)))), msg)
	})
	f.Append("Material", container.NewVBox(container.NewGridWithColumns(2, add, dup, del), msg))
}

// confirmDeleteMaterial deletes material i: at once when no group uses it,
// else after asking what the groups using it get instead.
func (p *Properties) confirmDeleteMaterial(i int, msg *widget.Label) {
	m := p.doc.Model()
	users := 0
	for g := range m.Groups {
		if int(m.Groups[g].Material) == i {
			users++
		}
	}
	w := p.win
	if w == nil {
		w = windowOf(msg)
	}
	if users == 0 || w == nil {
		p.doShown(document.DeleteMaterial(i, -1), msg)
		return
	}
	opts := []string{"no material"}
	for k := range m.Materials {
		if k != i {
			opts = append(opts, fmt.Sprintf("%d %s", k, m.Materials[k].Name.Display()))
		}
	}
	choice := widget.NewSelect(opts, nil)
	choice.SetSelectedIndex(0)
	dialog.ShowCustomConfirm("Delete material "+m.Materials[i].Name.Display(), "Delete", "Cancel",
		container.NewVBox(widget.NewLabel(widgets.Plural(users, "group")+" use it. They get:"), choice), func(ok bool) {
			if !ok {
				return
			}
			repl := choice.SelectedIndex() - 1
			if repl >= i {
				repl++
			}
			p.doShown(document.DeleteMaterial(i, repl), msg)
		}, w)
}
