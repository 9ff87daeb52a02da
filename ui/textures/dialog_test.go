package textures

import (
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"ms3dstudio/document"
	"ms3dstudio/model/sample"
	"ms3dstudio/model/texpath"
	"ms3dstudio/texture"
	"ms3dstudio/ui/internal/uitest"
)

// uiQueue stands in for fyne.Do: background work posts into it and the
// test goroutine, playing the UI goroutine, runs what was posted.
type uiQueue chan func()

func (q uiQueue) post(f func()) { q <- f }

// settle runs posted functions until the dialog's background work is done
// and nothing is left.
func (q uiQueue) settle(t *testing.T, d *Dialog) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for !d.Idle() || len(q) > 0 {
		select {
		case f := <-q:
			f()
		case <-time.After(2 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			t.Fatal("background work did not finish")
		}
	}
}

func writeSolidPNG(t *testing.T, path string, c color.NRGBA, w, h int) {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for i := 0; i < len(img.Pix); i += 4 {
		img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = c.R, c.G, c.B, c.A
	}
	os.MkdirAll(filepath.Dir(path), 0o755)
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	png.Encode(f, img)
}

// brokenLevel copies the blitz3d level (four textures) into a temporary
// folder with its textures gone, and writes replacements under art/: crate
// twice (two candidates), st1 with another extension, st2 and wall in other
// case. It returns the model's path and the art folder.
func brokenLevel(t *testing.T) (string, string) {
	t.Helper()
	root := t.TempDir()
	data, err := os.ReadFile(uitest.CorpusPath(t, "scare/models/level/level.ms3d"))
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(root, "model", "level.ms3d")
	os.MkdirAll(filepath.Dir(file), 0o755)
	os.WriteFile(file, data, 0o644)
	art := filepath.Join(root, "art")
	writeSolidPNG(t, filepath.Join(art, "a", "crate.png"), color.NRGBA{255, 0, 0, 255}, 64, 32)
	writeSolidPNG(t, filepath.Join(art, "b", "Crate.png"), color.NRGBA{0, 255, 0, 255}, 64, 32)
	writeSolidPNG(t, filepath.Join(art, "st1.PNG"), color.NRGBA{0, 0, 255, 255}, 32, 32)
	writeSolidPNG(t, filepath.Join(art, "deep", "ST2.PNG"), color.NRGBA{9, 9, 9, 255}, 32, 32)
	writeSolidPNG(t, filepath.Join(art, "WALL.png"), color.NRGBA{99, 9, 9, 255}, 16, 16)
	return file, art
}

func newTexturesTest(t *testing.T, file string) (*Dialog, *document.Document, fyne.Window, uiQueue, fyne.App) {
	a := test.NewTempApp(t)
	w := test.NewTempWindow(t, nil)
	w.Resize(fyne.NewSize(1200, 800))
	d, err := document.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	q := make(uiQueue, 1024)
	td := newDialog(d, w, a.Preferences(), d.Do, q.post)
	q.settle(t, td)
	return td, d, w, q, a
}

func statuses(td *Dialog) string {
	var b []string
	for _, r := range td.Rows() {
		b = append(b, r.Stored+": "+r.Status)
	}
	return strings.Join(b, "\n")
}

