package ui

import (
	"fmt"
	"image/color"
	"math"
	"sort"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"ms3dstudio/document"
	"ms3dstudio/model"
)

// Properties is the panel on the right: every field the model holds for
// the selected element, editable where a document command exists. Entries
// commit on Enter or focus loss and show the command's error under
// themselves.
type Properties struct {
	// Now returns the timeline's current time in seconds, the time a new
	// key gets; nil means the first frame.
	Now func() float64

	scroll *container.Scroll
	box    *fyne.Container
	doc    *document.Document
	hub    *Hub
	tex    *Textures
	sel    Selection

	forms      []*form
	values     map[string]string
	entries    map[string]*CommitEntry
	keyRow     [2]int // selected key per document.KeyKind, −1 none
	keyWidgets [2]keyWidgets
	// materialSelect is the group's material chooser (for tests).
	materialSelect *widget.Select

	// post runs the rebuild after a change once the event that caused it
	// is over (by default through fyne.Do from a new goroutine, which
	// queues it on Fyne's goroutine). An entry commits in FocusLost while
	// Fyne is moving the focus to the next field; rebuilding right there
	// would hand the focus to a field that is no longer shown.
	post      func(func())
	scheduled bool
}

// keyWidgets are the widgets of one key list of the selected joint.
type keyWidgets struct {
	list          *widget.List
	time, value   *widget.Entry
	set, add, del *widget.Button
	msg           *widget.Label
}

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

// NewProperties returns a property panel that follows hub.
func NewProperties(hub *Hub) *Properties {
	p := &Properties{hub: hub, box: container.NewVBox(), keyRow: [2]int{-1, -1},
		post: func(f func()) { go fyne.Do(f) }}
	p.scroll = container.NewVScroll(p.box)
	hub.Subscribe(func(s Selection) {
		if s != p.sel {
			p.keyRow = [2]int{-1, -1}
		}
		p.sel = s
		p.Rebuild()
	})
	p.sel = hub.Current()
	return p
}

// Object returns the panel's canvas object.
func (p *Properties) Object() fyne.CanvasObject { return p.scroll }

// SetDocument shows d's elements (nil shows nothing) with texture lookups
// through tex.
func (p *Properties) SetDocument(d *document.Document, tex *Textures) {
	p.doc, p.tex = d, tex
	p.keyRow = [2]int{-1, -1}
	p.Rebuild()
}

// Changed refreshes the panel after a document change. Edits are user
// paced, so the panel is simply rebuilt (once the current event is over,
// keeping the focus on the field that had it); playback changes no document
// and never rebuilds it.
func (p *Properties) Changed(ch document.Change) {
	if ch.What.Has(document.Textures|document.Saved) && p.tex != nil {
		p.tex.Reset()
	}
	if p.scheduled {
		return
	}
	p.scheduled = true
	p.post(func() {
		p.scheduled = false
		p.rebuildKeepFocus()
	})
}

// rebuildKeepFocus rebuilds the panel and gives the focus back to the
// field with the same name when one of the panel's entries had it.
func (p *Properties) rebuildKeepFocus() {
	var c fyne.Canvas
	if a := fyne.CurrentApp(); a != nil {
		c = a.Driver().CanvasForObject(p.scroll)
	}
	name := ""
	if c != nil {
		if f := c.Focused(); f != nil {
			for n, e := range p.entries {
				if fyne.Focusable(e) == f {
					name = n
				}
			}
		}
	}
	p.Rebuild()
	if e := p.entries[name]; e != nil && c != nil {
		c.Focus(e)
	}
}

// Value returns the text shown for a read-only field of the current
// selection, and whether the field is shown.
func (p *Properties) Value(name string) (string, bool) {
	v, ok := p.values[name]
	return v, ok
}

// Entry returns the editable field called name, or nil.
func (p *Properties) Entry(name string) *CommitEntry { return p.entries[name] }

// Rebuild lays the panel out again for the current selection.
func (p *Properties) Rebuild() {
	p.values = map[string]string{}
	p.entries = map[string]*CommitEntry{}
	p.keyWidgets = [2]keyWidgets{}
	p.forms = nil
	if p.doc == nil {
		p.box.Objects = []fyne.CanvasObject{widget.NewLabel("No model")}
		p.box.Refresh()
		return
	}
	m := p.doc.Model()
	switch s := p.sel; s.Kind {
	case KindGroup:
		if s.Index < len(m.Groups) {
			p.group(m, s.Index)
		}
	case KindMaterial:
		if s.Index < len(m.Materials) {
			p.material(m, s.Index)
		}
	case KindJoint:
		if s.Index < len(m.Joints) {
			p.joint(m, s.Index)
		}
	case KindVertex:
		if s.Index < len(m.Vertices) {
			p.vertex(m, s.Index)
		}
	case KindTriangle:
		if s.Index < len(m.Triangles) {
			p.triangle(m, s.Index)
		}
	default:
		p.modelInfo(m)
	}
	objs := make([]fyne.CanvasObject, 0, 2*len(p.forms))
	for _, f := range p.forms {
		h := widget.NewLabel(f.title)
		h.TextStyle.Bold = true
		objs = append(objs, h, widget.NewForm(f.items...))
	}
	if len(objs) == 0 {
		objs = append(objs, widget.NewLabel(fmt.Sprintf("%s does not exist", p.sel)))
	}
	p.forms = nil
	p.box.Objects = objs
	p.box.Refresh()
}

