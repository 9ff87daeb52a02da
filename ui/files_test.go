package ui_test

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"ms3dstudio/document"
	"ms3dstudio/model"
	"ms3dstudio/ui"
	"ms3dstudio/ui/internal/edtest"
	"ms3dstudio/ui/internal/uitest"
)

// TestUnsavedConfirmation checks the dialog shown before opening or
// quitting with unsaved changes: Cancel keeps everything, Discard goes on,
// Save saves then goes on.
func TestUnsavedConfirmation(t *testing.T) {
	path := uitest.CopyCorpus(t, "lesson31_bcb6/Data/Model.ms3d")
	e, w, d := edtest.OpenEditor(t, path)
	ran := 0
	then := func() { ran++ }
	e.ConfirmDiscard(then)
	if ran != 1 || w.Canvas().Overlays().Top() != nil {
		t.Fatal("an unmodified document asked")
	}
	d.Do(document.RenameGroup(0, "edited"))
	e.ConfirmDiscard(then)
	if ran != 1 || !strings.Contains(uitest.OverlayText(w), "unsaved changes") {
		t.Fatalf("no question asked (ran %d): %q", ran, uitest.OverlayText(w))
	}
	test.Tap(uitest.OverlayButton(t, w, "Cancel"))
	if ran != 1 || !d.Modified() {
		t.Fatal("cancel went on")
	}
	e.ConfirmDiscard(then)
	test.Tap(uitest.OverlayButton(t, w, "Discard"))
	if ran != 2 {
		t.Fatal("discard did not go on")
	}
	e.ConfirmDiscard(then)
	test.Tap(uitest.OverlayButton(t, w, "Save"))
	if ran != 3 || d.Modified() {
		t.Fatalf("save: ran %d modified %v", ran, d.Modified())
	}
	if _, err := os.Stat(path + ".bak"); err != nil {
		t.Fatalf("no backup: %v", err)
	}
	// Opening another file asks first too.
	d.Do(document.RenameGroup(0, "again"))
	e.OpenPath(uitest.CorpusPath(t, "Woman4.ms3d"))
	if e.Document() != d {
		t.Fatal("opened without asking")
	}
	test.Tap(uitest.OverlayButton(t, w, "Discard"))
	if e.Document() == d || e.Document().Name() != "Woman4.ms3d" {
		t.Fatal("discard did not open the new file")
	}
}

// TestOpenFailureKeepsDocument opens a broken file: an error dialog, the
// current document stays, the app does not exit.
func TestOpenFailureKeepsDocument(t *testing.T) {
	e, w, d := edtest.OpenEditor(t, uitest.CorpusPath(t, "lesson31_bcb6/Data/Model.ms3d"))
	bad := filepath.Join(t.TempDir(), "bad.ms3d")
	os.WriteFile(bad, []byte("MS3D000000\x09\x00\x00\x00"), 0o644)
	e.OpenPath(bad)
	if e.Document() != d {
		t.Fatal("document replaced by a failed open")
	}
	if txt := uitest.OverlayText(w); !strings.Contains(txt, "version") {
		t.Fatalf("error dialog says %q", txt)
	}
	if slices.Contains(e.Recent.List(), bad) {
		t.Error("failed file added to Open Recent")
	}
}

