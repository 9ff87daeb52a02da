package problems

import (
	"fmt"
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"ms3dstudio/document"
	"ms3dstudio/model"
	"ms3dstudio/ui/hub"
	"ms3dstudio/ui/widgets"
)

// Problems lists the document's findings (decoder and validation) with a
// severity icon, the code, the location and the message. Selecting one
// selects the element it is about.
type Problems struct {
	List *widget.List
	// FixOne fixes the findings with the selected finding's code; FixAll
	// runs every default fix. Both call OnFix, which the editor sets.
	FixOne, FixAll *widget.Button
	// Reader chooses the reader (model/compat profile) whose quirks are
	// listed and fixed too, or the engine (formats/smd profile) whose
	// limits are listed and, where engine.Fix can, fixed (document.Target).
	Reader *widget.Select
	// OnFix is called with the codes to fix (nil for all).
	OnFix func(codes []model.Code)
	// OnNotes is called after ShowNotes changed what is listed.
	OnNotes func()

	doc      *document.Document
	target   document.Target // chosen in Reader
	hub      *hub.Hub
	findings []model.Finding
	// notes are listed before the document's findings (ShowNotes).
	notes    []model.Finding
	selected int
	obj      fyne.CanvasObject
}

// New returns a problems panel that selects through the hub h.
func New(h *hub.Hub) *Problems {
	p := &Problems{hub: h}
	list := widgets.NewKeyList(func() int { return len(p.findings) },
		func() fyne.CanvasObject {
			icon := widget.NewIcon(theme.ErrorIcon())
			code := widget.NewLabel("joint.parent-missing")
			code.TextStyle.Monospace = true
			where := widget.NewLabel("triangle 12345 at offset 0x123456")
			msg := widget.NewLabel("message")
			msg.Truncation = fyne.TextTruncateEllipsis
			return container.NewBorder(nil, nil, container.NewHBox(icon, code, where), nil, msg)
		},
		func(id widget.ListItemID, o fyne.CanvasObject) {
			if id >= len(p.findings) {
				return
			}
			f := p.findings[id]
			c := o.(*fyne.Container)
			left := c.Objects[1].(*fyne.Container)
			left.Objects[0].(*widget.Icon).SetResource(widgets.SeverityIcon(f.Severity))
			left.Objects[1].(*widget.Label).SetText(string(f.Code))
			left.Objects[2].(*widget.Label).SetText(f.Where.String())
			text := f.Message
			if f.Fix != "" {
				text += " — fix: " + f.Fix
			}
			c.Objects[0].(*widget.Label).SetText(text)
		})
	p.List = &list.List
	p.selected = -1
	p.List.OnSelected = func(id widget.ListItemID) {
		if id < len(p.findings) {
			p.selected = id
			p.updateButtons()
			h.Select(hub.SelectionFor(p.findings[id].Where))
		}
	}
	p.List.OnUnselected = func(widget.ListItemID) {
		p.selected = -1
		p.updateButtons()
	}
	p.FixOne = widget.NewButton("Fix these", func() {
		if f, ok := p.Selected(); ok && p.OnFix != nil {
			p.OnFix([]model.Code{f.Code})
		}
	})
	p.FixAll = widget.NewButton("Fix all…", func() {
		if p.OnFix != nil {
			p.OnFix(p.fixAllCodes())
		}
	})
	reader := widgets.NewKeySelect(append([]string{noReader}, document.TargetNames()...), func(name string) {
		if p.doc == nil {
			return
		}
		if t := targetOf(name); t != p.target {
			p.target = t
			p.doc.SetTarget(t)
			p.Refresh()
		}
	})
	p.Reader = &reader.Select
	p.Reader.SetSelected(noReader)
	p.updateButtons()
	p.obj = container.NewBorder(nil, nil, nil, container.NewVBox(p.FixOne, p.FixAll, widget.NewLabel("Must load in:"), reader), list)
	return p
}

// Object returns the panel: the list with its fix buttons.
func (p *Problems) Object() fyne.CanvasObject { return p.obj }

