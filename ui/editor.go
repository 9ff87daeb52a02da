package ui

import (
	"errors"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"ms3dstudio/document"
	"ms3dstudio/document/recovery"
	"ms3dstudio/model"
	"ms3dstudio/model/anim"
	"ms3dstudio/texture"
	"ms3dstudio/ui/animate"
	"ms3dstudio/ui/clips"
	"ms3dstudio/ui/folder"
	"ms3dstudio/ui/hub"
	"ms3dstudio/ui/outline"
	"ms3dstudio/ui/problems"
	"ms3dstudio/ui/properties"
	"ms3dstudio/ui/timeline"
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

// Framer is implemented by a viewport that can frame the whole model
// (the editor does after a transform moved it out of view).
type Framer interface {
	FrameAll()
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
	// OnPreview is called when the unkeyed pose of pose mode changes: the
	// app poses the model again, patching the joint matrices with
	// Animator.ApplyPreview.
	OnPreview func()
	// Skeleton, when set, returns the app's skeleton of the document's
	// model, rebuilt after every edit before the animation panel hears of
	// it; the panel then poses with it instead of rebuilding one of its
	// own (on Woman4 a rebuild is most of an edit's cost).
	Skeleton func() *anim.Skeleton
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
	// Recovery keeps the copies of unsaved work that Autosave and
	// RescueUnsaved write and OfferRecovered offers; nil keeps none.
	Recovery *recovery.Store
	// OnRecovered, when set, is called with a document made from a
	// recovery copy before it is shown (the app gives the embedded
	// sample's copy the sample's textures).
	OnRecovered func(d *document.Document)
}

// Editor is the main window's content and behaviour: outline, viewport,
// properties, timeline, problems and status bar, the main menu, keyboard
// shortcuts, and the file dialogs with unsaved-changes confirmation.
type Editor struct {
	cfg        Config
	win        fyne.Window
	hub        *hub.Hub
	doc        *document.Document
	unsub      func()
	tex        *texture.Statuses
	Outline    *outline.Outline
	Properties *properties.Properties
	Problems   *problems.Problems
	Status     *StatusBar
	Timeline   *timeline.Timeline
	Recent     *Recent
	// Anim is pose mode, key editing and the dope sheet.
	Anim *animate.Animator
	// Clips lists and edits the named clips.
	Clips *clips.Panel

	content    fyne.CanvasObject
	tabs       *container.AppTabs // the dope sheet, the clips and the problems
	menu       *fyne.MainMenu
	undoItem   *fyne.MenuItem
	redoItem   *fyne.MenuItem
	saveItem   *fyne.MenuItem
	nextItem   *fyne.MenuItem
	prevItem   *fyne.MenuItem
	recentMenu *fyne.Menu
	viewItems  []*fyne.MenuItem
	// keeper writes and removes the recovery copies (nil without
	// Config.Recovery).
	keeper *recovery.Keeper
	// kept is the original ("" untitled) of the recovery copy that holds
	// the document's unsaved work, the one it was opened from or its last
	// autosave, or nil; the copy is removed once that work is saved or
	// discarded (recovery.go).
	kept *string
	// openedFrom is the copy the document was opened from, written by an
	// earlier instance: removed once this instance has written its own
	// copy (which holds that work too), or with kept.
	openedFrom *recovery.Copy
	// unkept is set by every change to the model since the last autosave.
	unkept bool
	// keepFailed is set while autosaves fail, so that the error is shown
	// once, not every minute.
	keepFailed bool
	// closing is set once the user agreed to close the window: what is
	// unsaved then was discarded on purpose (RescueUnsaved keeps nothing).
	closing bool
	// splits are the window's dividers, remembered between sessions.
	splits []layoutSplit
	// pager steps through the models of the document's folder; folderView
	// is File ▸ Open Folder's view while it is shown (files.go).
	pager      *folder.Pager
	folderView *folder.View
}

// layoutSplit is one of the window's dividers and the preference that
// remembers where the user left it.
type layoutSplit struct {
	split *container.Split
	key   string
	def   float64
}

// remembered returns the divider's offset kept in prefs, or its default.
func (s layoutSplit) remembered(prefs fyne.Preferences) float64 {
	v := prefs.FloatWithFallback(s.key, s.def)
	if !(v > 0.05 && v < 0.95) {
		return s.def
	}
	return v
}

// SaveLayout remembers where the user left the window's dividers (the
// outline's and the property panel's width, the height of the timeline and
// dope sheet), for the next start; the editor calls it when the window
// closes.
func (e *Editor) SaveLayout() {
	for _, s := range e.splits {
		e.prefs().SetFloat(s.key, s.split.Offset)
	}
}

// NewEditor builds the editor. Call Install to put it in the window.
func NewEditor(cfg Config) *Editor {
	e := &Editor{cfg: cfg, win: cfg.Window, hub: hub.New()}
	if cfg.Recovery != nil {
		e.keeper = recovery.NewKeeper(cfg.Recovery)
	}
	prefs := cfg.Prefs
	if prefs == nil {
		prefs = fyne.CurrentApp().Preferences()
	}
	e.Recent = NewRecent(prefs)
	e.Outline = outline.New(e.hub)
	e.Properties = properties.New(e.hub, cfg.Window)
	e.Properties.OnReimport = func(opt document.OpenOptions) { e.Reimport(opt) }
	e.Problems = problems.New(e.hub)
	e.Status = NewStatusBar()
	e.Status.List = e.Problems.Findings // the notes of a save count too
	e.Problems.OnNotes = func() { e.Status.Changed(document.Change{}) }
	e.Timeline = timeline.New()
	e.Properties.Now = e.Timeline.Time
	e.Timeline.OnTime = func(t float32) {
		// Before posing: the frame drawn for t must not keep a pose
		// made at another frame.
		e.Anim.DropStalePreviews()
		if e.cfg.OnTime != nil {
			e.cfg.OnTime(t)
		}
	}
	e.Timeline.OnShow = func() {
		p := e.Timeline.Player
		e.Status.SetTime(p.Time(), p.Frame(), p.TotalFrames())
		e.Anim.TimeChanged()
	}
	pv, _ := cfg.Viewport.(animate.PoseView)
	if fp, ok := cfg.Viewport.(timeline.FramePacer); ok {
		e.Timeline.Pacer = fp
	}
	e.Timeline.OnPlaying = func(on bool) {
		// While playing the window is painted for every frame: the
		// property rows out of view are hidden, not painted.
		e.Properties.SetCulling(on)
		if cfg.OnPlaying != nil {
			cfg.OnPlaying(on)
		}
	}
	e.Anim = animate.New(animate.Config{Window: cfg.Window, Hub: e.hub, Timeline: e.Timeline, Do: e.Do,
		View: pv, Document: e.Document, Skeleton: cfg.Skeleton, OnPreview: cfg.OnPreview,
		RefreshMenu: func() {
			if e.menu != nil {
				e.menu.Refresh()
			}
		}})
	e.hub.Subscribe(e.selectionChanged)
	if pk, ok := cfg.Viewport.(Picker); ok {
		pk.SetOnPick(func(part string, index int) {
			if index >= 0 { // a click on nothing keeps the selection
				e.hub.Select(hub.SelectionFor(model.At(part, index)))
			}
		})
	}

	var centre fyne.CanvasObject = cfg.Viewport
	if centre == nil {
		centre = container.NewCenter(widget.NewLabel("No viewport"))
	}
	side := container.NewHSplit(centre, e.Properties.Object())
	main := container.NewHSplit(e.Outline.Object(), side)
	e.Problems.OnFix = e.FixProblems
	e.Clips = clips.New(e.Timeline, e.Anim.Dope, e.Document, e.Do)
	e.tabs = container.NewAppTabs(container.NewTabItem("Dope Sheet", e.Anim.Object()), container.NewTabItem("Clips", e.Clips.Object()), container.NewTabItem("Problems", e.Problems.Object()))
	bottom := container.NewBorder(e.Timeline.Object(), e.Status.Object(), nil, nil, e.tabs)
	split := container.NewVSplit(main, bottom)
	e.splits = []layoutSplit{{main, "layout.outline", 0.22}, {side, "layout.properties", 0.72}, {split, "layout.bottom", 0.58}}
	for _, s := range e.splits {
		s.split.Offset = s.remembered(prefs)
	}
	// The timeline's ruler shows the frames where the dope sheet shows
	// them, and follows its zoom.
	e.Timeline.SetAxis(e.Anim.Dope)
	e.Anim.Dope.OnView = e.Timeline.AxisChanged
	e.content = split
	// Paging opens without adding to Open Recent: a walk through a folder
	// of hundreds would push every other file out of the list.
	e.pager = &folder.Pager{Path: e.docPath, Open: e.openPaged, Show: e.Status.Place.SetText}
	e.buildMenu()
	e.menu.Items = append(e.menu.Items[:3:3], append([]*fyne.Menu{e.Anim.Menu()}, e.menu.Items[3:]...)...)
	e.SetDocument(nil)
	return e
}

// Selection returns the shared selection hub.
func (e *Editor) Selection() *hub.Hub { return e.hub }

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
	e.Anim.AddShortcuts(c)
	c.SetOnTypedKey(func(ev *fyne.KeyEvent) {
		if !e.Anim.TypedKey(ev.Name) {
			e.TypedKey(ev.Name)
		}
	})
	w.SetCloseIntercept(e.RequestQuit)
	e.updateTitle()
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
	// Every view of the previous document goes: its dialogs (an export,
	// the textures, a fix preview) would otherwise act on the new one.
	e.closeDialogs()
	// Replacing a document drops its unsaved work (callers asked first):
	// its recovery copy goes with it.
	e.dropKept()
	e.doc = d
	e.unkept = false
	e.tex = nil
	if d != nil {
		e.tex = texture.NewStatuses(d.TextureResolver)
		e.unsub = d.Subscribe(e.documentChanged)
	}
	e.hub.Select(hub.None)
	e.Outline.SetDocument(d, e.tex)
	e.Properties.SetDocument(d, e.tex)
	e.Problems.SetDocument(d)
	if e.Clips != nil {
		e.Clips.Refresh()
	}
	e.Status.SetDocument(d)
	e.pager.Shown(e.docPath())
	if e.cfg.OnDocument != nil {
		e.cfg.OnDocument(d)
	}
	// After OnDocument: the animation panel subscribes after the app, so
	// the app's skeleton is rebuilt when the panel hears of an edit.
	e.Anim.SetDocument(d)
	e.Timeline.Resend()
	e.syncTimeline()
	if d != nil {
		e.hub.Select(hub.Selection{Kind: hub.KindModel, Index: -1})
	}
	e.updateTitle()
	e.refreshMenu()
}

