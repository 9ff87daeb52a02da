package tga

import (
	"bytes"
	"image"
	"testing"

	"ms3dstudio/internal/hostile"
)

// TestRLEBombDecodesInPlace decodes a run-length-encoded 4096×4096 TGA of
// one colour (512 KiB of runs): the runs are expanded straight into the
// image, so decoding allocates the image and the encoded data, not also a
// copy of every pixel in the file's layout (16384×4096 took 448 MiB, not
// 256, that way).
func TestRLEBombDecodesInPlace(t *testing.T) {
	data := hostile.RLETGA(4096, 4096)
	var img image.Image
	var err error
	_, n := hostile.Allocated(func() { img, err = Decode(bytes.NewReader(data)) })
	if err != nil {
		t.Fatal(err)
	}
	if c := img.At(4095, 4095); c != img.At(0, 0) {
		t.Errorf("pixel (4095, 4095) is %v, want the colour of (0, 0), %v", c, img.At(0, 0))
	}
	want := uint64(4096*4096*4 + len(data) + 1<<20)
	if n > want {
		t.Errorf("decoding allocated %d KiB, want at most %d KiB (the image, the data and 1 MiB)", n>>10, want>>10)
	}
}
