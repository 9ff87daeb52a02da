package folder

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"ms3dstudio/ui/internal/uitest"
)

// uiQueue stands in for fyne.Do: the workers post into it and the test
// goroutine, playing Fyne's, runs what they posted.
type uiQueue chan func()

func (q uiQueue) post(f func()) { q <- f }

// until runs what the workers post until cond holds: it waits on their
// events, never on a clock (the deadline only guards a hang).
func (q uiQueue) until(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.After(2 * time.Minute)
	for !cond() {
		select {
		case f := <-q:
			f()
		case <-deadline:
			t.Fatalf("waited two minutes for %s", what)
		}
	}
}

// drain runs what the workers post until they have all ended.
func (q uiQueue) drain(t *testing.T, v *View) {
	t.Helper()
	deadline := time.After(2 * time.Minute)
	for {
		select {
		case f := <-q:
			f()
		case <-v.Done():
			for len(q) > 0 {
				(<-q)()
			}
			return
		case <-deadline:
			t.Fatal("the workers did not end within two minutes")
		}
	}
}

// copyModel copies a corpus model into dir under name.
func copyModel(t *testing.T, suffix, dir, name string) string {
	t.Helper()
	return uitest.CopyCorpusTo(t, suffix, filepath.Join(dir, name))
}

// modelFolder makes a folder holding three corpus models named box2,
// box10 and chair, a file that does not open (bad.ms3d), a text file and
// a subfolder with one model.
func modelFolder(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	copyModel(t, "Demos/media/models/Box.ms3d", dir, "box10.ms3d")
	copyModel(t, "Demos/media/models/Cylinder.ms3d", dir, "box2.ms3d")
	copyModel(t, "Demos/media/models/Chair.ms3d", dir, "chair.ms3d")
	os.WriteFile(filepath.Join(dir, "bad.ms3d"), []byte("MS3D000000\x09\x00\x00\x00"), 0o644)
	os.WriteFile(filepath.Join(dir, "readme.txt"), []byte("not a model"), 0o644)
	os.Mkdir(filepath.Join(dir, "more"), 0o755)
	copyModel(t, "Demos/media/models/HalfSphere.ms3d", filepath.Join(dir, "more"), "dome.ms3d")
	return dir
}

// shownView opens a view of dir in a 1200×800 test window, its results
// posted to q, drawing with Draw at 64 pixels on two workers; opened
// records what it was asked to open, which opens with outcome.
func shownView(t *testing.T, dir string, q uiQueue, draws *atomic.Int32, opened *[]string, outcome error) (*View, fyne.Window) {
	t.Helper()
	test.NewTempApp(t)
	w := test.NewTempWindow(t, nil)
	w.Resize(fyne.NewSize(1200, 800))
	v := newView(w, func(p string, done func(error)) {
		*opened = append(*opened, p)
		done(outcome)
	}, q.post, func(p string) Thumb {
		draws.Add(1)
		return Draw(p, 64)
	}, 2)
	if err := v.Show(dir); err != nil {
		t.Fatal(err)
	}
	return v, w
}

// shownCells returns the cells the grid shows, by the item each shows.
// It walks the grid's own renderers: test.LaidOutObjects would make new
// ones, and a GridWrap's new renderer replaces its scroller.
func shownCells(v *View) map[int]*cell {
	cells := map[int]*cell{}
	var walk func(o fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		switch x := o.(type) {
		case *cell:
			cells[x.id] = x
		case fyne.Widget:
			for _, c := range test.WidgetRenderer(x).Objects() {
				walk(c)
			}
		case *fyne.Container:
			for _, c := range x.Objects {
				walk(c)
			}
		}
	}
	walk(v.grid)
	return cells
}

// cellOf returns the cell showing item id (failing when none does).
func cellOf(t *testing.T, v *View, id int) *cell {
	t.Helper()
	if c := shownCells(v)[id]; c != nil {
		return c
	}
	t.Fatalf("no cell shows item %d (%s)", id, v.items[id].name)
	return nil
}

// itemNamed returns the index of the item called name.
func itemNamed(t *testing.T, v *View, name string) int {
	t.Helper()
	for i, it := range v.items {
		if it.name == name {
			return i
		}
	}
	t.Fatalf("no item %q", name)
	return -1
}

