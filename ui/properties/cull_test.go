package properties_test

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"

	"ms3dstudio/ui/hub"
	"ms3dstudio/ui/internal/edtest"
	"ms3dstudio/ui/internal/uitest"
	"ms3dstudio/ui/properties"
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
	e, _, _ := edtest.OpenEditor(t, uitest.CorpusPath(t, "GLScene/Samples/media/Woman4.ms3d"))
	e.Selection().Select(hub.Selection{Kind: hub.KindJoint, Index: 1})
	p := e.Properties
	s := p.Scroll()
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
	first, last := p.Sections()[0], p.Sections()[len(p.Sections())-1]
	if !first.Child().Visible() || last.Child().Visible() {
		t.Fatalf("at the top: first section shown %v, last shown %v", first.Child().Visible(), last.Child().Visible())
	}
	s.Scrolled(&fyne.ScrollEvent{Scrolled: fyne.Delta{DY: -1e5}}) // the wheel, to the end
	if first.Child().Visible() || !last.Child().Visible() {
		t.Errorf("at the bottom: first section shown %v, last shown %v", first.Child().Visible(), last.Child().Visible())
	}
	if n := paintedObjects(p.Object()); n > all*2/3 {
		t.Errorf("playing at the bottom: %d objects painted, want at most %d", n, all*2/3)
	}
	// The layout keeps its size while rows are hidden.
	h := s.Content.MinSize().Height
	e.Timeline.Pause()
	var hidden func(bs []*properties.CullBox) int
	hidden = func(bs []*properties.CullBox) (n int) {
		for _, b := range bs {
			if !b.Child().Visible() {
				n++
			}
			n += hidden(b.Rows())
		}
		return n
	}
	if n := hidden(p.Sections()); n != 0 {
		t.Errorf("paused: %d rows or sections still hidden", n)
	}
	if s.Content.MinSize().Height != h {
		t.Errorf("the panel's height changed from %v to %v when rows were shown again", h, s.Content.MinSize().Height)
	}
}
