package ui

import (
	"image"
	"image/color"
	"math"
	"slices"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"ms3dstudio/model"
	"ms3dstudio/model/animedit"
)

// Dope sheet geometry, in Fyne units.
const (
	dopeNameW   = 150
	dopeRowH    = 20
	dopeHeaderH = 20
	dopeIndent  = 12
	dopeKeyR    = 4 // half the size of a key mark
	dopeHitR    = 6
)

// dopeRow is one row of the dope sheet: a joint at a depth in the tree.
type dopeRow struct {
	joint, depth int
	children     bool
}

// keyID names a key for the selection (times identify keys across edits).
type keyID struct {
	joint int
	kind  animedit.Kind
	time  float32
}

// DopeSheet shows every joint's keys against time: a row per joint,
// indented as the hierarchy and collapsible, a diamond per rotation key and
// a square per position key, the current frame as a red line and the
// playback range unshaded. Click selects a key (Shift adds), a drag from
// empty space box-selects, a drag of a selected key moves the selection in
// whole frames (Alt: sub-frame), Delete deletes it. Dragging a joint's name
// onto another row makes it that joint's child (below the last row: a
// root), keeping its pose in model space. The wheel scrolls the
// rows, Shift+wheel pans and Ctrl+wheel zooms time; a click in the header
// scrubs. The logic answers through the On… callbacks; the animator turns
// them into document commands.
type DopeSheet struct {
	widget.BaseWidget

	// OnSeek scrubs to a frame (a click or drag in the header).
	OnSeek func(frame float64)
	// OnSelectJoint selects a joint (a click on its name).
	OnSelectJoint func(j int)
	// OnMove moves keys by frames frames (the end of a key drag).
	OnMove func(refs []animedit.KeyRef, frames float64)
	// OnDelete deletes keys (the Delete key).
	OnDelete func(refs []animedit.KeyRef)
	// OnRange sets the playback range (SetRange).
	OnRange func(in, out float64)
	// OnReparent makes joint j a child of parent (−1: a root): a joint's
	// name dragged onto another row, or below the last row.
	OnReparent func(j, parent int)

	m           *model.Model
	fps         float64
	rows        []dopeRow
	collapsed   map[int]bool
	selJoints   []int
	subtreeOnly bool
	frame       float64
	in, out     float64

	first, ppf float64 // frame at the left edge of the key area, units per frame
	scroll     int     // first row shown

	selected map[keyID]bool

	mods                fyne.KeyModifier
	press               fyne.Position
	dragMode            int // 0 none, 1 move, 2 box, 3 scrub
	dragNow             fyne.Position
	dragFrames          float64
	raster              *canvas.Raster
	texts               []*canvas.Text
	objects             []fyne.CanvasObject
	lastSize            fyne.Size
	userZoomed, focused bool
}

// Drag modes.
const (
	dragNone = iota
	dragMove
	dragBox
	dragScrub
	dragReparent
)

var (
	_ fyne.Tappable     = (*DopeSheet)(nil)
	_ fyne.Draggable    = (*DopeSheet)(nil)
	_ fyne.Scrollable   = (*DopeSheet)(nil)
	_ fyne.Focusable    = (*DopeSheet)(nil)
	_ desktop.Mouseable = (*DopeSheet)(nil)
)

// NewDopeSheet returns an empty dope sheet.
func NewDopeSheet() *DopeSheet {
	d := &DopeSheet{collapsed: map[int]bool{}, selected: map[keyID]bool{}, ppf: 8, first: 0, fps: 24}
	d.raster = canvas.NewRaster(d.draw)
	d.raster.ScaleMode = canvas.ImageScaleFastest
	d.ExtendBaseWidget(d)
	return d
}

// SetModel shows m's joints and keys (after a new document or an edit).
// Selected keys that no longer exist are dropped from the selection.
func (d *DopeSheet) SetModel(m *model.Model) {
	d.m = m
	if m != nil {
		d.fps = float64(m.EffectiveFPS())
	}
	for id := range d.selected {
		if !d.keyExists(id) {
			delete(d.selected, id)
		}
	}
	if !d.userZoomed {
		d.fit()
	}
	d.rebuildRows()
}

