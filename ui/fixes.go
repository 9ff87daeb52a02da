package ui

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"ms3dstudio/document"
	"ms3dstudio/model"
)

// FixProblems shows what the automatic fixes for the codes in only (all
// default fixes when empty) would change, and which texture copies they
// would write, and applies them, as one undoable edit, when the user
// agrees.
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
	var notFixed []string
	for _, p := range plan.Problems {
		notFixed = append(notFixed, "not fixed: "+p.Error())
	}
	if len(plan.Changes) == 0 {
		msg := "The automatic fixes have nothing to change."
		if len(notFixed) > 0 {
			msg = strings.Join(notFixed, "\n")
		}
		dialog.ShowInformation("Nothing to fix", msg, e.win)
		return
	}
	lines := make([]string, 0, len(plan.Changes)+len(plan.Copies)+len(notFixed))
	for _, c := range plan.Changes {
		lines = append(lines, c.String())
	}
	writes := 0
	for _, c := range plan.Copies {
		if c.Exists {
			lines = append(lines, fmt.Sprintf("texture copy %s: already there, reused", c.Target))
			continue
		}
		writes++
		lines = append(lines, fmt.Sprintf("texture copy %s: to write (%d bytes, from %s)", c.Target, len(c.Data), c.Source))
	}
	lines = append(lines, notFixed...)
	list := widget.NewList(func() int { return len(lines) },
		func() fyne.CanvasObject {
			l := widget.NewLabel("")
			l.Truncation = fyne.TextTruncateEllipsis
			return l
		},
		func(i widget.ListItemID, o fyne.CanvasObject) { o.(*widget.Label).SetText(lines[i]) })
	n := len(plan.Changes)
	title := fmt.Sprintf("%d changes (undo reverts them all):", n)
	if n == 1 {
		title = "1 change (undo reverts it):"
	}
	head := container.NewVBox(widget.NewLabel(title))
	switch {
	case writes == 1:
		head.Add(widget.NewLabel("Apply first writes 1 texture file beside its original; undo leaves it on disk."))
	case writes > 1:
		head.Add(widget.NewLabel(fmt.Sprintf("Apply first writes %d texture files beside their originals; undo leaves them on disk.", writes)))
	}
	body := container.NewBorder(head, nil, nil, nil, list)
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
