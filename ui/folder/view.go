package folder

import (
	"fmt"
	"image"
	"path/filepath"
	"runtime"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"ms3dstudio/ui/widgets"
)

// ThumbSize is the side of a thumbnail in the folder view, in Fyne's
// device-independent units (drawn at the window's scale).
const ThumbSize = 128

// maxWorkers bounds the goroutines that draw thumbnails: more would only
// take the processor from the UI goroutine on the machines we measured.
const maxWorkers = 4

// View is File ▸ Open Folder…: a dialog showing one folder's subfolders
// (with its parent first, "..") and its models as a grid of thumbnails,
// each with its name, format, triangle count and problems. A click, or
// Enter or Space on the focused cell, walks into a folder or opens a
// model through the editor's open (which asks about unsaved changes);
// Backspace goes up. Thumbnails are drawn in the background, the models in
// view first (see loader), and the workers stop when the dialog closes or
// shows another folder.
type View struct {
	win  fyne.Window
	open func(path string, done func(err error))
	// OnDir is called with every folder the view shows (the editor
	// remembers the last one).
	OnDir func(dir string)

	post    func(func())
	draw    func(path string) Thumb
	workers int

	listing Listing
	items   []item
	thumbs  []*Thumb // by model index; nil until drawn
	drawn   int
	loader  *loader
	// cells holds the cell that last showed each item (it may show
	// another since: check its id).
	cells map[int]*cell
	// cellHeight is the height of a cell with its padding.
	cellHeight float32

	grid *grid
	// gridBox holds the grid, a new one for each folder (which starts
	// with the focus on its first cell).
	gridBox *fyne.Container
	where   *widget.Label
	status  *widget.Label
	up      *widget.Button
	dlg     *dialog.CustomDialog
	closed  bool
}

// item is one cell of the grid: a folder (the parent is "..") or a
// model (model indexes View.listing.Models).
type item struct {
	name  string
	path  string
	model int // −1 for a folder
}

// New returns the folder view of window w; open opens a model as File ▸
// Open does and calls done with the outcome (never when the user
// cancelled). Show it with Show.
func New(w fyne.Window, open func(path string, done func(err error))) *View {
	size := ThumbSize
	if c := w.Canvas(); c != nil && c.Scale() > 1 {
		size = int(float32(ThumbSize)*c.Scale() + 0.5)
	}
	return newView(w, open, fyne.Do, func(p string) Thumb { return Draw(p, size) }, max(1, min(maxWorkers, runtime.GOMAXPROCS(0)-1)))
}

// newView is New with the function that hands results to the UI
// goroutine, the drawing of one model and the number of workers.
func newView(w fyne.Window, open func(string, func(error)), post func(func()), draw func(string) Thumb, workers int) *View {
	return &View{win: w, open: open, post: post, draw: draw, workers: workers}
}

// Show shows dir's models, opening the dialog if it is not shown yet. A
// folder that cannot be listed returns the error and changes nothing; a
// view that was closed shows nothing again.
func (v *View) Show(dir string) error {
	if v.closed {
		return nil
	}
	l, err := List(dir)
	if err != nil {
		return err
	}
	if v.dlg == nil {
		v.build()
	}
	v.dlg.Show()
	v.showListing(l)
	return nil
}

func (v *View) build() {
	v.where = widget.NewLabel("")
	v.where.Truncation = fyne.TextTruncateEllipsis
	v.status = widget.NewLabel("")
	v.up = widget.NewButtonWithIcon("Up", theme.MoveUpIcon(), v.goUp)
	choose := widget.NewButtonWithIcon("Choose Folder…", theme.FolderOpenIcon(), func() {
		PickFolder(v.win, v.listing.Dir, func(dir string) { v.walk(dir) })
	})
	v.gridBox = container.NewStack()
	top := container.NewBorder(nil, nil, v.up, choose, v.where)
	content := container.NewBorder(top, v.status, nil, nil, v.gridBox)
	v.dlg = dialog.NewCustom("Open Folder", "Close", content, v.win)
	v.dlg.SetOnClosed(v.Close)
	size := v.win.Canvas().Size()
	v.dlg.Resize(fyne.NewSize(max(640, size.Width*0.85), max(480, size.Height*0.85)))
}