// Selected returns the selected finding.
func (p *Problems) Selected() (model.Finding, bool) {
	if p.selected < 0 || p.selected >= len(p.findings) {
		return model.Finding{}, false
	}
	return p.findings[p.selected], true
}

// updateButtons enables "Fix these" for a selected fixable finding and
// "Fix all" when a finding has a fix that runs by default (opt-in fixes
// alone leave it disabled: it would find nothing to do), the engine fixes
// of the chosen target included (FixableIn).
func (p *Problems) updateButtons() {
	if f, ok := p.Selected(); ok && p.fixable(f) {
		p.FixOne.SetText("Fix all " + string(f.Code))
		p.FixOne.Enable()
	} else {
		p.FixOne.SetText("Fix these")
		p.FixOne.Disable()
	}
	if p.fixAllCodes() != nil || p.anyDefaultFix() {
		p.FixAll.Enable()
	} else {
		p.FixAll.Disable()
	}
}

// anyDefaultFix reports whether a finding shown has a fix that runs by
// default.
func (p *Problems) anyDefaultFix() bool {
	for _, f := range p.findings {
		if _, byDefault := FixableIn(p.doc, f); byDefault {
			return true
		}
	}
	return false
}

// fixAllCodes returns what Fix all… fixes: nil (every default fix) when a
// finding shown has one; otherwise the codes of the findings shown whose
// fixes are opt-in (a note such as material.texture-remapped lists a fix,
// and the button must not be greyed then), or nil when there are none.
func (p *Problems) fixAllCodes() []model.Code {
	if p.anyDefaultFix() {
		return nil
	}
	var codes []model.Code
	for _, f := range p.findings {
		if p.fixable(f) && !slices.Contains(codes, f.Code) {
			codes = append(codes, f.Code)
		}
	}
	return codes
}

// fixable reports whether a fix exists for f in the panel's document.
func (p *Problems) fixable(f model.Finding) bool {
	fixable, _ := FixableIn(p.doc, f)
	return fixable
}

// noReader is the reader choice that checks no particular reader.
const noReader = "any reader"

// targetOf returns the target a Reader choice names (none for noReader).
func targetOf(name string) document.Target {
	t, _ := document.ParseTarget(name) // every other choice is a target's name
	return t
}

// SetDocument lists d's findings (nil lists none), for the reader or
// engine chosen in the panel.
func (p *Problems) SetDocument(d *document.Document) {
	p.doc = d
	p.notes = nil
	if d != nil {
		p.target = targetOf(p.Reader.Selected)
		d.SetTarget(p.target)
	}
	p.Refresh()
}

// Changed lists the findings again after a document change (the document
// re-runs its checks only when the model changed); a change to the model
// drops the notes.
func (p *Problems) Changed(ch document.Change) {
	if ch.What&^document.Saved != 0 {
		p.notes = nil
	}
	p.Refresh()
}

// ShowNotes lists fs before the document's findings until the model next
// changes or another document is shown: what an action did to the model
// that the document's own checks cannot find afterwards (the editor shows
// there what fitting the model to MS3D's limits changed when it was saved).
func (p *Problems) ShowNotes(fs []model.Finding) {
	p.notes = fs
	p.Refresh()
	if p.OnNotes != nil {
		p.OnNotes()
	}
}

// Refresh reads the findings again.
func (p *Problems) Refresh() {
	p.findings = append([]model.Finding(nil), p.notes...)
	if p.doc != nil {
		p.findings = append(p.findings, p.doc.Findings()...)
	}
	p.List.UnselectAll()
	p.selected = -1
	p.List.Refresh()
	p.updateButtons()
}

// Findings returns the listed findings.
func (p *Problems) Findings() []model.Finding { return p.findings }

// FindingSummary formats finding counts as "2 errors, 1 warning, 0 notes".
func FindingSummary(fs []model.Finding) string {
	e, w, i := model.CountSeverities(fs)
	return fmt.Sprintf("%s, %s, %s", widgets.Plural(e, "error"), widgets.Plural(w, "warning"), widgets.Plural(i, "note"))
}
