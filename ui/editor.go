package ui

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/widget"

	"ms3dstudio/document"
	"ms3dstudio/model"
)

// Viewport is what the editor needs of the 3D view: a canvas object that
// highlights the selected group or joint (−1 for none). The app adapts the
// GL viewport to it. A viewport that also implements Picker reports picks
// into the shared selection.
type Viewport interface {
	fyne.CanvasObject
	HighlightGroup(group int)
	HighlightJoint(joint int)
}

// Picker is implemented by a viewport that can report what the user picked:
// the editor sets the callback, which takes a model part (model.PartGroup,
// model.PartJoint, model.PartVertex, model.PartTriangle) and an index.
type Picker interface {
	SetOnPick(func(part string, index int))
}

// ViewAction is an entry of the View menu that the app supplies (wireframe,
// skeleton, frame all …), with an optional single-key shortcut that works
// when no entry has the focus.
type ViewAction struct {
	Label string
	// Key is the single key that runs the action ("" for none).
	Key fyne.KeyName
	// Checked, when set, makes the item a toggle showing its state.
	Checked func() bool
	// Run performs the action.
	Run func()
}

// Config is what the app wires into the editor. Only Window is required.
type Config struct {
	Window fyne.Window
	// Viewport is the 3D view; nil shows a placeholder.
	Viewport Viewport
	// View lists the app's View menu actions.
	View []ViewAction
	// Open reads a file into a document (.ms3d, or .3ds through the
	// importer); nil uses document.Open. Bad input must return an error,
	// never exit.
	Open func(path string) (*document.Document, error)
	// PickSavePath asks for a path to save to and calls done with it (or
	// never, when cancelled); nil uses the editor's own dialog (Fyne's save
	// dialog truncates the chosen file before the app sees it, which would
	// destroy the file a backup is meant to keep).
	PickSavePath func(suggested string, done func(path string))
	// OnDocument is called after a document is shown (subscribe to it there
	// to re-skin the viewport on edits).
	OnDocument func(d *document.Document)
	// OnTime is called with the timeline's time whenever it changes, so the
	// app poses the model and redraws the viewport.
	OnTime func(t float32)
	// OnPlaying is called when playback starts and stops (for the
	// viewport's SetPlaying).
	OnPlaying func(playing bool)
	// BeforeClose runs after the user agreed to close and before the window
	// closes (stop the renderer there).
	BeforeClose func()
	// FileItems are extra File menu items (Import 3DS…, Export…), shown
	// after Save As.
	FileItems []*fyne.MenuItem
	// About is the text of Help ▸ About.
	About string
	// Prefs keeps Open Recent; nil uses the app's preferences.
	Prefs fyne.Preferences
}

// Editor is the main window's content and behaviour: outline, viewport,
// properties, timeline, problems and status bar, the main menu, keyboard
// shortcuts, and the file dialogs with unsaved-changes confirmation.
type Editor struct {
	cfg        Config
	win        fyne.Window
	hub        *Hub
	doc        *document.Document
	unsub      func()
	tex        *Textures
	Outline    *Outline
	Properties *Properties
	Problems   *Problems
	Status     *StatusBar
	Timeline   *Timeline
	Recent     *Recent

	content    fyne.CanvasObject
	menu       *fyne.MainMenu
	undoItem   *fyne.MenuItem
	redoItem   *fyne.MenuItem
	saveItem   *fyne.MenuItem
	recentMenu *fyne.Menu
	viewItems  []*fyne.MenuItem
}

