package ui

import (
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"

	"ms3dstudio/document"
	"ms3dstudio/ui/exportdialog"
)

// Reimport reads the imported document's file again with other import
// options (the .3ds pivot rule and axes, the SMD animations) and shows the
// result in its place. Edits made since the import are lost, so they are
// confirmed first.
func (e *Editor) Reimport(opt document.OpenOptions) error {
	d := e.doc
	if d == nil || d.Imported() == nil {
		return fmt.Errorf("the document was not imported")
	}
	nd, err := document.OpenWith(d.Path(), opt)
	if err != nil {
		dialog.ShowError(err, e.win)
		return err
	}
	replace := func() { e.SetDocument(nd) }
	if d.CanUndo() {
		dialog.ShowConfirm("Import again?", "Importing again with other options discards the edits made since the import.", func(ok bool) {
			if ok {
				replace()
			}
		}, e.win)
		return nil
	}
	replace()
	return nil
}

// ShowImportAnimation adds an animation SMD to a document imported from an
// SMD reference: the reference is imported again with the animation as one
// more clip.
func (e *Editor) ShowImportAnimation() {
	d := e.doc
	if d == nil || d.Imported() == nil || d.Imported().Format != "smd" {
		dialog.ShowInformation("Import Animation", "Open an SMD reference first (File ▸ Open…); its animations are then added as clips.", e.win)
		return
	}
	fd := dialog.NewFileOpen(func(r fyne.URIReadCloser, err error) {
		if err != nil || r == nil {
			if err != nil {
				dialog.ShowError(err, e.win)
			}
			return
		}
		path := r.URI().Path()
		r.Close()
		opt := d.Imported().Options
		opt.Anims = append(append([]string(nil), opt.Anims...), path)
		e.Reimport(opt)
	}, e.win)
	fd.SetFilter(storage.NewExtensionFileFilter([]string{".smd", ".SMD"}))
	fd.Show()
}

// ShowExport opens File ▸ Export… (ui/exportdialog) in the folder of the
// document, with the format last exported to.
func (e *Editor) ShowExport() { e.showExport("") }

// showExport opens the Export dialog with the format whose extension is
// format chosen ("" the one last exported to) and returns it (nil without a
// document).
func (e *Editor) showExport(format string) *exportdialog.Dialog {
	if e.doc == nil {
		return nil
	}
	return exportdialog.Show(exportdialog.Config{Window: e.win, Document: e.doc, Time: float32(e.Timeline.Time()),
		Dir: e.startDir(), Format: format, Prefs: e.prefs()})
}
