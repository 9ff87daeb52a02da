package teximage

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"ms3dstudio/internal/hostile"
)

// TestImageBombs: images inside the pixel limits whose decoding needs more
// memory than Budget, or whose data cannot hold the pixels they claim,
// are refused by Decode and by Stat before a pixel is allocated, with an
// error naming the size and the budget or the data's shortfall (the
// decoders allocated the image, or 768 MiB of JPEG coefficients, first).
func TestImageBombs(t *testing.T) {
	png8 := hostile.PNG(8192, 8192, 8)
	tests := []struct {
		name, file string
		data       []byte
		budget     bool   // a *BudgetError, else a *ShortDataError
		says       string // in the message
	}{
		{"16-bit RGBA PNG 16384×4096", "a.png", hostile.PNG(16384, 4096, 16), true, "decoding a png of 16384×4096 pixels, RGBA at 16 bits a channel needs 512 MiB; the budget is 256 MiB"},
		{"progressive JPEG 16384×4096", "a.jpg", hostile.ProgressiveJPEG(16384, 4096), true, "decoding a jpeg of 16384×4096 pixels, progressive needs 960 MiB"},
		{"progressive JPEG 4096×4096 of a few bytes", "a.jpg", hostile.ProgressiveJPEG(4096, 4096), false, "they need at least 98394: 786432 blocks"},
		{"RGBA PNG 8192×8192 cut short", "a.png", png8[:len(png8)/4], false, "png of 8192×8192 pixels"},
		{"24-bit BMP 8192×8192 without pixels", "a.bmp", bmpFile(8192, 8192, 24, 0, make([]byte, 64)), false, "rows from byte 54"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			check := func(what string, err error) {
				var be *BudgetError
				var se *ShortDataError
				switch {
				case tc.budget && (!errors.As(err, &be) || !errors.Is(err, ErrTooLarge)):
					t.Errorf("%s: %v, want a BudgetError", what, err)
				case !tc.budget && !errors.As(err, &se):
					t.Errorf("%s: %v, want a ShortDataError", what, err)
				case !strings.Contains(err.Error(), tc.says) || !strings.HasPrefix(err.Error(), "teximage: "+tc.file+": "):
					t.Errorf("%s: %q, want it to name %s and say %q", what, err, tc.file, tc.says)
				}
			}
			var err error
			_, n := hostile.Allocated(func() { _, err = Decode(tc.file, bytes.NewReader(tc.data)) })
			check("Decode", err)
			if limit := 4*uint64(len(tc.data)) + 1<<20; n > limit {
				t.Errorf("Decode allocated %d KiB, want at most %d KiB", n>>10, limit>>10)
			}
			_, n = hostile.Allocated(func() { _, _, err = Stat(tc.file, bytes.NewReader(tc.data)) })
			check("Stat", err)
			if n > 1<<20 {
				t.Errorf("Stat allocated %d KiB, want at most 1 MiB", n>>10)
			}
		})
	}
}

// TestBombsWithinBudget: a run-length-encoded TGA of 16384×4096 pixels of
// one colour (2 MiB of runs) and an RGBA PNG of 8192×8192 (0.3 MiB of
// deflate) fit the budget: Stat accepts them, and Decode allocates the
// image and about the file, nothing more.
func TestBombsWithinBudget(t *testing.T) {
	if testing.Short() {
		t.Skip("decodes two images of 256 MiB")
	}
	for _, tc := range []struct {
		file string
		data []byte
	}{{"rle.tga", hostile.RLETGA(16384, 4096)}, {"rgba.png", hostile.PNG(8192, 8192, 8)}} {
		if _, _, err := Stat(tc.file, bytes.NewReader(tc.data)); err != nil {
			t.Errorf("%s: Stat: %v", tc.file, err)
		}
		var err error
		_, n := hostile.Allocated(func() { _, err = Decode(tc.file, bytes.NewReader(tc.data)) })
		if err != nil {
			t.Errorf("%s: %v", tc.file, err)
		}
		if limit := uint64(Budget) + 4*uint64(len(tc.data)) + 1<<20; n > limit {
			t.Errorf("%s: Decode allocated %d MiB, want at most %d MiB (the budget, about the file and 1 MiB)", tc.file, n>>20, limit>>20)
		}
	}
}