func (d *DopeSheet) keyExists(id keyID) bool {
	if d.m == nil || id.joint >= len(d.m.Joints) {
		return false
	}
	for _, k := range animedit.Keys(d.m, id.joint, id.kind) {
		if k.Time == id.time {
			return true
		}
	}
	return false
}

// fit zooms time so that the whole animation fits the key area.
func (d *DopeSheet) fit() {
	w := float64(d.Size().Width - dopeNameW - 16)
	n := 1.0
	if d.m != nil {
		n = math.Max(float64(d.m.TotalFrames), 1)
	}
	if w > 0 {
		d.ppf = math.Max(w/n, 0.05)
	}
	d.first = 0
}

// SetFrame moves the current-frame line.
func (d *DopeSheet) SetFrame(f float64) {
	if f == d.frame {
		return
	}
	d.frame = f
	d.raster.Refresh()
}

// SetRange sets the playback range shown (and reports it through
// OnRange); in ≥ out clears it.
func (d *DopeSheet) SetRange(in, out float64) {
	if !(in < out) {
		in, out = 0, 0
	}
	d.in, d.out = in, out
	if d.OnRange != nil {
		d.OnRange(in, out)
	}
	d.raster.Refresh()
}

// SetSelectedJoints highlights the rows of the selected joints (and, with
// subtree-only, shows only their subtrees).
func (d *DopeSheet) SetSelectedJoints(js []int) {
	d.selJoints = slices.Clone(js)
	d.rebuildRows()
	if len(js) > 0 {
		d.ScrollTo(js[0])
	}
}

// ScrollTo scrolls the rows so that joint j's row is shown.
func (d *DopeSheet) ScrollTo(j int) {
	i := slices.IndexFunc(d.rows, func(r dopeRow) bool { return r.joint == j })
	if i < 0 {
		return
	}
	visible := max(int((d.Size().Height-dopeHeaderH)/dopeRowH), 1)
	if i < d.scroll || i >= d.scroll+visible {
		d.scroll = max(min(i-visible/2, len(d.rows)-visible), 0)
		d.Refresh()
	}
}

// SetSubtreeOnly shows only the selected joints and their descendants.
func (d *DopeSheet) SetSubtreeOnly(on bool) {
	d.subtreeOnly = on
	d.rebuildRows()
}

// SetCollapsed collapses or expands joint j's children.
func (d *DopeSheet) SetCollapsed(j int, on bool) {
	d.collapsed[j] = on
	d.rebuildRows()
}

// Rows returns the joints of the rows shown, top to bottom.
func (d *DopeSheet) Rows() []int {
	out := make([]int, len(d.rows))
	for i, r := range d.rows {
		out[i] = r.joint
	}
	return out
}

// SelectedKeys returns the selected keys, joint by joint, rotation first,
// in time order.
func (d *DopeSheet) SelectedKeys() []animedit.KeyRef {
	refs := make([]animedit.KeyRef, 0, len(d.selected))
	for id := range d.selected {
		refs = append(refs, animedit.KeyRef{Joint: id.joint, Kind: id.kind, Time: id.time})
	}
	slices.SortFunc(refs, func(a, b animedit.KeyRef) int {
		switch {
		case a.Joint != b.Joint:
			return a.Joint - b.Joint
		case a.Kind != b.Kind:
			return int(a.Kind) - int(b.Kind)
		case a.Time < b.Time:
			return -1
		case a.Time > b.Time:
			return 1
		}
		return 0
	})
	return refs
}

// SelectKeys replaces the key selection.
func (d *DopeSheet) SelectKeys(refs []animedit.KeyRef) {
	clear(d.selected)
	for _, r := range refs {
		d.selected[keyID{r.Joint, r.Kind, r.Time}] = true
	}
	d.raster.Refresh()
}

