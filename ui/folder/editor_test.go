package folder_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"

	"ms3dstudio/document"
	"ms3dstudio/ui"
	"ms3dstudio/ui/folder"
	"ms3dstudio/ui/internal/edtest"
	"ms3dstudio/ui/internal/uitest"
)

// pageKeys are the shortcuts that page through the folder.
var (
	nextKey = &desktop.CustomShortcut{KeyName: fyne.KeyPageDown, Modifier: fyne.KeyModifierShortcutDefault}
	prevKey = &desktop.CustomShortcut{KeyName: fyne.KeyPageUp, Modifier: fyne.KeyModifierShortcutDefault}
)

// walkFolder copies corpus models into a folder as walk1, walk2 and
// walk10 (natural order, not the bytes' order), with things beside them
// that are not models: a text file, a picture, a folder named like a
// model, a hidden model.
func walkFolder(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for name, src := range map[string]string{
		"walk1.ms3d": "Demos/media/models/Box.ms3d", "walk2.ms3d": "Demos/media/models/Cylinder.ms3d",
		"walk10.ms3d": "Demos/media/models/Chair.ms3d", ".walk3.ms3d": "Demos/media/models/Box.ms3d",
	} {
		uitest.CopyCorpusTo(t, src, filepath.Join(dir, name))
	}
	os.WriteFile(filepath.Join(dir, "walk4.txt"), []byte("notes"), 0o644)
	os.WriteFile(filepath.Join(dir, "walk5.png"), nil, 0o644)
	os.Mkdir(filepath.Join(dir, "walk6.ms3d"), 0o755)
	return dir
}

func press(w fyne.Window, sc fyne.Shortcut) { w.Canvas().(fyne.Shortcutable).TypedShortcut(sc) }

func shown(e *ui.Editor) string { return filepath.Base(e.Document().Path()) }

// TestPageThroughFolder pages forwards and back with Ctrl+Page Down and
// Ctrl+Page Up over the folder's models only, in natural order, stopping
// at both ends with the status bar saying so, and leaving Open Recent as
// it was; the File menu has the same items with those keys.
func TestPageThroughFolder(t *testing.T) {
	dir := walkFolder(t)
	e, w, _ := edtest.NewEditor(t)
	next := uitest.MenuItem(t, e.Menu(), "File", "Next Model in Folder")
	prev := uitest.MenuItem(t, e.Menu(), "File", "Previous Model in Folder")
	if next.Shortcut.ShortcutName() != nextKey.ShortcutName() || prev.Shortcut.ShortcutName() != prevKey.ShortcutName() {
		t.Errorf("menu keys %s, %s", next.Shortcut.ShortcutName(), prev.Shortcut.ShortcutName())
	}
	if !next.Disabled {
		t.Error("Next is enabled with no file shown")
	}
	listed := false
	for _, k := range e.Keymap() {
		listed = listed || k.Keys == "Ctrl+Page Down, Ctrl+Page Up"
	}
	if !listed {
		t.Error("Help ▸ Keyboard Shortcuts does not list the keys")
	}
	edtest.Open(t, e, filepath.Join(dir, "walk1.ms3d"))
	if next.Disabled || prev.Disabled {
		t.Error("Next or Previous disabled with a file shown")
	}
	if got := e.Status.Place.Text; got != "1 of 3 in "+filepath.Base(dir) {
		t.Errorf("status says %q", got)
	}
	var seen []string
	for range 4 {
		press(w, nextKey)
		seen = append(seen, shown(e))
	}
	if got := strings.Join(seen, " "); got != "walk2.ms3d walk10.ms3d walk10.ms3d walk10.ms3d" {
		t.Errorf("Ctrl+Page Down showed %s", got)
	}
	if got := e.Status.Place.Text; got != "3 of 3 in "+filepath.Base(dir)+": the last" {
		t.Errorf("at the end the status says %q", got)
	}
	seen = nil
	for range 3 {
		press(w, prevKey)
		seen = append(seen, shown(e))
	}
	next.Action() // the menu item does what the key does
	seen = append(seen, shown(e))
	if got := strings.Join(seen, " "); got != "walk2.ms3d walk1.ms3d walk1.ms3d walk2.ms3d" {
		t.Errorf("Ctrl+Page Up, then Next, showed %s", got)
	}
	// Paging keeps Open Recent for what was opened on purpose.
	if got := e.Recent.Paths(); len(got) != 1 || filepath.Base(got[0]) != "walk1.ms3d" {
		t.Errorf("Open Recent after paging: %v, want walk1.ms3d alone", got)
	}
}

