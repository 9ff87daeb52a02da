package properties

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"ms3dstudio/document"
	"ms3dstudio/model"
	"ms3dstudio/ui/widgets"
)

// keyWidgets are the widgets of one key list of the selected joint.
type keyWidgets struct {
	list          *widget.List
	time, value   *widget.Entry
	set, add, del *widget.Button
	msg           *widget.Label
}

func (p *Properties) joint(m *model.Model, i int) {
	j := m.Joints[i]
	h := m.ResolveHierarchy()
	f := p.section(fmt.Sprintf("Joint %d", i))
	p.edit(f, "Name", j.Name.Display(), false, func(s string) error { return p.do(document.RenameJoint(i, s)) })
	parent := "root"
	if pi := h.Parent[i]; pi >= 0 {
		parent = fmt.Sprintf("%s (joint %d)", m.Joints[pi].Name.Display(), pi)
	} else if j.Parent.Text() != "" {
		parent = fmt.Sprintf("%q not found: treated as a root", j.Parent.Display())
	}
	p.row(f, "Parent", parent)
	var kids []string
	for _, c := range h.Children[i] {
		kids = append(kids, m.Joints[c].Name.Display())
	}
	p.row(f, "Children", strings.Join(kids, ", "))
	p.row(f, "Flags", flagsText(j.Flags))
	for _, r := range []struct {
		name string
		v    [3]float32
		cmd  func([3]float32) document.Command
	}{
		{"Rest rotation", j.Rotation, func(v [3]float32) document.Command { return document.SetRestRotation(i, v) }},
		{"Rest position", j.Position, func(v [3]float32) document.Command { return document.SetRestPosition(i, v) }},
	} {
		cmd := r.cmd
		p.edit(f, r.name, widgets.FormatFloats(r.v[:]...), false, func(s string) error {
			v, err := widgets.ParseFloats(s, 3)
			if err != nil {
				return err
			}
			return p.do(cmd([3]float32(v)))
		})
	}
	p.row(f, "Rest rotation (degrees)", fmt.Sprintf("%.2f %.2f %.2f", deg(j.Rotation[0]), deg(j.Rotation[1]), deg(j.Rotation[2])))
	if m.JointExtraSubVersion != 0 {
		p.row(f, "Colour", widgets.FormatFloats(j.Color[:]...))
	}
	bound := 0
	var inf [4]model.Influence
	for v := range m.Vertices {
		n := m.Influences(v, &inf)
		for _, in := range inf[:n] {
			if in.Joint == i {
				bound++
				break
			}
		}
	}
	p.row(f, "Vertices bound", strconv.Itoa(bound))
	p.comment(f, model.PartJoint, i, m.Comments.Joints)
	p.keys(m, i, document.RotationKey, "Rotation keys", "radians, relative to the rest pose")
	p.keys(m, i, document.PositionKey, "Position keys", "relative to the rest pose, in its frame")
}

func deg(r float32) float64 { return float64(r) * 180 / math.Pi }

// keys shows one of a joint's key lists with an editor for the selected
// key.
func (p *Properties) keys(m *model.Model, j int, kind document.KeyKind, title, unit string) {
	keys := document.KeysOf(&m.Joints[j], kind)
	fps := float64(m.EffectiveFPS())
	f := p.section(fmt.Sprintf("%s (%d)", title, len(keys)))
	p.values[title] = strconv.Itoa(len(keys))
	row := func(k int) string {
		key := keys[k]
		return fmt.Sprintf("%d: frame %.2f  %s s  (%s)", k, float64(key.Time)*fps, widgets.FormatFloat(key.Time), widgets.FormatFloats(key.Value[:]...))
	}
	list := widget.NewList(func() int { return len(keys) },
		func() fyne.CanvasObject { return widget.NewLabel("0: frame 0000.00  0.0000 s  (0 0 0)") },
		func(id widget.ListItemID, o fyne.CanvasObject) {
			if id < len(keys) {
				o.(*widget.Label).SetText(row(id))
			}
		})
	sel := p.keyRow[kind]
	if sel >= len(keys) {
		sel = -1
	}
	now := 1 / fps
	if p.Now != nil {
		now = p.Now()
	}
	timeText, valueText := widgets.FormatFloat(float32(now)), "0 0 0"
	if sel >= 0 {
		timeText, valueText = widgets.FormatFloat(keys[sel].Time), widgets.FormatFloats(keys[sel].Value[:]...)
	}
	tEntry := widget.NewEntry()
	tEntry.SetText(timeText)
	vEntry := widget.NewEntry()
	vEntry.SetText(valueText)
	msg := newMessage()
	p.values[title+" message"] = ""
	read := func() (model.Key, error) {
		t, err := widgets.ParseFloats(tEntry.Text, 1)
		if err != nil {
			return model.Key{}, fmt.Errorf("time: %w", err)
		}
		v, err := widgets.ParseFloats(vEntry.Text, 3)
		if err != nil {
			return model.Key{}, fmt.Errorf("value: %w", err)
		}
		return model.Key{Time: t[0], Value: [3]float32(v)}, nil
	}
	run := func(make func(model.Key) document.Command) {
		k, err := read()
		if err == nil {
			err = p.do(make(k))
		}
		if err != nil {
			p.values[title+" message"] = err.Error()
			msg.SetText(err.Error())
			msg.Show()
		}
	}
	setBtn := widget.NewButton("Set key", func() {
		run(func(k model.Key) document.Command { return document.SetKey(j, kind, p.keyRow[kind], k) })
	})
	delBtn := widget.NewButton("Delete key", func() {
		if err := p.do(document.DeleteKey(j, kind, p.keyRow[kind])); err != nil {
			msg.SetText(err.Error())
			msg.Show()
		}
	})
	addBtn := widget.NewButton("Add key", func() {
		// The key goes at the scrubber's time now, not the time the panel
		// was built at, unless the user typed another time.
		if tEntry.Text == timeText && p.Now != nil {
			tEntry.SetText(widgets.FormatFloat(float32(p.Now())))
		}
		run(func(k model.Key) document.Command { return document.AddKey(j, kind, k) })
	})
	if sel < 0 {
		setBtn.Disable()
		delBtn.Disable()
	}
	list.OnSelected = func(id widget.ListItemID) {
		if id >= len(keys) {
			return
		}
		p.keyRow[kind] = id
		tEntry.SetText(widgets.FormatFloat(keys[id].Time))
		vEntry.SetText(widgets.FormatFloats(keys[id].Value[:]...))
		setBtn.Enable()
		delBtn.Enable()
	}
	if sel >= 0 {
		list.Select(sel)
		list.ScrollTo(sel)
	}
	space := canvas.NewRectangle(nil)
	space.SetMinSize(fyne.NewSize(10, 140))
	f.Append("Keys", container.NewStack(space, list))
	f.Append("Time (s)", tEntry)
	f.Append("Value", vEntry)
	f.Append("", container.NewVBox(container.NewHBox(setBtn, addBtn, delBtn), msg))
	f.Append("", widget.NewLabel(unit))
	p.keyWidgets[kind] = keyWidgets{list: list, time: tEntry, value: vEntry, set: setBtn, add: addBtn, del: delBtn, msg: msg}
}
