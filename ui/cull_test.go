package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"

	"ms3dstudio/ui/hub"
	"ms3dstudio/ui/internal/uitest"
)

// paintedObjects counts what Fyne would paint under o: the visible canvas
// primitives, skipping hidden subtrees as the painter does.
func paintedObjects(o fyne.CanvasObject) int {
	if !o.Visible() {
		return 0
	}
	n := 0
	switch v := o.(type) {
	case *canvas.Text, *canvas.Rectangle, *canvas.Image, *canvas.Raster, *canvas.Line, *canvas.Circle:
		n = 1
	case fyne.Widget:
		for _, c := range test.WidgetRenderer(v).Objects() {
			n += paintedObjects(c)
		}
	case *fyne.Container:
		for _, c := range v.Objects {
			n += paintedObjects(c)
		}
	}
	return n
}

// TestPropertiesCullWhilePlaying: while playing (when the window is painted
// for every frame) the property rows scrolled out of view are hidden, so
// Fyne does not paint them; scrolling shows the rows that come into view,
// and pausing shows every row again so the keyboard can reach them.
func TestPropertiesCullWhilePlaying(t *testing.T) {
	e, _, _ := newTestEditor(t)
	openDoc(t, e, uitest.CorpusPath(t, "GLScene/Samples/media/Woman4.ms3d"))
	e.hub.Select(hub.Selection{Kind: hub.KindJoint, Index: 1})
	p := e.Properties
	s := p.scroll
	s.Refresh() // lays the new content out, as the window's next paint does
	if s.Content.MinSize().Height < 2*s.Size().Height {
		t.Fatalf("the joint panel (%v high) fits in its view (%v): nothing to cull", s.Content.MinSize().Height, s.Size().Height)
	}
	all := paintedObjects(p.Object())
	e.Timeline.Play()
	playing := paintedObjects(p.Object())
	if playing > all/2 {
		t.Errorf("playing: %d objects painted in the panel, paused %d: want at most half", playing, all)
	}
	// Scrolled to the end, the last row is shown and the first hidden.
	first, last := p.culler.boxes[0], p.culler.boxes[len(p.culler.boxes)-1]
	if !first.child.Visible() || last.child.Visible() {
		t.Fatalf("at the top: first section shown %v, last shown %v", first.child.Visible(), last.child.Visible())
	}
	s.Scrolled(&fyne.ScrollEvent{Scrolled: fyne.Delta{DY: -1e5}}) // the wheel, to the end
	if first.child.Visible() || !last.child.Visible() {
		t.Errorf("at the bottom: first section shown %v, last shown %v", first.child.Visible(), last.child.Visible())
	}
	if n := paintedObjects(p.Object()); n > all*2/3 {
		t.Errorf("playing at the bottom: %d objects painted, want at most %d", n, all*2/3)
	}
	// The layout keeps its size while rows are hidden.
	h := s.Content.MinSize().Height
	e.Timeline.Pause()
	var hidden func(bs []*cullBox) int
	hidden = func(bs []*cullBox) (n int) {
		for _, b := range bs {
			if !b.child.Visible() {
				n++
			}
			n += hidden(b.rows)
		}
		return n
	}
	if n := hidden(p.culler.boxes); n != 0 {
		t.Errorf("paused: %d rows or sections still hidden", n)
	}
	if s.Content.MinSize().Height != h {
		t.Errorf("the panel's height changed from %v to %v when rows were shown again", h, s.Content.MinSize().Height)
	}
}
