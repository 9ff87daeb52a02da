package ui

import (
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/driver/desktop"
)

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
	return append([]shortcut{
		{ctrl(fyne.KeyO), e.ShowOpen},
		{ctrl(fyne.KeyS), func() { e.Save(nil) }},
		{ctrlShift(fyne.KeyS), func() { e.SaveAs(nil) }},
		{&fyne.ShortcutUndo{}, e.Undo},
		{&fyne.ShortcutRedo{}, e.Redo},
		{ctrlShift(fyne.KeyZ), e.Redo},
		{ctrl(fyne.KeyQ), e.RequestQuit},
		{ctrl(fyne.KeyE), e.ShowExport},
		{ctrl(fyne.KeyT), e.ShowTextures},
	}, e.orbitShortcuts()...)
}

// TypedKey handles a key typed while no entry has the focus: Space plays
// and pauses, Left/Right step frames, Page Up/Down step keys, Home/End go
// to the first/last frame, and the View actions' keys run them.
func (e *Editor) TypedKey(k fyne.KeyName) {
	tl := e.Timeline
	step := func(f func()) {
		tl.Pause()
		f()
		tl.Changed()
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
	export := fyne.NewMenuItem("Export…", e.ShowExport)
	export.Shortcut = ctrl(fyne.KeyE)
	importAnim := fyne.NewMenuItem("Import Animation…", e.ShowImportAnimation)
	file := fyne.NewMenu("File", open, recent, fyne.NewMenuItemSeparator(), e.saveItem, saveAs, fyne.NewMenuItemSeparator(), importAnim, export)
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
	help := fyne.NewMenu("Help", fyne.NewMenuItem("Keyboard Shortcuts", e.ShowKeymap), fyne.NewMenuItem("About", func() {
		about := e.cfg.About
		if about == "" {
			about = AppName + ": an editor and inspector for MilkShape 3D models."
		}
		dialog.ShowInformation("About "+AppName, about, e.win)
	}))
	e.menu = fyne.NewMainMenu(file, edit, view, e.modelMenu(), e.materialsMenu(), help)
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
	e.refreshRecent()
	e.menu.Refresh()
}

// refreshRecent rebuilds Open Recent when the remembered files changed
// (without looking at the disk: see Recent.Paths).
func (e *Editor) refreshRecent() {
	paths := e.Recent.Paths()
	var shown []string
	for _, it := range e.recentMenu.Items {
		if it.Action == nil || it.IsSeparator || it.Label == "Clear Recent" {
			break
		}
		shown = append(shown, it.Label)
	}
	if len(e.recentMenu.Items) > 0 && slices.Equal(paths, shown) {
		return
	}
	e.recentMenu.Items = nil
	for _, p := range paths {
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
}
