package ui

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/widget"

	"ms3dstudio/document"
	"ms3dstudio/ui/folder"
	"ms3dstudio/ui/widgets"
)

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
	discard := widget.NewButton("Discard", func() { d.Hide(); e.dropKept(); then() })
	cancel := widget.NewButton("Cancel", func() { d.Hide() })
	d = dialog.NewCustomWithoutButtons("Unsaved changes", msg, e.win)
	d.SetButtons([]fyne.CanvasObject{cancel, discard, save})
	d.Show()
}

// RequestQuit closes the window after confirming unsaved changes.
func (e *Editor) RequestQuit() {
	e.ConfirmDiscard(func() {
		// The user answered: nothing is kept if a signal comes now.
		e.closing = true
		e.SaveLayout()
		e.Timeline.Stop()
		if e.cfg.BeforeClose != nil {
			e.cfg.BeforeClose()
		}
		e.win.Close()
	})
}

// ShowOpen confirms unsaved changes, then shows the open dialog filtered to
// the formats document.Open reads.
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
		fd.SetFilter(storage.NewExtensionFileFilter(openExtensions()))
		if dir := e.startDir(); dir != "" {
			if l, err := storage.ListerForURI(storage.NewFileURI(dir)); err == nil {
				fd.SetLocation(l)
			}
		}
		fd.Show()
	})
}

// openExtensions lists the extensions File ▸ Open shows: every format
// document.Open reads, in lower and upper case.
func openExtensions() []string {
	exts := make([]string, 0, 2*len(document.Formats))
	for _, f := range document.Formats {
		exts = append(exts, f, strings.ToUpper(f))
	}
	return exts
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
func (e *Editor) OpenPath(path string) { e.openThen(path, func(error) {}) }

// openThen is OpenPath that reports the outcome: done runs with openNow's
// error once the user answered (never when they cancelled).
func (e *Editor) openThen(path string, done func(err error)) {
	e.ConfirmDiscard(func() { done(e.openNow(path)) })
}

// openPaged is openThen for a model reached by paging through its
// folder: it is not added to Open Recent.
func (e *Editor) openPaged(path string, done func(err error)) {
	e.ConfirmDiscard(func() { done(e.open(path, false)) })
}

// docPath returns the document's path, "" when there is none.
func (e *Editor) docPath() string {
	if e.doc == nil {
		return ""
	}
	return e.doc.Path()
}

// NextInFolder opens the next model of the document's folder in natural
// order (walk2 before walk10), asking first about unsaved changes; at the
// last model it stops, and the status bar says so. A model that does not
// open shows why, and the next step moves on past it.
func (e *Editor) NextInFolder() { e.showErr(e.pager.Next()) }

// PreviousInFolder opens the model before the document's in its folder,
// stopping at the first.
func (e *Editor) PreviousInFolder() { e.showErr(e.pager.Previous()) }

func (e *Editor) showErr(err error) {
	if err != nil {
		dialog.ShowError(err, e.win)
	}
}

// lastFolderKey is the preference key of the folder Open Folder showed
// last.
const lastFolderKey = "folder.last"

// ShowOpenFolder is File ▸ Open Folder…: it asks for a folder, starting
// in the one shown last, and shows its models (OpenFolder).
func (e *Editor) ShowOpenFolder() {
	start := e.prefs().String(lastFolderKey)
	if st, err := os.Stat(start); err != nil || !st.IsDir() {
		start = e.startDir()
	}
	folder.PickFolder(e.win, start, func(dir string) { e.OpenFolder(dir) })
}

// OpenFolder shows the models of dir as thumbnails to pick from (see
// folder.View); picking one opens it as File ▸ Open does. The folder is
// remembered for the next Open Folder. A folder that cannot be listed
// shows why and returns nil.
func (e *Editor) OpenFolder(dir string) *folder.View {
	e.closeFolderView()
	v := folder.New(e.win, e.openThen)
	v.OnDir = func(d string) { e.prefs().SetString(lastFolderKey, d) }
	if err := v.Show(dir); err != nil {
		dialog.ShowError(err, e.win)
		return nil
	}
	e.folderView = v
	return v
}

// closeFolderView stops File ▸ Open Folder's view, if it is shown.
func (e *Editor) closeFolderView() {
	if e.folderView != nil {
		e.folderView.Close()
		e.folderView = nil
	}
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
func (e *Editor) openNow(path string) error { return e.open(path, true) }

// open opens path without asking, adding it to Open Recent when recent
// is set; see openNow.
func (e *Editor) open(path string, recent bool) error {
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
		e.OfferRecovered(path)
		return err
	}
	if recent {
		e.Recent.Add(path)
	}
	e.SetDocument(d)
	e.OfferRecovered(path)
	return nil
}

// Save saves the document to its file (showing first what fitting it to
// MS3D's limits changes, when that changes anything: saveFitted), or asks
// for one (Save As) when it has none or was imported from another format;
// then runs after a successful save (it may be nil). Errors show in a
// dialog.
func (e *Editor) Save(then func()) {
	if e.doc == nil {
		return
	}
	if p := e.doc.Path(); strings.EqualFold(filepath.Ext(p), ".ms3d") {
		e.saveFitted(p, then)
		return
	}
	e.SaveAs(then) // document.Save never writes MS3D bytes over another format
}

func (e *Editor) saved(path string, err error, then func()) {
	if err != nil {
		dialog.ShowError(err, e.win)
		return
	}
	e.Recent.Add(path)
	e.refreshMenu()
	if rs := e.doc.Rebased(); len(rs) > 0 {
		lines := make([]string, len(rs))
		for i, r := range rs {
			lines[i] = r.String()
		}
		dialog.ShowInformation("Texture paths rewritten",
			fmt.Sprintf("Saved into another folder: %s rewritten to name the same files from there (Undo \"Rebase texture paths\" reverts them):\n\n%s",
				widgets.Plural(len(rs), "path"), strings.Join(lines, "\n")), e.win)
	}
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
	switch ext := filepath.Ext(path); {
	case ext == "":
		path += ".ms3d"
	case !strings.EqualFold(ext, ".ms3d") && document.CanOpen(path):
		// Never write MS3D bytes over the .3ds or .smd the model came from.
		path = strings.TrimSuffix(path, ext) + ".ms3d"
	}
	write := func() { e.saveFitted(path, then) }
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
