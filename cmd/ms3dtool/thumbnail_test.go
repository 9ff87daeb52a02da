package main

import (
	"bytes"
	"errors"
	"image"
	"image/png"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"ms3dstudio/document"
	"ms3dstudio/internal/corpus"
	"ms3dstudio/model/xform"
)

// buildCgoFree builds ms3dtool with cgo off, as it ships, into a temporary
// folder.
func buildCgoFree(t *testing.T) string {
	t.Helper()
	exe := filepath.Join(t.TempDir(), "ms3dtool")
	cmd := exec.Command("go", "build", "-o", exe, ".")
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("CGO_ENABLED=0 go build: %v\n%s", err, out)
	}
	return exe
}

// withoutDisplay returns the environment less every variable that leads
// to a display.
func withoutDisplay() []string {
	var env []string
	for _, kv := range os.Environ() {
		name, _, _ := strings.Cut(kv, "=")
		switch name {
		case "DISPLAY", "WAYLAND_DISPLAY", "WAYLAND_SOCKET", "XAUTHORITY":
			continue
		}
		env = append(env, kv)
	}
	return env
}

// pictureStats describes a thumbnail: the share of its pixels the model
// covers (alpha above 0), the box around them, and the spread (standard
// deviation, 0–255) of the grey levels of the pixels it covers fully.
type pictureStats struct {
	covered float64
	box     image.Rectangle
	spread  float64
}

func statsOf(img *image.NRGBA) pictureStats {
	var s pictureStats
	var n, full int
	var sum, sum2 float64
	for y := 0; y < img.Rect.Dy(); y++ {
		for x := 0; x < img.Rect.Dx(); x++ {
			p := img.Pix[y*img.Stride+4*x:]
			if p[3] == 0 {
				continue
			}
			n++
			s.box = s.box.Union(image.Rect(x, y, x+1, y+1))
			if p[3] == 255 {
				g := 0.299*float64(p[0]) + 0.587*float64(p[1]) + 0.114*float64(p[2])
				sum, sum2 = sum+g, sum2+g*g
				full++
			}
		}
	}
	s.covered = float64(n) / float64(img.Rect.Dx()*img.Rect.Dy())
	if full > 0 {
		mean := sum / float64(full)
		s.spread = math.Sqrt(max(sum2/float64(full)-mean*mean, 0))
	}
	return s
}

