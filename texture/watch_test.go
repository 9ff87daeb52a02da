package texture_test

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"testing"
	"time"

	"ms3dstudio/document"
	"ms3dstudio/internal/corpus"
	"ms3dstudio/model"
	"ms3dstudio/texture"
)

func writePNG(t *testing.T, path string, c color.NRGBA) {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, 4, 4))
	for i := 0; i < len(img.Pix); i += 4 {
		img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = c.R, c.G, c.B, c.A
	}
	var buf bytes.Buffer
	png.Encode(&buf, img)
	// Write beside and rename over, as image editors do.
	tmp := path + ".tmp~"
	if err := os.WriteFile(tmp, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(tmp, path); err != nil {
		t.Fatal(err)
	}
}

// TestWatchReloadsDocument runs a watcher on a document without a window:
// a missing texture that appears, then a repaint of it, each reach the
// document's images within a second, and the missing-texture finding goes.
// The watcher's callback only posts to a channel and the test goroutine
// does the reload, as fyne.Do would on the UI goroutine.
func TestWatchReloadsDocument(t *testing.T) {
	dir := t.TempDir()
	data, err := os.ReadFile(corpus.File(t, "lesson31_bcb6/Data/Model.ms3d").Path)
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "Model.ms3d")
	os.WriteFile(file, data, 0o644)
	d, err := document.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	if err := d.Do(document.SetTexture(0, "skins/wood.png")); err != nil {
		t.Fatal(err)
	}
	if d.Textures().Images[0] != nil || !model.HasCode(d.Findings(), model.CodeTextureMissing) {
		t.Fatal("the texture is there before it was written")
	}
	os.Mkdir(filepath.Join(dir, "skins"), 0o755)

	reload := make(chan struct{}, 16)
	w, err := texture.NewWatcher(func() { reload <- struct{}{} }, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	plan := texture.NewPlan(d.Model(), file, d.TextureResolver())
	watched := w.Watch(plan.WatchDirs()...)
	if len(watched) != 2 {
		t.Fatalf("watching %v, want the model's folder and skins", watched)
	}
	notified := 0
	d.Subscribe(func(ch document.Change) {
		if ch.What.Has(document.Textures) {
			notified++
		}
	})
	step := func(what string, c color.NRGBA) {
		start := time.Now()
		writePNG(t, filepath.Join(dir, "skins", "wood.png"), c)
		select {
		case <-reload:
		case <-time.After(time.Second):
			t.Fatalf("%s: no reload within a second", what)
		}
		d.ReloadTextures()
		img := d.Textures().Images[0]
		if img == nil {
			t.Fatalf("%s: no image after the reload", what)
		}
		if got := color.NRGBAModel.Convert(img.At(1, 1)); got != c {
			t.Errorf("%s: pixel %v, want %v", what, got, c)
		}
		t.Logf("%s: new pixels after %v", what, time.Since(start))
	}
	step("texture appears", color.NRGBA{255, 0, 0, 255})
	if model.HasCode(d.Findings(), model.CodeTextureMissing) {
		t.Error("the missing-texture finding stayed")
	}
	step("texture repainted", color.NRGBA{0, 0, 255, 255})
	if notified != 2 || d.UndoLabel() != "Set texture path" {
		t.Errorf("%d texture notifications, undo %q", notified, d.UndoLabel())
	}
	// Saving the model itself is not a texture event.
	for len(reload) > 0 {
		<-reload
	}
	if err := d.Save(); err != nil {
		t.Fatal(err)
	}
	select {
	case <-reload:
		t.Error("saving the model reloaded the textures")
	case <-time.After(3 * texture.DefaultDebounce):
	}
}

func TestWatcherCloseStopsCallbacks(t *testing.T) {
	dir := t.TempDir()
	called := make(chan struct{}, 4)
	w, err := texture.NewWatcher(func() { called <- struct{}{} }, 10*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	if got := w.Watch(dir, dir, filepath.Join(dir, "absent")); len(got) != 1 {
		t.Errorf("watching %v", got)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	writePNG(t, filepath.Join(dir, "a.png"), color.NRGBA{A: 255})
	select {
	case <-called:
		t.Error("called after Close")
	case <-time.After(100 * time.Millisecond):
	}
}