// TestPageAsksBeforeDroppingWork pages from a model with unsaved changes:
// the editor asks first, Cancel stays, Discard goes on.
func TestPageAsksBeforeDroppingWork(t *testing.T) {
	dir := walkFolder(t)
	e, w, d := edtest.OpenEditor(t, filepath.Join(dir, "walk2.ms3d"))
	d.Do(document.RenameGroup(0, "edited"))
	press(w, nextKey)
	if e.Document() != d || !strings.Contains(uitest.OverlayText(w), "unsaved changes") {
		t.Fatalf("paged without asking; shown: %q", uitest.OverlayText(w))
	}
	test.Tap(uitest.OverlayButton(t, w, "Cancel"))
	if e.Document() != d || !d.Modified() {
		t.Fatal("Cancel went on")
	}
	press(w, prevKey)
	test.Tap(uitest.OverlayButton(t, w, "Discard"))
	if shown(e) != "walk1.ms3d" {
		t.Fatalf("after Discard %s is shown", shown(e))
	}
}

// TestPageMovesPastAFileThatFails pages onto a file that does not open:
// the error shows, the model shown stays, and the next step moves on past
// the broken file, either way.
func TestPageMovesPastAFileThatFails(t *testing.T) {
	dir := walkFolder(t)
	os.WriteFile(filepath.Join(dir, "walk3.ms3d"), []byte("MS3D000000\x09\x00\x00\x00"), 0o644)
	e, w, _ := edtest.OpenEditor(t, filepath.Join(dir, "walk2.ms3d"))
	press(w, nextKey)
	if shown(e) != "walk2.ms3d" || !strings.Contains(uitest.OverlayText(w), "version") {
		t.Fatalf("%s shown; the dialog says %q", shown(e), uitest.OverlayText(w))
	}
	if got := e.Status.Place.Text; !strings.HasSuffix(got, "walk3.ms3d did not open") || !strings.HasPrefix(got, "3 of 4") {
		t.Errorf("status says %q", got)
	}
	press(w, nextKey)
	if shown(e) != "walk10.ms3d" {
		t.Fatalf("the step after the broken file showed %s", shown(e))
	}
	press(w, prevKey) // onto the broken file again
	if shown(e) != "walk10.ms3d" {
		t.Fatalf("a failed step back showed %s", shown(e))
	}
	press(w, prevKey)
	if shown(e) != "walk2.ms3d" {
		t.Fatalf("stepping back past the broken file showed %s", shown(e))
	}
}

// waitDone waits until the view's workers have ended (every thumbnail
// drawn and delivered, or the view closed). The test driver runs what
// they post through fyne.Do at once, on their goroutine: after Done the
// widgets are the test's alone.
func waitDone(t *testing.T, v *folder.View) {
	t.Helper()
	select {
	case <-v.Done():
	case <-time.After(2 * time.Minute):
		t.Fatal("the folder view's workers did not end within two minutes")
	}
}

// TestOpenFolderOpensPickedModel shows a folder's models, asks before
// dropping unsaved work when one is clicked, opens it, closes the view,
// and remembers the folder.
func TestOpenFolderOpensPickedModel(t *testing.T) {
	dir := walkFolder(t)
	e, w, d := edtest.OpenEditor(t, filepath.Join(dir, "walk1.ms3d"))
	d.Do(document.RenameGroup(0, "edited"))
	v := e.OpenFolder(dir)
	if v == nil {
		t.Fatal("the folder did not show")
	}
	waitDone(t, v)
	if v.Drawn() != 3 {
		t.Errorf("%d thumbnails for 3 models", v.Drawn())
	}
	v.Tap(t, w, "walk10.ms3d")
	if e.Document() != d {
		t.Fatal("opened without asking about the unsaved changes")
	}
	test.Tap(uitest.OverlayButton(t, w, "Discard"))
	if shown(e) != "walk10.ms3d" || !v.Closed() {
		t.Fatalf("%s shown, view closed %v", shown(e), v.Closed())
	}
	if w.Canvas().Overlays().Top() != nil {
		t.Errorf("a dialog stayed: %q", uitest.OverlayText(w))
	}
	if got := fyne.CurrentApp().Preferences().String("folder.last"); got != dir {
		t.Errorf("remembered folder %q, want %q", got, dir)
	}
}

// TestOpeningAnotherFileClosesFolderView opens a file another way (Open
// Recent, a drop) while the view is shown: the view goes with the other
// dialogs.
func TestOpeningAnotherFileClosesFolderView(t *testing.T) {
	dir := walkFolder(t)
	e, w, _ := edtest.NewEditor(t)
	v := e.OpenFolder(dir)
	waitDone(t, v)
	edtest.Open(t, e, uitest.CorpusPath(t, "Woman4.ms3d"))
	if !v.Closed() || w.Canvas().Overlays().Top() != nil {
		t.Errorf("view closed %v; shown: %q", v.Closed(), uitest.OverlayText(w))
	}
}

// TestOpenFolderThatCannotBeListed says why and shows no view.
func TestOpenFolderThatCannotBeListed(t *testing.T) {
	e, w, _ := edtest.NewEditor(t)
	if v := e.OpenFolder(filepath.Join(t.TempDir(), "gone")); v != nil {
		t.Fatal("a view of a missing folder")
	}
	if got := uitest.OverlayText(w); !strings.Contains(got, "gone") {
		t.Errorf("the error says %q", got)
	}
}
