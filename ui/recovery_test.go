package ui_test

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"ms3dstudio/document"
	"ms3dstudio/document/recovery"
	"ms3dstudio/formats/ms3d"
	"ms3dstudio/internal/corpus"
	"ms3dstudio/ui"
	"ms3dstudio/ui/internal/edtest"
	"ms3dstudio/ui/internal/uitest"
)

// newRecoveringEditor builds an editor, as the app does at start, that keeps
// and offers recovery copies in store.
func newRecoveringEditor(t *testing.T, store *recovery.Store) (*ui.Editor, fyne.Window) {
	t.Helper()
	return newRecoveringEditorIn(t, false, store)
}

// newRecoveringEditorIn is newRecoveringEditor; with closesItself, the
// test closes the window (the test driver cannot close one twice).
func newRecoveringEditorIn(t *testing.T, closesItself bool, store *recovery.Store) (*ui.Editor, fyne.Window) {
	t.Helper()
	a := test.NewTempApp(t)
	var w fyne.Window
	if closesItself {
		w = test.NewWindow(nil)
	} else {
		w = test.NewTempWindow(t, nil)
	}
	w.Resize(fyne.NewSize(1200, 800))
	e := edtest.Install(w, ui.Config{Viewport: edtest.NewFakeViewport(), Prefs: a.Preferences(), Recovery: store})
	return e, w
}

// openCopyOf opens path in a new editor (the next session), checks that
// its recovery copy is offered and opens it.
func openCopyOf(t *testing.T, store *recovery.Store, path string) (*ui.Editor, *document.Document) {
	t.Helper()
	e, w := newRecoveringEditor(t, store)
	edtest.Open(t, e, path)
	if txt := uitest.OverlayText(w); !strings.Contains(txt, "before the changes to "+filepath.Base(path)+" were saved") {
		t.Fatalf("no offer of the copy: %q", txt)
	}
	test.Tap(uitest.OverlayButton(t, w, "Open copy"))
	return e, e.Document()
}

// groupName returns the name of the document's first group.
func groupName(d *document.Document) string { return d.Model().Groups[0].Name.Display() }

// TestStoppedWithUnsavedChangesKeepsThem: the app stopped (RescueUnsaved)
// with an edit not saved keeps a copy; opening the file in the next session
// offers it, "Open copy" shows the edit, unsaved, at the file's path, and
// saving writes it to the file and removes the copy.
func TestStoppedWithUnsavedChangesKeepsThem(t *testing.T) {
	store := &recovery.Store{Dir: t.TempDir()}
	path := uitest.CopyCorpus(t, "lesson31_bcb6/Data/Model.ms3d")
	before, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}

	e, _ := newRecoveringEditor(t, store)
	d := edtest.Open(t, e, path)
	if _, err := e.RescueUnsaved(time.Now()); !errors.Is(err, ui.ErrNothingToRescue) {
		t.Fatalf("unmodified document: %v, want ErrNothingToRescue", err)
	}
	if _, ok := store.Find(path); ok {
		t.Fatal("a copy of an unmodified document")
	}
	if err := d.Do(document.RenameGroup(0, "edited before the stop")); err != nil {
		t.Fatal(err)
	}
	c, err := e.RescueUnsaved(time.Now())
	if err != nil {
		t.Fatal(err)
	}
	data, err := store.Read(c)
	if err != nil {
		t.Fatal(err)
	}
	if m, _, err := ms3d.Decode(data); err != nil || m.Groups[0].Name.Display() != "edited before the stop" {
		t.Fatalf("the copy does not hold the edit: %v", err)
	}

	// The next session.
	e2, r := openCopyOf(t, store, path)
	if groupName(r) != "edited before the stop" || !r.Modified() || r.Path() != path {
		t.Fatalf("opened copy: group %q modified %v path %q", groupName(r), r.Modified(), r.Path())
	}
	if after, _ := os.ReadFile(path); string(after) != string(before) {
		t.Fatal("opening the copy changed the file")
	}
	if _, ok := store.Find(path); !ok {
		t.Fatal("the copy went before the changes were saved")
	}
	e2.Save(nil)
	if r.Modified() {
		t.Fatal("save failed")
	}
	if _, ok := store.Find(path); ok {
		t.Fatal("the copy stayed after its changes were saved")
	}
	m, _, err := ms3d.ReadFile(path)
	if err != nil || m.Groups[0].Name.Display() != "edited before the stop" {
		t.Fatalf("the saved file lacks the edit: %v", err)
	}
	// Opened again, the file offers nothing.
	e3, w3 := newRecoveringEditor(t, store)
	edtest.Open(t, e3, path)
	if w3.Canvas().Overlays().Top() != nil {
		t.Fatalf("an offer after the copy was saved: %q", uitest.OverlayText(w3))
	}
}