// rebuildRows lists the rows: the hierarchy depth first, children of
// collapsed joints hidden.
func (d *DopeSheet) rebuildRows() {
	d.rows = d.rows[:0]
	if d.m != nil && len(d.m.Joints) > 0 {
		h := d.m.ResolveHierarchy()
		parents := h.Parent
		children := make([][]int, len(d.m.Joints))
		var roots []int
		for j, p := range parents {
			if p >= 0 && p < len(children) {
				children[p] = append(children[p], j)
			} else {
				roots = append(roots, j)
			}
		}
		if d.subtreeOnly && len(d.selJoints) > 0 {
			// Only selected joints whose ancestors are not selected start
			// a subtree.
			roots = roots[:0]
			for _, j := range d.selJoints {
				top := true
				for p := parents[j]; p >= 0; p = parents[p] {
					if slices.Contains(d.selJoints, p) {
						top = false
						break
					}
				}
				if top {
					roots = append(roots, j)
				}
			}
			slices.Sort(roots)
		}
		var walk func(j, depth int)
		seen := make([]bool, len(d.m.Joints))
		walk = func(j, depth int) {
			if seen[j] {
				return
			}
			seen[j] = true
			d.rows = append(d.rows, dopeRow{joint: j, depth: depth, children: len(children[j]) > 0})
			if d.collapsed[j] {
				return
			}
			for _, c := range children[j] {
				walk(c, depth+1)
			}
		}
		for _, r := range roots {
			walk(r, 0)
		}
	}
	d.scroll = min(d.scroll, max(len(d.rows)-1, 0))
	d.Refresh()
}

// xOf returns the x of frame f; frameAt the frame under x.
func (d *DopeSheet) xOf(f float64) float32 { return dopeNameW + float32((f-d.first)*d.ppf) }
func (d *DopeSheet) frameAt(x float32) float64 {
	return d.first + float64(x-dopeNameW)/d.ppf
}

// rowAt returns the index in rows of the row under y, or −1.
func (d *DopeSheet) rowAt(y float32) int {
	if y < dopeHeaderH {
		return -1
	}
	i := d.scroll + int((y-dopeHeaderH)/dopeRowH)
	if i >= len(d.rows) {
		return -1
	}
	return i
}

// keyY returns the y of the centre of a key mark of kind k in row i.
func (d *DopeSheet) keyY(i int, k animedit.Kind) float32 {
	top := dopeHeaderH + float32(i-d.scroll)*dopeRowH
	if k == animedit.Rotation {
		return top + dopeRowH*0.3
	}
	return top + dopeRowH*0.72
}

// keyAt returns the key under pos, if any.
func (d *DopeSheet) keyAt(pos fyne.Position) (keyID, bool) {
	i := d.rowAt(pos.Y)
	if i < 0 || pos.X < dopeNameW || d.m == nil {
		return keyID{}, false
	}
	j := d.rows[i].joint
	best, bestD := keyID{}, float32(dopeHitR)
	found := false
	for _, kind := range []animedit.Kind{animedit.Rotation, animedit.Position} {
		y := d.keyY(i, kind)
		for _, k := range animedit.Keys(d.m, j, kind) {
			dx := d.xOf(float64(k.Time)*d.fps) - pos.X
			dy := y - pos.Y
			if dd := float32(math.Hypot(float64(dx), float64(dy))); dd <= bestD {
				best, bestD, found = keyID{j, kind, k.Time}, dd, true
			}
		}
	}
	return best, found
}

// keysIn returns the keys whose marks lie in the rectangle a–b.
func (d *DopeSheet) keysIn(a, b fyne.Position) []keyID {
	x0, x1 := min(a.X, b.X), max(a.X, b.X)
	y0, y1 := min(a.Y, b.Y), max(a.Y, b.Y)
	var out []keyID
	for i := d.scroll; i < len(d.rows) && d.m != nil; i++ {
		j := d.rows[i].joint
		for _, kind := range []animedit.Kind{animedit.Rotation, animedit.Position} {
			y := d.keyY(i, kind)
			if y+dopeKeyR < y0 || y-dopeKeyR > y1 {
				continue
			}
			for _, k := range animedit.Keys(d.m, j, kind) {
				if x := d.xOf(float64(k.Time) * d.fps); x+dopeKeyR >= x0 && x-dopeKeyR <= x1 {
					out = append(out, keyID{j, kind, k.Time})
				}
			}
		}
	}
	return out
}

// MouseDown remembers the modifiers (Shift adds to the selection, Alt
// moves by sub-frames) and takes the keyboard focus.
func (d *DopeSheet) MouseDown(ev *desktop.MouseEvent) {
	d.mods, d.press = ev.Modifier, ev.Position
	if c := fyne.CurrentApp().Driver().CanvasForObject(d); c != nil {
		c.Focus(d)
	}
}

