package ui

import (
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"ms3dstudio/document/exporter"
	"ms3dstudio/model"
	"ms3dstudio/ui/exportdialog"
	"ms3dstudio/ui/widgets"
)

// saveFitted saves the document to path, an .ms3d file, and runs then
// after a successful save. A model MS3D holds as it is saves at once.
// Otherwise (an import from a richer format, a model past MS3D's limits)
// it first shows what fitting the model to MS3D's limits changes
// (document.PlanSave) and saves only when the user agrees; afterwards the
// problems panel lists those changes, which the saved file no longer
// shows. A model that one MS3D file cannot hold is offered the ways out
// instead: split into several files, or export as glTF.
func (e *Editor) saveFitted(path string, then func()) {
	d := e.doc
	plan := d.PlanSave(path)
	save := func() {
		err := d.SaveAs(path)
		if err == nil && len(plan) > 0 && e.doc == d {
			e.Problems.ShowNotes(plan)
			e.showProblems()
		}
		e.saved(path, err, then)
	}
	switch {
	case len(plan) == 0 || slices.ContainsFunc(plan, func(f model.Finding) bool { return f.Code == model.Code3DSLimit }):
		// Nothing to show, or SaveAs refuses with the reason.
		save()
	case slices.ContainsFunc(plan, func(f model.Finding) bool { return f.Code == model.CodeFitTooLarge }):
		e.offerSplit(path, plan)
	default:
		e.confirmFit(plan, save)
	}
}

// confirmFit shows what fitting the model to MS3D's limits changes, and
// runs save when the user agrees.
func (e *Editor) confirmFit(plan []model.Finding, save func()) {
	msg := widget.NewLabel("An MS3D file cannot hold this model as it is. Saving first fits it to MS3D's limits, as an edit that Undo takes back (\"Fit to MS3D limits\"); the Problems tab then lists these " +
		widgets.Count(len(plan), "change", "changes") + ":")
	msg.Wrapping = fyne.TextWrapWord
	var dlg *dialog.CustomDialog
	ok := widget.NewButton("Save", func() { dlg.Hide(); save() })
	ok.Importance = widget.HighImportance
	cancel := widget.NewButton("Cancel", func() { dlg.Hide() })
	dlg = dialog.NewCustomWithoutButtons("Save as MS3D", container.NewBorder(msg, nil, nil, nil, widgets.FindingsView(plan, 160)), e.win)
	dlg.SetButtons([]fyne.CanvasObject{cancel, ok})
	e.showSized(dlg)
}

// offerSplit says why one MS3D file cannot hold the model and offers to
// write it as several files under the limits (path-1.ms3d, …; the
// document stays unsaved, as no one file holds it) or to export it as
// glTF, which holds all of it.
func (e *Editor) offerSplit(path string, plan []model.Finding) {
	d := e.doc
	// The reasons first, then what the fit would change besides.
	var over, rest []model.Finding
	var why []string
	for _, f := range plan {
		if f.Code == model.CodeFitTooLarge {
			over = append(over, f)
			why = append(why, f.Message)
		} else {
			rest = append(rest, f)
		}
	}
	msg := widget.NewLabel("One MS3D file cannot hold this model: " + strings.Join(why, "; ") + ".\n\nNothing was saved. Split it into several MS3D files under the limits (each with the whole skeleton and every material), or export it to a format that holds it all. What saving as MS3D meets:")
	msg.Wrapping = fyne.TextWrapWord
	plan = append(over, rest...)
	var dlg *dialog.CustomDialog
	split := widget.NewButton("Split into several files", func() {
		dlg.Hide()
		files, found, err := exporter.Write(d.Model(), path, d.TextureResolver(), exporter.Options{Split: true})
		if err != nil {
			dialog.ShowError(err, e.win)
			return
		}
		e.Problems.ShowNotes(found)
		exportdialog.ShowReport(e.win, "Saved as several MS3D files", files, found)
	})
	split.Importance = widget.HighImportance
	gltf := widget.NewButton("Export as glTF…", func() { dlg.Hide(); e.showExport(".glb") })
	cancel := widget.NewButton("Cancel", func() { dlg.Hide() })
	dlg = dialog.NewCustomWithoutButtons("Too large for MS3D", container.NewBorder(msg, nil, nil, nil, widgets.FindingsView(plan, 120)), e.win)
	dlg.SetButtons([]fyne.CanvasObject{cancel, gltf, split})
	e.showSized(dlg)
}

// showProblems brings the Problems tab to the front.
func (e *Editor) showProblems() {
	for _, it := range e.tabs.Items {
		if it.Content == e.Problems.Object() {
			e.tabs.Select(it)
		}
	}
}

// showSized shows a dialog that lists findings at a size that reads them.
func (e *Editor) showSized(dlg *dialog.CustomDialog) {
	s := e.win.Canvas().Size()
	dlg.Resize(fyne.NewSize(min(760, s.Width-40), min(460, s.Height-40)))
	dlg.Show()
}
