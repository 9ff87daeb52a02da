package glr

import (
	"image"
	"image/draw"

	"github.com/go-gl/gl/v3.3-core/gl"

	"ms3dstudio/viewport/internal/scene"
)

// Placeholder colours: a missing texture shows a magenta and grey checker
// (scene.PlaceholderImage).
var (
	PlaceholderA = scene.PlaceholderA
	PlaceholderB = scene.PlaceholderB
)

// toNRGBA returns src as tightly packed, non-premultiplied RGBA (what GL
// blending with SRC_ALPHA expects), the top row first, and whether any texel
// is not fully opaque.
func toNRGBA(src image.Image) (*image.NRGBA, bool) {
	b := src.Bounds()
	dst, ok := src.(*image.NRGBA)
	if !ok || dst.Stride != 4*b.Dx() || b.Min != (image.Point{}) {
		dst = image.NewNRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
		draw.Draw(dst, dst.Rect, src, b.Min, draw.Src)
	}
	translucent := false
	for i := 3; i < len(dst.Pix); i += 4 {
		if dst.Pix[i] != 255 {
			translucent = true
			break
		}
	}
	return dst, translucent
}

// uploadTexture creates a mipmapped, repeating 2D texture from img. Row 0
// of the image becomes texture row 0 (t = 0), which is the top-left origin
// MS3D texture coordinates use.
func uploadTexture(img *image.NRGBA, smooth bool) uint32 {
	var id uint32
	gl.GenTextures(1, &id)
	gl.BindTexture(gl.TEXTURE_2D, id)
	gl.PixelStorei(gl.UNPACK_ALIGNMENT, 1)
	w, h := img.Rect.Dx(), img.Rect.Dy()
	gl.TexImage2D(gl.TEXTURE_2D, 0, gl.RGBA8, int32(w), int32(h), 0, gl.RGBA, gl.UNSIGNED_BYTE, gl.Ptr(img.Pix))
	gl.GenerateMipmap(gl.TEXTURE_2D)
	gl.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.REPEAT)
	gl.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.REPEAT)
	if smooth {
		gl.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.LINEAR_MIPMAP_LINEAR)
		gl.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.LINEAR)
	} else {
		gl.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.NEAREST_MIPMAP_LINEAR)
		gl.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.NEAREST)
	}
	return id
}