// TestRecoveredCopyDiscarded: "Discard copy" removes the copy and leaves
// the file as opened; a copy opened and then discarded at the
// unsaved-changes question is removed too.
func TestRecoveredCopyDiscarded(t *testing.T) {
	store := &recovery.Store{Dir: t.TempDir()}
	path := uitest.CopyCorpus(t, "lesson31_bcb6/Data/Model.ms3d")
	keep := func(name string) {
		e, _ := newRecoveringEditor(t, store)
		d := edtest.Open(t, e, path)
		if err := d.Do(document.RenameGroup(0, name)); err != nil {
			t.Fatal(err)
		}
		if _, err := e.RescueUnsaved(time.Now()); err != nil {
			t.Fatal(err)
		}
	}

	keep("thrown away")
	e, w := newRecoveringEditor(t, store)
	d := edtest.Open(t, e, path)
	orig := groupName(d)
	test.Tap(uitest.OverlayButton(t, w, "Discard copy"))
	if e.Document() != d || groupName(d) != orig || d.Modified() {
		t.Fatal("discarding the copy changed the document")
	}
	if _, ok := store.Find(path); ok {
		t.Fatal("discarded copy still kept")
	}

	keep("opened, then discarded")
	e, w = newRecoveringEditor(t, store)
	edtest.Open(t, e, path)
	test.Tap(uitest.OverlayButton(t, w, "Open copy"))
	if groupName(e.Document()) != "opened, then discarded" {
		t.Fatal("copy not opened")
	}
	ran := false
	e.ConfirmDiscard(func() { ran = true })
	test.Tap(uitest.OverlayButton(t, w, "Discard"))
	if !ran {
		t.Fatal("discard did not go on")
	}
	if _, ok := store.Find(path); ok {
		t.Fatal("the copy stayed after its changes were discarded")
	}
}

// TestRecoveredCopyOfAFileThatNoLongerReads: when the file fails to open,
// its copy is still offered, and opening it asks first about the work in
// the document shown.
func TestRecoveredCopyOfAFileThatNoLongerReads(t *testing.T) {
	store := &recovery.Store{Dir: t.TempDir()}
	path := uitest.CopyCorpus(t, "lesson31_bcb6/Data/Model.ms3d")
	e, _ := newRecoveringEditor(t, store)
	d := edtest.Open(t, e, path)
	d.Do(document.RenameGroup(0, "kept"))
	if _, err := e.RescueUnsaved(time.Now()); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte("this is no longer a model"), 0o644); err != nil {
		t.Fatal(err)
	}

	e2, w2 := newRecoveringEditor(t, store)
	other := edtest.Open(t, e2, uitest.CorpusPath(t, "Woman4.ms3d"))
	other.Do(document.RenameGroup(0, "work in the other file"))
	// That work has its own autosave, which does not stand in the way.
	e2.Autosave(time.Now())
	e2.WaitKept()
	if _, ok := store.Find(other.Path()); !ok {
		t.Fatal("the other file's work was not autosaved")
	}
	if err := e2.OpenNow(path); err == nil {
		t.Fatal("the cut file opened")
	}
	if !strings.Contains(uitest.OverlayText(w2), "were saved") {
		t.Fatalf("no offer over the error: %q", uitest.OverlayText(w2))
	}
	test.Tap(uitest.OverlayButton(t, w2, "Open copy"))
	if !strings.Contains(uitest.OverlayText(w2), "unsaved changes") || e2.Document() != other {
		t.Fatalf("the copy replaced a document with work without asking: %q", uitest.OverlayText(w2))
	}
	test.Tap(uitest.OverlayButton(t, w2, "Discard"))
	if r := e2.Document(); groupName(r) != "kept" || r.Path() != path {
		t.Fatalf("copy not opened after the question: %q at %q", groupName(r), r.Path())
	}
	if _, ok := store.Find(other.Path()); ok {
		t.Fatal("the discarded work's autosave stayed")
	}
}