// form collects the rows of one section; the widget.Form is made once at
// the end (appending to a shown form lays it out again each time).
type form struct {
	title string
	items []*widget.FormItem
}

// Append adds a row.
func (f *form) Append(text string, obj fyne.CanvasObject) {
	f.items = append(f.items, widget.NewFormItem(text, obj))
}

// section starts a titled form.
func (p *Properties) section(title string) *form {
	f := &form{title: title}
	p.forms = append(p.forms, f)
	return f
}

// row adds a read-only field.
func (p *Properties) row(f *form, name, value string) {
	p.values[name] = value
	l := widget.NewLabel(value)
	l.Wrapping = fyne.TextWrapWord
	l.Selectable = true
	f.Append(name, l)
}

// edit adds an editable field whose commit runs through the document.
func (p *Properties) edit(f *form, name, value string, multi bool, commit func(string) error) *CommitEntry {
	e := NewCommitEntry(value, multi, commit)
	p.entries[name] = e
	p.values[name] = value
	f.Append(name, withMessage(e))
	return e
}

// do runs cmd on the document.
func (p *Properties) do(cmd document.Command) error { return p.doc.Do(cmd) }

func (p *Properties) comment(f *form, part string, index int, list []model.Comment) {
	text, _ := model.CommentFor(list, index)
	p.edit(f, "Comment", document.CommentDisplay(text), true, func(s string) error {
		return p.do(document.SetComment(part, index, s))
	})
}

