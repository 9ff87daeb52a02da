package dopesheet

import (
	"image/color"
	"math"
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/widget"

	"ms3dstudio/model"
	"ms3dstudio/model/animedit"
	"ms3dstudio/ui/internal/textimage"
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
	// OnView is called after the time axis zoomed, panned or was fitted
	// again (the timeline's ruler follows it).
	OnView func()

	m           *model.Model
	fps         float64
	rows        []dopeRow
	collapsed   map[int]bool
	selJoints   []int
	subtreeOnly bool
	frame       float64
	in, out     float64

	first, ppf float64 // frame at the left edge of the key area, units per frame
	axisOffset float32 // see offsetTo
	scroll     int     // first row shown

	selected map[keyID]bool

	mods                fyne.KeyModifier
	press               fyne.Position
	dragMode            int // 0 none, 1 move, 2 box, 3 scrub
	dragNow             fyne.Position
	dragFrames          float64
	preview             *animedit.RetimePreview // of the key drag in progress
	collide             map[keyID]bool          // keys the drag would replace
	raster              *canvas.Raster
	head                *canvas.Line     // the current-frame line, see placeHead
	texts               []*canvas.Text   // the joint names
	numbers             textimage.Drawer // the frame numbers, drawn into the raster
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

// New returns an empty dope sheet.
func New() *DopeSheet {
	d := &DopeSheet{collapsed: map[int]bool{}, selected: map[keyID]bool{}, ppf: 8, first: 0, fps: 24}
	d.raster = canvas.NewRaster(d.draw)
	// Drawn at its pixel size: nearest texels are the same picture as
	// linear ones, for fewer texture reads (Fyne filters Fastest linearly).
	d.raster.ScaleMode = canvas.ImageScalePixels
	d.ExtendBaseWidget(d)
	return d
}

// Reset shows a newly opened model: everything the sheet showed of the
// previous one goes (key selection, collapsed rows, scroll, zoom, playback
// range, a drag in progress) and the whole animation is fitted to the key
// area.
func (d *DopeSheet) Reset(m *model.Model) {
	clear(d.selected)
	clear(d.collapsed)
	d.selJoints = nil
	d.scroll = 0
	d.userZoomed = false
	d.dragMode, d.dragFrames = dragNone, 0
	d.endCollisions()
	d.m = nil
	d.SetRange(0, 0)
	d.SetModel(m)
	d.raster.Refresh()
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
	if d.OnView != nil {
		d.OnView()
	}
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
	d.placeHead()
	canvas.Refresh(d.head)
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
	visible := d.visibleRows()
	if i < d.scroll || i >= d.scroll+visible {
		d.scroll = max(min(i-visible/2, len(d.rows)-visible), 0)
		d.Refresh()
	}
}

// visibleRows returns how many whole rows the sheet's height shows.
func (d *DopeSheet) visibleRows() int { return max(int((d.Size().Height-dopeHeaderH)/dopeRowH), 1) }

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
	slices.SortFunc(refs, animedit.CompareKeyRefs)
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

// MinSize is part of fyne.Widget.
func (d *DopeSheet) MinSize() fyne.Size { return fyne.NewSize(300, dopeHeaderH+5*dopeRowH) }

// CreateRenderer is part of fyne.Widget.
func (d *DopeSheet) CreateRenderer() fyne.WidgetRenderer { return &dopeRenderer{d: d} }

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
	dopeCollide  = color.NRGBA{0xff, 0x30, 0x30, 0xff}
)
