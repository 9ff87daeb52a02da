package dopesheet_test

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"

	"ms3dstudio/ui"
	"ms3dstudio/ui/internal/edtest"
	"ms3dstudio/ui/internal/uitest"
)

// TestDopeSheetGrowsWithTheWindow: the dope sheet shows more rows in a
// larger window (it showed five at any size), its frames sit where the
// timeline's ruler puts them (frame 16 was 50 units apart), both follow a
// zoom, F frames the whole animation again, and the dividers are
// remembered for the next start.
func TestDopeSheetGrowsWithTheWindow(t *testing.T) {
	a := test.NewTempApp(t)
	rows := map[fyne.Size]int{}
	for _, size := range []fyne.Size{fyne.NewSize(1280, 800), fyne.NewSize(1920, 1080)} {
		w := test.NewTempWindow(t, nil)
		w.Resize(size)
		e := ui.NewEditor(ui.Config{Window: w, Viewport: edtest.NewFakeViewport(), Prefs: a.Preferences()})
		e.Timeline.ExternalClock = true
		e.Install()
		edtest.Open(t, e, uitest.CorpusPath(t, "Woman4.ms3d"))
		w.Content().Refresh()
		ds := e.Anim.Dope
		rows[size] = ds.VisibleRows()
		aligned := func(what string, f float64) {
			t.Helper()
			drv := fyne.CurrentApp().Driver()
			// Where the ruler draws its play head (the timeline's only line)
			// at frame f. The ruler is the timeline's one widget that is
			// tapped and dragged but takes no focus.
			edtest.SeekFrame(e, f)
			tl := e.Timeline.Object()
			head := uitest.Find(tl, func(*canvas.Line) bool { return true })
			ruler := uitest.Find(tl, func(o interface {
				fyne.Tappable
				fyne.Draggable
			}) bool {
				_, focus := o.(fyne.Focusable)
				return !focus
			})
			xr := drv.AbsolutePositionForObject(ruler.(fyne.CanvasObject)).X + head.Position1.X
			xd := drv.AbsolutePositionForObject(ds).X + ds.XOf(f)
			if d := xr - xd; d > 1 || d < -1 {
				t.Errorf("%v, %s: frame %g at x=%.1f on the ruler, %.1f on the dope sheet", size, what, f, xr, xd)
			}
		}
		aligned("fitted", 16)
		aligned("fitted", 2000)
		ds.Zoom(4, ds.XOf(400))
		aligned("zoomed", 400)
		aligned("zoomed", 420)
		ds.TypedKey(&fyne.KeyEvent{Name: fyne.KeyF})
		if ds.First() != 0 || ds.XOf(2133) > ds.Size().Width {
			t.Errorf("%v: after F frames from %g, frame 2133 at %g of %g", size, ds.First(), ds.XOf(2133), ds.Size().Width)
		}
		aligned("after F", 16)
	}
	t.Logf("dope sheet rows: %v", rows)
	if small, big := rows[fyne.NewSize(1280, 800)], rows[fyne.NewSize(1920, 1080)]; small < 5 || big <= small+2 {
		t.Errorf("dope sheet rows: %d at 1280×800, %d at 1920×1080", small, big)
	}

	// A divider the user moved is where they left it next time.
	w := test.NewTempWindow(t, nil)
	e := ui.NewEditor(ui.Config{Window: w, Viewport: edtest.NewFakeViewport(), Prefs: a.Preferences()})
	// The window's content is the bottom divider (the timeline and dope
	// sheet below it).
	e.Content().(*container.Split).SetOffset(0.4)
	e.SaveLayout()
	e2 := ui.NewEditor(ui.Config{Window: test.NewTempWindow(t, nil), Viewport: edtest.NewFakeViewport(), Prefs: a.Preferences()})
	if got := e2.Content().(*container.Split).Offset; got != 0.4 {
		t.Errorf("the bottom divider starts at %g, want the 0.4 it was left at", got)
	}
}