// closeDialogs removes every dialog shown over the window.
func (e *Editor) closeDialogs() {
	if e.win == nil {
		return
	}
	ov := e.win.Canvas().Overlays()
	for _, o := range ov.List() {
		ov.Remove(o)
	}
	e.closeFolderView()
}

// documentChanged fans a document change out to the panels. A selection
// whose element the change removed moves to one that exists first, so that
// no panel shows an element that is gone.
func (e *Editor) documentChanged(ch document.Change) {
	if s := e.hub.Current(); s.Within(e.doc.Model()) != s {
		e.hub.Select(s.Within(e.doc.Model()))
	}
	e.Outline.Changed(ch)
	e.Properties.Changed(ch)
	e.Problems.Changed(ch)
	if ch.What.Has(document.Comments) {
		e.Clips.Refresh()
	}
	e.Status.Changed(ch)
	e.recoveryChanged(ch)
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
	if s := e.hub.Current(); s.Kind == hub.KindJoint && s.Index >= 0 && s.Index < len(m.Joints) {
		add(&m.Joints[s.Index])
	} else {
		for i := range m.Joints {
			add(&m.Joints[i])
		}
	}
	e.Timeline.SetKeys(times)
	e.Timeline.SetAnimation(m.EffectiveFPS(), int(m.TotalFrames))
}

func (e *Editor) selectionChanged(s hub.Selection) {
	if vp := e.cfg.Viewport; vp != nil {
		g, j := -1, -1
		switch s.Kind {
		case hub.KindGroup:
			g = s.Index
		case hub.KindJoint:
			j = s.Index
		}
		vp.HighlightGroup(g)
		vp.HighlightJoint(j)
	}
	e.Anim.SelectionChanged(s)
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
