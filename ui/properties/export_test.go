package properties

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"ms3dstudio/document"
)

// What the external tests (package properties_test, which build the whole
// editor) see of the panel's parts.

// Scroll returns the panel's scroll container.
func (p *Properties) Scroll() *container.Scroll { return p.scroll }

// Box returns the box of the panel's sections.
func (p *Properties) Box() *fyne.Container { return p.box }

// CullBox is a section or row the panel hides while it is out of view.
type CullBox = cullBox

// Sections returns the boxes of the sections.
func (p *Properties) Sections() []*CullBox { return p.culler.boxes }

// Child returns what the box holds.
func (b *cullBox) Child() fyne.CanvasObject { return b.child }

// Rows returns the boxes of the rows inside this one.
func (b *cullBox) Rows() []*cullBox { return b.rows }

// KeyEditor holds the widgets of one key list of the selected joint.
type KeyEditor struct {
	List          *widget.List
	Time, Value   *widget.Entry
	Set, Add, Del *widget.Button
}

// Keys returns the widgets of the selected joint's keys of kind k.
func (p *Properties) Keys(k document.KeyKind) KeyEditor {
	w := p.keyWidgets[k]
	return KeyEditor{List: w.list, Time: w.time, Value: w.value, Set: w.set, Add: w.add, Del: w.del}
}

// MaterialSelect returns the group's material chooser.
func (p *Properties) MaterialSelect() *widget.Select { return p.materialSelect }

// ColorOf converts a material colour for display.
func ColorOf(c [4]float32) color.NRGBA { return colorOf(c) }

// RGBAOf converts a picked colour into a material colour.
func RGBAOf(c color.Color, old [4]float32) [4]float32 { return rgbaOf(c, old) }
