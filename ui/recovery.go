package ui

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"ms3dstudio/document"
	"ms3dstudio/internal/recovery"
)

// Recovery copies (internal/recovery): the app keeps one when it is stopped
// by a signal while the document has unsaved changes (RescueUnsaved), and
// the editor offers it when that file, or the app without a file, is opened
// next (OfferRecovered). A copy the user opened stays in the store until the
// document is saved or its changes are discarded, so that being stopped
// again before that loses nothing either.

// ErrNothingToRescue is returned by RescueUnsaved when no copy is needed.
var ErrNothingToRescue = errors.New("no unsaved changes to keep")

// needsRescue reports whether quitting now would lose work: the document
// has unsaved changes, other than an import nobody has edited yet (opening
// the original again gives the same model back).
func needsRescue(d *document.Document) bool {
	if !document.NeedsConfirm(d) {
		return false
	}
	return d.Imported() == nil || d.CanUndo()
}

// RescueUnsaved writes the document's recovery copy when it has unsaved
// changes (ErrNothingToRescue when it has none, when the user already
// agreed to close without saving, or when no store is configured). It is for the moment the app is stopped without asking: it
// may run on any goroutine once the toolkit's loop no longer runs, as
// nothing changes the document then.
func (e *Editor) RescueUnsaved(now time.Time) (recovery.Copy, error) {
	d := e.doc
	if e.cfg.Recovery == nil || e.closing || !needsRescue(d) {
		return recovery.Copy{}, ErrNothingToRescue
	}
	data, err := d.Encode()
	if err != nil {
		return recovery.Copy{}, err
	}
	return e.cfg.Recovery.Write(d.Path(), d.Name(), data, now)
}

// OfferRecovered asks, when the store holds a recovery copy of the file at
// path ("" for the untitled document), whether to open that copy in place
// of the shown document or discard it. The editor calls it after opening
// a file, and after failing to open one (a copy is worth most when the
// file itself no longer reads); the app calls it at start.
func (e *Editor) OfferRecovered(path string) {
	st := e.cfg.Recovery
	if st == nil || e.recovered != nil {
		return
	}
	c, ok := st.Find(path)
	if !ok {
		return
	}
	when := c.Written.Local().Format("2 Jan 2006 15:04")
	text := fmt.Sprintf("MS3D Studio was stopped on %s before the changes to %s were saved. A copy with those changes was kept.", when, c.Name)
	if c.Original != "" {
		if fi, err := os.Stat(c.Original); err == nil && fi.ModTime().After(c.Written.Add(time.Second)) {
			text += fmt.Sprintf("\n\nThe file on disk was changed after that (%s).", fi.ModTime().Format("2 Jan 2006 15:04"))
		}
	}
	text += "\n\nOpen the copy? The file on disk stays as it is until you save."
	msg := widget.NewLabel(text)
	msg.Wrapping = fyne.TextWrapWord
	var d *dialog.CustomDialog
	open := widget.NewButton("Open copy", func() {
		d.Hide()
		if e.showsUnedited(c.Original) {
			e.openRecovered(c)
			return
		}
		// The copy replaces a document with work of its own.
		e.ConfirmDiscard(func() { e.openRecovered(c) })
	})
	open.Importance = widget.HighImportance
	discard := widget.NewButton("Discard copy", func() {
		d.Hide()
		if err := st.Remove(c.Original); err != nil {
			dialog.ShowError(err, e.win)
		}
	})
	d = dialog.NewCustomWithoutButtons("Unsaved changes recovered", msg, e.win)
	d.SetButtons([]fyne.CanvasObject{discard, open})
	d.Resize(fyne.NewSize(520, 0))
	d.Show()
}

// showsUnedited reports whether the shown document is the file at
// original ("" for untitled) as opened, without edits: the copy may
// replace it without asking.
func (e *Editor) showsUnedited(original string) bool {
	if e.doc == nil {
		return true
	}
	p := e.doc.Path()
	if p != "" {
		if abs, err := filepath.Abs(p); err == nil {
			p = abs
		}
	}
	return p == original && !e.doc.CanUndo() && !e.doc.CanRedo()
}

// openRecovered shows the recovery copy c in place of the document; the
// copy is removed once the document is saved or its changes discarded.
func (e *Editor) openRecovered(c recovery.Copy) {
	st := e.cfg.Recovery
	data, err := st.Read(c)
	var d *document.Document
	if err == nil {
		d, err = document.Recovered(data, c.Original, c.Name)
	}
	if err != nil {
		dialog.ShowError(err, e.win)
		return
	}
	if e.cfg.OnRecovered != nil {
		e.cfg.OnRecovered(d)
	}
	e.SetDocument(d)
	e.recovered = &c
	var cancel func()
	cancel = d.Subscribe(func(ch document.Change) {
		if !ch.What.Has(document.Saved) || d.Modified() {
			return
		}
		cancel()
		e.dropRecovered(d)
	})
}

// dropRecovered removes the recovery copy d was opened from, once its
// changes are saved or discarded.
func (e *Editor) dropRecovered(d *document.Document) {
	if e.recovered == nil || e.doc != d {
		return
	}
	c := e.recovered
	e.recovered = nil
	if err := e.cfg.Recovery.Remove(c.Original); err != nil {
		dialog.ShowError(err, e.win)
	}
}
