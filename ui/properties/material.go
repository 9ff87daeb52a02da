package properties

import (
	"fmt"
	"image/color"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"ms3dstudio/document"
	"ms3dstudio/model"
	"ms3dstudio/ui/hub"
	"ms3dstudio/ui/widgets"
)

// colorOf converts an RGBA colour of 0–1 floats for display.
func colorOf(c [4]float32) color.NRGBA {
	b := func(f float32) uint8 {
		if !(f > 0) {
			return 0
		}
		if f >= 1 {
			return 255
		}
		return uint8(f*255 + 0.5)
	}
	return color.NRGBA{b(c[0]), b(c[1]), b(c[2]), 255}
}

func (p *Properties) material(m *model.Model, i int) {
	mt := m.Materials[i]
	f := p.section(fmt.Sprintf("Material %d", i))
	p.edit(f, "Name", mt.Name.Display(), false, func(s string) error { return p.do(document.RenameMaterial(i, s)) })
	for _, c := range []struct {
		slot document.ColorSlot
		v    [4]float32
	}{{document.Ambient, mt.Ambient}, {document.Diffuse, mt.Diffuse}, {document.Specular, mt.Specular}, {document.Emissive, mt.Emissive}} {
		slot := c.slot
		name := strings.ToUpper(slot.String()[:1]) + slot.String()[1:]
		e := widgets.NewCommitEntry(widgets.FormatFloats(c.v[:]...), false, func(s string) error {
			v, err := widgets.ParseFloats(s, 4)
			if err != nil {
				return err
			}
			return p.do(document.SetMaterialColor(i, slot, [4]float32(v)))
		})
		p.entries[name] = e
		p.values[name] = e.Text
		swatch := canvas.NewRectangle(colorOf(c.v))
		swatch.SetMinSize(fyne.NewSize(24, 24))
		swatch.StrokeWidth = 1
		swatch.StrokeColor = colorOf([4]float32{0.5, 0.5, 0.5, 1})
		f.Append(name, container.NewBorder(nil, nil, nil, container.NewCenter(swatch), widgets.WithMessage(e)))
	}
	p.edit(f, "Shininess", widgets.FormatFloat(mt.Shininess), false, func(s string) error {
		v, err := widgets.ParseFloats(s, 1)
		if err != nil {
			return err
		}
		return p.do(document.SetShininess(i, v[0]))
	})
	p.edit(f, "Transparency", widgets.FormatFloat(mt.Transparency), false, func(s string) error {
		v, err := widgets.ParseFloats(s, 1)
		if err != nil {
			return err
		}
		return p.do(document.SetTransparency(i, v[0]))
	})
	f.Append("", wrapped("transparency is the opacity: 1 is opaque"))
	p.materialEditors(f, m, i)
	p.values["Mode"] = fmt.Sprintf("%#02x", mt.Mode)
	modes := container.NewGridWithColumns(2, widget.NewLabel(p.values["Mode"]))
	modeMsg := newMessage()
	for _, b := range []struct {
		bit  uint8
		name string
	}{{model.MaterialSphereMap, "Sphere map"}, {model.MaterialHasAlpha, "Has alpha"}, {model.MaterialCombineAlpha, "Combine alpha"}} {
		bit := b.bit
		chk := widgets.NewKeyCheck(b.name, nil)
		chk.SetChecked(mt.Mode&bit != 0)
		chk.OnChanged = func(on bool) {
			var mode uint8
			if mts := p.doc.Model().Materials; i < len(mts) {
				mode = mts[i].Mode &^ bit
			}
			if on {
				mode |= bit
			}
			p.doShown(document.SetMode(i, mode), modeMsg)
		}
		modes.Add(chk)
	}
	f.Append("Mode", container.NewVBox(modes, modeMsg))
	for _, t := range []struct {
		name  string
		s     model.Str
		alpha bool
	}{{"Texture", mt.Texture, false}, {"Alpha map", mt.AlphaMap, true}} {
		alpha := t.alpha
		p.edit(f, t.name, t.s.Display(), false, func(s string) error {
			if alpha {
				return p.do(document.SetAlphaMap(i, s))
			}
			return p.do(document.SetTexture(i, s))
		})
		p.row(f, t.name+" file", p.tex.Lookup(t.s).String())
		if t.s.Text() != t.s {
			p.row(f, t.name+" stored bytes", fmt.Sprintf("%d bytes, %d after the terminating NUL (kept)", len(t.s), len(t.s)-len(t.s.Text())))
		}
	}
	p.comment(f, model.PartMaterial, i, m.Comments.Materials)
	var users []string
	for g := range m.Groups {
		if int(m.Groups[g].Material) == i {
			users = append(users, hub.DisplayName(m.Groups[g].Name, hub.Selection{Kind: hub.KindGroup, Index: g}))
		}
	}
	p.row(f, "Used by", strings.Join(users, ", "))
}
