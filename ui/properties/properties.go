package properties

import (
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"ms3dstudio/document"
	"ms3dstudio/model"
	"ms3dstudio/texture"
	"ms3dstudio/ui/hub"
	"ms3dstudio/ui/widgets"
)

// Properties is the panel on the right: every field the model holds for
// the selected element, editable where a document command exists. Entries
// commit on Enter or focus loss and show the command's error under
// themselves.
type Properties struct {
	// OnReimport, set by the editor, imports the document's file again
	// with other import options.
	OnReimport func(document.OpenOptions)

	// Post runs the rebuild after a change once the event that caused it
	// is over: New sets it to hand the rebuild to Fyne's goroutine from a
	// new goroutine (go fyne.Do), which queues it behind the event. An
	// entry commits in FocusLost while Fyne is moving the focus to the next
	// field; rebuilding right there would hand the focus to a field that is
	// no longer shown. Tests in Fyne's test driver, which has no event loop
	// to queue on, set it to run the rebuild at once.
	Post func(func())

	// Now returns the timeline's current time in seconds, the time a new
	// key gets; nil means the first frame.
	Now func() float64

	// win is the window dialogs are shown in (set by the editor).
	win    fyne.Window
	scroll *container.Scroll
	box    *fyne.Container
	obj    fyne.CanvasObject // the scroll, in the culler's layout
	culler *culler
	doc    *document.Document
	hub    *hub.Hub
	tex    *texture.Statuses
	sel    hub.Selection

	forms      []*form
	values     map[string]string
	entries    map[string]*widgets.CommitEntry
	keyRow     [2]int // selected key per document.KeyKind, −1 none
	keyWidgets [2]keyWidgets
	// materialSelect is the group's material chooser (for tests).
	materialSelect *widget.Select
	scheduled      bool
}

// New returns a property panel that follows the hub h and shows its
// dialogs in win.
func New(h *hub.Hub, win fyne.Window) *Properties {
	p := &Properties{hub: h, win: win, box: container.NewVBox(), keyRow: [2]int{-1, -1},
		Post: func(f func()) { go fyne.Do(f) }}
	// Both directions: the panel takes the width the user gives it, and a
	// selection with wide fields (a material's colours, a long texture
	// path) scrolls inside it instead of pushing the viewport aside.
	p.scroll = container.NewScroll(p.box)
	p.culler = &culler{scroll: p.scroll}
	p.scroll.OnScrolled = func(fyne.Position) { p.culler.cull() }
	p.obj = container.New(p.culler, p.scroll)
	h.Subscribe(func(s hub.Selection) {
		if s != p.sel {
			p.keyRow = [2]int{-1, -1}
		}
		p.sel = s
		p.Rebuild()
	})
	p.sel = h.Current()
	return p
}

// Object returns the panel's canvas object.
func (p *Properties) Object() fyne.CanvasObject { return p.obj }

// SetCulling hides the rows scrolled out of view while on, and shows every
// row again when turned off: the editor turns it on during playback, when
// the window is painted for every frame.
func (p *Properties) SetCulling(on bool) { p.culler.setOn(on) }

// SetDocument shows d's elements (nil shows nothing) with texture lookups
// through tex.
func (p *Properties) SetDocument(d *document.Document, tex *texture.Statuses) {
	p.doc, p.tex = d, tex
	p.keyRow = [2]int{-1, -1}
	p.Rebuild()
}

// Changed refreshes the panel after a document change. Edits are user
// paced, so the panel is simply rebuilt (once the current event is over,
// keeping the focus on the field that had it); playback changes no document
// and never rebuilds it.
func (p *Properties) Changed(ch document.Change) {
	if ch.What.Has(document.Textures|document.Saved) && p.tex != nil {
		p.tex.Reset()
	}
	if p.scheduled {
		return
	}
	p.scheduled = true
	p.Post(func() {
		p.scheduled = false
		p.rebuildKeepFocus()
	})
}

// rebuildKeepFocus rebuilds the panel and gives the focus back to the
// field with the same name when one of the panel's entries had it.
func (p *Properties) rebuildKeepFocus() {
	var c fyne.Canvas
	if a := fyne.CurrentApp(); a != nil {
		c = a.Driver().CanvasForObject(p.scroll)
	}
	name := ""
	if c != nil {
		if f := c.Focused(); f != nil {
			for n, e := range p.entries {
				if fyne.Focusable(e) == f {
					name = n
				}
			}
		}
	}
	p.Rebuild()
	if e := p.entries[name]; e != nil && c != nil {
		c.Focus(e)
	}
}

// Value returns the text shown for a read-only field of the current
// selection, and whether the field is shown.
func (p *Properties) Value(name string) (string, bool) {
	v, ok := p.values[name]
	return v, ok
}