func TestTexturesDialogSearchChooseApplyUndo(t *testing.T) {
	file, art := brokenLevel(t)
	td, d, w, q, a := newTexturesTest(t, file)
	td.Show()
	defer td.Close()
	rows := td.Rows()
	if len(rows) != 4 {
		t.Fatalf("%d rows", len(rows))
	}
	for _, r := range rows {
		if r.Status != "missing" {
			t.Errorf("before the search: %+v", r)
		}
	}
	td.Search(art)
	if !td.Searching() {
		t.Error("not searching")
	}
	q.settle(t, td)
	if td.Searching() || !strings.HasPrefix(td.Status(), "searched "+art) {
		t.Errorf("status %q", td.Status())
	}
	rows = td.Rows()
	if rows[0].Candidates != 2 || !strings.Contains(rows[0].Status, "(1 of 2)") || rows[0].Size != "64×32" || rows[0].Format != "png" {
		t.Errorf("crate row %+v", rows[0])
	}
	if !strings.Contains(rows[1].Status, texture.MatchExtension) && !strings.Contains(rows[1].Status, texture.MatchCase) {
		t.Errorf("st1 row %+v", rows[1])
	}
	// Both crates have thumbnails to choose by.
	for _, c := range td.Plan().Items[0].Candidates {
		if pr := td.byPath[c.Path]; pr.thumb == nil || pr.info.Width != 64 {
			t.Errorf("candidate %s: %+v", c.Path, pr.info)
		}
	}
	// The second crate is the one wanted.
	if err := td.Choose(0, 1); err != nil {
		t.Fatal(err)
	}
	q.settle(t, td)
	if got := td.Plan().Items[0].Target; got != filepath.Join(art, "b", "Crate.png") {
		t.Errorf("chosen %s", got)
	}
	if err := td.Apply(); err != nil {
		t.Fatal(err)
	}
	q.settle(t, td)
	for _, r := range td.Rows() {
		if r.Status != "found exactly" {
			t.Errorf("after apply: %s: %s", r.Stored, r.Status)
		}
	}
	if got := d.Model().Materials[0].Texture; got != "../art/b/Crate.png" {
		t.Errorf("crate path %q", got)
	}
	if d.UndoLabel() != "Remap textures" || len(d.Remaps()) != 4 {
		t.Errorf("undo %q, remaps %v", d.UndoLabel(), d.Remaps())
	}
	if img := d.Textures().Images[0]; img == nil || color.NRGBAModel.Convert(img.At(0, 0)) != (color.NRGBA{0, 255, 0, 255}) {
		t.Error("the document does not show the chosen crate")
	}
	if dirs := RememberedSearchDirs(a.Preferences(), file); len(dirs) != 1 || dirs[0] != art {
		t.Errorf("remembered %v", dirs)
	}
	d.Undo()
	q.settle(t, td)
	if got := statuses(td); strings.Count(got, "found exactly") != 0 {
		t.Errorf("after undo:\n%s", got)
	}
	// The search results and the choice survive the undo.
	if got := td.Plan().Items[0].Target; got != filepath.Join(art, "b", "Crate.png") {
		t.Errorf("after undo, crate target %s", got)
	}
	if w.Canvas().Overlays().Top() == nil {
		t.Error("the dialog is not shown")
	}
}