// MouseUp is part of desktop.Mouseable.
func (d *DopeSheet) MouseUp(*desktop.MouseEvent) {}

// Tapped selects a key, a joint or a frame.
func (d *DopeSheet) Tapped(ev *fyne.PointEvent) {
	p := ev.Position
	switch {
	case p.Y < dopeHeaderH && p.X >= dopeNameW:
		d.seek(p.X)
	case p.X < dopeNameW:
		i := d.rowAt(p.Y)
		if i < 0 {
			return
		}
		r := d.rows[i]
		if r.children && p.X < float32(r.depth*dopeIndent+dopeIndent+4) {
			d.SetCollapsed(r.joint, !d.collapsed[r.joint])
			return
		}
		if d.OnSelectJoint != nil {
			d.OnSelectJoint(r.joint)
		}
	default:
		id, ok := d.keyAt(p)
		add := d.mods&fyne.KeyModifierShift != 0
		if !add {
			clear(d.selected)
		}
		if ok {
			if add && d.selected[id] {
				delete(d.selected, id)
			} else {
				d.selected[id] = true
			}
		}
		d.raster.Refresh()
	}
}

func (d *DopeSheet) seek(x float32) {
	if d.OnSeek != nil {
		d.OnSeek(math.Max(math.Round(d.frameAt(x)), 0))
	}
}

// Dragged moves the selected keys, draws a selection box, or scrubs.
func (d *DopeSheet) Dragged(ev *fyne.DragEvent) {
	if d.dragMode == dragNone {
		switch id, ok := d.keyAt(d.press); {
		case d.press.Y < dopeHeaderH:
			d.dragMode = dragScrub
		case ok:
			if !d.selected[id] {
				if d.mods&fyne.KeyModifierShift == 0 {
					clear(d.selected)
				}
				d.selected[id] = true
			}
			d.dragMode = dragMove
		case d.press.X >= dopeNameW:
			d.dragMode = dragBox
		case d.rowAt(d.press.Y) >= 0:
			d.dragMode = dragReparent
		default:
			return
		}
	}
	d.dragNow = ev.Position
	switch d.dragMode {
	case dragScrub:
		d.seek(ev.Position.X)
	case dragMove:
		f := float64(ev.Position.X-d.press.X) / d.ppf
		if d.mods&fyne.KeyModifierAlt == 0 {
			f = math.Round(f)
		}
		d.dragFrames = f
	}
	d.raster.Refresh()
}

// DragEnd finishes a move or a box selection.
func (d *DopeSheet) DragEnd() {
	mode := d.dragMode
	d.dragMode = dragNone
	switch mode {
	case dragMove:
		f := d.dragFrames
		d.dragFrames = 0
		if f != 0 && d.OnMove != nil && len(d.selected) > 0 {
			refs := d.SelectedKeys()
			// The moved keys stay selected at their new times.
			clear(d.selected)
			for _, r := range refs {
				d.selected[keyID{r.Joint, r.Kind, float32((float64(r.Time)*d.fps + f) / d.fps)}] = true
			}
			d.OnMove(refs, f)
		}
	case dragReparent:
		from, to := d.rowAt(d.press.Y), d.rowAt(d.dragNow.Y)
		if from < 0 || d.OnReparent == nil || d.dragNow.Y < dopeHeaderH {
			break // dropped on the header: nothing
		}
		j, parent := d.rows[from].joint, -1
		if to >= 0 {
			parent = d.rows[to].joint
		}
		if parent != j {
			d.OnReparent(j, parent)
		}
	case dragBox:
		if d.mods&fyne.KeyModifierShift == 0 {
			clear(d.selected)
		}
		for _, id := range d.keysIn(d.press, d.dragNow) {
			d.selected[id] = true
		}
	}
	d.raster.Refresh()
}