// TestNothingToRescue: an import nobody edited loses nothing (importing
// again gives it back), and an editor without a store keeps nothing.
func TestNothingToRescue(t *testing.T) {
	store := &recovery.Store{Dir: t.TempDir()}
	e, _ := newRecoveringEditor(t, store)
	imp, err := document.Open(filepath.Join(corpus.Dir(t), "3ds/assimp-nonbsd/jeep1.3ds"))
	if err != nil {
		t.Fatal(err)
	}
	e.SetDocument(imp)
	if !imp.Modified() {
		t.Fatal("an import starts modified")
	}
	if _, err := e.RescueUnsaved(time.Now()); !errors.Is(err, ui.ErrNothingToRescue) {
		t.Fatalf("unedited import: %v", err)
	}
	imp.Do(document.RenameGroup(0, "edited import"))
	c, err := e.RescueUnsaved(time.Now())
	if err != nil || !strings.HasSuffix(c.Original, "jeep1.3ds") {
		t.Fatalf("edited import: %+v, %v", c, err)
	}

	// Discarded on purpose at the close question, then stopped by a
	// signal while the window closes: nothing is kept.
	store2 := &recovery.Store{Dir: t.TempDir()}
	// The editor closes this window itself.
	q, wq := newRecoveringEditorIn(t, true, store2)
	dq := edtest.Open(t, q, uitest.CopyCorpus(t, "lesson31_bcb6/Data/Model.ms3d"))
	dq.Do(document.RenameGroup(0, "discarded at quit"))
	q.RequestQuit()
	test.Tap(uitest.OverlayButton(t, wq, "Discard"))
	if _, err := q.RescueUnsaved(time.Now()); !errors.Is(err, ui.ErrNothingToRescue) {
		t.Fatalf("after discarding at the close question: %v", err)
	}

	plain, _, d := edtest.OpenEditor(t, uitest.CopyCorpus(t, "lesson31_bcb6/Data/Model.ms3d"))
	d.Do(document.RenameGroup(0, "x"))
	if _, err := plain.RescueUnsaved(time.Now()); !errors.Is(err, ui.ErrNothingToRescue) {
		t.Fatalf("no store: %v", err)
	}
}

// autosaved returns the edit held by path's recovery copy once the
// background writes are done ("" without a copy) and when it was written.
func autosaved(t *testing.T, e *ui.Editor, store *recovery.Store, path string) (string, time.Time) {
	t.Helper()
	e.WaitKept()
	c, ok := store.Find(path)
	if !ok {
		return "", time.Time{}
	}
	data, err := store.Read(c)
	if err != nil {
		t.Fatal(err)
	}
	m, _, err := ms3d.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	return m.Groups[0].Name.Display(), c.Written
}

