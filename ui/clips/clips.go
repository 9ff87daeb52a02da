package clips

import (
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"ms3dstudio/document"
	modelclips "ms3dstudio/model/clips"
	"ms3dstudio/ui/dopesheet"
	"ms3dstudio/ui/timeline"
)

// Panel lists the model's named clips (idle 1–30, walk 31–60) and
// edits them: add, rename, move the range, delete, each one undoable edit.
// Selecting a clip makes it the playback range.
type Panel struct {
	tl       *timeline.Timeline
	dope     *dopesheet.DopeSheet
	doc      func() *document.Document
	do       func(document.Command) error
	list     []modelclips.Clip
	selected int
	List     *widget.List
	Name     *widget.Entry
	First    *widget.Entry
	Last     *widget.Entry
	Message  *widget.Label
	obj      fyne.CanvasObject
}

// New returns the clips of the document doc returns, edited
// through do; a clip selected becomes the playback range of tl and dope.
func New(tl *timeline.Timeline, dope *dopesheet.DopeSheet, doc func() *document.Document, do func(document.Command) error) *Panel {
	p := &Panel{tl: tl, dope: dope, doc: doc, do: do, selected: -1}
	p.List = widget.NewList(func() int { return len(p.list) },
		func() fyne.CanvasObject { return widget.NewLabel("walk 31-60 (30 frames)") },
		func(i widget.ListItemID, o fyne.CanvasObject) {
			if i < len(p.list) {
				c := p.list[i]
				o.(*widget.Label).SetText(fmt.Sprintf("%s (%d frames)", c, c.Frames()))
			}
		})
	p.List.OnSelected = func(i widget.ListItemID) { p.Select(i) }
	p.Name, p.First, p.Last = widget.NewEntry(), widget.NewEntry(), widget.NewEntry()
	p.Name.SetPlaceHolder("name")
	p.First.SetPlaceHolder("first")
	p.Last.SetPlaceHolder("last")
	p.Message = widget.NewLabel("")
	p.Message.Wrapping = fyne.TextWrapWord
	add := widget.NewButton("Add", func() { p.report(p.Add()) })
	update := widget.NewButton("Update", func() { p.report(p.Update()) })
	del := widget.NewButton("Delete", func() { p.report(p.Delete()) })
	fromRange := widget.NewButton("From playback range", func() {
		in, out := tl.Player.Range()
		p.First.SetText(strconv.Itoa(int(in + 0.5)))
		p.Last.SetText(strconv.Itoa(int(out + 0.5)))
	})
	form := container.NewVBox(
		container.NewGridWithColumns(3, p.Name, p.First, p.Last),
		container.NewHBox(add, update, del, fromRange),
		p.Message)
	p.obj = container.NewBorder(nil, nil, nil, container.NewGridWrap(fyne.NewSize(420, 150), form), p.List)
	return p
}

// Object returns the panel.
func (p *Panel) Object() fyne.CanvasObject { return p.obj }

// Clips returns the clips listed.
func (p *Panel) Clips() []modelclips.Clip { return p.list }

// Refresh reads the clips of the document's model again.
func (p *Panel) Refresh() {
	p.list = nil
	if d := p.doc(); d != nil {
		var found []string
		list, fs := modelclips.Read(d.Model())
		p.list = list
		for _, f := range fs {
			found = append(found, f.Message)
		}
		p.Message.SetText(strings.Join(found, "\n"))
	}
	if p.selected >= len(p.list) {
		p.selected = -1
	}
	p.List.Refresh()
}

// Select makes clip i the playback range and puts it in the fields.
func (p *Panel) Select(i int) {
	if i < 0 || i >= len(p.list) {
		return
	}
	p.selected = i
	c := p.list[i]
	p.Name.SetText(c.Name)
	p.First.SetText(strconv.Itoa(c.First))
	p.Last.SetText(strconv.Itoa(c.Last))
	p.dope.SetRange(float64(c.First), float64(c.Last))
	p.tl.Player.SeekFrame(float64(c.First))
	p.tl.Changed()
}

// fields reads the clip in the entry fields.
func (p *Panel) fields() (modelclips.Clip, error) {
	name := strings.TrimSpace(p.Name.Text)
	first, err1 := strconv.Atoi(strings.TrimSpace(p.First.Text))
	last, err2 := strconv.Atoi(strings.TrimSpace(p.Last.Text))
	switch {
	case name == "" || strings.ContainsAny(name, " \t\r\n"):
		return modelclips.Clip{}, fmt.Errorf("a clip needs a name without spaces")
	case err1 != nil || err2 != nil:
		return modelclips.Clip{}, fmt.Errorf("first and last must be whole frame numbers")
	}
	return modelclips.Clip{Name: name, First: first, Last: last}, nil
}

func (p *Panel) set(list []modelclips.Clip) error {
	if p.doc() == nil {
		return fmt.Errorf("no model")
	}
	if err := p.do(document.SetClips(list)); err != nil {
		return err
	}
	p.Refresh()
	return nil
}

// Add adds the clip in the fields.
func (p *Panel) Add() error {
	c, err := p.fields()
	if err != nil {
		return err
	}
	return p.set(append(append([]modelclips.Clip(nil), p.list...), c))
}

// Update replaces the selected clip (its name and range) with the fields.
func (p *Panel) Update() error {
	if p.selected < 0 {
		return fmt.Errorf("select a clip first")
	}
	c, err := p.fields()
	if err != nil {
		return err
	}
	list := append([]modelclips.Clip(nil), p.list...)
	list[p.selected] = c
	return p.set(list)
}

// Delete removes the selected clip.
func (p *Panel) Delete() error {
	if p.selected < 0 {
		return fmt.Errorf("select a clip first")
	}
	list := append(append([]modelclips.Clip(nil), p.list[:p.selected]...), p.list[p.selected+1:]...)
	p.selected = -1
	p.List.UnselectAll()
	return p.set(list)
}

func (p *Panel) report(err error) {
	if err != nil {
		p.Message.SetText(err.Error())
	}
}