// Scrolled scrolls the rows; with Shift it pans time, with Ctrl it zooms
// time about the pointer.
func (d *DopeSheet) Scrolled(ev *fyne.ScrollEvent) {
	mods := d.mods
	if drv, ok := fyne.CurrentApp().Driver().(desktop.Driver); ok {
		mods = drv.CurrentKeyModifiers()
	}
	dy := float64(ev.Scrolled.DY) / wheelStep
	switch {
	case mods&fyne.KeyModifierControl != 0:
		d.Zoom(math.Pow(1.25, dy), ev.Position.X)
	case mods&fyne.KeyModifierShift != 0 || ev.Scrolled.DX != 0:
		d.Pan(-(dy + float64(ev.Scrolled.DX)/wheelStep) * 40 / d.ppf)
	default:
		d.scroll = min(max(d.scroll-int(math.Round(dy)), 0), max(len(d.rows)-1, 0))
		d.Refresh()
	}
}

// wheelStep is one wheel notch as Fyne reports it on X11.
const wheelStep = 25

// Zoom scales time by factor about x (units per frame between 0.05 and
// 200).
func (d *DopeSheet) Zoom(factor float64, x float32) {
	f := d.frameAt(x)
	d.ppf = min(max(d.ppf*factor, 0.05), 200)
	d.first = f - float64(x-dopeNameW)/d.ppf
	d.userZoomed = true
	d.Refresh()
}

// Pan moves the view by frames frames.
func (d *DopeSheet) Pan(frames float64) {
	d.first += frames
	d.userZoomed = true
	d.Refresh()
}

// FocusGained is part of fyne.Focusable.
func (d *DopeSheet) FocusGained() { d.focused = true }

// FocusLost is part of fyne.Focusable.
func (d *DopeSheet) FocusLost() { d.focused = false }

// TypedRune passes characters on to the window's handler.
func (d *DopeSheet) TypedRune(r rune) {
	if c := fyne.CurrentApp().Driver().CanvasForObject(d); c != nil && c.OnTypedRune() != nil {
		c.OnTypedRune()(r)
	}
}

// TypedKey deletes the selected keys with Delete or Backspace; other keys
// go to the window's handler.
func (d *DopeSheet) TypedKey(ev *fyne.KeyEvent) {
	if d.DeleteSelected(ev.Name) {
		return
	}
	if c := fyne.CurrentApp().Driver().CanvasForObject(d); c != nil && c.OnTypedKey() != nil {
		c.OnTypedKey()(ev)
	}
}

// DeleteSelected deletes the selected keys when k is Delete or Backspace
// and keys are selected; it reports whether it did.
func (d *DopeSheet) DeleteSelected(k fyne.KeyName) bool {
	if (k != fyne.KeyDelete && k != fyne.KeyBackspace) || len(d.selected) == 0 || d.OnDelete == nil {
		return false
	}
	refs := d.SelectedKeys()
	clear(d.selected)
	d.OnDelete(refs)
	d.raster.Refresh()
	return true
}

// MinSize is part of fyne.Widget.
func (d *DopeSheet) MinSize() fyne.Size { return fyne.NewSize(300, dopeHeaderH+5*dopeRowH) }

// CreateRenderer is part of fyne.Widget.
func (d *DopeSheet) CreateRenderer() fyne.WidgetRenderer { return &dopeRenderer{d: d} }

type dopeRenderer struct{ d *DopeSheet }

func (r *dopeRenderer) Destroy()                     {}
func (r *dopeRenderer) MinSize() fyne.Size           { return r.d.MinSize() }
func (r *dopeRenderer) Objects() []fyne.CanvasObject { return r.d.objects }

func (r *dopeRenderer) Layout(s fyne.Size) {
	d := r.d
	if s == d.lastSize && len(d.objects) > 0 {
		return
	}
	if d.lastSize.Width == 0 && !d.userZoomed {
		d.lastSize = s
		d.fit()
	}
	d.lastSize = s
	r.build()
}

func (r *dopeRenderer) Refresh() {
	r.build()
	r.d.raster.Refresh()
	canvas.Refresh(r.d)
}