// showListing replaces what the grid shows with l and starts drawing its
// models, after stopping the drawing of the folder shown before.
func (v *View) showListing(l Listing) {
	if v.loader != nil {
		v.loader.close()
	}
	v.listing = l
	v.items = v.items[:0]
	if parent := filepath.Dir(l.Dir); parent != l.Dir {
		v.items = append(v.items, item{name: "..", path: parent, model: -1})
	}
	for _, f := range l.Folders {
		v.items = append(v.items, item{name: f, path: l.Path(f), model: -1})
	}
	paths := make([]string, len(l.Models))
	for i, m := range l.Models {
		paths[i] = l.Path(m)
		v.items = append(v.items, item{name: m, path: paths[i], model: i})
	}
	v.thumbs = make([]*Thumb, len(l.Models))
	v.drawn = 0
	v.cells = map[int]*cell{}
	v.where.SetText(l.Dir)
	v.up.Disable()
	if filepath.Dir(l.Dir) != l.Dir {
		v.up.Enable()
	}
	var ld *loader
	ld = newLoader(paths, v.draw, v.post, func(i int, t Thumb) {
		if ld != v.loader || v.closed {
			return // a folder shown before, or the dialog closed
		}
		v.thumbs[i] = &t
		v.drawn++
		// The cell alone: GridWrap.RefreshItem refreshes every cell in
		// view, and a folder of hundreds would repaint them all for each
		// thumbnail.
		id := len(v.items) - len(v.thumbs) + i
		if c := v.cells[id]; c != nil && c.id == id {
			v.updateCell(id, c)
		}
		v.showStatus()
	})
	v.loader = ld
	v.showStatus()
	v.grid = newGrid(v)
	v.gridBox.Objects = []fyne.CanvasObject{v.grid}
	v.gridBox.Refresh()
	v.win.Canvas().Focus(v.grid)
	if v.OnDir != nil {
		v.OnDir(l.Dir)
	}
	// Last: the widgets are all set up before the first result can come.
	ld.start(v.workers)
}

func (v *View) showStatus() {
	l := v.listing
	s := widgets.Plural(len(l.Models), "model") + ", " + widgets.Plural(len(l.Folders), "folder")
	if v.drawn < len(l.Models) {
		s += fmt.Sprintf(" · drawing thumbnails: %d of %d", v.drawn, len(l.Models))
	}
	v.status.SetText(s)
}

// walk shows dir, or says why it cannot be listed.
func (v *View) walk(dir string) {
	l, err := List(dir)
	if err != nil {
		dialog.ShowError(err, v.win)
		return
	}
	v.showListing(l)
}

func (v *View) goUp() {
	if parent := filepath.Dir(v.listing.Dir); parent != v.listing.Dir {
		v.walk(parent)
	}
}

// activate walks into the folder or opens the model of item id; the view
// closes once a model opened (and stays, with the editor's error shown
// over it, when it did not).
func (v *View) activate(id int) {
	if id < 0 || id >= len(v.items) {
		return
	}
	it := v.items[id]
	if it.model < 0 {
		v.walk(it.path)
		return
	}
	v.open(it.path, func(err error) {
		if err == nil {
			v.Close()
		}
	})
}

// Close stops the drawing and hides the dialog. The editor calls it when
// it shows another document, which removes every dialog.
func (v *View) Close() {
	if v.closed {
		return
	}
	v.closed = true
	if v.loader != nil {
		v.loader.close()
	}
	if v.dlg != nil {
		v.dlg.Hide()
	}
}

