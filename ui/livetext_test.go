package ui

import (
	"fmt"
	"strings"
	"testing"

	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
)

// TestLiveTextDrawsFewStrings plays 48 frames at 10 steps a frame through a
// LiveText formatted like the timeline's label: the cells show the text in
// order on the monospace grid, and across the 480 times they draw at most
// 16 distinct strings (Fyne makes a texture per distinct string drawn; one
// canvas.Text made 480).
func TestLiveTextDrawsFewStrings(t *testing.T) {
	test.NewTempApp(t)
	l := NewLiveText("9999.99 / 99999 · 9999.999 s")
	test.NewTempWindow(t, l)
	drawn := map[string]bool{}
	for i := 0; i < 480; i++ {
		frame := 1 + float64(i)/10
		s := fmt.Sprintf("%s / %d · %.3f s", FrameText(frame), 48, (frame-1)/24)
		l.Set(s)
		objs := test.WidgetRenderer(l).Objects()
		var b strings.Builder
		col := 0
		for _, o := range objs {
			c := o.(*canvas.Text)
			if x := l.pad + float32(col)*l.advance; c.Position().X != x {
				t.Fatalf("%q: cell %q at x %v, want %v", s, c.Text, c.Position().X, x)
			}
			b.WriteString(c.Text)
			col += len([]rune(c.Text))
			drawn[c.Text] = true
		}
		if b.String() != s || l.Text != s {
			t.Fatalf("cells show %q, Text %q, want %q", b.String(), l.Text, s)
		}
	}
	if len(drawn) > 16 {
		t.Errorf("%d distinct strings drawn: %v", len(drawn), drawn)
	}
	if min := l.MinSize(); min.Width < 28*l.advance || min.Height <= 0 {
		t.Errorf("min size %v for a 28-character template (advance %v)", min, l.advance)
	}
}
