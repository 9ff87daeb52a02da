package md2_test

import (
	"math"
	"testing"

	"ms3dstudio/formats/md2"
	"ms3dstudio/internal/bintest"
	"ms3dstudio/model"
)

// decoder is the package as the shared format tests see it.
var decoder = bintest.Decoder[*md2.FormatError]{
	Decode: func(data []byte) (bool, []model.Finding, error) {
		f, found, err := md2.Decode(data)
		return f != nil, found, err
	},
	Offset: func(e *md2.FormatError) int64 { return e.Offset },
}

// header field offsets of the small file (each an int32 after the ident).
const (
	offFrameSize = 16
	offNumSkins  = 20
	offNumXYZ    = 24
	offNumST     = 28
	offNumTris   = 32
	offNumGL     = 36
	offNumFrames = 40
	offOfsSkins  = 44
	offOfsST     = 48
	offOfsTris   = 52
	offOfsFrames = 56
	offOfsGL     = 60
	offOfsEnd    = 64
)

// TestDecodeTruncated cuts the small file at every byte: each cut is
// refused with a FormatError whose offset is inside the file (the header's
// counts reach past every cut).
func TestDecodeTruncated(t *testing.T) { decoder.CheckTruncated(t, smallFile(t)) }

// TestDecodeBad feeds files broken in one place each: each is refused
// with an error naming what and where.
func TestDecodeBad(t *testing.T) {
	data := smallFile(t)
	tris := int(bintest.I32(data, offOfsTris))
	cases := []bintest.Bad{
		{Name: "ident", Data: append([]byte("IDP3"), data[4:]...), Msg: `not an MD2 file: it starts with "IDP3"`},
		{Name: "short ident", Data: []byte("MZ"), Msg: "the header needs 68 bytes, the file has 2"},
		{Name: "version", Data: bintest.SetI32(data, 4, 7), Offset: 4, Msg: "version 7, want 8"},
		{Name: "negative skins", Data: bintest.SetI32(data, offNumSkins, -1), Offset: offNumSkins, Msg: "the number of skins is negative (-1)"},
		{Name: "negative vertices", Data: bintest.SetI32(data, offNumXYZ, -5), Offset: offNumXYZ, Msg: "the number of vertices is negative (-5)"},
		{Name: "skins past the end", Data: bintest.SetI32(data, offNumSkins, 1<<20), Offset: 68, Msg: "1048576 skins of 64 bytes need 67108864 bytes"},
		{Name: "skins offset outside", Data: bintest.SetI32(data, offOfsSkins, 1<<30), Offset: offOfsSkins, Msg: "the skins's offset 1073741824 points outside"},
		{Name: "texture coordinates past the end", Data: bintest.SetI32(data, offNumST, 1<<24), Offset: int64(bintest.I32(data, offOfsST)), Msg: "16777216 texture coordinates of 4 bytes"},
		{Name: "triangles offset negative", Data: bintest.SetI32(data, offOfsTris, -8), Offset: offOfsTris, Msg: "the triangles's offset -8 points outside"},
		{Name: "frame size too small", Data: bintest.SetI32(data, offFrameSize, 40), Offset: offFrameSize, Msg: "the frame size 40 is less than the 56 bytes a frame of 4 vertices needs"},
		// 2³¹−1 frames of the file's frame size: the product overflows
		// 32 bits, and is checked in 64.
		{Name: "frames × vertices overflow", Data: bintest.SetI32(data, offNumFrames, math.MaxInt32), Offset: int64(bintest.I32(data, offOfsFrames)), Msg: "2147483647 frames of 56 bytes need 120259084232 bytes"},
		{Name: "frame size huge", Data: bintest.SetI32(data, offFrameSize, math.MaxInt32), Offset: int64(bintest.I32(data, offOfsFrames)), Msg: "10 frames of 2147483647 bytes"},
		{Name: "vertex index", Data: bintest.SetU16(data, tris, 9), Offset: int64(tris), Msg: "triangle 0 names vertex 9, the frames have 4"},
		{Name: "texture coordinate index", Data: bintest.SetU16(data, tris+6, 500), Offset: int64(tris), Msg: "triangle 0 names texture coordinate 500"},
		{Name: "GL words past the end", Data: bintest.SetI32(data, offNumGL, 1<<28), Offset: int64(bintest.I32(data, offOfsGL)), Msg: "268435456 GL command words of 4 bytes"},
	}
	decoder.CheckBad(t, cases)
}

// TestDecodeOdd feeds files that read with findings: GL commands naming a
// vertex past the frames' (dropped), a normal index past the table (read
// as 0), an end offset before the data, bytes after it.
func TestDecodeOdd(t *testing.T) {
	data := smallFile(t)
	gl := int(bintest.I32(data, offOfsGL))
	frames := int(bintest.I32(data, offOfsFrames))
	cases := []bintest.Odd{
		{Name: "GL vertex index", Data: bintest.SetI32(data, gl+12, 77), Code: model.CodeMD2GLCommands},
		{Name: "GL count past the list", Data: bintest.SetI32(data, gl, 1000), Code: model.CodeMD2GLCommands},
		{Name: "normal index", Data: bintest.SetByte(data, frames+40+3, 200), Code: model.CodeMD2Normal},
		{Name: "end offset before the data", Data: bintest.SetI32(data, offOfsEnd, 100), Code: model.CodeMD2Layout},
		{Name: "end offset past the file", Data: bintest.SetI32(data, offOfsEnd, int32(len(data)+10)), Code: model.CodeMD2Layout},
		{Name: "trailing bytes", Data: append(append([]byte(nil), data...), 1, 2, 3), Code: model.CodeMD2Trailing},
	}
	decoder.CheckOdd(t, cases)
	for _, c := range cases {
		if f, _, err := md2.Decode(c.Data); c.Code == model.CodeMD2GLCommands && err == nil && f.GLCommands != nil {
			t.Errorf("%s: the broken GL commands were kept", c.Name)
		}
	}
}
