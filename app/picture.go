package main

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"ms3dstudio/internal/atomicfile"
)

// Pictures of the model for forums and asset lists: View ▸ Save Image…
// and --turntable. Both draw offscreen through viewport.Snapshot, so the
// size does not depend on the window's.

// writePNG encodes img as a PNG file at path, atomically.
func writePNG(path string, img image.Image) error {
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	if err := enc.Encode(&buf, img); err != nil {
		return fmt.Errorf("encoding %s: %w", path, err)
	}
	return atomicfile.WriteFile(path, buf.Bytes(), 0o644, false)
}

// parseSize reads "WxH" in pixels, each side 1 to 8192.
func parseSize(s string) (w, h int, err error) {
	a, b, ok := strings.Cut(strings.ToLower(strings.TrimSpace(s)), "x")
	if ok {
		w, err = strconv.Atoi(strings.TrimSpace(a))
		if err == nil {
			h, err = strconv.Atoi(strings.TrimSpace(b))
		}
	}
	if !ok || err != nil || w < 1 || h < 1 || w > 8192 || h > 8192 {
		return 0, 0, fmt.Errorf("picture size %q: want WxH, 1 to 8192 pixels a side", s)
	}
	return w, h, nil
}

// showSaveImage is View ▸ Save Image…: it asks for the size and the file,
// then writes the viewport's picture there.
func (s *studio) showSaveImage() {
	size := widget.NewEntry()
	size.SetText("1920x1080")
	size.Validator = func(t string) error { _, _, err := parseSize(t); return err }
	dialog.ShowForm("Save Image", "Choose File…", "Cancel", []*widget.FormItem{
		widget.NewFormItem("Size (pixels)", size),
	}, func(ok bool) {
		if !ok {
			return
		}
		w, h, err := parseSize(size.Text)
		if err != nil {
			dialog.ShowError(err, s.win)
			return
		}
		save := dialog.NewFileSave(func(wc fyne.URIWriteCloser, err error) {
			if err != nil || wc == nil {
				return
			}
			path := wc.URI().Path()
			wc.Close()
			if !strings.EqualFold(filepath.Ext(path), ".png") {
				path += ".png"
			}
			s.saveImage(path, w, h, func(err error) {
				if err != nil {
					dialog.ShowError(err, s.win)
				}
			})
		}, s.win)
		save.SetFileName(strings.TrimSuffix(s.ed.Document().Name(), filepath.Ext(s.ed.Document().Name())) + ".png")
		save.Show()
	}, s.win)
}

// saveImage draws the viewport at w×h and writes it to path as PNG, then
// calls done (UI goroutine). The encoding runs off the UI goroutine.
func (s *studio) saveImage(path string, w, h int, done func(error)) {
	s.view.Snapshot(w, h, 0, func(img *image.RGBA, err error) {
		if err != nil {
			done(err)
			return
		}
		go func() {
			err := writePNG(path, img)
			fyne.Do(func() { done(err) })
		}()
	})
}

// turntable writes n pictures of w×h pixels around the model into dir,
// which must exist (turntable-000.png …, the camera turned by 360°/n
// each, from the window's view or, with thumb, the thumbnail's), prints
// their paths and quits, once the viewport has shown its first frame.
func (s *studio) turntable(n int, dir string, w, h int, thumb bool) {
	fail := func(err error) {
		fmt.Fprintf(os.Stderr, "app: --turntable: %v\n", err)
		fyne.Do(func() { s.quit(1) })
	}
	go func() {
		for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(10 * time.Millisecond) {
			var shown int
			fyne.DoAndWait(func() { shown = s.view.Stats().FramesShown })
			if shown > 0 {
				break
			}
			if time.Now().After(deadline) {
				fail(fmt.Errorf("no frame was shown in 30 s"))
				return
			}
		}
		for i := 0; i < n; i++ {
			yaw := float32(2 * math.Pi * float64(i) / float64(n))
			got := make(chan error, 1)
			path := filepath.Join(dir, fmt.Sprintf("turntable-%03d.png", i))
			write := func(img *image.RGBA, err error) {
				if err == nil {
					go func() { got <- writePNG(path, img) }()
					return
				}
				got <- err
			}
			fyne.Do(func() {
				if thumb {
					s.view.SnapshotThumbnail(w, h, yaw, write)
				} else {
					s.view.Snapshot(w, h, yaw, write)
				}
			})
			if err := <-got; err != nil {
				fail(err)
				return
			}
			fmt.Println(path)
		}
		fyne.Do(func() { s.quit(0) })
	}()
}