// Done is closed when the goroutines drawing the folder shown have all
// ended: every thumbnail is drawn (and handed to the UI goroutine), or
// the view was closed or moved to another folder.
func (v *View) Done() <-chan struct{} { return v.loader.done }

// Dir returns the folder shown.
func (v *View) Dir() string { return v.listing.Dir }

// updateCell shows item id in c; a model not drawn yet is asked for
// before the others.
func (v *View) updateCell(id int, c *cell) {
	if id < 0 || id >= len(v.items) {
		return
	}
	it := v.items[id]
	c.id = id
	v.cells[id] = c
	if it.model < 0 {
		c.set(it.name, nil, theme.FolderIcon(), "folder", "", widget.MediumImportance)
		return
	}
	t := v.thumbs[it.model]
	if t == nil {
		v.loader.scrolled(v.firstInView())
	}
	format := strings.ToUpper(strings.TrimPrefix(filepath.Ext(it.name), "."))
	switch {
	case t == nil:
		c.set(it.name, nil, theme.FileIcon(), format, "drawing…", widget.LowImportance)
	case !t.Opened:
		c.set(it.name, nil, theme.BrokenImageIcon(), format, "did not open: "+t.Err.Error(), widget.DangerImportance)
	default:
		facts := t.Format + " · " + widgets.Count(t.Triangles, "triangle", "triangles")
		problems, imp := "no problems", widget.SuccessImportance
		switch {
		case t.Errors > 0:
			problems, imp = widgets.Plural(t.Errors, "error"), widget.DangerImportance
			if t.Warnings > 0 {
				problems += ", " + widgets.Plural(t.Warnings, "warning")
			}
		case t.Warnings > 0:
			problems, imp = widgets.Plural(t.Warnings, "warning"), widget.WarningImportance
		}
		icon := fyne.Resource(nil)
		if t.Image == nil {
			icon = theme.BrokenImageIcon()
			problems += " · " + t.Err.Error()
		}
		c.set(it.name, t.Image, icon, facts, problems, imp)
	}
}

// firstInView returns the first model whose cell the grid shows (or the
// first after the cells in view, when those are folders).
func (v *View) firstInView() int {
	if v.cellHeight == 0 {
		v.cellHeight = newCell().MinSize().Height + theme.Padding()
	}
	row := int(v.grid.GetScrollOffset() / v.cellHeight)
	return row*v.grid.ColumnCount() - (len(v.items) - len(v.thumbs))
}

// PickFolder shows Fyne's folder dialog over w, starting in start when it
// is a folder, and calls done with the folder chosen (never when
// cancelled); an error listing a folder shows in a dialog.
func PickFolder(w fyne.Window, start string, done func(dir string)) {
	fd := dialog.NewFolderOpen(func(u fyne.ListableURI, err error) {
		if err != nil {
			dialog.ShowError(err, w)
			return
		}
		if u != nil {
			done(u.Path())
		}
	}, w)
	if start != "" {
		if l, err := storage.ListerForURI(storage.NewFileURI(start)); err == nil {
			fd.SetLocation(l)
		}
	}
	fd.Resize(fyne.NewSize(max(640, w.Canvas().Size().Width*0.7), max(480, w.Canvas().Size().Height*0.7)))
	fd.Show()
}

// grid is the view's GridWrap, answering Enter as Space (open the focused
// cell) and Backspace (go up).
type grid struct {
	widget.GridWrap
	v *View
}

func newGrid(v *View) *grid {
	g := &grid{v: v}
	g.Length = func() int { return len(v.items) }
	g.CreateItem = func() fyne.CanvasObject { return newCell() }
	g.UpdateItem = func(id widget.GridWrapItemID, o fyne.CanvasObject) { v.updateCell(id, o.(*cell)) }
	g.OnSelected = func(id widget.GridWrapItemID) {
		// Unselected at once, so that the same cell opens again after a
		// failed open or a cancelled question.
		g.UnselectAll()
		v.activate(id)
	}
	g.ExtendBaseWidget(g)
	return g
}

