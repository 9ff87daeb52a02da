// Package gltest runs GL tests: it keeps the OS main thread serving a queue
// of functions (GLFW requires window creation and destruction there) while
// the tests run on other goroutines, and skips GL tests when there is no
// display, or fails them in CI and with MS3D_REQUIRE_GL=1 (a run without GL
// must not pass empty there). It also classifies pixels for tolerant comparisons, because
// Mesa versions differ in the last bits of every colour.
package gltest

import (
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/go-gl/glfw/v3.3/glfw"

	"ms3dstudio/internal/testenv"
)

var (
	queue   = make(chan func())
	initErr error
	ready   bool
)

// Main is the body of a TestMain: it initialises GLFW on the main thread
// when DISPLAY is set, runs the tests on another goroutine and serves OnMain
// calls until they finish, then exits with their status.
func Main(m *testing.M) {
	runtime.LockOSThread()
	if os.Getenv("DISPLAY") == "" {
		os.Exit(m.Run())
	}
	if err := Start(); err != nil {
		initErr = err
	} else {
		ready = true
	}
	done := make(chan int)
	go func() { done <- m.Run() }()
	for {
		select {
		case f := <-queue:
			f()
		case code := <-done:
			if ready {
				glfw.Terminate()
			}
			os.Exit(code)
		}
	}
}

// Start initialises GLFW on the calling (main) thread and reports whether it
// really started: go-gl's Init only logs a platform error such as an X
// display that cannot be opened, and the next call then panics with
// NotInitialized, which Start turns into the error.
func Start() (err error) {
	if err := glfw.Init(); err != nil {
		return err
	}
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("GLFW did not initialise on DISPLAY %q: %v", os.Getenv("DISPLAY"), r)
		}
	}()
	glfw.GetTime()
	return nil
}

// RequireEnv is the variable that, set to 1, makes a missing display or GL
// fail the tests (as CI does).
const RequireEnv = "MS3D_REQUIRE_GL"

// Require skips the test when GL tests cannot run: no DISPLAY, or GLFW
// failed to initialise (reported in the skip message). In CI or with
// MS3D_REQUIRE_GL=1 it fails the test instead. A GL context that cannot be
// created after that is an error of the test itself.
func Require(tb testing.TB) {
	tb.Helper()
	if os.Getenv("DISPLAY") == "" {
		testenv.Missing(tb, RequireEnv, "no DISPLAY: GL tests run under xvfb-run")
	}
	if !ready {
		testenv.Missing(tb, RequireEnv, "GLFW unavailable: %v", initErr)
	}
}

// OnMain runs f on the main thread and waits for it. It must only be used
// in tests after Require.
func OnMain(f func()) {
	done := make(chan struct{})
	queue <- func() {
		defer close(done)
		f()
	}
	<-done
}

// Class is a coarse colour class used to compare rendered pixels.
type Class int

// The colour classes. Dominance needs a clear margin so that shading and
// driver differences do not move a pixel from one class to another.
const (
	Other Class = iota
	Dark        // every channel below 56 (the background is dark)
	Red
	Green
	Blue
	Yellow  // red and green high, blue low
	Magenta // red and blue high, green low
	Cyan    // green and blue high, red low
	Grey    // channels within 25 of each other, not dark
)

var classNames = [...]string{"other", "dark", "red", "green", "blue", "yellow", "magenta", "cyan", "grey"}

func (c Class) String() string { return classNames[c] }