// tap taps item id where the window shows it, as a click does.
func tap(t *testing.T, w fyne.Window, v *View, id int) {
	t.Helper()
	c := cellOf(t, v, id)
	pos := fyne.CurrentApp().Driver().AbsolutePositionForObject(c)
	test.TapCanvas(w.Canvas(), pos.Add(fyne.NewPos(c.Size().Width/2, c.Size().Height/2)))
}

// TestViewListsDrawsAndOpens shows a folder: its parent, its subfolder
// and its models in natural order, each model's thumbnail and facts once
// drawn; a click on a model opens it, Enter opens the focused one, a click
// on a folder walks into it.
func TestViewListsDrawsAndOpens(t *testing.T) {
	dir := modelFolder(t)
	q := make(uiQueue)
	var draws atomic.Int32
	var opened []string
	v, w := shownView(t, dir, q, &draws, &opened, nil)
	var names []string
	for _, it := range v.items {
		names = append(names, it.name)
	}
	if got, want := strings.Join(names, " "), ".. more bad.ms3d box2.ms3d box10.ms3d chair.ms3d"; got != want {
		t.Fatalf("items %q, want %q", got, want)
	}
	for id, it := range v.items {
		if got := cellOf(t, v, id).name.Text; got != it.name {
			t.Errorf("cell of %s shows %q", it.name, got)
		}
	}
	if got := cellOf(t, v, itemNamed(t, v, "box2.ms3d")).pr.Text; got != "drawing…" {
		t.Errorf("before drawing, a cell says %q", got)
	}

	q.until(t, "four thumbnails", func() bool { return v.drawn == 4 })
	for _, name := range []string{"box2.ms3d", "box10.ms3d", "chair.ms3d"} {
		c := cellOf(t, v, itemNamed(t, v, name))
		if c.img.Image == nil || !c.icon.Hidden {
			t.Errorf("%s: no thumbnail shown", name)
		}
		if !strings.HasPrefix(c.facts.Text, "MS3D · ") || !strings.Contains(c.facts.Text, "triangles") {
			t.Errorf("%s: facts %q", name, c.facts.Text)
		}
		if b := c.img.Image.Bounds(); b.Dx() != 64 {
			t.Errorf("%s: thumbnail %v", name, b)
		}
	}
	if got := cellOf(t, v, itemNamed(t, v, "bad.ms3d")).pr.Text; !strings.Contains(got, "did not open") || !strings.Contains(got, "version") {
		t.Errorf("the broken file says %q", got)
	}
	if got := v.status.Text; got != "4 models, 1 folder" {
		t.Errorf("status %q", got)
	}
	q.drain(t, v) // every model drawn: the workers end by themselves
	if n := draws.Load(); n != 4 {
		t.Errorf("%d draws for 4 models", n)
	}

	tap(t, w, v, itemNamed(t, v, "box10.ms3d"))
	if len(opened) != 1 || opened[0] != filepath.Join(dir, "box10.ms3d") {
		t.Fatalf("a click opened %q", opened)
	}
	if !v.closed {
		t.Error("the view stayed after the model opened")
	}

	// Enter opens the focused cell; the arrows move the focus. (These
	// opens fail, so that the view stays.)
	v, w = shownView(t, dir, q, &draws, &opened, os.ErrInvalid)
	tap(t, w, v, itemNamed(t, v, "box2.ms3d")) // focuses and opens box2
	v.grid.TypedKey(&fyne.KeyEvent{Name: fyne.KeyRight})
	v.grid.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if want := filepath.Join(dir, "box10.ms3d"); len(opened) != 3 || opened[2] != want {
		t.Fatalf("Enter opened %q, want %s last", opened, want)
	}
	v.Close()
	q.drain(t, v)

	// A click on a folder walks into it; Backspace comes back.
	v, w = shownView(t, dir, q, &draws, &opened, nil)
	tap(t, w, v, itemNamed(t, v, "more"))
	if v.Dir() != filepath.Join(dir, "more") || len(v.items) != 2 || v.items[1].name != "dome.ms3d" {
		t.Fatalf("walked into %s: %+v", v.Dir(), v.items)
	}
	if w.Canvas().Focused() != v.grid {
		t.Error("the subfolder's grid has not the focus")
	}
	q.until(t, "the subfolder's thumbnail", func() bool { return v.drawn == 1 })
	v.grid.TypedKey(&fyne.KeyEvent{Name: fyne.KeyBackspace})
	if v.Dir() != dir {
		t.Fatalf("Backspace went to %s", v.Dir())
	}
	v.Close()
	q.drain(t, v)
}