func (p *Properties) modelInfo(m *model.Model) {
	f := p.section("Model")
	p.row(f, "File", p.doc.Path())
	p.row(f, "Version", strconv.Itoa(int(m.Version)))
	p.row(f, "Counts", fmt.Sprintf("%d vertices, %d triangles, %d groups, %d materials, %d joints",
		len(m.Vertices), len(m.Triangles), len(m.Groups), len(m.Materials), len(m.Joints)))
	f = p.section("Animation")
	p.edit(f, "FPS", fmtF(m.FPS), false, func(s string) error {
		v, err := parseFloats(s, 1)
		if err != nil {
			return err
		}
		return p.do(document.SetFPS(v[0]))
	})
	if m.EffectiveFPS() != m.FPS {
		p.row(f, "Effective FPS", fmtF(m.EffectiveFPS()))
	}
	p.row(f, "Current time", fmt.Sprintf("%s s (editor state saved in the file, frame %.2f)", fmtF(m.CurrentTime), float64(m.CurrentTime)*float64(m.EffectiveFPS())))
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
	p.row(f, "Comments", fmt.Sprintf("%d group, %d material, %d joint comments", len(m.Comments.Groups), len(m.Comments.Materials), len(m.Comments.Joints)))
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
		p.row(f, "Joint size", fmtF(m.Extra.JointSize))
		p.row(f, "Transparency mode", strconv.Itoa(int(m.Extra.TransparencyMode)))
		p.row(f, "Alpha ref", fmtF(m.Extra.AlphaRef))
	}
	f = p.section("Trailing bytes")
	p.row(f, "Trailing bytes", fmt.Sprintf("%d bytes after the last block read", len(m.Trailing)))
	if len(m.Trailing) > 0 {
		f.Append("", widget.NewButton("Discard trailing bytes", func() { p.do(document.DiscardTrailing()) }))
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
	var inf [4]model.Influence
	bones := map[int]int{}
	multi, none, extra := 0, 0, 0
	for _, v := range verts {
		n := m.Influences(v, &inf)
		switch {
		case n == 0:
			none++
		case n > 1:
			multi++
		}
		for _, in := range inf[:n] {
			bones[in.Joint]++
		}
		if x := m.Vertices[v].Extra; x != [2]uint32{} {
			extra++
		}
	}
	ids := make([]int, 0, len(bones))
	for b := range bones {
		ids = append(ids, b)
	}
	sort.Ints(ids)
	names := make([]string, 0, len(ids))
	for k, b := range ids {
		if k == 12 {
			names = append(names, fmt.Sprintf("… %d more", len(ids)-k))
			break
		}
		names = append(names, fmt.Sprintf("%s (%d)", displayName(m.Joints[b].Name, Selection{KindJoint, b}), bones[b]))
	}
	p.row(f, "Vertices", strconv.Itoa(len(verts)))
	p.row(f, "Bones used", fmt.Sprintf("%d: %s", len(ids), strings.Join(names, ", ")))
	p.row(f, "Influences", fmt.Sprintf("%d vertices on several bones, %d on none", multi, none))
	if m.VertexExtraSubVersion >= 2 {
		p.row(f, "Extra words", fmt.Sprintf("%d vertices with non-zero extra data", extra))
	}
}

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
		opts = append(opts, fmt.Sprintf("%d: %s", k, displayName(m.Materials[k].Name, Selection{KindMaterial, k})))
	}
	sel := widget.NewSelect(opts, nil)
	cur := int(g.Material)
	switch {
	case cur < 0:
		sel.SetSelectedIndex(0)
	case cur < len(m.Materials):
		sel.SetSelectedIndex(cur + 1)
	default:
		sel.PlaceHolder = fmt.Sprintf("material %d (missing)", cur)
	}
	p.values["Material"] = materialName(m, cur)
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
	f.Append("Material", container.NewVBox(sel, msg))
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
		e := NewCommitEntry(fmtFloats(c.v[:]...), false, func(s string) error {
			v, err := parseFloats(s, 4)
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
		f.Append(name, container.NewBorder(nil, nil, nil, container.NewCenter(swatch), withMessage(e)))
	}
	p.edit(f, "Shininess", fmtF(mt.Shininess), false, func(s string) error {
		v, err := parseFloats(s, 1)
		if err != nil {
			return err
		}
		return p.do(document.SetShininess(i, v[0]))
	})
	p.edit(f, "Transparency", fmtF(mt.Transparency), false, func(s string) error {
		v, err := parseFloats(s, 1)
		if err != nil {
			return err
		}
		return p.do(document.SetTransparency(i, v[0]))
	})
	f.Append("", widget.NewLabel("transparency is the opacity: 1 is opaque"))
	p.values["Mode"] = fmt.Sprintf("%#02x", mt.Mode)
	modes := container.NewHBox(widget.NewLabel(p.values["Mode"]))
	for _, b := range []struct {
		bit  uint8
		name string
	}{{model.MaterialSphereMap, "Sphere map"}, {model.MaterialHasAlpha, "Has alpha"}, {model.MaterialCombineAlpha, "Combine alpha"}} {
		bit := b.bit
		chk := widget.NewCheck(b.name, nil)
		chk.SetChecked(mt.Mode&bit != 0)
		chk.OnChanged = func(on bool) {
			mode := p.doc.Model().Materials[i].Mode &^ bit
			if on {
				mode |= bit
			}
			p.do(document.SetMode(i, mode))
		}
		modes.Add(chk)
	}
	f.Append("Mode", modes)
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
			users = append(users, displayName(m.Groups[g].Name, Selection{KindGroup, g}))
		}
	}
	p.row(f, "Used by", strings.Join(users, ", "))
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
		p.edit(f, r.name, fmtFloats(r.v[:]...), false, func(s string) error {
			v, err := parseFloats(s, 3)
			if err != nil {
				return err
			}
			return p.do(cmd([3]float32(v)))
		})
	}
	p.row(f, "Rest rotation (degrees)", fmt.Sprintf("%.2f %.2f %.2f", deg(j.Rotation[0]), deg(j.Rotation[1]), deg(j.Rotation[2])))
	if m.JointExtraSubVersion != 0 {
		p.row(f, "Colour", fmtFloats(j.Color[:]...))
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
		return fmt.Sprintf("%d: frame %.2f  %s s  (%s)", k, float64(key.Time)*fps, fmtF(key.Time), fmtFloats(key.Value[:]...))
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
	timeText, valueText := fmtF(float32(now)), "0 0 0"
	if sel >= 0 {
		timeText, valueText = fmtF(keys[sel].Time), fmtFloats(keys[sel].Value[:]...)
	}
	tEntry := widget.NewEntry()
	tEntry.SetText(timeText)
	vEntry := widget.NewEntry()
	vEntry.SetText(valueText)
	msg := widget.NewLabel("")
	msg.Importance = widget.DangerImportance
	msg.Wrapping = fyne.TextWrapWord
	msg.Hide()
	p.values[title+" message"] = ""
	read := func() (model.Key, error) {
		t, err := parseFloats(tEntry.Text, 1)
		if err != nil {
			return model.Key{}, fmt.Errorf("time: %w", err)
		}
		v, err := parseFloats(vEntry.Text, 3)
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
		tEntry.SetText(fmtF(keys[id].Time))
		vEntry.SetText(fmtFloats(keys[id].Value[:]...))
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

func (p *Properties) vertex(m *model.Model, i int) {
	v := m.Vertices[i]
	f := p.section(fmt.Sprintf("Vertex %d", i))
	p.row(f, "Flags", flagsText(v.Flags))
	p.row(f, "Position", fmtFloats(v.Position[:]...))
	p.row(f, "Reference count", strconv.Itoa(int(v.ReferenceCount)))
	bone := func(b uint8) string {
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
		p.row(f, fmt.Sprintf("Corner %d", c), fmt.Sprintf("normal (%s)  uv (%s, %s)", fmtFloats(t.Normals[c][:]...), fmtF(t.S[c]), fmtF(t.T[c])))
	}
	p.row(f, "Smoothing group", strconv.Itoa(int(t.SmoothingGroup)))
	p.row(f, "Group", strconv.Itoa(int(t.Group)))
}
