package ui

import (
	"fmt"
	"os"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"ms3dstudio/model"
	"ms3dstudio/model/document"
	"ms3dstudio/model/fix"
)

// FixPlan is what applying the automatic fixes would do to a document: the
// fixed model and the change log. It is computed on a copy; the document is
// untouched until the plan is applied.
type FixPlan struct {
	Fixed   *model.Model
	Changes []fix.Change
}

// PlanFixes runs model/fix on a copy of d's model for the codes in only
// (every default fix when empty). When the document is as its file is on
// disk and the decoder found joint keys short by a few bytes (Woman4.ms3d),
// the file is read again and repaired at byte level first, which restores
// the keys and the optional blocks after them.
func PlanFixes(d *document.Document, only []model.Code) (FixPlan, error) {
	opt := fix.Options{Only: only, Textures: d.TextureResolver()}
	if err := opt.CheckCodes(); err != nil {
		return FixPlan{}, err
	}
	if !d.Modified() && d.Path() != "" && opt.Enabled(model.CodeKeysShort) && hasCode(d.DecodeFindings(), model.CodeKeysShort) {
		if data, err := os.ReadFile(d.Path()); err == nil {
			m, changes, err := fix.Decode(data, opt)
			if err == nil {
				return FixPlan{Fixed: m, Changes: changes}, nil
			}
		}
	}
	c := document.Clone(d.Model())
	changes := fix.Fix(c, d.DecodeFindings(), opt)
	return FixPlan{Fixed: c, Changes: changes}, nil
}

// Apply makes the plan one undoable edit of d.
func (p FixPlan) Apply(d *document.Document) error {
	label := fmt.Sprintf("Fix %d problem", len(p.Changes))
	if len(p.Changes) != 1 {
		label += "s"
	}
	fixed := p.Fixed
	return d.Do(document.Bulk(label, document.Everything, func(m *model.Model) error {
		*m = *document.Clone(fixed)
		return nil
	}))
}

func hasCode(fs []model.Finding, code model.Code) bool {
	for _, f := range fs {
		if f.Code == code {
			return true
		}
	}
	return false
}

// Fixable reports whether model/fix can fix findings with f's code.
func Fixable(f model.Finding) bool {
	for _, r := range fix.Rules() {
		if r.Code == f.Code {
			return r.Fixable
		}
	}
	return false
}

// FixProblems shows what the automatic fixes for the codes in only (all
// default fixes when empty) would change and applies them, as one undoable
// edit, when the user agrees.
func (e *Editor) FixProblems(only []model.Code) {
	d := e.doc
	if d == nil {
		return
	}
	plan, err := PlanFixes(d, only)
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