// TestThumbnailEveryCorpusModelWithoutDisplay runs the cgo-free tool with
// no display variable set on every corpus model the app opens: each gets
// a 256×256 picture that is not blank (the model covers at least 5 % of
// it; 11.4 % is the least seen), framed (the model spans at least 90 % of
// the side across or up, centred within 4 pixels both ways) and shaded
// (the grey levels of the model's pixels spread by at least 8; 10.7 is
// the least seen, but for a black model). A model with nothing to draw
// exits with status 1 and writes nothing; a file no reader makes sense of
// exits with status 2 and says why.
func TestThumbnailEveryCorpusModelWithoutDisplay(t *testing.T) {
	exe := buildCgoFree(t)
	dir, out := corpus.Dir(t), t.TempDir()
	for i, rel := range corpus.Files(t, document.CanOpen) {
		png := filepath.Join(out, filepath.Base(rel)+".png")
		cmd := exec.Command(exe, "thumbnail", filepath.Join(dir, rel), png, "--size", "256")
		cmd.Env = withoutDisplay()
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		err := cmd.Run()
		if why := corpus.Unreadable[rel]; why != "" {
			var exit *exec.ExitError
			if !errors.As(err, &exit) || exit.ExitCode() != 2 || !strings.Contains(stderr.String(), why) {
				t.Errorf("%s: %v (%s), want exit status 2: %s", rel, err, stderr.String(), why)
			}
			continue
		}
		if corpus.NothingToDraw[rel] {
			var exit *exec.ExitError
			if !errors.As(err, &exit) || exit.ExitCode() != 1 || !strings.Contains(stderr.String(), "no triangle to draw") {
				t.Errorf("%s: %v (%s), want exit status 1: nothing to draw", rel, err, stderr.String())
			}
			if _, err := os.Stat(png); !errors.Is(err, os.ErrNotExist) {
				t.Errorf("%s: a picture was written (%v)", rel, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v: %s", rel, err, stderr.String())
			continue
		}
		if stderr.Len() > 0 {
			t.Errorf("%s: printed %q, want nothing", rel, stderr.String())
		}
		img := readNRGBA(t, png)
		if img.Rect != image.Rect(0, 0, 256, 256) {
			t.Errorf("%s: picture %v, want 256×256", rel, img.Rect)
			continue
		}
		s := statsOf(img)
		left, right := s.box.Min.X, 256-s.box.Max.X
		top, bottom := s.box.Min.Y, 256-s.box.Max.Y
		t.Logf("%2d %-78s covered %4.1f %%, box %v, spread %4.1f", i, rel, 100*s.covered, s.box, s.spread)
		switch {
		case s.covered < 0.05:
			t.Errorf("%s: the model covers %.1f %% of the picture, want at least 5 %%", rel, 100*s.covered)
		case max(s.box.Dx(), s.box.Dy()) < 230:
			t.Errorf("%s: the model spans %v, want at least 230 of 256 pixels across or up", rel, s.box)
		case abs(left-right) > 4 || abs(top-bottom) > 4:
			t.Errorf("%s: the model is off centre: %v (margins %d, %d, %d, %d)", rel, s.box, left, right, top, bottom)
		case s.spread < 8 && !black[rel] && !flat(t, filepath.Join(dir, rel)):
			t.Errorf("%s: grey levels spread by %.1f, want at least 8: not shaded", rel, s.spread)
		}
	}
}

// flat reports whether every triangle of the model at path faces one way
// (glTF's AnimatedTriangle, SimpleSkin's sheet): lit from one side, such
// a model of one colour has one grey level, however well it is shaded.
func flat(t *testing.T, path string) bool {
	d := openDoc(t, path)
	m := d.Model()
	var first [3]float32
	for i, tri := range m.Triangles {
		var p [3][3]float32
		for c, v := range tri.Vertices {
			if int(v) >= len(m.Vertices) {
				return false
			}
			p[c] = m.Vertices[v].Position
		}
		n := xform.FaceNormal(p)
		if i == 0 {
			first = n
		} else if d := n[0]*first[0] + n[1]*first[1] + n[2]*first[2]; d < 0.999 && d > -0.999 {
			return false
		}
	}
	return true
}

// black lists the corpus models drawn black, or nearly, from every side,
// as the viewport draws them: the only material of assimp's
// cube_with_specular_texture.3DS has black ambient and diffuse colours
// and a specular map, which neither renderer draws.
var black = map[string]bool{
	"3ds/assimp/cube_with_specular_texture.3DS": true,
	// Its skin, water_can.tga, is dark green (a mean grey of 32 of 255):
	// lit as it is, its pixels spread by 4.9.
	"md3/assimp/test/models-nonbsd/MD3/watercan.md3": true,
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func readNRGBA(t *testing.T, path string) *image.NRGBA {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	n, ok := img.(*image.NRGBA)
	if !ok {
		t.Fatalf("%s: decoded as %T, want NRGBA (a picture with transparency)", path, img)
	}
	return n
}

// TestThumbnailOptions: -s sets the size as freedesktop thumbnailers pass
// it, IN may be a file:// URI, --frame poses the model at another frame
// (NeHe's animated model moves), and bad arguments are usage errors.
func TestThumbnailOptions(t *testing.T) {
	guy := corpus.File(t, "nehe-opengl/bcb6/lesson31_bcb6/Data/Model.ms3d").Path
	dir := t.TempDir()
	out := filepath.Join(dir, "a.png")
	if code, _, errs := runTool("thumbnail", "-s", "128", "file://"+filepath.ToSlash(guy), out); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	first := readNRGBA(t, out)
	if first.Rect.Dx() != 128 || first.Rect.Dy() != 128 {
		t.Errorf("-s 128 gave %v", first.Rect)
	}
	later := filepath.Join(dir, "b.png")
	if code, _, errs := runTool("thumbnail", guy, later, "--size", "128", "--frame", "12"); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if bytes.Equal(first.Pix, readNRGBA(t, later).Pix) {
		t.Error("frame 12 drew the same picture as frame 1")
	}
	for _, args := range [][]string{
		{"thumbnail", guy},
		{"thumbnail", guy, out, "--size", "0"},
		{"thumbnail", guy, out, "--size", "100000"},
		{"thumbnail", guy, out, "--frame", "0"},
		{"thumbnail", guy, guy},
		{"thumbnail", "file://elsewhere/x.ms3d", out},
	} {
		if code, _, _ := runTool(args...); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
}

// TestThumbnailKeepsOtherFiles: OUT may replace an earlier picture but
// never a file that is not a PNG picture.
func TestThumbnailKeepsOtherFiles(t *testing.T) {
	box := corpus.File(t, "GLScene/Demos/media/models/Box.ms3d").Path
	notes := writeFile(t, filepath.Join(t.TempDir(), "notes.png"), []byte("my notes"))
	code, _, errs := runTool("thumbnail", box, notes)
	if code != 2 || !strings.Contains(errs, "not overwritten") {
		t.Errorf("exit %d (%s), want 2: not overwritten", code, errs)
	}
	if data, _ := os.ReadFile(notes); string(data) != "my notes" {
		t.Errorf("the file now holds %q", data)
	}
	old := filepath.Join(t.TempDir(), "old.png")
	for i := 0; i < 2; i++ {
		if code, _, errs := runTool("thumbnail", box, old); code != 0 {
			t.Fatalf("run %d: exit %d: %s", i, code, errs)
		}
	}
}
