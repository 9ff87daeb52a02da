package texture

import (
	"image"
	"io/fs"

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

// StatFile describes the texture file at path (an operating-system path)
// from its headers alone, with formats/teximage.StatFile: its format and
// size, or why it cannot be decoded (larger than the limits or the memory
// budget, data too short for the pixels it claims, a variant no decoder
// reads). No pixel is decoded, so a listing of many large textures stays
// small and fast.
func StatFile(path string) Info {
	cfg, format, err := teximage.StatFile(path)
	if format == "" {
		format = teximage.FormatOf(path)
	}
	return Info{Format: format, Width: cfg.Width, Height: cfg.Height, Err: err}
}

// Probe is ProbeFile for the file name inside fsys (a resolver's FS that
// is not the real file system, such as the sample's textures in memory).
func Probe(fsys fs.FS, name string) (image.Image, Info) {
	f, err := fsys.Open(name)
	if err != nil {
		return nil, Info{Format: teximage.FormatOf(name), Err: err}
	}
	defer f.Close()
	img, err := teximage.Decode(name, f)
	if err != nil {
		return nil, Info{Format: teximage.FormatOf(name), Err: err}
	}
	b := img.Bounds()
	return img, Info{Format: teximage.FormatOf(name), Width: b.Dx(), Height: b.Dy()}
}