// TestSaveAsAndShortcuts saves through the keyboard shortcuts and a
// PickSavePath the test controls.
func TestSaveAsAndShortcuts(t *testing.T) {
	a := test.NewTempApp(t)
	w := test.NewTempWindow(t, nil)
	dir := t.TempDir()
	var suggested string
	e := ui.NewEditor(ui.Config{Window: w, Prefs: a.Preferences(), PickSavePath: func(s string, done func(string)) {
		suggested = s
		done(filepath.Join(dir, "copy"))
	}})
	e.Properties.Post = func(f func()) { f() }
	e.Install()
	edtest.Open(t, e, uitest.CorpusPath(t, "lesson31_bcb6/Data/Model.ms3d"))
	sc := w.Canvas().(fyne.Shortcutable)
	sc.TypedShortcut(ui.CtrlShift(fyne.KeyS))
	out := filepath.Join(dir, "copy.ms3d")
	if _, err := os.Stat(out); err != nil {
		t.Fatalf("save as: %v", err)
	}
	if !strings.HasSuffix(suggested, "Model.ms3d") || e.Document().Path() != out || e.Recent.List()[0] != out {
		t.Fatalf("suggested %q, path %q, recent %v", suggested, e.Document().Path(), e.Recent.List())
	}
	e.Document().Do(document.SetFPS(12))
	sc.TypedShortcut(&fyne.ShortcutUndo{})
	if e.Document().Model().FPS == 12 {
		t.Fatal("Ctrl+Z did not undo")
	}
	sc.TypedShortcut(ui.CtrlShift(fyne.KeyZ))
	if e.Document().Model().FPS != 12 {
		t.Fatal("Ctrl+Shift+Z did not redo")
	}
	sc.TypedShortcut(ui.Ctrl(fyne.KeyS))
	if e.Document().Modified() {
		t.Fatal("Ctrl+S did not save")
	}
	// Saving over another existing file asks first.
	other := filepath.Join(dir, "other.ms3d")
	os.WriteFile(other, []byte("keep"), 0o644)
	e.SaveTo(other, nil)
	if data, _ := os.ReadFile(other); string(data) != "keep" {
		t.Fatal("overwrote without asking")
	}
	test.Tap(uitest.OverlayButton(t, w, "Yes"))
	if bak, _ := os.ReadFile(other + ".bak"); string(bak) != "keep" {
		t.Fatalf("backup holds %q", bak)
	}
}

func TestRecent(t *testing.T) {
	a := test.NewTempApp(t)
	r := ui.NewRecent(a.Preferences())
	dir := t.TempDir()
	var paths []string
	for i := 0; i < 12; i++ {
		p := filepath.Join(dir, "m"+strconv.Itoa(i)+".ms3d")
		os.WriteFile(p, nil, 0o644)
		paths = append(paths, p)
		r.Add(p)
	}
	l := r.List()
	if len(l) != ui.MaxRecent || l[0] != paths[11] || l[9] != paths[2] {
		t.Fatalf("list %v", l)
	}
	r.Add(paths[5])
	if l := r.List(); l[0] != paths[5] || len(l) != ui.MaxRecent || occurrences(l, paths[5]) != 1 {
		t.Fatalf("re-added: %v", l)
	}
	os.Remove(paths[11])
	if l := r.List(); len(l) != ui.MaxRecent-1 || slices.Contains(l, paths[11]) {
		t.Fatalf("missing file kept: %v", l)
	}
	r.Clear()
	if len(r.List()) != 0 {
		t.Fatal("clear")
	}
}

func occurrences(list []string, s string) int {
	n := 0
	for _, x := range list {
		if x == s {
			n++
		}
	}
	return n
}

func TestTitle(t *testing.T) {
	d := document.New(&model.Model{Version: 4}, "/x/robot.ms3d", nil)
	if got := ui.Title(d); got != "robot.ms3d — MS3D Studio" {
		t.Errorf("title %q", got)
	}
	d.Do(document.SetFPS(30))
	if got := ui.Title(d); got != "• robot.ms3d — MS3D Studio" {
		t.Errorf("modified title %q", got)
	}
	if ui.Title(nil) != "MS3D Studio" {
		t.Error("nil title")
	}
}

// TestBuiltInSaveAsDialog saves through the editor's own Save As dialog.
func TestBuiltInSaveAsDialog(t *testing.T) {
	src := uitest.CopyCorpus(t, "lesson31_bcb6/Data/Model.ms3d")
	e, w, _ := edtest.OpenEditor(t, src)
	e.SaveAs(nil)
	var name *widget.Entry
	for _, o := range test.LaidOutObjects(w.Canvas().Overlays().Top()) {
		if en, ok := o.(*widget.Entry); ok {
			name = en
		}
	}
	if name == nil || name.Text != "Model.ms3d" {
		t.Fatalf("file name entry %v", name)
	}
	name.SetText("renamed")
	test.Tap(uitest.OverlayButton(t, w, "Save"))
	want := filepath.Join(filepath.Dir(src), "renamed.ms3d")
	if _, err := os.Stat(want); err != nil || e.Document().Path() != want {
		t.Fatalf("saved to %q: %v", e.Document().Path(), err)
	}
	if w.Title() != "renamed.ms3d — MS3D Studio" {
		t.Errorf("title %q", w.Title())
	}
}