// TypedKey opens the focused cell on Enter, goes up on Backspace and
// moves the focus with the arrows.
func (g *grid) TypedKey(ev *fyne.KeyEvent) {
	switch ev.Name {
	case fyne.KeyReturn, fyne.KeyEnter:
		g.GridWrap.TypedKey(&fyne.KeyEvent{Name: fyne.KeySpace})
	case fyne.KeyBackspace:
		g.v.goUp()
	default:
		g.GridWrap.TypedKey(ev)
	}
}

// cell shows one item: its thumbnail (or an icon), its name and two lines
// of facts.
type cell struct {
	widget.BaseWidget
	id              int // the item shown
	img             *canvas.Image
	icon            *widget.Icon
	name, facts, pr *widget.Label
}

func newCell() *cell {
	c := &cell{img: canvas.NewImageFromImage(nil), icon: widget.NewIcon(nil),
		name: widget.NewLabel(""), facts: widget.NewLabel(""), pr: widget.NewLabel("")}
	c.img.FillMode = canvas.ImageFillContain
	c.img.ScaleMode = canvas.ImageScaleSmooth
	// Wider than the picture, so that names of a dozen letters show whole.
	c.img.SetMinSize(fyne.NewSize(ThumbSize+40, ThumbSize))
	for _, l := range []*widget.Label{c.name, c.facts, c.pr} {
		l.Truncation = fyne.TextTruncateEllipsis
		l.Alignment = fyne.TextAlignCenter
	}
	c.name.TextStyle.Bold = true
	c.facts.SizeName = theme.SizeNameCaptionText
	c.pr.SizeName = theme.SizeNameCaptionText
	c.ExtendBaseWidget(c)
	return c
}

// set shows an item, refreshing only what changed: a cell is set again
// whenever the grid lays it out.
func (c *cell) set(name string, img image.Image, icon fyne.Resource, facts, problems string, imp widget.Importance) {
	if c.img.Image != img {
		c.img.Image = img
		c.img.Refresh()
	}
	if c.icon.Resource != icon {
		c.icon.SetResource(icon)
	}
	if icon == nil {
		c.icon.Hide()
	} else {
		c.icon.Show()
	}
	setText(c.name, name)
	setText(c.facts, facts)
	if c.pr.Importance != imp {
		c.pr.Importance = imp
		c.pr.Refresh()
	}
	setText(c.pr, problems)
}

func setText(l *widget.Label, s string) {
	if l.Text != s {
		l.SetText(s)
	}
}

// CreateRenderer lays the picture out above the three lines of text.
func (c *cell) CreateRenderer() fyne.WidgetRenderer {
	icon := container.NewGridWrap(fyne.NewSquareSize(ThumbSize/2), c.icon)
	picture := container.NewStack(c.img, container.NewCenter(icon))
	text := container.New(tightVBox{}, c.name, c.facts, c.pr)
	return widget.NewSimpleRenderer(container.NewBorder(nil, text, nil, nil, picture))
}

// tightVBox stacks labels with their paddings overlapping, so that three
// lines of text under a thumbnail take the height of about two.
type tightVBox struct{}

// overlap is how much of each label's padding the next one covers.
func (tightVBox) overlap() float32 { return theme.InnerPadding() }

// MinSize is the widest object and the stacked heights.
func (t tightVBox) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var s fyne.Size
	for i, o := range objs {
		m := o.MinSize()
		s.Width = max(s.Width, m.Width)
		s.Height += m.Height
		if i > 0 {
			s.Height -= t.overlap()
		}
	}
	return s
}

// Layout gives each object the full width and its own height.
func (t tightVBox) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	y := float32(0)
	for _, o := range objs {
		h := o.MinSize().Height
		o.Move(fyne.NewPos(0, y))
		o.Resize(fyne.NewSize(size.Width, h))
		y += h - t.overlap()
	}
}