// build makes the text objects for the visible rows and the header.
func (r *dopeRenderer) build() {
	d := r.d
	s := d.Size()
	d.raster.Resize(s)
	d.raster.Move(fyne.NewPos(0, 0))
	d.objects = append(d.objects[:0], d.raster)
	n := 0
	text := func(str string, x, y float32, c color.Color, bold bool) {
		if n >= len(d.texts) {
			t := canvas.NewText("", c)
			t.TextSize = theme.CaptionTextSize()
			d.texts = append(d.texts, t)
		}
		t := d.texts[n]
		n++
		t.Text, t.Color, t.TextStyle.Bold = str, c, bold
		t.Move(fyne.NewPos(x, y))
		t.Refresh()
		d.objects = append(d.objects, t)
	}
	fg := theme.Color(theme.ColorNameForeground)
	if d.m != nil {
		for i := d.scroll; i < len(d.rows); i++ {
			y := dopeHeaderH + float32(i-d.scroll)*dopeRowH
			if y > s.Height {
				break
			}
			row := d.rows[i]
			mark := "  "
			if row.children {
				mark = "▾ "
				if d.collapsed[row.joint] {
					mark = "▸ "
				}
			}
			text(mark+d.m.Joints[row.joint].Name.Display(), float32(row.depth*dopeIndent)+2, y+1, fg, slices.Contains(d.selJoints, row.joint))
		}
		step := tickStep(int(math.Ceil(float64(s.Width-dopeNameW)/d.ppf))+1, s.Width-dopeNameW, 50)
		for f := int(math.Max(math.Ceil(d.first), 1)); ; f++ {
			if f != 1 && f%step != 0 {
				continue
			}
			x := d.xOf(float64(f))
			if x > s.Width {
				break
			}
			text(strconv.Itoa(f), x+2, 2, fg, false)
		}
	}
}

// Colours of the dope sheet.
var (
	dopeRotColor = color.NRGBA{0xf0, 0xb0, 0x30, 0xff}
	dopePosColor = color.NRGBA{0x40, 0xc0, 0xe0, 0xff}
	dopeSelColor = color.NRGBA{0xff, 0xff, 0xff, 0xff}
	dopeRowHL    = color.NRGBA{0x50, 0x60, 0x90, 0x60}
	dopeShade    = color.NRGBA{0, 0, 0, 0x50}
	dopeGrid     = color.NRGBA{0x80, 0x80, 0x80, 0x30}
	dopeHead     = color.NRGBA{0xe0, 0x40, 0x40, 0xff}
	dopeBox      = color.NRGBA{0x90, 0xb0, 0xff, 0xff}
)