// NewEditor builds the editor. Call Install to put it in the window.
func NewEditor(cfg Config) *Editor {
	e := &Editor{cfg: cfg, win: cfg.Window, hub: NewHub()}
	prefs := cfg.Prefs
	if prefs == nil {
		prefs = fyne.CurrentApp().Preferences()
	}
	e.Recent = NewRecent(prefs)
	e.Outline = NewOutline(e.hub)
	e.Properties = NewProperties(e.hub)
	e.Problems = NewProblems(e.hub)
	e.Status = NewStatusBar()
	e.Timeline = NewTimeline()
	e.Properties.Now = e.Timeline.Time
	e.Timeline.OnTime = func(t float32) {
		p := e.Timeline.Player
		e.Status.SetTime(p.Time(), p.Frame(), p.TotalFrames())
		if e.cfg.OnTime != nil {
			e.cfg.OnTime(t)
		}
	}
	e.Timeline.OnPlaying = cfg.OnPlaying
	e.hub.Subscribe(e.selectionChanged)
	if pk, ok := cfg.Viewport.(Picker); ok {
		pk.SetOnPick(func(part string, index int) { e.hub.Select(SelectionFor(model.At(part, index))) })
	}

	var centre fyne.CanvasObject = cfg.Viewport
	if centre == nil {
		centre = container.NewCenter(widget.NewLabel("No viewport"))
	}
	side := container.NewHSplit(centre, e.Properties.Object())
	side.Offset = 0.72
	main := container.NewHSplit(e.Outline.Tree, side)
	main.Offset = 0.22
	e.Problems.OnFix = e.FixProblems
	bottom := container.NewBorder(e.Timeline.Object(), e.Status.Object(), nil, nil, e.Problems.Object())
	split := container.NewVSplit(main, bottom)
	split.Offset = 0.72
	e.content = split
	e.buildMenu()
	e.SetDocument(nil)
	return e
}

// Selection returns the shared selection hub.
func (e *Editor) Selection() *Hub { return e.hub }

// Content returns the editor's layout.
func (e *Editor) Content() fyne.CanvasObject { return e.content }

// Menu returns the main menu.
func (e *Editor) Menu() *fyne.MainMenu { return e.menu }

// Document returns the document shown, or nil.
func (e *Editor) Document() *document.Document { return e.doc }

// Install puts the editor in its window: content, main menu, shortcuts,
// single-key actions, title and the close confirmation.
func (e *Editor) Install() {
	w := e.win
	w.SetContent(e.content)
	w.SetMainMenu(e.menu)
	c := w.Canvas()
	for _, s := range e.shortcuts() {
		run := s.run
		c.AddShortcut(s.sc, func(fyne.Shortcut) { run() })
	}
	c.SetOnTypedKey(func(ev *fyne.KeyEvent) { e.TypedKey(ev.Name) })
	w.SetCloseIntercept(e.RequestQuit)
	e.updateTitle()
}

type shortcut struct {
	sc  fyne.Shortcut
	run func()
}

func ctrl(k fyne.KeyName) *desktop.CustomShortcut {
	return &desktop.CustomShortcut{KeyName: k, Modifier: fyne.KeyModifierShortcutDefault}
}

func ctrlShift(k fyne.KeyName) *desktop.CustomShortcut {
	return &desktop.CustomShortcut{KeyName: k, Modifier: fyne.KeyModifierShortcutDefault | fyne.KeyModifierShift}
}

// shortcuts lists the keyboard shortcuts; the menu shows the same ones.
func (e *Editor) shortcuts() []shortcut {
	return []shortcut{
		{ctrl(fyne.KeyO), e.ShowOpen},
		{ctrl(fyne.KeyS), func() { e.Save(nil) }},
		{ctrlShift(fyne.KeyS), func() { e.SaveAs(nil) }},
		{&fyne.ShortcutUndo{}, e.Undo},
		{&fyne.ShortcutRedo{}, e.Redo},
		{ctrlShift(fyne.KeyZ), e.Redo},
		{ctrl(fyne.KeyQ), e.RequestQuit},
	}
}