// Classify puts a colour into a Class.
func Classify(c color.Color) Class {
	r32, g32, b32, _ := c.RGBA()
	r, g, b := int(r32>>8), int(g32>>8), int(b32>>8)
	hi := func(v int) bool { return v >= 90 }
	lo := func(v, ref int) bool { return v*2 < ref }
	mx, mn := max(r, g, b), min(r, g, b)
	switch {
	case mx < 56:
		return Dark
	case mx-mn <= 25:
		return Grey
	case hi(r) && lo(g, r) && lo(b, r):
		return Red
	case hi(g) && lo(r, g) && lo(b, g):
		return Green
	case hi(b) && lo(r, b) && lo(g, b):
		return Blue
	case hi(r) && hi(g) && lo(b, min(r, g)):
		return Yellow
	case hi(r) && hi(b) && lo(g, min(r, b)):
		return Magenta
	case hi(g) && hi(b) && lo(r, min(g, b)):
		return Cyan
	}
	return Other
}

// Count returns how many pixels of img inside rect fall in each class.
func Count(img image.Image, rect image.Rectangle) map[Class]int {
	out := map[Class]int{}
	rect = rect.Intersect(img.Bounds())
	for y := rect.Min.Y; y < rect.Max.Y; y++ {
		for x := rect.Min.X; x < rect.Max.X; x++ {
			out[Classify(img.At(x, y))]++
		}
	}
	return out
}

// Dominant returns the most common class in rect and its share (0–1).
func Dominant(img image.Image, rect image.Rectangle) (Class, float64) {
	counts := Count(img, rect)
	best, n, total := Other, -1, 0
	for c, k := range counts {
		total += k
		if k > n || (k == n && c < best) {
			best, n = c, k
		}
	}
	if total == 0 {
		return Other, 0
	}
	return best, float64(n) / float64(total)
}

// Around returns the square of side 2r+1 centred on (x, y).
func Around(x, y, r int) image.Rectangle {
	return image.Rect(x-r, y-r, x+r+1, y+r+1)
}

// Near reports whether c is within tol (0–255 units) of want on each of
// R, G and B.
func Near(c color.Color, want [4]float32, tol int) bool {
	r32, g32, b32, _ := c.RGBA()
	got := [3]int{int(r32 >> 8), int(g32 >> 8), int(b32 >> 8)}
	for k := 0; k < 3; k++ {
		w := int(want[k]*255 + 0.5)
		if got[k] < w-tol || got[k] > w+tol {
			return false
		}
	}
	return true
}

// CountNear returns how many pixels of img inside rect are Near want.
func CountNear(img image.Image, rect image.Rectangle, want [4]float32, tol int) int {
	n := 0
	rect = rect.Intersect(img.Bounds())
	for y := rect.Min.Y; y < rect.Max.Y; y++ {
		for x := rect.Min.X; x < rect.Max.X; x++ {
			if Near(img.At(x, y), want, tol) {
				n++
			}
		}
	}
	return n
}

// Changed returns how many pixels differ between a and b by more than tol
// on some channel. The images must have the same bounds.
func Changed(a, b *image.RGBA, tol int) int {
	n := 0
	for i := 0; i+3 < len(a.Pix) && i+3 < len(b.Pix); i += 4 {
		for k := 0; k < 3; k++ {
			d := int(a.Pix[i+k]) - int(b.Pix[i+k])
			if d > tol || d < -tol {
				n++
				break
			}
		}
	}
	return n
}

// Dump writes img as a PNG named after the test into the folder named by
// VIEWPORT_DUMP, when that variable is set, so a failing pixel check can
// be looked at.
func Dump(tb testing.TB, img image.Image) {
	dir := os.Getenv("VIEWPORT_DUMP")
	if dir == "" {
		return
	}
	dumpMu.Lock()
	dumpSeq++
	n := dumpSeq
	dumpMu.Unlock()
	name := strings.NewReplacer("/", "_", " ", "_").Replace(tb.Name())
	f, err := os.Create(filepath.Join(dir, fmt.Sprintf("%s-%03d.png", name, n)))
	if err != nil {
		tb.Log(err)
		return
	}
	defer f.Close()
	if err := png.Encode(f, img); err != nil {
		tb.Log(err)
	}
}

var (
	dumpMu  sync.Mutex
	dumpSeq int
)
