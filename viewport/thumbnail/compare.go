package thumbnail

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"math"
)

// CompareSide is the side of the grey pictures Difference compares:
// small enough that antialiasing, texture filtering and the last bits of
// shading do not count, large enough that a model seen from elsewhere, a
// missing texture or a missing model do.
const CompareSide = 64

// MaxDifference is the largest Difference between a thumbnail and the
// viewport's GL picture of the same view that counts as the same picture
// (the tests hold every corpus model to it).
const MaxDifference = 2.5

// Difference returns how far apart two pictures of one size are: the mean
// absolute difference (0–255) of their grey levels (Rec. 601 luma) over
// CompareSide×CompareSide blocks averaged down, each picture drawn over bg
// first (thumbnails are transparent around the model, the viewport's
// picture is not).
func Difference(a, b image.Image, bg color.Color) (float64, error) {
	if a.Bounds().Size() != b.Bounds().Size() {
		return 0, fmt.Errorf("thumbnail: comparing a %v picture with a %v one", a.Bounds().Size(), b.Bounds().Size())
	}
	ga, gb := greyBlocks(a, bg), greyBlocks(b, bg)
	var sum float64
	for i := range ga {
		sum += math.Abs(ga[i] - gb[i])
	}
	return sum / float64(len(ga)), nil
}

// greyBlocks returns img over bg as CompareSide² grey levels, each the
// mean of the pixels its block covers.
func greyBlocks(img image.Image, bg color.Color) []float64 {
	b := img.Bounds()
	flat := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	draw.Draw(flat, flat.Rect, image.NewUniform(bg), image.Point{}, draw.Src)
	draw.Draw(flat, flat.Rect, img, b.Min, draw.Over)
	sum := make([]float64, CompareSide*CompareSide)
	n := make([]int, len(sum))
	for y := 0; y < b.Dy(); y++ {
		by := y * CompareSide / b.Dy()
		for x := 0; x < b.Dx(); x++ {
			p := flat.Pix[y*flat.Stride+4*x:]
			i := by*CompareSide + x*CompareSide/b.Dx()
			sum[i] += 0.299*float64(p[0]) + 0.587*float64(p[1]) + 0.114*float64(p[2])
			n[i]++
		}
	}
	for i := range sum {
		if n[i] > 0 {
			sum[i] /= float64(n[i])
		}
	}
	return sum
}
