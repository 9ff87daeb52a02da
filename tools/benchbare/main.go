// Command benchbare is the ceiling for the viewport benchmark: a bare Fyne
// window holding one 700×550 raster that is refreshed every frame, and
// nothing else: the window's theme background is the canvas clear. It runs
// for SECONDS and prints "fps=… cpu_ms=…" (raster frames drawn per second,
// the process's CPU time per frame), so scripts/bench-viewport.sh can
// report the app's frame rate as a share of what the toolkit reaches on
// this machine in the same hour.
//
// There is no window-sized rectangle behind the raster: Fyne paints a
// rectangle with its shader and blending on every pixel, which would put
// the ceiling far below what a bare window reaches.
//
// With -objects KIND it lays N objects of one kind and size over the
// raster, to measure what one more object costs Fyne to paint on every
// frame: (cpu_ms − the bare window's) / N, for deciding which of the
// editor's objects to draw into rasters instead.
//
// -raster WxH changes the raster's size: each pixel of a raster is painted
// on every frame whether it changes or not, so the viewport's share of the
// window weighs on its frame rate.
package main

import (
	"flag"
	"fmt"
	"image"
	"image/color"
	"os"
	"sync/atomic"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/app"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"

	"ms3dstudio/app/quitguard"
	"ms3dstudio/internal/cputime"
)

func main() {
	secs := flag.Float64("seconds", 5, "how long to run")
	size := flag.String("size", "1280x800", "window size `WxH`")
	kind := flag.String("objects", "none", "objects over the raster: none, rect, rrect (corner radius 4), text, char (one digit) or circle (transparent)")
	count := flag.Int("n", 100, "how many objects")
	ow := flag.Float64("w", 80, "each object's width")
	oh := flag.Float64("h", 19, "each object's height")
	rasterSize := flag.String("raster", "700x550", "the raster's size `WxH`")
	flag.Parse()
	var w, h float32
	if _, err := fmt.Sscanf(*size, "%gx%g", &w, &h); err != nil {
		fmt.Fprintln(os.Stderr, "benchbare: --size WxH")
		os.Exit(2)
	}
	var rw, rh int
	if _, err := fmt.Sscanf(*rasterSize, "%dx%d", &rw, &rh); err != nil || rw <= 0 || rh <= 0 {
		fmt.Fprintln(os.Stderr, "benchbare: -raster WxH")
		os.Exit(2)
	}
	newObject, ok := kinds[*kind]
	if !ok {
		fmt.Fprintf(os.Stderr, "benchbare: unknown -objects %q\n", *kind)
		os.Exit(2)
	}
	a := app.NewWithID("io.github.ms3dstudio.benchbare")
	win := a.NewWindow("bare raster")
	var frames atomic.Int64
	var pending atomic.Bool
	img := image.NewRGBA(image.Rect(0, 0, rw, rh))
	var r *canvas.Raster
	r = canvas.NewRaster(func(_, _ int) image.Image {
		n := frames.Add(1)
		img.Pix[0] = uint8(n) // a changing frame, as the viewport's
		if pending.CompareAndSwap(false, true) {
			go fyne.Do(func() { pending.Store(false); r.Refresh() })
		}
		return img
	})
	// As the viewport's raster (viewport.New).
	r.ScaleMode = canvas.ImageScalePixels
	r.SetMinSize(fyne.NewSize(float32(rw), float32(rh)))
	var content fyne.CanvasObject = container.NewCenter(r)
	if newObject != nil {
		objs := container.NewWithoutLayout()
		for i := range *count {
			o := newObject(i)
			o.Resize(fyne.NewSize(float32(*ow), float32(*oh)))
			o.Move(fyne.NewPos(float32(i%10)*float32(*ow+4), float32(i/10)*float32(*oh+4)))
			objs.Add(o)
		}
		content = container.NewStack(content, objs)
		fmt.Fprintf(os.Stderr, "benchbare: %d %s objects of %gx%g over the raster\n", *count, *kind, *ow, *oh)
	}
	win.SetContent(content)
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
		// Fyne 2.7.1 can hang after quitting: the figures are out.
		(&quitguard.Guard{Name: "benchbare", Grace: quitguard.Grace, Log: os.Stderr, Exit: os.Exit}).Quitting()
		fyne.Do(a.Quit)
	}()
	win.ShowAndRun()
}

// kinds makes the i-th object of each kind (none: no objects).
var kinds = map[string]func(i int) fyne.CanvasObject{
	"none": nil,
	"rect": func(int) fyne.CanvasObject { return canvas.NewRectangle(color.NRGBA{0x40, 0x40, 0x50, 0xff}) },
	"rrect": func(int) fyne.CanvasObject {
		r := canvas.NewRectangle(color.NRGBA{0x40, 0x40, 0x50, 0xff})
		r.CornerRadius = 4
		return r
	},
	"text":   func(i int) fyne.CanvasObject { return canvas.NewText(fmt.Sprintf("Text %03d label", i), color.White) },
	"char":   func(i int) fyne.CanvasObject { return canvas.NewText(fmt.Sprint(i%10), color.White) },
	"circle": func(int) fyne.CanvasObject { return canvas.NewCircle(color.Transparent) },
}
