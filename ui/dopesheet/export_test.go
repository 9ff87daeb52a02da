package dopesheet

import (
	"image"
	"image/color"

	"fyne.io/fyne/v2"

	"ms3dstudio/model/animedit"
)

// What the external tests (package dopesheet_test, which build the whole
// editor) see of the dope sheet's geometry and state.

// Geometry of the sheet, in Fyne units.
const (
	NameW   = dopeNameW
	RowH    = dopeRowH
	HeaderH = dopeHeaderH
)

// CollideColor marks the keys a drag would replace.
var CollideColor color.NRGBA = dopeCollide

// SetView shows frames from first at ppf units a frame; zoomed says
// whether the user zoomed there (and the view stays when the model
// changes).
func (d *DopeSheet) SetView(ppf, first float64, zoomed bool) {
	d.ppf, d.first, d.userZoomed = ppf, first, zoomed
}

// First returns the frame at the key area's left edge.
func (d *DopeSheet) First() float64 { return d.first }

// PPF returns the units a frame.
func (d *DopeSheet) PPF() float64 { return d.ppf }

// XOf returns the x of frame f.
func (d *DopeSheet) XOf(f float64) float32 { return d.xOf(f) }

// FrameAt returns the frame under x.
func (d *DopeSheet) FrameAt(x float32) float64 { return d.frameAt(x) }

// KeyY returns the y of the centre of a key mark of kind k in row i.
func (d *DopeSheet) KeyY(i int, k animedit.Kind) float32 { return d.keyY(i, k) }

// Scroll returns the first row shown.
func (d *DopeSheet) Scroll() int { return d.scroll }

// VisibleRows returns how many whole rows the sheet shows.
func (d *DopeSheet) VisibleRows() int { return d.visibleRows() }

// Parts returns the objects the sheet draws besides its raster.
func (d *DopeSheet) Parts() []fyne.CanvasObject { return d.objects }

// Draw is the raster's generator.
func (d *DopeSheet) Draw(w, h int) image.Image { return d.draw(w, h) }

// Paint draws the sheet into a w×h image.
func (d *DopeSheet) Paint(w, h int) *image.NRGBA { return d.paint(w, h) }

// BoxDrag shows a box selection being dragged from press to now.
func (d *DopeSheet) BoxDrag(press, now fyne.Position) {
	d.dragMode, d.press, d.dragNow = dragBox, press, now
}

// Dragging returns the frames the key drag in progress moves the keys and
// its preview.
func (d *DopeSheet) Dragging() (frames float64, preview *animedit.RetimePreview) {
	return d.dragFrames, d.preview
}
