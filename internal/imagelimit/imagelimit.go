// Package imagelimit holds the size limits the texture decoders
// (formats/tga, formats/dds, formats/pcx, formats/teximage) check a header's
// width and height against before they allocate anything: a header of a
// few bytes may claim 4294967295×4294967295 pixels.
package imagelimit

import "fmt"

const (
	// MaxSide is the largest width or height a decoder accepts (the
	// largest texture Direct3D 11 allows).
	MaxSide = 16384
	// MaxPixels is the largest width × height a decoder accepts (256 MiB
	// as NRGBA).
	MaxPixels = 1 << 26
)

// Check returns nil when a width × height image is within MaxSide and
// MaxPixels, else an error wrapping tooLarge (the decoder's ErrTooLarge)
// that gives the size and the limits.
func Check(width, height int64, tooLarge error) error {
	if Exceeds(width, height) {
		return fmt.Errorf("%w: %d×%d pixels (the limits are %d on a side and %d in all)", tooLarge, width, height, MaxSide, MaxPixels)
	}
	return nil
}

// Exceeds reports whether a width × height image is past MaxSide or
// MaxPixels, for a caller that words its own error (formats/teximage names
// the file and its format).
func Exceeds(width, height int64) bool {
	return width > MaxSide || height > MaxSide || width*height > MaxPixels
}