// TestAutosaveKeepsWorkThroughACrash: edits are kept by the next autosave
// (only when something changed since the last one), and an app that then
// dies without a word (no signal, no question) offers them when the file
// is opened next.
func TestAutosaveKeepsWorkThroughACrash(t *testing.T) {
	store := &recovery.Store{Dir: t.TempDir()}
	path := uitest.CopyCorpus(t, "lesson31_bcb6/Data/Model.ms3d")
	e, _ := newRecoveringEditor(t, store)
	d := edtest.Open(t, e, path)
	t0 := time.Date(2026, 12, 3, 10, 0, 0, 0, time.UTC)
	e.Autosave(t0)
	if got, _ := autosaved(t, e, store, path); got != "" {
		t.Fatalf("an unmodified document was autosaved (%q)", got)
	}
	if err := d.Do(document.RenameGroup(0, "first edit")); err != nil {
		t.Fatal(err)
	}
	e.Autosave(t0.Add(time.Minute))
	if got, when := autosaved(t, e, store, path); got != "first edit" || !when.Equal(t0.Add(time.Minute)) {
		t.Fatalf("autosave holds %q written %v", got, when)
	}
	descs, _ := filepath.Glob(filepath.Join(store.Dir, "*.json"))
	stale := time.Now().Add(-time.Hour)
	if len(descs) != 1 || os.Chtimes(descs[0], stale, stale) != nil {
		t.Fatalf("descriptions %v", descs)
	}
	e.Autosave(t0.Add(2 * time.Minute))
	if _, when := autosaved(t, e, store, path); !when.Equal(t0.Add(time.Minute)) {
		t.Fatalf("nothing changed, yet the copy was written again at %v", when)
	}
	// It was touched instead: still this instance's.
	if fi, err := os.Stat(descs[0]); err != nil || !fi.ModTime().Equal(t0.Add(2*time.Minute)) {
		t.Fatalf("the unchanged copy was not touched at the autosave's time: %v", err)
	}
	if err := d.Do(document.RenameGroup(0, "second edit")); err != nil {
		t.Fatal(err)
	}
	e.Autosave(t0.Add(3 * time.Minute))
	if got, _ := autosaved(t, e, store, path); got != "second edit" {
		t.Fatalf("autosave holds %q after the second edit", got)
	}

	// The app dies here: the next session finds the work.
	if _, r := openCopyOf(t, store, path); groupName(r) != "second edit" || !r.Modified() {
		t.Fatalf("opened autosave: group %q, modified %v", groupName(r), r.Modified())
	}
}

// TestAutosaveGoesWithTheWork: the copy is removed when its changes are
// saved (under a new name too), undone back to the file, or discarded.
func TestAutosaveGoesWithTheWork(t *testing.T) {
	store := &recovery.Store{Dir: t.TempDir()}
	path := uitest.CopyCorpus(t, "lesson31_bcb6/Data/Model.ms3d")
	e, w := newRecoveringEditor(t, store)
	d := edtest.Open(t, e, path)
	edit := func(name string) {
		t.Helper()
		if err := d.Do(document.RenameGroup(0, name)); err != nil {
			t.Fatal(err)
		}
		e.Autosave(time.Now())
		if got, _ := autosaved(t, e, store, d.Path()); got != name {
			t.Fatalf("autosave holds %q, want %q", got, name)
		}
	}

	edit("undone")
	d.Undo()
	if got, _ := autosaved(t, e, store, path); got != "" {
		t.Fatalf("undone back to the file, the copy stays (%q)", got)
	}

	edit("saved")
	e.Save(nil)
	if got, _ := autosaved(t, e, store, path); got != "" || d.Modified() {
		t.Fatalf("after Save the copy holds %q (modified %v)", got, d.Modified())
	}

	edit("saved as")
	other := filepath.Join(t.TempDir(), "renamed.ms3d")
	e.SaveTo(other, nil)
	if got, _ := autosaved(t, e, store, path); got != "" || d.Path() != other {
		t.Fatalf("after Save As the old copy holds %q (path %q)", got, d.Path())
	}

	edit("discarded")
	ran := false
	e.ConfirmDiscard(func() { ran = true })
	test.Tap(uitest.OverlayButton(t, w, "Discard"))
	if got, _ := autosaved(t, e, store, other); !ran || got != "" {
		t.Fatalf("after Discard the copy holds %q (went on: %v)", got, ran)
	}
}

