package md2_test

import (
	"encoding/binary"
	"errors"
	"math"
	"slices"
	"strings"
	"testing"

	"ms3dstudio/formats/md2"
	"ms3dstudio/model"
)

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

func getI32(data []byte, off int) int32 { return int32(binary.LittleEndian.Uint32(data[off:])) }

func setI32(data []byte, off int, v int32) []byte {
	out := append([]byte(nil), data...)
	binary.LittleEndian.PutUint32(out[off:], uint32(v))
	return out
}

// TestDecodeTruncated cuts the small file at every byte: each cut is
// refused with a FormatError whose offset is inside the file (the header's
// counts reach past every cut).
func TestDecodeTruncated(t *testing.T) {
	data := smallFile(t)
	for n := range len(data) {
		_, _, err := md2.Decode(data[:n])
		var fe *md2.FormatError
		if !errors.As(err, &fe) {
			t.Fatalf("cut at %d: error %v, want a FormatError", n, err)
		}
		if fe.Offset < 0 || fe.Offset > int64(n) {
			t.Fatalf("cut at %d: offset %#x is outside the input", n, fe.Offset)
		}
	}
}

// TestDecodeBad feeds files broken in one place each: each is refused
// with an error naming what and where.
func TestDecodeBad(t *testing.T) {
	data := smallFile(t)
	tris := int(getI32(data, offOfsTris))
	cases := []struct {
		name string
		data []byte
		off  int64
		msg  string
	}{
		{"ident", append([]byte("IDP3"), data[4:]...), 0, `not an MD2 file: it starts with "IDP3"`},
		{"short ident", []byte("MZ"), 0, "the header needs 68 bytes, the file has 2"},
		{"version", setI32(data, 4, 7), 4, "version 7, want 8"},
		{"negative skins", setI32(data, offNumSkins, -1), offNumSkins, "the number of skins is negative (-1)"},
		{"negative vertices", setI32(data, offNumXYZ, -5), offNumXYZ, "the number of vertices is negative (-5)"},
		{"skins past the end", setI32(data, offNumSkins, 1<<20), 68, "1048576 skins of 64 bytes need 67108864 bytes"},
		{"skins offset outside", setI32(data, offOfsSkins, 1<<30), offOfsSkins, "the skins's offset 1073741824 points outside"},
		{"texture coordinates past the end", setI32(data, offNumST, 1<<24), int64(getI32(data, offOfsST)), "16777216 texture coordinates of 4 bytes"},
		{"triangles offset negative", setI32(data, offOfsTris, -8), offOfsTris, "the triangles's offset -8 points outside"},
		{"frame size too small", setI32(data, offFrameSize, 40), offFrameSize, "the frame size 40 is less than the 56 bytes a frame of 4 vertices needs"},
		// 2³¹−1 frames of the file's frame size: the product overflows
		// 32 bits, and is checked in 64.
		{"frames × vertices overflow", setI32(data, offNumFrames, math.MaxInt32), int64(getI32(data, offOfsFrames)), "2147483647 frames of 56 bytes need 120259084232 bytes"},
		{"frame size huge", setI32(data, offFrameSize, math.MaxInt32), int64(getI32(data, offOfsFrames)), "10 frames of 2147483647 bytes"},
		{"vertex index", setU16(data, tris, 9), int64(tris), "triangle 0 names vertex 9, the frames have 4"},
		{"texture coordinate index", setU16(data, tris+6, 500), int64(tris), "triangle 0 names texture coordinate 500"},
		{"GL words past the end", setI32(data, offNumGL, 1<<28), int64(getI32(data, offOfsGL)), "268435456 GL command words of 4 bytes"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f, _, err := md2.Decode(c.data)
			var fe *md2.FormatError
			if !errors.As(err, &fe) || f != nil {
				t.Fatalf("error %v (file %v), want a FormatError", err, f != nil)
			}
			if fe.Offset != c.off || !strings.Contains(err.Error(), c.msg) {
				t.Errorf("got %q at %#x, want %q at %#x", err, fe.Offset, c.msg, c.off)
			}
		})
	}
}

func setU16(data []byte, off int, v uint16) []byte {
	out := append([]byte(nil), data...)
	binary.LittleEndian.PutUint16(out[off:], v)
	return out
}

// TestDecodeOdd feeds files that read with findings: GL commands naming a
// vertex past the frames' (dropped), a normal index past the table (read
// as 0), an end offset before the data, bytes after it.
func TestDecodeOdd(t *testing.T) {
	data := smallFile(t)
	gl := int(getI32(data, offOfsGL))
	frames := int(getI32(data, offOfsFrames))
	cases := []struct {
		name string
		data []byte
		code model.Code
	}{
		{"GL vertex index", setI32(data, gl+12, 77), model.CodeMD2GLCommands},
		{"GL count past the list", setI32(data, gl, 1000), model.CodeMD2GLCommands},
		{"normal index", setByte(data, frames+40+3, 200), model.CodeMD2Normal},
		{"end offset before the data", setI32(data, offOfsEnd, 100), model.CodeMD2Layout},
		{"end offset past the file", setI32(data, offOfsEnd, int32(len(data)+10)), model.CodeMD2Layout},
		{"trailing bytes", append(append([]byte(nil), data...), 1, 2, 3), model.CodeMD2Trailing},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f, found, err := md2.Decode(c.data)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.ContainsFunc(found, func(x model.Finding) bool { return x.Code == c.code }) {
				t.Errorf("findings %v, want %s", found, c.code)
			}
			for _, x := range found {
				if x.Where.Offset < 0 || x.Where.Offset > int64(len(c.data)) {
					t.Errorf("finding %v points outside the file", x)
				}
			}
			if c.code == model.CodeMD2GLCommands && f.GLCommands != nil {
				t.Error("the broken GL commands were kept")
			}
		})
	}
}

func setByte(data []byte, off int, v byte) []byte {
	out := append([]byte(nil), data...)
	out[off] = v
	return out
}
