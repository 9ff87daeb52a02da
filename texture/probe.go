package texture

import (
	"image"

	"ms3dstudio/formats/teximage"
)

// Info describes a texture file: its format and size, or why it cannot be
// shown.
type Info struct {
	// Format is the teximage format name ("png", "tga" …), empty when not
	// known.
	Format string `json:"format,omitempty"`
	// Width and Height are the size in pixels.
	Width  int `json:"width,omitempty"`
	Height int `json:"height,omitempty"`
	// Err is why the file cannot be decoded, nil when it can.
	Err error `json:"-"`
}

// ProbeFile decodes the texture file at path (an operating-system path)
// with formats/teximage, whose size limits hold for hostile files, and
// returns the image with its description.
func ProbeFile(path string) (image.Image, Info) {
	cfg, format, err := teximage.DecodeFileConfig(path)
	if err != nil {
		return nil, Info{Format: teximage.FormatOf(path), Err: err}
	}
	info := Info{Format: format, Width: cfg.Width, Height: cfg.Height}
	img, err := teximage.DecodeFile(path)
	if err != nil {
		info.Err = err
		return nil, info
	}
	return img, info
}