// draw paints the key area: row stripes, frame grid, the playback range,
// the key marks (moved by the drag in progress), the current frame and
// the selection box.
func (d *DopeSheet) draw(w, h int) image.Image {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	s := d.Size()
	if s.Width <= 0 || s.Height <= 0 || w <= 0 || h <= 0 {
		return img
	}
	sx, sy := float32(w)/s.Width, float32(h)/s.Height
	fill := func(x0, y0, x1, y1 float32, c color.NRGBA) {
		px0, py0 := max(int(x0*sx), 0), max(int(y0*sy), 0)
		px1, py1 := min(int(math.Ceil(float64(x1*sx))), w), min(int(math.Ceil(float64(y1*sy))), h)
		for y := py0; y < py1; y++ {
			for x := px0; x < px1; x++ {
				blend(img, x, y, c)
			}
		}
	}
	fill(0, 0, s.Width, s.Height, color.NRGBA{0x20, 0x22, 0x28, 0xff})
	fill(0, 0, s.Width, dopeHeaderH, color.NRGBA{0x30, 0x32, 0x3a, 0xff})
	if d.m == nil {
		return img
	}
	last := float64(max(d.m.TotalFrames, 1))
	// Outside the animation and the playback range, shaded.
	in, out := 1.0, last
	if d.out > 0 {
		in, out = d.in, d.out
	}
	fill(dopeNameW, 0, max(d.xOf(in), dopeNameW), s.Height, dopeShade)
	fill(max(d.xOf(out), dopeNameW), 0, s.Width, s.Height, dopeShade)
	for i := d.scroll; i < len(d.rows); i++ {
		y := dopeHeaderH + float32(i-d.scroll)*dopeRowH
		if y > s.Height {
			break
		}
		if slices.Contains(d.selJoints, d.rows[i].joint) {
			fill(0, y, s.Width, y+dopeRowH, dopeRowHL)
		}
		fill(0, y+dopeRowH-1, s.Width, y+dopeRowH, dopeGrid)
	}
	step := tickStep(int(math.Ceil(float64(s.Width-dopeNameW)/d.ppf))+1, s.Width-dopeNameW, 8)
	for f := int(math.Max(math.Ceil(d.first), 1)); ; f++ {
		x := d.xOf(float64(f))
		if x > s.Width {
			break
		}
		if f == 1 || f%step == 0 {
			fill(x, dopeHeaderH-4, x+1/sx, s.Height, dopeGrid)
		}
	}
	fill(dopeNameW-1, 0, dopeNameW, s.Height, dopeGrid)
	// Keys.
	for i := d.scroll; i < len(d.rows); i++ {
		if dopeHeaderH+float32(i-d.scroll)*dopeRowH > s.Height {
			break
		}
		j := d.rows[i].joint
		for _, kind := range []animedit.Kind{animedit.Rotation, animedit.Position} {
			y := d.keyY(i, kind)
			c := dopeRotColor
			if kind == animedit.Position {
				c = dopePosColor
			}
			lastPx := -1
			for _, k := range animedit.Keys(d.m, j, kind) {
				f := float64(k.Time) * d.fps
				sel := d.selected[keyID{j, kind, k.Time}]
				if sel && d.dragMode == dragMove {
					f += d.dragFrames
				}
				x := d.xOf(f)
				if x < dopeNameW || x > s.Width {
					continue
				}
				if px := int(x * sx); px == lastPx && !sel {
					continue
				} else {
					lastPx = px
				}
				cc := c
				if sel {
					cc = dopeSelColor
				}
				mark(img, x*sx, y*sy, dopeKeyR*sx, kind == animedit.Rotation, cc)
			}
		}
	}
	// The row a dragged joint name would be dropped on.
	if d.dragMode == dragReparent {
		if i := d.rowAt(d.dragNow.Y); i >= 0 {
			y := dopeHeaderH + float32(i-d.scroll)*dopeRowH
			fill(0, y, dopeNameW, y+dopeRowH, dopeBox)
		}
	}
	// Current frame.
	if x := d.xOf(d.frame); x >= dopeNameW && x <= s.Width {
		fill(x-1/sx, 0, x+1/sx, s.Height, dopeHead)
	}
	if d.dragMode == dragBox {
		a, b := d.press, d.dragNow
		x0, x1, y0, y1 := min(a.X, b.X), max(a.X, b.X), min(a.Y, b.Y), max(a.Y, b.Y)
		c := dopeBox
		fill(x0, y0, x1, y0+1/sy, c)
		fill(x0, y1, x1, y1+1/sy, c)
		fill(x0, y0, x0+1/sx, y1, c)
		fill(x1, y0, x1+1/sx, y1, c)
	}
	return img
}

// mark draws a key mark of half-size r pixels at (cx, cy): a diamond for a
// rotation key, a square for a position key.
func mark(img *image.NRGBA, cx, cy, r float32, diamond bool, c color.NRGBA) {
	b := img.Bounds()
	for y := int(cy - r - 1); y <= int(cy+r+1); y++ {
		for x := int(cx - r - 1); x <= int(cx+r+1); x++ {
			if !(image.Pt(x, y).In(b)) {
				continue
			}
			dx, dy := float32(x)+0.5-cx, float32(y)+0.5-cy
			var inside bool
			if diamond {
				inside = abs32(dx)+abs32(dy) <= r
			} else {
				inside = abs32(dx) <= r*0.75 && abs32(dy) <= r*0.75
			}
			if inside {
				img.SetNRGBA(x, y, c)
			}
		}
	}
}

func abs32(x float32) float32 {
	if x < 0 {
		return -x
	}
	return x
}

// blend paints c over pixel (x, y) with its alpha.
func blend(img *image.NRGBA, x, y int, c color.NRGBA) {
	if c.A == 0xff {
		img.SetNRGBA(x, y, c)
		return
	}
	o := img.NRGBAAt(x, y)
	a := uint32(c.A)
	mix := func(s, d uint8) uint8 { return uint8((uint32(s)*a + uint32(d)*(255-a)) / 255) }
	img.SetNRGBA(x, y, color.NRGBA{mix(c.R, o.R), mix(c.G, o.G), mix(c.B, o.B), max(o.A, c.A)})
}
