// Command benchobjects measures what one more canvas object costs Fyne to
// paint on every frame: the bare window of internal/benchbare (one
// 700×550 raster refreshed every frame) with N objects of one kind and
// size laid over it. It runs for SECONDS and prints
//
//	kind=<kind> n=<N> <W>x<H> fps=<frames per second> cpu_ms=<process CPU per frame>
//
// Compare with -kind none in the same hour: (cpu_ms − none's) / N is one
// object's cost. Measured under Xvfb and llvmpipe on the 2-core CI
// machine, 100 objects over the bare window's 13.5 ms: 8×16 rectangles
// +4–5 ms, 80×19 +9.5, 120×60 +22–24; rounded rectangles +5–8, +14–17,
// +36–41; texts +7–9 whatever their length; transparent circles +6–14.
// That is, about 50 µs an object plus 27 (rectangle) to 45 (rounded) ns a
// pixel: what decided which of the editor's objects to draw into rasters.
package main

import (
	"flag"
	"fmt"
	"image"
	"image/color"
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
	secs := flag.Float64("seconds", 4, "how long to measure")
	kind := flag.String("kind", "none", "the objects: none, rect, rrect (corner radius 4), text, char (one digit) or circle (transparent)")
	n := flag.Int("n", 100, "how many objects")
	ow := flag.Float64("w", 80, "each object's width")
	oh := flag.Float64("h", 19, "each object's height")
	flag.Parse()
	newObject, ok := kinds[*kind]
	if !ok {
		fmt.Fprintf(os.Stderr, "benchobjects: unknown -kind %q\n", *kind)
		os.Exit(2)
	}
	a := app.NewWithID("io.github.ms3dstudio.benchobjects")
	win := a.NewWindow("objects over a bare raster")
	var frames atomic.Int64
	var pending atomic.Bool
	img := image.NewRGBA(image.Rect(0, 0, 700, 550))
	var r *canvas.Raster
	r = canvas.NewRaster(func(_, _ int) image.Image {
		img.Pix[0] = uint8(frames.Add(1)) // a changing frame, as the viewport's
		if pending.CompareAndSwap(false, true) {
			go fyne.Do(func() { pending.Store(false); r.Refresh() })
		}
		return img
	})
	r.ScaleMode = canvas.ImageScaleFastest
	r.SetMinSize(fyne.NewSize(700, 550))
	objs := container.NewWithoutLayout()
	for i := 0; newObject != nil && i < *n; i++ {
		o := newObject(i)
		o.Resize(fyne.NewSize(float32(*ow), float32(*oh)))
		o.Move(fyne.NewPos(float32(i%10)*float32(*ow+4), float32(i/10)*float32(*oh+4)))
		objs.Add(o)
	}
	win.SetContent(container.NewStack(container.NewCenter(r), objs))
	win.Resize(fyne.NewSize(1280, 800))
	go func() {
		time.Sleep(time.Second) // let the window come up
		start, n0 := time.Now(), frames.Load()
		cpu0, _ := cputime.Process()
		time.Sleep(time.Duration(*secs * float64(time.Second)))
		nf := frames.Load() - n0
		cpuPerFrame := "-"
		if cpu1, ok := cputime.Process(); ok && nf > 0 {
			cpuPerFrame = fmt.Sprintf("%.2f", float64((cpu1-cpu0).Microseconds())/1000/float64(nf))
		}
		fmt.Printf("kind=%s n=%d %gx%g fps=%.1f cpu_ms=%s\n", *kind, *n, *ow, *oh, float64(nf)/time.Since(start).Seconds(), cpuPerFrame)
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