// TestViewStaysWhenOpenFails keeps the view (and its place) when the
// model picked does not open.
func TestViewStaysWhenOpenFails(t *testing.T) {
	dir := modelFolder(t)
	q := make(uiQueue)
	var draws atomic.Int32
	var opened []string
	v, w := shownView(t, dir, q, &draws, &opened, os.ErrInvalid)
	tap(t, w, v, itemNamed(t, v, "bad.ms3d"))
	if v.closed || len(opened) != 1 {
		t.Fatalf("closed %v after a failed open of %q", v.closed, opened)
	}
	// The same cell opens again (it does not stay selected).
	tap(t, w, v, itemNamed(t, v, "bad.ms3d"))
	if len(opened) != 2 {
		t.Fatalf("a second click opened %q", opened)
	}
	v.Close()
	q.drain(t, v)
}

// TestViewStopsWorkersWhenClosed closes the view of 40 models after the
// first thumbnails: no worker starts another model, and nothing drawn
// after the close reaches the cells.
func TestViewStopsWorkersWhenClosed(t *testing.T) {
	dir := t.TempDir()
	for i := range 40 {
		copyModel(t, "Demos/media/models/Chair.ms3d", dir, "chair"+strconv.Itoa(i)+".ms3d")
	}
	q := make(uiQueue)
	var draws atomic.Int32
	var opened []string
	v, w := shownView(t, dir, q, &draws, &opened, nil)
	q.until(t, "the first thumbnails", func() bool { return v.drawn > 0 })
	delivered := v.drawn
	v.Close()
	atClose := int(draws.Load())
	if w.Canvas().Overlays().Top() != nil {
		t.Error("the dialog stayed after Close")
	}
	q.drain(t, v)
	// A worker that took its model just before the close may count it
	// just after: one each at most.
	if n := int(draws.Load()); n > atClose+2 || n == 40 {
		t.Errorf("%d models drawn, %d when the view closed (two workers)", n, atClose)
	}
	if v.drawn != delivered {
		t.Errorf("%d thumbnails delivered after the close", v.drawn-delivered)
	}
}

// TestVisibleFirst scrolls to the end of a folder of 40 models before any
// is drawn: the models in view are drawn before those scrolled past.
func TestVisibleFirst(t *testing.T) {
	dir := t.TempDir()
	for i := range 40 {
		copyModel(t, "Demos/media/models/Box.ms3d", dir, "box"+strconv.Itoa(i)+".ms3d")
	}
	test.NewTempApp(t)
	w := test.NewTempWindow(t, nil)
	w.Resize(fyne.NewSize(1200, 800))
	q := make(uiQueue)
	var order []int
	gate := make(chan struct{})
	v := newView(w, func(string, func(error)) {}, q.post, func(p string) Thumb {
		<-gate // hold the worker until the grid has scrolled
		return Draw(p, 32)
	}, 1)
	if err := v.Show(dir); err != nil {
		t.Fatal(err)
	}
	v.grid.ScrollToBottom()
	inView := map[int]bool{}
	for id := range shownCells(v) {
		inView[v.items[id].model] = true
	}
	if inView[0] || !inView[39] || len(inView) >= 30 {
		t.Fatalf("after the scroll the grid shows models %v", inView)
	}
	deliver := v.loader.deliver
	v.loader.deliver = func(i int, th Thumb) { order = append(order, i); deliver(i, th) }
	close(gate)
	q.until(t, "every thumbnail", func() bool { return v.drawn == 40 })
	// The one worker may have taken a model at the top before the
	// scroll; then every model in view at the bottom comes, in reading
	// order.
	next := order
	if !inView[next[0]] {
		next = next[1:]
	}
	for k, i := range next[:len(inView)] {
		if !inView[i] || k > 0 && i != next[k-1]+1 {
			t.Fatalf("model %d drawn %d-th: the %d in view are not first or not in order: %v", i, k+1, len(inView), order)
		}
	}
	q.drain(t, v)
}
