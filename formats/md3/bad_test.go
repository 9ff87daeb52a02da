package md3_test

import (
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"ms3dstudio/formats/md3"
	"ms3dstudio/internal/bintest"
	"ms3dstudio/model"
	"ms3dstudio/model/clips"
)

// decoder is the package as the shared format tests see it.
var decoder = bintest.Decoder[*md3.FormatError]{
	Decode: func(data []byte) (bool, []model.Finding, error) {
		f, found, err := md3.Decode(data)
		return f != nil, found, err
	},
	Offset: func(e *md3.FormatError) int64 { return e.Offset },
}

// Offsets in the header, and in a surface's header from its start.
const (
	offNumFrames   = 76
	offNumTags     = 80
	offNumSurfaces = 84
	offOfsFrames   = 92
	offOfsTags     = 96
	offOfsSurfaces = 100
	offOfsEnd      = 104

	sNumFrames = 72
	sNumVerts  = 80
	sNumTris   = 84
	sOfsTris   = 88
	sOfsEnd    = 104
)

// TestDecodeTruncated cuts the small file at every byte: each cut is
// refused with a FormatError whose offset is inside the file.
func TestDecodeTruncated(t *testing.T) { decoder.CheckTruncated(t, smallFile(t)) }

// TestDecodeBad feeds files broken in one place each: each is refused
// with an error naming what and where.
func TestDecodeBad(t *testing.T) {
	data := smallFile(t)
	surf := int(bintest.I32(data, offOfsSurfaces))
	tris := surf + int(bintest.I32(data, surf+sOfsTris))
	cases := []bintest.Bad{
		{Name: "ident", Data: append([]byte("IDP2"), data[4:]...), Msg: `not an MD3 file: it starts with "IDP2"`},
		{Name: "short", Data: data[:50], Msg: "the header needs 108 bytes, the file has 50"},
		{Name: "version", Data: bintest.SetI32(data, 4, 16), Offset: 4, Msg: "version 16, want 15"},
		{Name: "negative frames", Data: bintest.SetI32(data, offNumFrames, -1), Offset: offNumFrames, Msg: "the number of frames is negative (-1)"},
		{Name: "negative tags", Data: bintest.SetI32(data, offNumTags, -3), Offset: offNumTags, Msg: "the number of tags is negative (-3)"},
		{Name: "frames offset outside", Data: bintest.SetI32(data, offOfsFrames, 1<<30), Offset: offOfsFrames, Msg: "the frames's offset 1073741824 points outside"},
		{Name: "frames past the end", Data: bintest.SetI32(data, offNumFrames, 1<<20), Offset: 108, Msg: "1048576 frames of 56 bytes"},
		// 10 frames of 2³¹−1 tags: more than 32 bits, counted in 64.
		{Name: "frames × tags overflow", Data: bintest.SetI32(data, offNumTags, math.MaxInt32), Offset: offNumTags, Msg: "10 frames of 2147483647 tags are more tags than a file can hold"},
		{Name: "tags past the end", Data: bintest.SetI32(data, offNumTags, 1000), Offset: int64(bintest.I32(data, offOfsTags)), Msg: "10000 tags (frames × tags) of 112 bytes"},
		{Name: "surfaces past the end", Data: bintest.SetI32(data, offNumSurfaces, 1<<16), Offset: int64(surf), Msg: "65536 surfaces (of at least their header) of 108 bytes"},
		{Name: "surface ident", Data: bintest.SetI32(data, surf, 0x41414141), Offset: int64(surf), Msg: `the surface does not start with "IDP3" (it starts with "AAAA")`},
		{Name: "surface frames", Data: bintest.SetI32(data, surf+sNumFrames, 9), Offset: int64(surf + sNumFrames), Msg: "the surface has 9 frames, the file 10"},
		{Name: "surface vertices past the end", Data: bintest.SetI32(data, surf+sNumVerts, 1<<22), Offset: int64(surf + 108 + 68 + 24), Msg: "4194304 texture coordinates of 8 bytes"},
		{Name: "surface triangles offset outside", Data: bintest.SetI32(data, surf+sOfsTris, -400), Offset: int64(surf + sOfsTris), Msg: "the triangles's offset -400 points outside"},
		{Name: "surface end before its header", Data: bintest.SetI32(data, surf+sOfsEnd, 0), Offset: int64(surf + sOfsEnd), Msg: "the surface's end offset 0 is not between its 108-byte header and the end of the file"},
		{Name: "vertex index", Data: bintest.SetI32(data, tris, 17), Offset: int64(tris), Msg: "triangle 0 names vertex 17, the surface has 6"},
		{Name: "negative vertex index", Data: bintest.SetI32(data, tris+4, -1), Offset: int64(tris), Msg: "triangle 0 names vertex -1"},
	}
	decoder.CheckBad(t, cases)
}

// TestDecodeOdd feeds files that read with findings.
func TestDecodeOdd(t *testing.T) {
	data := smallFile(t)
	cases := []bintest.Odd{
		{Name: "end offset before the data", Data: bintest.SetI32(data, offOfsEnd, 200), Code: model.CodeMD3Layout},
		{Name: "end offset past the file", Data: bintest.SetI32(data, offOfsEnd, int32(len(data)+10)), Code: model.CodeMD3Layout},
		{Name: "trailing bytes", Data: append(append([]byte(nil), data...), 9, 9, 9, 9), Code: model.CodeMD3Trailing},
		{Name: "a name without NUL", Data: func() []byte {
			out := append([]byte(nil), data...)
			copy(out[8:72], strings.Repeat("x", 64))
			return out
		}(), Code: model.CodeMD3Layout},
	}
	decoder.CheckOdd(t, cases)
}

// TestWriteFileLeavesOthersAlone writes the small model, with clips named
// for Quake 3's animations, where another program's animation.cfg and a
// file that is not an MD3 model are: neither is replaced.
func TestWriteFileLeavesOthersAlone(t *testing.T) {
	dir := t.TempDir()
	m := small()
	if err := clips.Write(m, []clips.Clip{{Name: "LEGS_RUN", First: 1, Last: 10}}); err != nil {
		t.Fatal(err)
	}
	cfg := filepath.Join(dir, md3.ConfigName)
	if err := os.WriteFile(cfg, []byte("sex m\n0 30 0 25 // BOTH_DEATH1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	written, found, err := md3.WriteFile(filepath.Join(dir, "lower.md3"), m, md3.ExportOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(written) != 1 || !slices.ContainsFunc(found, func(f model.Finding) bool {
		return f.Code == model.CodeMD3AnimationConfig && f.Severity == model.Warning
	}) {
		t.Errorf("wrote %v, findings %v: want the model alone and a warning", written, found)
	}
	if got, _ := os.ReadFile(cfg); !strings.HasPrefix(string(got), "sex m") {
		t.Errorf("the other animation.cfg now holds %q", got)
	}
	// Once it is gone, ours is written, and replaced by the next export.
	os.Remove(cfg)
	for range 2 {
		if written, _, err := md3.WriteFile(filepath.Join(dir, "lower.md3"), m, md3.ExportOptions{}); err != nil || len(written) != 2 {
			t.Fatalf("wrote %v: %v", written, err)
		}
	}
	notes := filepath.Join(dir, "notes.md3")
	if err := os.WriteFile(notes, []byte("my notes"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, _, err := md3.WriteFile(notes, m, md3.ExportOptions{}); err == nil {
		t.Error("a file that is not an MD3 model was replaced")
	}
}