// TestAutosaveFailureShownOnce: a store that cannot be written says so in
// a dialog, once, not at every autosave; the edits stay unsaved and are
// tried again.
func TestAutosaveFailureShownOnce(t *testing.T) {
	blocker := filepath.Join(t.TempDir(), "not-a-folder")
	if err := os.WriteFile(blocker, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	store := &recovery.Store{Dir: filepath.Join(blocker, "recovery")}
	e, w := newRecoveringEditor(t, store)
	d := edtest.Open(t, e, uitest.CopyCorpus(t, "lesson31_bcb6/Data/Model.ms3d"))
	d.Do(document.RenameGroup(0, "cannot be kept"))
	e.Autosave(time.Now())
	e.WaitKept()
	if txt := uitest.OverlayText(w); !strings.Contains(txt, "could not keep a copy") {
		t.Fatalf("no word of the failed autosave: %q", txt)
	}
	test.Tap(uitest.OverlayButton(t, w, "OK"))
	if !e.Unkept() {
		t.Fatal("a failed autosave counts as kept")
	}
	e.Autosave(time.Now())
	e.WaitKept()
	if top := w.Canvas().Overlays().Top(); top != nil {
		t.Fatalf("the failure was shown again: %q", uitest.OverlayText(w))
	}
}

// TestCopyOfAFileOpenElsewhereNotOffered: opening a file that another
// running instance is editing does not offer that instance's autosave (it
// still has the work, and discarding its copy here would take away its
// safety net), and this instance's own autosave of the file does not
// replace it. Once that instance has ended, both copies are offered, the
// later first; a copy opened goes once this instance has a copy of its own.
func TestCopyOfAFileOpenElsewhereNotOffered(t *testing.T) {
	store := &recovery.Store{Dir: t.TempDir()}
	path := uitest.CopyCorpus(t, "lesson31_bcb6/Data/Model.ms3d")
	t0 := time.Date(2026, 12, 3, 10, 0, 0, 0, time.UTC)
	e, _ := newRecoveringEditor(t, store)
	d := edtest.Open(t, e, path)
	d.Do(document.RenameGroup(0, "edited elsewhere"))
	e.Autosave(t0)
	e.WaitKept()

	// This test is one process: its copy is made another's by hand.
	elsewhere := exec.Command("sleep", "60")
	if err := elsewhere.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { elsewhere.Process.Kill(); elsewhere.Wait() }()
	handOver(t, store, elsewhere.Process.Pid)

	e2, w2 := newRecoveringEditor(t, store)
	d2 := edtest.Open(t, e2, path)
	if w2.Canvas().Overlays().Top() != nil {
		t.Fatalf("the copy of a file open elsewhere was offered: %q", uitest.OverlayText(w2))
	}
	d2.Do(document.RenameGroup(0, "edited here"))
	e2.Autosave(t0.Add(time.Minute))
	e2.WaitKept()
	if files, _ := os.ReadDir(store.Dir); len(files) != 4 {
		t.Fatalf("%d files in the store, want two copies", len(files))
	}

	elsewhere.Process.Kill()
	elsewhere.Wait()
	e3, w3 := newRecoveringEditor(t, store)
	edtest.Open(t, e3, path)
	if !strings.Contains(uitest.OverlayText(w3), t0.Add(time.Minute).Local().Format("15:04")) {
		t.Fatalf("not the later copy first: %q", uitest.OverlayText(w3))
	}
	test.Tap(uitest.OverlayButton(t, w3, "Discard copy"))
	e4, r := openCopyOf(t, store, path)
	if groupName(r) != "edited elsewhere" {
		t.Fatalf("the other instance's copy holds %q", groupName(r))
	}
	r.Do(document.RenameGroup(0, "and more"))
	e4.Autosave(t0.Add(2 * time.Minute))
	e4.WaitKept()
	if files, _ := os.ReadDir(store.Dir); len(files) != 2 {
		t.Fatalf("%d files in the store, want only this instance's copy (the one it came from is part of it)", len(files))
	}
	if got, _ := autosaved(t, e4, store, path); got != "and more" {
		t.Fatalf("the copy left holds %q", got)
	}
}

// handOver makes the store's copies written by this process look written
// by process pid: renamed, and their descriptions rewritten.
func handOver(t *testing.T, store *recovery.Store, pid int) {
	t.Helper()
	own, other := fmt.Sprintf("-%d.", os.Getpid()), fmt.Sprintf("-%d.", pid)
	files, _ := filepath.Glob(filepath.Join(store.Dir, "*"+own+"*"))
	if len(files) != 2 {
		t.Fatalf("this process's files: %v", files)
	}
	for _, f := range files {
		if strings.HasSuffix(f, ".json") {
			raw, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			mine := fmt.Sprintf(`"pid": %d`, os.Getpid())
			if !strings.Contains(string(raw), mine) {
				t.Fatalf("the description does not name this process: %s", raw)
			}
			raw = []byte(strings.Replace(string(raw), mine, fmt.Sprintf(`"pid": %d`, pid), 1))
			if err := os.WriteFile(f, raw, 0o600); err != nil {
				t.Fatal(err)
			}
		}
		if err := os.Rename(f, strings.Replace(f, own, other, 1)); err != nil {
			t.Fatal(err)
		}
	}
}
