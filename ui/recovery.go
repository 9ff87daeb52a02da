package ui

import (
	"errors"
	"fmt"
	"os"
	"sync"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"ms3dstudio/document"
	"ms3dstudio/document/recovery"
)

// Recovery copies (document/recovery): while the document has unsaved
// changes the editor keeps a copy of them, written in the background every
// minute or so when something changed (Autosave) and once more when the app
// is stopped by a signal (RescueUnsaved); it offers a copy when that file,
// or the app without a file, is opened next (OfferRecovered). The copy of
// the shown document, whether autosaved or the one it was opened from,
// stays in the store until its changes are saved, undone or discarded, so
// that a crash, a kill or a power cut before that loses at most the last
// minute's work.

// ErrNothingToRescue is returned by RescueUnsaved when no copy is needed.
var ErrNothingToRescue = errors.New("no unsaved changes to keep")

// needsRescue reports whether quitting now would lose work: the document
// has unsaved changes (an import nobody has edited has none: see
// document.NeedsConfirm).
func needsRescue(d *document.Document) bool { return document.NeedsConfirm(d) }

// RescueUnsaved writes the document's recovery copy at once when it has
// unsaved changes (ErrNothingToRescue when it has none, when the user
// already agreed to close without saving, or when no store is configured).
// It is for the moment the app is stopped without asking: it may run on any
// goroutine once the toolkit's loop no longer runs, as nothing changes the
// document then.
func (e *Editor) RescueUnsaved(now time.Time) (recovery.Copy, error) {
	d := e.doc
	if e.keeper == nil || e.closing || !needsRescue(d) {
		return recovery.Copy{}, ErrNothingToRescue
	}
	data, err := d.Encode()
	if err != nil {
		return recovery.Copy{}, err
	}
	c, err := e.keeper.KeepNow(d.Path(), d.Name(), data, now)
	if err == nil && c.Size > 0 && e.openedFrom != nil {
		// The copy the document came from is now part of this one.
		e.cfg.Recovery.RemoveCopy(*e.openedFrom)
		e.openedFrom = nil
	}
	return c, err
}

// Autosave keeps a recovery copy of the document's unsaved changes when
// they changed since the last one: the model is encoded here, on the UI
// goroutine that owns it, and written in the background. A document whose
// changes were all saved or undone has its copy removed instead. The app
// calls it every recovery.AutosaveEvery (StartAutosave).
func (e *Editor) Autosave(now time.Time) {
	d := e.doc
	if e.keeper == nil || e.closing || d == nil {
		return
	}
	if !needsRescue(d) {
		e.dropKept()
		return
	}
	if !e.unkept {
		if e.kept != nil {
			// Unchanged: the copy stays, marked as in use by this
			// instance so that another does not offer it.
			e.keeper.Touch(*e.kept, now)
		}
		return
	}
	data, err := d.Encode()
	if err != nil {
		e.keepFailedWith(err)
		return
	}
	e.unkept = false
	// The path changes only on a save, which drops the copy: a copy kept
	// is always under this path.
	original := d.Path()
	e.kept = &original
	from := e.openedFrom
	e.keeper.Keep(original, d.Name(), data, now, func(_ recovery.Copy, err error) {
		fyne.Do(func() {
			if err != nil {
				e.keepFailedWith(err)
				return
			}
			e.keepFailed = false
			if from != nil && e.openedFrom == from {
				// This instance's copy now holds that copy's work too.
				e.openedFrom = nil
				if err := e.cfg.Recovery.RemoveCopy(*from); err != nil {
					dialog.ShowError(err, e.win)
				}
			}
		})
	})
}

// keepFailedWith shows why a recovery copy could not be kept, the first
// time autosaving fails after it worked.
func (e *Editor) keepFailedWith(err error) {
	e.unkept = true
	if e.keepFailed {
		return
	}
	e.keepFailed = true
	dialog.ShowError(fmt.Errorf("MS3D Studio could not keep a copy of the unsaved changes, and tries again in a minute; save to keep them: %w", err), e.win)
}

// StartAutosave runs Autosave on the UI goroutine every interval until the
// returned function is called.
func (e *Editor) StartAutosave(every time.Duration) (stop func()) {
	t := time.NewTicker(every)
	done := make(chan struct{})
	go func() {
		for {
			select {
			case now := <-t.C:
				fyne.Do(func() { e.Autosave(now) })
			case <-done:
				return
			}
		}
	}()
	var once sync.Once
	return func() { once.Do(func() { t.Stop(); close(done) }) }
}

// recoveryChanged follows a change of the document: an edit makes the next
// autosave write, and a document left without unsaved changes (saved, or
// undone back to the file) needs no copy.
func (e *Editor) recoveryChanged(ch document.Change) {
	if ch.What&^document.Saved != 0 {
		e.unkept = true
	}
	if e.kept != nil && !e.doc.Modified() {
		e.dropKept()
	}
}

// OfferRecovered asks, when the store holds a recovery copy of the file at
// path ("" for the untitled document), whether to open that copy in place
// of the shown document or discard it. The editor calls it after opening
// a file, and after failing to open one (a copy is worth most when the
// file itself no longer reads); the app calls it at start.
func (e *Editor) OfferRecovered(path string) {
	st := e.cfg.Recovery
	if st == nil {
		return
	}
	c, ok := st.Find(path)
	if !ok || e.keeps(c) {
		// (Find leaves out the copies other running instances keep.) The
		// shown document's own copy holds work that is on screen.
		return
	}
	when := c.Written.Local().Format("2 Jan 2006 15:04")
	text := fmt.Sprintf("MS3D Studio stopped before the changes to %s were saved. A copy of them, as they were on %s, was kept.", c.Name, when)
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
		if err := st.RemoveCopy(c); err != nil {
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
	return absolutePath(e.doc.Path()) == original && !e.doc.CanUndo() && !e.doc.CanRedo()
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
	original := c.Original
	e.kept, e.openedFrom = &original, &c
}

// keeps reports whether c is the copy of the shown document's work.
func (e *Editor) keeps(c recovery.Copy) bool {
	return e.kept != nil && absolutePath(*e.kept) == c.Original
}

// dropKept removes the recovery copy of the document's unsaved work, once
// that work is saved, undone or discarded.
func (e *Editor) dropKept() {
	if e.kept != nil {
		original := *e.kept
		e.kept = nil
		if err := e.keeper.Remove(original); err != nil {
			dialog.ShowError(err, e.win)
		}
	}
	if e.openedFrom != nil {
		c := *e.openedFrom
		e.openedFrom = nil
		if err := e.cfg.Recovery.RemoveCopy(c); err != nil {
			dialog.ShowError(err, e.win)
		}
	}
}
