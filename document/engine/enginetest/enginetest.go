// Package enginetest builds the files the engine-profile tests of several
// packages share (package engine's, the document's, the CLI's and the
// UI's): texture images encoded as PNG or BMP, a model written beside its
// texture file, and the decoding of the 8-bit BMP copies the GoldSrc fix
// writes. It is for tests only.
package enginetest

import (
	"bytes"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/image/bmp"

	"ms3dstudio/formats/ms3d"
	"ms3dstudio/model"
)

// PNG returns img encoded as a PNG file.
func PNG(tb testing.TB, img image.Image) []byte {
	tb.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		tb.Fatal(err)
	}
	return b.Bytes()
}

// BMP returns img encoded as a BMP file, at the depth golang.org/x/image/bmp
// chooses by the image type: 8-bit for *image.Paletted, 24-bit for an
// opaque *image.RGBA, 32-bit for a translucent one.
func BMP(tb testing.TB, img image.Image) []byte {
	tb.Helper()
	var b bytes.Buffer
	if err := bmp.Encode(&b, img); err != nil {
		tb.Fatal(err)
	}
	return b.Bytes()
}

// ReadBMP decodes the BMP file at path.
func ReadBMP(tb testing.TB, path string) image.Image {
	tb.Helper()
	f, err := os.Open(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	img, err := bmp.Decode(f)
	if err != nil {
		tb.Fatalf("%s: %v", path, err)
	}
	return img
}

// OneBonePerVertex leaves every vertex of m on its first bone alone, as
// GoldSrc takes it, so that the engine fixes can clear every engine
// finding (they do not drop weights: export does).
func OneBonePerVertex(m *model.Model) {
	for i := range m.Vertices {
		v := &m.Vertices[i]
		v.Bones[1], v.Bones[2], v.Bones[3] = model.NoBone, model.NoBone, model.NoBone
		v.Weights = [3]uint8{}
	}
}

// WriteModel writes m as an MS3D file at path and, when texture is not
// nil, texture beside it as texName.
func WriteModel(tb testing.TB, path string, m *model.Model, texName string, texture []byte) {
	tb.Helper()
	data, err := ms3d.Encode(m)
	if err != nil {
		tb.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		tb.Fatal(err)
	}
	if texture != nil {
		if err := os.WriteFile(filepath.Join(filepath.Dir(path), texName), texture, 0o644); err != nil {
			tb.Fatal(err)
		}
	}
}
