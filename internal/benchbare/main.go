// Command benchbare is the ceiling for the viewport benchmark: a bare Fyne
// window holding one 700×550 raster that is refreshed every frame, and
// nothing else: the window's theme background is the canvas clear. It runs
// for SECONDS and prints "fps=…" (raster frames drawn per second), so
// scripts/bench-viewport.sh can report the app's frame rate as a share of
// what the toolkit reaches on this machine in the same hour.
//
// It used to put a window-sized canvas.Rectangle behind the raster. Under
// llvmpipe that one rectangle cost 22 ms of CPU a frame (Fyne's rectangle
// shader with blending on every pixel: 36 against 14.3 ms, 31–38 against
// 52–59 fps at 1280×800), so the ceiling was far below a bare window.
package main

import (
	"flag"
	"fmt"
	"image"
	"ms3dstudio/internal/cputime"
	"os"
	"sync/atomic"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/app"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
)

func main() {
	secs := flag.Float64("seconds", 5, "how long to run")
	size := flag.String("size", "1280x800", "window size `WxH`")
	flag.Parse()
	var w, h float32
	if _, err := fmt.Sscanf(*size, "%gx%g", &w, &h); err != nil {
		fmt.Fprintln(os.Stderr, "benchbare: --size WxH")
		os.Exit(2)
	}
	a := app.NewWithID("io.github.ms3dstudio.benchbare")
	win := a.NewWindow("bare raster")
	var frames atomic.Int64
	var pending atomic.Bool
	img := image.NewRGBA(image.Rect(0, 0, 700, 550))
	var r *canvas.Raster
	r = canvas.NewRaster(func(_, _ int) image.Image {
		n := frames.Add(1)
		img.Pix[0] = uint8(n) // a changing frame, as the viewport's
		if pending.CompareAndSwap(false, true) {
			go fyne.Do(func() { pending.Store(false); r.Refresh() })
		}
		return img
	})
	r.ScaleMode = canvas.ImageScaleFastest
	r.SetMinSize(fyne.NewSize(700, 550))
	win.SetContent(container.NewCenter(r))
	win.Resize(fyne.NewSize(w, h))
	go func() {
		time.Sleep(time.Second) // let the window come up
		start, n0 := time.Now(), frames.Load()
		cpu0, _ := cputime.Process()
		time.Sleep(time.Duration(*secs * float64(time.Second)))
		n := frames.Load() - n0
		cpuPerFrame := "-"
		if cpu1, ok := cputime.Process(); ok && n > 0 {
			cpuPerFrame = fmt.Sprintf("%.1f", float64((cpu1-cpu0).Microseconds())/1000/float64(n))
		}
		fmt.Printf("fps=%.1f cpu_ms=%s\n", float64(n)/time.Since(start).Seconds(), cpuPerFrame)
		fyne.Do(a.Quit)
	}()
	win.ShowAndRun()
}
