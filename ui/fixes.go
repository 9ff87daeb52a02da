package ui

import (
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"ms3dstudio/document"
	"ms3dstudio/model"
	"ms3dstudio/model/compat"
	"ms3dstudio/model/fix"
)

// Fixable reports whether model/fix can fix findings with f's code.
func Fixable(f model.Finding) bool {
	fixable, _ := fixRule(f.Code)
	return fixable
}

// FixedByDefault reports whether "Fix all" fixes findings with f's code:
// model/fix fixes it by default, or it is a quirk of the chosen reader that
// model/compat fixes.
func FixedByDefault(f model.Finding) bool {
	fixable, byDefault := fixRule(f.Code)
	return fixable && byDefault
}

// fixRule says whether a code has a fix and whether it runs by default.
func fixRule(code model.Code) (fixable, byDefault bool) {
	for _, r := range fix.Rules() {
		if r.Code == code {
			return r.Fixable, r.Default
		}
	}
	for _, p := range compat.Profiles() {
		for _, r := range compat.Rules(p.Profile) {
			if r.Code == code {
				return r.Fixable, r.Fixable
			}
		}
	}
	return false, false
}

// FixProblems shows what the automatic fixes for the codes in only (all
// default fixes when empty) would change and applies them, as one undoable
// edit, when the user agrees.
func (e *Editor) FixProblems(only []model.Code) {
	d := e.doc
	if d == nil {
		return
	}
	plan, err := document.PlanFixes(d, only)
	if err != nil {
		dialog.ShowError(err, e.win)
		return
	}
	if len(plan.Changes) == 0 {
		dialog.ShowInformation("Nothing to fix", "The automatic fixes have nothing to change.", e.win)
		return
	}
	lines := make([]string, len(plan.Changes))
	for i, c := range plan.Changes {
		lines[i] = c.String()
	}
	list := widget.NewList(func() int { return len(lines) },
		func() fyne.CanvasObject {
			l := widget.NewLabel("")
			l.Truncation = fyne.TextTruncateEllipsis
			return l
		},
		func(i widget.ListItemID, o fyne.CanvasObject) { o.(*widget.Label).SetText(lines[i]) })
	title := fmt.Sprintf("%d changes (undo reverts them all):", len(lines))
	if len(lines) == 1 {
		title = "1 change (undo reverts it):"
	}
	body := container.NewBorder(widget.NewLabel(title), nil, nil, nil, list)
	dlg := dialog.NewCustomConfirm("Fix problems", "Apply", "Cancel", body, func(ok bool) {
		if ok {
			if err := plan.Apply(d); err != nil {
				dialog.ShowError(err, e.win)
			}
		}
	}, e.win)
	dlg.Resize(fyne.NewSize(min(900, e.win.Canvas().Size().Width-40), 420))
	dlg.Show()
}