func TestTexturesDialogBackslashCollectEditPath(t *testing.T) {
	file, art := brokenLevel(t)
	td, d, _, q, _ := newTexturesTest(t, file)
	defer td.Close()
	td.Search(art)
	q.settle(t, td)
	td.SetStyle(texture.Backslash)
	edits := td.Edits()
	if len(edits) != 4 || !strings.HasPrefix(edits[0].New, `..\art\`) {
		t.Fatalf("backslash edits %v", edits)
	}
	td.SetStyle(texture.Relative)
	if err := td.Collect(); err != nil {
		t.Fatal(err)
	}
	q.settle(t, td)
	for i, mt := range d.Model().Materials {
		if !strings.HasPrefix(string(mt.Texture), CollectFolder+"/") {
			t.Errorf("material %d: %q", i, mt.Texture)
		}
	}
	if got := statuses(td); strings.Count(got, "found exactly") != 4 {
		t.Errorf("after collect:\n%s", got)
	}
	// Edit one path with the (fake) file chooser: stored relative.
	other := filepath.Join(filepath.Dir(file), "skins", "new.png")
	writeSolidPNG(t, other, color.NRGBA{1, 2, 3, 255}, 8, 8)
	td.PickFile = func(start string, done func(string)) {
		if start != filepath.Dir(file) {
			t.Errorf("chooser starts in %s", start)
		}
		done(other)
	}
	if err := td.SetPath(2, other); err != nil {
		t.Fatal(err)
	}
	q.settle(t, td)
	if got := d.Model().Materials[2].Texture; got != "skins/new.png" {
		t.Errorf("edited path %q", got)
	}
	if r := td.Rows()[2]; r.Status != "found exactly" || r.Size != "8×8" {
		t.Errorf("edited row %+v", r)
	}
}

func TestTexturesDialogUndecodable(t *testing.T) {
	file, _ := brokenLevel(t)
	dir := filepath.Dir(file)
	os.WriteFile(filepath.Join(dir, "crate.png"), []byte("\x89PNG\r\n\x1a\nshort"), 0o644)
	big := make([]byte, 18)
	big[2], big[12], big[13], big[14], big[15], big[16] = 2, 0xff, 0xff, 0xff, 0xff, 32 // a 65535×65535 TGA
	os.WriteFile(filepath.Join(dir, "st1.png"), big, 0o644)
	td, _, _, _, _ := newTexturesTest(t, file)
	defer td.Close()
	rows := td.Rows()
	if !strings.HasPrefix(rows[0].Status, "cannot be decoded: ") || !strings.HasPrefix(rows[1].Status, "cannot be decoded: ") {
		t.Errorf("rows:\n%s", statuses(td))
	}
}

// TestTexturesDialogResponsive searches a folder of 100,000 files with the
// dialog shown. This test's goroutine plays the UI goroutine: it runs what
// the search posts. The search must run off it: Search returns with the
// search going on, at once next to the search (a quarter of it at most), the
// search posts no more than the throttled progress updates (each repaints
// the window), and each is as short: a search run on the UI goroutine would
// hold it for the whole search. The bounds are shares of the search, so a
// machine loaded by others, which slows both, does not fail it. Then a
// second search is cancelled.
func TestTexturesDialogResponsive(t *testing.T) {
	if testing.Short() {
		t.Skip("writes 100,000 files")
	}
	file, _ := brokenLevel(t)
	big := t.TempDir()
	for i := 0; i < 100_000; i++ {
		if i%500 == 0 {
			os.MkdirAll(filepath.Join(big, fmt.Sprintf("d%d", i/500)), 0o755)
		}
		os.WriteFile(filepath.Join(big, fmt.Sprintf("d%d/t%06d.png", i/500, i)), nil, 0o644)
	}
	td, _, _, q, _ := newTexturesTest(t, file)
	td.Show()
	defer td.Close()

	var worstTask time.Duration
	tasks := 0
	run := func(stopWhen func() bool) time.Duration {
		start := time.Now()
		for !stopWhen() {
			select {
			case f := <-q:
				t0 := time.Now()
				f()
				worstTask = max(worstTask, time.Since(t0))
				tasks++
			case <-time.After(time.Minute): // a guard: updates come every 0.1 s
				t.Fatal("search did not finish")
			}
		}
		return time.Since(start)
	}
	t0 := time.Now()
	td.Search(big)
	call := time.Since(t0)
	if !td.Searching() || !strings.HasPrefix(td.Status(), "searching ") {
		t.Fatalf("Search returned with the search done (status %q)", td.Status())
	}
	took := call + run(func() bool { return !td.Searching() })
	q.settle(t, td)
	t.Logf("100,000-file search in %v: %d posted updates, longest %v; %s", took, tasks, worstTask, td.Status())
	if !strings.Contains(td.Status(), "100000 files") {
		t.Errorf("status %q", td.Status())
	}
	if most := int(took/progressInterval) + 3; tasks > most {
		t.Errorf("%d updates posted in %v, more than the %d progress updates allowed", tasks, took, most)
	}
	if limit := max(100*time.Millisecond, took/4); worstTask > limit || call > limit {
		t.Errorf("Search took %v and a posted update %v on the UI goroutine (at most %v, a quarter of the search)", call, worstTask, limit)
	}
	td.Search(big)
	cancelled := false
	run(func() bool {
		if !cancelled && strings.Contains(td.Status(), "files in") {
			td.Cancel()
			cancelled = true
		}
		return !td.Searching()
	})
	q.settle(t, td)
	if !strings.HasPrefix(td.Status(), "search cancelled after ") {
		t.Errorf("status after cancel %q", td.Status())
	}
	t.Logf("%s", td.Status())
}

// TestTexturesDialogSample: the sample's texture lives in memory; the
// dialog decodes it from there and proposes no change.
func TestTexturesDialogSample(t *testing.T) {
	test.NewTempApp(t)
	w := test.NewTempWindow(t, nil)
	d := document.New(sample.Model(), "", nil)
	d.SetTextureResolver(texpath.New(sample.Files(), "."))
	q := make(uiQueue, 16)
	td := newDialog(d, w, nil, d.Do, q.post)
	defer td.Close()
	q.settle(t, td)
	rows := td.Rows()
	if len(rows) == 0 || rows[0].Status != "found exactly" || rows[0].Size != "256×256" {
		t.Errorf("sample rows %+v", rows)
	}
	if e := td.Edits(); len(e) != 0 {
		t.Errorf("edits for the sample: %v", e)
	}
}
