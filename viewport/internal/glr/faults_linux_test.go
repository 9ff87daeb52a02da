package glr_test

import (
	"image"
	"syscall"
	"testing"
)

// TestStressFramesKeepTheirMemory renders the model at the format's limits
// and counts the process's page faults per frame once warm. With glibc's
// default trimming, the driver's per-draw vertex buffers were handed back
// to the kernel after every frame and faulted in again: 3,900–4,700 faults a
// frame. Kept (keepDriverMemory), a warm frame faults almost nothing.
func TestStressFramesKeepTheirMemory(t *testing.T) {
	r, f, step := stressFrame(t, 320, 200)
	img := image.NewRGBA(image.Rect(0, 0, f.Width, f.Height))
	render := func(i int) {
		step(i)
		if err := r.Render(f, img); err != nil {
			t.Fatal(err)
		}
	}
	for i := 0; i < 5; i++ {
		render(i)
	}
	faults := func() int64 {
		var ru syscall.Rusage
		if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
			t.Fatal(err)
		}
		return ru.Minflt + ru.Majflt
	}
	const frames = 10
	before := faults()
	for i := 0; i < frames; i++ {
		render(5 + i)
	}
	per := float64(faults()-before) / frames
	t.Logf("%.0f page faults a frame", per)
	if per > 300 {
		t.Errorf("%.0f page faults a frame once warm, want at most 300: the driver's memory goes back to the kernel every frame", per)
	}
}