// TypedKey handles a key typed while no entry has the focus: Space plays
// and pauses, Left/Right step frames, Page Up/Down step keys, Home/End go
// to the first/last frame, and the View actions' keys run them.
func (e *Editor) TypedKey(k fyne.KeyName) {
	tl := e.Timeline
	step := func(f func()) {
		tl.Pause()
		f()
		tl.changed()
	}
	switch k {
	case fyne.KeySpace:
		tl.TogglePlay()
	case fyne.KeyLeft:
		step(tl.Player.PrevFrame)
	case fyne.KeyRight:
		step(tl.Player.NextFrame)
	case fyne.KeyPageUp:
		step(func() { tl.Player.PrevKey() })
	case fyne.KeyPageDown:
		step(func() { tl.Player.NextKey() })
	case fyne.KeyHome:
		step(tl.Player.First)
	case fyne.KeyEnd:
		step(tl.Player.Last)
	default:
		for i, a := range e.cfg.View {
			if a.Key != "" && a.Key == k {
				e.runView(i)
				return
			}
		}
	}
}

func (e *Editor) runView(i int) {
	a := e.cfg.View[i]
	if a.Run != nil {
		a.Run()
	}
	if a.Checked != nil && i < len(e.viewItems) {
		e.viewItems[i].Checked = a.Checked()
		e.menu.Refresh()
	}
}

func (e *Editor) buildMenu() {
	open := fyne.NewMenuItem("Open…", e.ShowOpen)
	open.Shortcut = ctrl(fyne.KeyO)
	e.recentMenu = fyne.NewMenu("")
	recent := fyne.NewMenuItem("Open Recent", nil)
	recent.ChildMenu = e.recentMenu
	e.saveItem = fyne.NewMenuItem("Save", func() { e.Save(nil) })
	e.saveItem.Shortcut = ctrl(fyne.KeyS)
	saveAs := fyne.NewMenuItem("Save As…", func() { e.SaveAs(nil) })
	saveAs.Shortcut = ctrlShift(fyne.KeyS)
	quit := fyne.NewMenuItem("Quit", e.RequestQuit)
	quit.IsQuit = true
	quit.Shortcut = ctrl(fyne.KeyQ)
	file := fyne.NewMenu("File", open, recent, fyne.NewMenuItemSeparator(), e.saveItem, saveAs)
	if len(e.cfg.FileItems) > 0 {
		file.Items = append(append(file.Items, fyne.NewMenuItemSeparator()), e.cfg.FileItems...)
	}
	file.Items = append(file.Items, fyne.NewMenuItemSeparator(), quit)

	e.undoItem = fyne.NewMenuItem("Undo", e.Undo)
	e.undoItem.Shortcut = &fyne.ShortcutUndo{}
	e.redoItem = fyne.NewMenuItem("Redo", e.Redo)
	e.redoItem.Shortcut = &fyne.ShortcutRedo{}
	fixAll := fyne.NewMenuItem("Fix All Problems…", func() { e.FixProblems(nil) })
	edit := fyne.NewMenu("Edit", e.undoItem, e.redoItem, fyne.NewMenuItemSeparator(), fixAll)

	view := fyne.NewMenu("View")
	play := fyne.NewMenuItem("Play / Pause", e.Timeline.TogglePlay)
	play.Shortcut = &desktop.CustomShortcut{KeyName: fyne.KeySpace}
	view.Items = append(view.Items, play)
	if len(e.cfg.View) > 0 {
		view.Items = append(view.Items, fyne.NewMenuItemSeparator())
	}
	for i, a := range e.cfg.View {
		i := i
		it := fyne.NewMenuItem(a.Label, func() { e.runView(i) })
		if a.Key != "" {
			it.Shortcut = &desktop.CustomShortcut{KeyName: a.Key}
		}
		if a.Checked != nil {
			it.Checked = a.Checked()
		}
		e.viewItems = append(e.viewItems, it)
		view.Items = append(view.Items, it)
	}
	help := fyne.NewMenu("Help", fyne.NewMenuItem("About", func() {
		about := e.cfg.About
		if about == "" {
			about = AppName + ": an editor and inspector for MilkShape 3D models."
		}
		dialog.ShowInformation("About "+AppName, about, e.win)
	}))
	e.menu = fyne.NewMainMenu(file, edit, view, help)
	e.refreshMenu()
}

