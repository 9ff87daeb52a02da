// Command app is MS3D Studio, the desktop editor and inspector for
// MilkShape 3D models. It only wires the packages together: the document
// (document), the editor widgets (ui), the GL viewport (viewport) and
// the animation (model/anim).
//
// Usage:
//
//	app [--benchmark SECONDS] [FILE.ms3d|FILE.3ds|FILE.smd]
//	app --turntable N [--picture WxH] [--thumbnail-view] OUT_DIR [FILE]
//
// Without FILE it opens the embedded sample model. With --benchmark it plays
// the model's animation for that many seconds in the real window, prints
// one line "fps=… render_ms=… frame_ms=…" and exits. With --turntable it
// writes N pictures around the model (OUT_DIR/turntable-000.png …, drawn
// offscreen at --picture size), prints their paths and exits; with
// --thumbnail-view they start from the thumbnail's view (the camera and
// display ms3dtool thumbnail draws with) instead of the window's. Either exits
// with status 1 when it could not do its work (no frame shown, a picture
// not written).
package main

import (
	"flag"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"runtime/pprof"
	"sync"
	"syscall"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/app"

	"ms3dstudio"
	"ms3dstudio/app/quitguard"
	"ms3dstudio/document/recovery"
	"ms3dstudio/ui/widgets"
	"ms3dstudio/viewport"
)

// appID is the application ID (also in FyneApp.toml); Fyne keeps the
// preferences (Open Recent) under it.
const appID = "io.github.ms3dstudio"

func main() {
	bench := flag.Float64("benchmark", 0, "play the animation for `SECONDS` in the window, print fps=… render_ms=… frame_ms=… and exit")
	size := flag.String("size", "1280x800", "initial window size in pixels, `WxH`")
	turn := flag.Int("turntable", 0, "write `N` pictures around the model into OUT_DIR (the first argument) and exit")
	picture := flag.String("picture", "1024x1024", "size of the --turntable pictures in pixels, `WxH`")
	thumbView := flag.Bool("thumbnail-view", false, "draw the --turntable pictures from the thumbnail's view (as ms3dtool thumbnail), without grid or axes")
	cpuProfile := flag.String("cpuprofile", "", "write a CPU profile of the whole run to `FILE` (for performance work)")
	flag.Usage = func() {
		fmt.Fprintf(flag.CommandLine.Output(), "usage: %s [--benchmark SECONDS] [--size WxH] [--cpuprofile FILE] [FILE.ms3d|FILE.3ds|FILE.smd]\n       %s --turntable N [--picture WxH] [--thumbnail-view] OUT_DIR [FILE]\n", os.Args[0], os.Args[0])
		flag.PrintDefaults()
	}
	flag.Parse()
	args := flag.Args()
	var outDir string
	var pw, ph int
	if *turn > 0 {
		if len(args) == 0 {
			fmt.Fprintln(os.Stderr, "app: --turntable N needs OUT_DIR")
			os.Exit(2)
		}
		var err error
		if pw, ph, err = parseSize(*picture); err != nil {
			fmt.Fprintf(os.Stderr, "app: --picture: %v\n", err)
			os.Exit(2)
		}
		outDir, args = args[0], args[1:]
		// Here, not once the window runs: quitting before the toolkit's
		// loop has started does not quit (the app ran on with no work).
		if err := os.MkdirAll(outDir, 0o755); err != nil {
			fmt.Fprintf(os.Stderr, "app: --turntable: %v\n", err)
			os.Exit(1)
		}
	}
	if len(args) > 1 {
		// The desktop hands every selected file over (Exec=… %F); one
		// window shows one model.
		fmt.Fprintf(os.Stderr, "app: opening %s; one window shows one model, the other %d files are not opened\n", args[0], len(args)-1)
	}
	var w, h float32
	if _, err := fmt.Sscanf(*size, "%gx%g", &w, &h); err != nil || w < 200 || h < 150 {
		fmt.Fprintf(os.Stderr, "app: --size %q: want WxH, at least 200x150\n", *size)
		os.Exit(2)
	}

	stopProfile := func() {}
	if *cpuProfile != "" {
		stop, err := startProfile(*cpuProfile)
		if err != nil {
			fmt.Fprintf(os.Stderr, "app: %v\n", err)
			os.Exit(2)
		}
		stopProfile = stop
	}

	a := app.NewWithID(appID)
	a.Settings().SetTheme(widgets.StudioTheme())
	a.SetIcon(fyne.NewStaticResource("icon.png", ms3dstudio.Icon))
	store, err := recovery.DefaultStore()
	if err != nil {
		fmt.Fprintf(os.Stderr, "app: unsaved changes cannot be kept if the app is stopped: %v\n", err)
	}
	s := newStudio(a, fyne.NewSize(w, h), store)
	// Before the window is shown: GLFW makes the window then.
	if err := viewport.LeanToolkitWindow(); err != nil {
		fmt.Fprintf(os.Stderr, "app: %v\n", err)
	}
	// On SIGINT and SIGTERM the toolkit quits at once, without the
	// window's close intercept, so nobody is asked about unsaved changes:
	// once its loop has ended (or the guard finds it stuck), they are kept
	// in a recovery copy instead.
	stopped := make(chan os.Signal, 1)
	signal.Notify(stopped, os.Interrupt, syscall.SIGTERM)
	rescue := onceAfterSignal(stopped, s.rescue)
	s.guard = &quitguard.Guard{Name: "app", Grace: quitguard.Grace, Log: os.Stderr, Exit: func(code int) { rescue(); stopProfile(); os.Exit(code) }}
	s.win.SetOnClosed(s.guard.Quitting)
	terminated := make(chan os.Signal, 1)
	signal.Notify(terminated, os.Interrupt, syscall.SIGTERM)
	s.guard.QuittingOn(terminated)
	opened := ""
	if len(args) >= 1 {
		opened = args[0]
		// An absolute path, as File ▸ Open gives: the File row, the recent
		// list and a recovered copy then all show the same path.
		if abs, err := filepath.Abs(opened); err == nil {
			opened = abs
		}
		s.openAtStart(opened)
	} else {
		s.openSample()
	}
	stopAutosave := func() {}
	if *bench == 0 && *turn == 0 {
		s.ed.OfferRecovered(opened)
		stopAutosave = s.ed.StartAutosave(recovery.AutosaveEvery)
	}
	if *bench > 0 {
		s.benchmark(time.Duration(*bench * float64(time.Second)))
	}
	if *turn > 0 {
		s.turntable(*turn, outDir, pw, ph, *thumbView)
	}
	s.win.ShowAndRun()
	stopAutosave()
	rescue()
	stopProfile()
	os.Exit(s.guard.Code())
}

// startProfile starts CPU profiling into path; the returned function stops
// it and closes the file.
func startProfile(path string) (func(), error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, fmt.Errorf("--cpuprofile: %w", err)
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, fmt.Errorf("--cpuprofile: %w", err)
	}
	return func() { pprof.StopCPUProfile(); f.Close() }, nil
}

// onceAfterSignal returns a function that, the first time it is called,
// runs rescue if a signal has arrived on sigs, and otherwise does nothing;
// later calls do nothing, and a call made while the first runs waits for
// it. main calls it after the toolkit's loop ends, and the quit guard
// before it ends a process stuck in the toolkit's shutdown.
func onceAfterSignal(sigs <-chan os.Signal, rescue func()) func() {
	var once sync.Once
	return func() {
		once.Do(func() {
			select {
			case <-sigs:
				rescue()
			default:
			}
		})
	}
}
