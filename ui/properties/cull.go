package properties

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
)

// cullBox holds one object in a container (box, the object to put in the
// layout: Fyne walks only its own container type) that keeps its place
// while the object is hidden: the property panel hides what is scrolled
// out of view, which Fyne would otherwise paint on every frame (a scroll
// container only clips), each object costing the viewport time under
// software GL.
type cullBox struct {
	box   *fyne.Container
	child fyne.CanvasObject
	rows  []*cullBox // boxes inside this one, culled while it is shown
}

func newCullBox(child fyne.CanvasObject) *cullBox {
	return &cullBox{box: container.New(cullLayout{}, child), child: child}
}

// show shows or hides the child.
func (b *cullBox) show(on bool) {
	if on != b.child.Visible() {
		if on {
			b.child.Show()
		} else {
			b.child.Hide()
		}
	}
}

// cullLayout gives its one object the whole box and takes its minimum size
// whether the object is shown or not.
type cullLayout struct{}

func (cullLayout) MinSize(objs []fyne.CanvasObject) fyne.Size { return objs[0].MinSize() }

func (cullLayout) Layout(objs []fyne.CanvasObject, s fyne.Size) {
	objs[0].Move(fyne.Position{})
	objs[0].Resize(s)
}

// culler hides the boxes of a scroll container's content that are out of
// its view, and shows them again as they scroll in (OnScrolled) or the
// view grows (its layout, around the scroll). It culls only while on: the
// editor turns it on during playback, when the window is painted for every
// frame; paused, every row stays shown, so the keyboard can reach the
// fields below the view.
type culler struct {
	scroll *container.Scroll
	boxes  []*cullBox
	on     bool
}

// setOn turns culling on or off (showing every box).
func (c *culler) setOn(on bool) {
	c.on = on
	c.cull()
}

// cullMargin is how far outside the view boxes stay shown, so that a
// small scroll does not have to show anything new.
const cullMargin = 64

// Layout lays the scroll out over the whole size and culls.
func (c *culler) Layout(objs []fyne.CanvasObject, s fyne.Size) {
	for _, o := range objs {
		o.Move(fyne.Position{})
		o.Resize(s)
	}
	c.cull()
}

// MinSize is the scroll's.
func (c *culler) MinSize(objs []fyne.CanvasObject) fyne.Size { return objs[0].MinSize() }

// cull shows the boxes that overlap the view (and the margin) and hides the
// others; a box's inner boxes are culled only when it is shown.
func (c *culler) cull() {
	if !c.on {
		showAll(c.boxes)
		return
	}
	a := fyne.CurrentApp()
	if a == nil || len(c.boxes) == 0 {
		return
	}
	d := a.Driver()
	if d.CanvasForObject(c.scroll) == nil {
		return // not on a window yet: positions are unknown
	}
	// Positions are taken relative to the content, whose own position
	// may not follow the offset yet when OnScrolled runs.
	origin := d.AbsolutePositionForObject(c.scroll.Content).Y
	top := c.scroll.Offset.Y
	bottom := top + c.scroll.Size().Height
	var visit func(bs []*cullBox)
	visit = func(bs []*cullBox) {
		for _, b := range bs {
			y := d.AbsolutePositionForObject(b.box).Y - origin
			in := y+b.box.Size().Height >= top-cullMargin && y <= bottom+cullMargin
			b.show(in)
			if in {
				visit(b.rows)
			}
		}
	}
	visit(c.boxes)
}

func showAll(bs []*cullBox) {
	for _, b := range bs {
		b.show(true)
		showAll(b.rows)
	}
}