// refreshMenu updates Undo/Redo labels, Save and Open Recent.
func (e *Editor) refreshMenu() {
	e.undoItem.Label, e.undoItem.Disabled = "Undo", true
	e.redoItem.Label, e.redoItem.Disabled = "Redo", true
	e.saveItem.Disabled = e.doc == nil
	if d := e.doc; d != nil {
		if d.CanUndo() {
			e.undoItem.Label, e.undoItem.Disabled = "Undo "+d.UndoLabel(), false
		}
		if d.CanRedo() {
			e.redoItem.Label, e.redoItem.Disabled = "Redo "+d.RedoLabel(), false
		}
	}
	e.recentMenu.Items = nil
	for _, p := range e.Recent.List() {
		p := p
		e.recentMenu.Items = append(e.recentMenu.Items, fyne.NewMenuItem(p, func() { e.OpenRecent(p) }))
	}
	if len(e.recentMenu.Items) == 0 {
		none := fyne.NewMenuItem("No recent files", nil)
		none.Disabled = true
		e.recentMenu.Items = append(e.recentMenu.Items, none)
	} else {
		e.recentMenu.Items = append(e.recentMenu.Items, fyne.NewMenuItemSeparator(),
			fyne.NewMenuItem("Clear Recent", func() { e.Recent.Clear(); e.refreshMenu() }))
	}
	e.menu.Refresh()
}

// SetDocument shows d (nil for none), selects the model and reports the
// timeline's time through OnTime (after OnDocument). The previous
// document is dropped without asking: callers that replace a modified
// document go through ConfirmDiscard first (OpenPath and ShowOpen do).
func (e *Editor) SetDocument(d *document.Document) {
	if e.unsub != nil {
		e.unsub()
		e.unsub = nil
	}
	e.Timeline.Pause()
	e.doc = d
	e.tex = nil
	if d != nil {
		e.tex = NewTextures(d)
		e.unsub = d.Subscribe(e.documentChanged)
	}
	e.hub.Select(None)
	e.Outline.SetDocument(d, e.tex)
	e.Properties.SetDocument(d, e.tex)
	e.Problems.SetDocument(d)
	e.Status.SetDocument(d)
	if e.cfg.OnDocument != nil {
		e.cfg.OnDocument(d)
	}
	e.Timeline.Resend()
	e.syncTimeline()
	if d != nil {
		e.hub.Select(Selection{Kind: KindModel, Index: -1})
	}
	e.updateTitle()
	e.refreshMenu()
}

// documentChanged fans a document change out to the panels.
func (e *Editor) documentChanged(ch document.Change) {
	e.Outline.Changed(ch)
	e.Properties.Changed(ch)
	e.Problems.Changed(ch)
	e.Status.Changed(ch)
	if ch.What.Has(document.Meta | document.Keys) {
		e.syncTimeline()
	}
	e.updateTitle()
	e.refreshMenu()
}

// syncTimeline gives the timeline the document's frame rate, length and
// the key times of the selected joint (all joints when none is selected).
func (e *Editor) syncTimeline() {
	if e.doc == nil {
		e.Timeline.SetKeys(nil)
		e.Timeline.SetAnimation(24, 1)
		return
	}
	m := e.doc.Model()
	var times []float32
	add := func(j *model.Joint) {
		for _, k := range j.RotationKeys {
			times = append(times, k.Time)
		}
		for _, k := range j.PositionKeys {
			times = append(times, k.Time)
		}
	}
	if s := e.hub.Current(); s.Kind == KindJoint && s.Index >= 0 && s.Index < len(m.Joints) {
		add(&m.Joints[s.Index])
	} else {
		for i := range m.Joints {
			add(&m.Joints[i])
		}
	}
	e.Timeline.SetKeys(times)
	e.Timeline.SetAnimation(m.EffectiveFPS(), int(m.TotalFrames))
}

func (e *Editor) selectionChanged(s Selection) {
	if vp := e.cfg.Viewport; vp != nil {
		g, j := -1, -1
		switch s.Kind {
		case KindGroup:
			g = s.Index
		case KindJoint:
			j = s.Index
		}
		vp.HighlightGroup(g)
		vp.HighlightJoint(j)
	}
	if e.doc != nil {
		e.syncTimeline()
	}
}

