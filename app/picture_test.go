package main

import (
	"errors"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"ms3dstudio/internal/corpus"
	"ms3dstudio/viewport"
	"ms3dstudio/viewport/thumbnail"
)

// TestTurntablePictures runs --turntable in the real window: it writes the
// pictures at the size asked for (4096×4096, far beyond the window), each
// showing the model — a good share of its pixels is not the background
// (the colour of the corner, where only the background is) — and prints
// their paths. View ▸ Save Image… writes through the same Snapshot and
// writePNG.
func TestTurntablePictures(t *testing.T) {
	exe := buildApp(t)
	dir := t.TempDir()
	out, errs := runApp(t, exe, "--turntable", "2", "--picture", "4096x4096", dir)
	paths := strings.Fields(out)
	if len(paths) != 2 {
		t.Fatalf("printed %q, want 2 paths (stderr %s)", out, errs)
	}
	for i, p := range paths {
		if want := filepath.Join(dir, "turntable-00"+string(rune('0'+i))+".png"); p != want {
			t.Errorf("path %d is %s, want %s", i, p, want)
		}
		f, err := os.Open(p)
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(f)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		if img.Bounds() != image.Rect(0, 0, 4096, 4096) {
			t.Fatalf("%s is %v, want 4096×4096", p, img.Bounds())
		}
		if s := notBackground(img); s < 0.03 {
			t.Errorf("%s: %.2f %% of the pixels differ from the background, want at least 3 %%", p, 100*s)
		}
	}
}

// TestTurntableFailureExitStatus: a --turntable run that cannot write its
// pictures (OUT_DIR is a file) says why and exits at once with status 1,
// so that a script sees it failed. It used to run on for ever: it asked
// the app to quit before the toolkit's loop had started, which does
// nothing.
func TestTurntableFailureExitStatus(t *testing.T) {
	exe := buildApp(t)
	notDir := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(notDir, []byte("not a folder"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errs, err := runAppStatus(t, exe, "--turntable", "2", notDir)
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 1 {
		t.Fatalf("exit %v, want status 1 (stdout %q, stderr %s)", err, out, errs)
	}
	if !strings.Contains(errs, "--turntable") || !strings.Contains(errs, notDir) {
		t.Errorf("stderr %q does not say what failed", errs)
	}
	if out != "" {
		t.Errorf("printed %q, want no picture paths", out)
	}
}

// notBackground returns the share of pixels that differ from the top-left
// corner's colour by more than 48 on some channel.
func notBackground(img image.Image) float64 {
	b := img.Bounds()
	r0, g0, b0, _ := img.At(b.Min.X, b.Min.Y).RGBA()
	far := func(a, c uint32) bool { d := int(a>>8) - int(c>>8); return d > 48 || d < -48 }
	n := 0
	for y := b.Min.Y; y < b.Max.Y; y += 2 {
		for x := b.Min.X; x < b.Max.X; x += 2 {
			r, g, bl, _ := img.At(x, y).RGBA()
			if far(r, r0) || far(g, g0) || far(bl, b0) {
				n++
			}
		}
	}
	return float64(n) / float64((b.Dx()/2)*(b.Dy()/2))
}

// TestTurntableThumbnailView: --turntable 1 --thumbnail-view draws in the
// app's GL viewport what ms3dtool thumbnail draws in software for the same
// model (thumbnail.Difference below thumbnail.MaxDifference), not the
// window's view with its grid and axes.
func TestTurntableThumbnailView(t *testing.T) {
	exe := buildApp(t)
	model := filepath.Join(corpus.Dir(t), "ms3d/assimp/test/models/MS3D/jeep1.ms3d")
	soft, err := thumbnail.File(model, thumbnail.Options{Size: 256})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		same bool
	}{
		{[]string{"--thumbnail-view"}, true},
		{nil, false},
	} {
		dir := t.TempDir()
		out, errs := runApp(t, exe, append(append([]string{"--turntable", "1", "--picture", "256x256"}, c.args...), dir, model)...)
		if got := strings.TrimSpace(out); got != filepath.Join(dir, "turntable-000.png") {
			t.Fatalf("%v: printed %q (stderr %s)", c.args, out, errs)
		}
		f, err := os.Open(filepath.Join(dir, "turntable-000.png"))
		if err != nil {
			t.Fatal(err)
		}
		gl, err := png.Decode(f)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		diff, err := thumbnail.Difference(soft, gl, viewport.Background)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%v: difference %.2f", c.args, diff)
		if same := diff < thumbnail.MaxDifference; same != c.same {
			t.Errorf("%v: difference %.2f from ms3dtool's thumbnail (threshold %.1f), want the same picture: %v", c.args, diff, thumbnail.MaxDifference, c.same)
		}
	}
}
