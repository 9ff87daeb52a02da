package textures

import (
	"image/color"
	"os"
	"path/filepath"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"ms3dstudio/document"
)

// TestTextureWatchReloads: a texture that appears beside the model reaches
// the document through the watch, posted to the UI goroutine.
func TestTextureWatchReloads(t *testing.T) {
	a := test.NewTempApp(t)
	file, art := brokenLevel(t)
	d, err := document.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	a.Preferences().SetStringList(searchDirsKey(file), []string{art})
	q := make(uiQueue, 16)
	tw, err := newWatch(a.Preferences(), q.post)
	if err != nil {
		t.Fatal(err)
	}
	defer tw.Close()
	reloads := 0
	d.Subscribe(func(ch document.Change) {
		if ch.What.Has(document.Textures) {
			reloads++
		}
	})
	tw.SetDocument(d)
	// The remembered folder holds st1.PNG, which the resolver's
	// search-folder rule finds by name ignoring case.
	if reloads != 1 || d.Textures().Images[1] == nil {
		t.Fatalf("%d reloads, st1 %v", reloads, d.Textures().Images[1] != nil)
	}
	if d.Textures().Images[2] != nil {
		t.Fatal("st2.png before it exists")
	}
	start := time.Now()
	writeSolidPNG(t, filepath.Join(filepath.Dir(file), "st2.png"), color.NRGBA{1, 2, 3, 255}, 8, 8)
	select {
	case f := <-q:
		f()
	case <-time.After(time.Second):
		t.Fatal("no reload within a second")
	}
	if d.Textures().Images[2] == nil {
		t.Fatal("st2.png not loaded")
	}
	t.Logf("reloaded %v after the file appeared", time.Since(start))
	if d.Modified() {
		t.Error("a reload modified the document")
	}
	tw.SetDocument(nil)
	os.Remove(filepath.Join(filepath.Dir(file), "st2.png"))
	select {
	case <-q:
		t.Error("reload after the document was dropped")
	case <-time.After(3 * 150 * time.Millisecond):
	}
}