func (e *Editor) updateTitle() {
	if e.win != nil {
		e.win.SetTitle(Title(e.doc))
	}
}

// Do runs a command on the document and shows an error dialog when it is
// refused.
func (e *Editor) Do(cmd document.Command) error {
	if e.doc == nil {
		return errors.New("no document")
	}
	err := e.doc.Do(cmd)
	if err != nil {
		dialog.ShowError(err, e.win)
	}
	return err
}

// Undo undoes the last edit.
func (e *Editor) Undo() {
	if e.doc != nil {
		e.doc.Undo()
	}
}

// Redo redoes the last undone edit.
func (e *Editor) Redo() {
	if e.doc == nil {
		return
	}
	if _, err := e.doc.Redo(); err != nil {
		dialog.ShowError(err, e.win)
	}
}

// ConfirmDiscard runs then at once when the document has no unsaved
// changes; otherwise it asks whether to save them, discard them or cancel,
// and runs then after a successful save or a discard.
func (e *Editor) ConfirmDiscard(then func()) {
	if !document.NeedsConfirm(e.doc) {
		then()
		return
	}
	var d *dialog.CustomDialog
	msg := widget.NewLabel(fmt.Sprintf("%s has unsaved changes. Save them first?", e.doc.Name()))
	save := widget.NewButton("Save", func() { d.Hide(); e.Save(then) })
	save.Importance = widget.HighImportance
	discard := widget.NewButton("Discard", func() { d.Hide(); then() })
	cancel := widget.NewButton("Cancel", func() { d.Hide() })
	d = dialog.NewCustomWithoutButtons("Unsaved changes", msg, e.win)
	d.SetButtons([]fyne.CanvasObject{cancel, discard, save})
	d.Show()
}

// RequestQuit closes the window after confirming unsaved changes.
func (e *Editor) RequestQuit() {
	e.ConfirmDiscard(func() {
		e.Timeline.Stop()
		if e.cfg.BeforeClose != nil {
			e.cfg.BeforeClose()
		}
		e.win.Close()
	})
}

// ShowOpen confirms unsaved changes, then shows the open dialog filtered to
// .ms3d and .3ds files.
func (e *Editor) ShowOpen() {
	e.ConfirmDiscard(func() {
		fd := dialog.NewFileOpen(func(r fyne.URIReadCloser, err error) {
			if err != nil {
				dialog.ShowError(err, e.win)
				return
			}
			if r == nil {
				return
			}
			path := r.URI().Path()
			r.Close()
			e.openNow(path)
		}, e.win)
		fd.SetFilter(storage.NewExtensionFileFilter([]string{".ms3d", ".MS3D", ".3ds", ".3DS"}))
		if dir := e.startDir(); dir != "" {
			if l, err := storage.ListerForURI(storage.NewFileURI(dir)); err == nil {
				fd.SetLocation(l)
			}
		}
		fd.Show()
	})
}

func (e *Editor) startDir() string {
	if e.doc != nil && e.doc.Path() != "" {
		return filepath.Dir(e.doc.Path())
	}
	if r := e.Recent.List(); len(r) > 0 {
		return filepath.Dir(r[0])
	}
	return ""
}

// OpenPath confirms unsaved changes, then opens path.
func (e *Editor) OpenPath(path string) {
	e.ConfirmDiscard(func() { e.openNow(path) })
}

// OpenRecent opens a file from Open Recent, forgetting it if it is gone.
func (e *Editor) OpenRecent(path string) {
	if _, err := os.Stat(path); err != nil {
		e.Recent.Remove(path)
		e.refreshMenu()
		dialog.ShowError(fmt.Errorf("%s is no longer there: %w", path, err), e.win)
		return
	}
	e.OpenPath(path)
}