// Entry returns the editable field called name, or nil.
func (p *Properties) Entry(name string) *widgets.CommitEntry { return p.entries[name] }

// Rebuild lays the panel out again for the current selection.
func (p *Properties) Rebuild() {
	p.values = map[string]string{}
	p.entries = map[string]*widgets.CommitEntry{}
	p.keyWidgets = [2]keyWidgets{}
	p.forms = nil
	p.culler.boxes = nil
	if p.doc == nil {
		p.box.Objects = []fyne.CanvasObject{widget.NewLabel("No model")}
		p.box.Refresh()
		return
	}
	m := p.doc.Model()
	switch s := p.sel; s.Kind {
	case hub.KindGroup:
		if s.Index < len(m.Groups) {
			p.group(m, s.Index)
		}
	case hub.KindMaterial:
		if s.Index < len(m.Materials) {
			p.material(m, s.Index)
		}
	case hub.KindJoint:
		if s.Index < len(m.Joints) {
			p.joint(m, s.Index)
		}
	case hub.KindVertex:
		if s.Index < len(m.Vertices) {
			p.vertex(m, s.Index)
		}
	case hub.KindTriangle:
		if s.Index < len(m.Triangles) {
			p.triangle(m, s.Index)
		}
	default:
		p.modelInfo(m)
	}
	objs := make([]fyne.CanvasObject, 0, len(p.forms))
	for _, f := range p.forms {
		h := widget.NewLabel(f.title)
		h.TextStyle.Bold = true
		sec := newCullBox(container.NewVBox(h, widget.NewForm(f.items...)))
		sec.rows = f.rows
		objs = append(objs, sec.box)
		p.culler.boxes = append(p.culler.boxes, sec)
	}
	if len(objs) == 0 {
		objs = append(objs, widget.NewLabel(fmt.Sprintf("%s does not exist", p.sel)))
	}
	p.forms = nil
	p.box.Objects = objs
	p.box.Refresh()
	p.culler.cull()
}

// form collects the rows of one section; the widget.Form is made once at
// the end (appending to a shown form lays it out again each time).
type form struct {
	title string
	items []*widget.FormItem
	rows  []*cullBox
}

// Append adds a row. Its widget is hidden while scrolled out of view
// (cullBox).
func (f *form) Append(text string, obj fyne.CanvasObject) {
	b := newCullBox(obj)
	f.rows = append(f.rows, b)
	f.items = append(f.items, widget.NewFormItem(text, b.box))
}

// section starts a titled form.
func (p *Properties) section(title string) *form {
	f := &form{title: title}
	p.forms = append(p.forms, f)
	return f
}

// wrapped returns a label that wraps at spaces, so that a sentence never
// sets the panel's width.
func wrapped(text string) *widget.Label {
	l := widget.NewLabel(text)
	l.Wrapping = fyne.TextWrapWord
	return l
}

// row adds a read-only field.
func (p *Properties) row(f *form, name, value string) {
	p.values[name] = value
	l := widget.NewLabel(value)
	l.Wrapping = fyne.TextWrapWord
	l.Selectable = true
	f.Append(name, l)
}

// edit adds an editable field whose commit runs through the document.
func (p *Properties) edit(f *form, name, value string, multi bool, commit func(string) error) *widgets.CommitEntry {
	e := widgets.NewCommitEntry(value, multi, commit)
	p.entries[name] = e
	p.values[name] = value
	f.Append(name, widgets.WithMessage(e))
	return e
}

// do runs cmd on the document.
func (p *Properties) do(cmd document.Command) error { return p.doc.Do(cmd) }

// newMessage returns the hidden label under a control that shows why its
// edit was refused (entries have their own, see widgets.WithMessage).
func newMessage() *widget.Label {
	msg := widget.NewLabel("")
	msg.Importance = widget.DangerImportance
	msg.Wrapping = fyne.TextWrapWord
	msg.Hide()
	return msg
}

// doShown runs cmd on the document and shows its error in msg (or hides
// msg when it succeeds): a check box or button has no validation message of
// its own, and an edit refused in silence looks like one that was lost.
func (p *Properties) doShown(cmd document.Command, msg *widget.Label) {
	if err := p.do(cmd); err != nil {
		msg.SetText(err.Error())
		msg.Show()
		return
	}
	msg.Hide()
}

func (p *Properties) comment(f *form, part string, index int, list []model.Comment) {
	text, _ := model.CommentFor(list, index)
	p.edit(f, "Comment", document.CommentDisplay(text), true, func(s string) error {
		return p.do(document.SetComment(part, index, s))
	})
}
