package tga

import (
	"image/color"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"ms3dstudio/internal/decodetest"
)

// TestDecodeReferenceFiles decodes TGA files written by another program and
// compares them pixel for pixel with a PNG golden of each. The files in
// testdata were made once with ImageMagick 6.9.11 (testdata/imagemagick.sh
// has the exact commands): an 8×6 picture as 24-bit and 32-bit true colour
// (raw and RLE), 16-bit true colour (5 bits a channel, raw and RLE), 8-bit
// colour-mapped with 24-bit and 16-bit map entries (raw and RLE), each with
// the bottom-left and the top-left origin. The goldens are ImageMagick's own
// decoding of each file, so the two decoders must agree exactly, except in
// how a 5-bit channel widens to 8 bits: ImageMagick rounds v·255/31, this
// package repeats the high bits (both keep the 5 bits, which are compared).
func TestDecodeReferenceFiles(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "*.tga"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 18 {
		t.Fatalf("%d reference files in testdata, want 18", len(files))
	}
	for _, path := range files {
		name := strings.TrimSuffix(filepath.Base(path), ".tga")
		t.Run(name, func(t *testing.T) {
			f, err := os.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			got, err := Decode(f)
			if err != nil {
				t.Fatal(err)
			}
			want := decodetest.ReadPNG(t, strings.TrimSuffix(path, ".tga")+".png")
			same := func(g, w color.NRGBA) bool { return g == w }
			if strings.HasPrefix(name, "rgb16") || strings.HasPrefix(name, "map8-16") {
				same = func(g, w color.NRGBA) bool {
					return g.R>>3 == w.R>>3 && g.G>>3 == w.G>>3 && g.B>>3 == w.B>>3 && g.A == w.A
				}
			}
			decodetest.Compare(t, got, want, same)
		})
	}
}