// openNow opens path without asking; a file that fails to open shows an
// error dialog and the current document stays.
func (e *Editor) openNow(path string) error {
	open := e.cfg.Open
	if open == nil {
		open = document.Open
	}
	d, err := open(path)
	if err == nil && d == nil {
		err = fmt.Errorf("opening %s: nothing was read", path)
	}
	if err != nil {
		dialog.ShowError(err, e.win)
		return err
	}
	e.Recent.Add(path)
	e.SetDocument(d)
	return nil
}

// Save saves the document to its file, or asks for one (Save As) when it
// has none; then runs after a successful save (it may be nil). Errors show
// in a dialog.
func (e *Editor) Save(then func()) {
	if e.doc == nil {
		return
	}
	err := e.doc.Save()
	if errors.Is(err, document.ErrNoPath) {
		e.SaveAs(then)
		return
	}
	e.saved(e.doc.Path(), err, then)
}

func (e *Editor) saved(path string, err error, then func()) {
	if err != nil {
		dialog.ShowError(err, e.win)
		return
	}
	e.Recent.Add(path)
	e.refreshMenu()
	if then != nil {
		then()
	}
}

// SaveAs asks for a path and saves there (appending .ms3d when the name has
// no extension), confirming before it overwrites another file; then runs
// after a successful save.
func (e *Editor) SaveAs(then func()) {
	if e.doc == nil {
		return
	}
	pick := e.cfg.PickSavePath
	if pick == nil {
		pick = e.pickSavePath
	}
	pick(e.suggestedPath(), func(path string) { e.SaveTo(path, then) })
}

// SaveTo saves the document to path, asking first when that would overwrite
// a file other than the document's own.
func (e *Editor) SaveTo(path string, then func()) {
	if path == "" || e.doc == nil {
		return
	}
	if filepath.Ext(path) == "" {
		path += ".ms3d"
	}
	write := func() { e.saved(path, e.doc.SaveAs(path), then) }
	if _, err := os.Stat(path); err == nil && path != e.doc.Path() {
		dialog.ShowConfirm("Replace file?", fmt.Sprintf("%s exists. Replace it? (The old file is kept as %s.bak.)", filepath.Base(path), filepath.Base(path)),
			func(ok bool) {
				if ok {
					write()
				}
			}, e.win)
		return
	}
	write()
}

func (e *Editor) suggestedPath() string {
	p := e.doc.Path()
	if p == "" {
		dir := e.startDir()
		if dir == "" {
			dir, _ = os.UserHomeDir()
		}
		name := e.doc.Name()
		if !strings.EqualFold(filepath.Ext(name), ".ms3d") {
			name = "untitled.ms3d"
		}
		return filepath.Join(dir, name)
	}
	return strings.TrimSuffix(p, filepath.Ext(p)) + ".ms3d"
}

// pickSavePath is the built-in Save As dialog: a folder (chosen with the
// folder dialog) and a file name.
func (e *Editor) pickSavePath(suggested string, done func(string)) {
	dir := filepath.Dir(suggested)
	folder := widget.NewLabel(dir)
	folder.Wrapping = fyne.TextWrapBreak
	name := widget.NewEntry()
	name.SetText(filepath.Base(suggested))
	browse := widget.NewButton("Choose folder…", func() {
		fd := dialog.NewFolderOpen(func(u fyne.ListableURI, err error) {
			if err == nil && u != nil {
				dir = u.Path()
				folder.SetText(dir)
			}
		}, e.win)
		if l, err := storage.ListerForURI(storage.NewFileURI(dir)); err == nil {
			fd.SetLocation(l)
		}
		fd.Show()
	})
	form := widget.NewForm(widget.NewFormItem("Folder", container.NewBorder(nil, nil, nil, browse, folder)), widget.NewFormItem("File name", name))
	d := dialog.NewCustomConfirm("Save As", "Save", "Cancel", form, func(ok bool) {
		if ok && strings.TrimSpace(name.Text) != "" {
			done(filepath.Join(dir, strings.TrimSpace(name.Text)))
		}
	}, e.win)
	d.Resize(fyne.NewSize(520, 200))
	d.Show()
	name.OnSubmitted = func(string) { d.Confirm() }
}
