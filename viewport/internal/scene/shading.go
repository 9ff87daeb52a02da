package scene

import (
	"image"
	"image/color"
)

// The lights of the viewport's shading, shared by the GL renderer's shader
// and the software renderer: a key light from above left of the viewer and
// a weak fill from below right, both fixed in view space (directions
// towards the light, not normalised) so that the model is always lit from
// the camera side, and a grey ambient light.
var (
	KeyLight  = [3]float32{-0.35, 0.45, 1.0}
	FillLight = [3]float32{0.5, -0.3, 0.6}
)

// FillStrength scales the fill light; AmbientLight is the ambient light's
// grey level, which the material's ambient colour multiplies.
const (
	FillStrength = 0.3
	AmbientLight = 0.45
)

// Placeholder colours: a material whose texture is missing shows a magenta
// and grey checker, loud enough to notice and never black.
var (
	PlaceholderA = color.NRGBA{R: 255, G: 0, B: 255, A: 255}
	PlaceholderB = color.NRGBA{R: 128, G: 128, B: 128, A: 255}
)

// PlaceholderImage returns the placeholder texture: a 64×64 checker of
// 8-texel squares, sampled with nearest texels.
func PlaceholderImage() *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, 64, 64))
	for y := 0; y < 64; y++ {
		for x := 0; x < 64; x++ {
			c := PlaceholderB
			if (x/8+y/8)%2 == 0 {
				c = PlaceholderA
			}
			img.SetNRGBA(x, y, c)
		}
	}
	return img
}
