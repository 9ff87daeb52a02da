package md3_test

import (
	"encoding/binary"
	"errors"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"ms3dstudio/formats/md3"
	"ms3dstudio/model"
	"ms3dstudio/model/clips"
)

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

func getI32(data []byte, off int) int32 { return int32(binary.LittleEndian.Uint32(data[off:])) }

func setI32(data []byte, off int, v int32) []byte {
	out := append([]byte(nil), data...)
	binary.LittleEndian.PutUint32(out[off:], uint32(v))
	return out
}

// TestDecodeTruncated cuts the small file at every byte: each cut is
// refused with a FormatError whose offset is inside the file.
func TestDecodeTruncated(t *testing.T) {
	data := smallFile(t)
	for n := range len(data) {
		_, _, err := md3.Decode(data[:n])
		var fe *md3.FormatError
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
	surf := int(getI32(data, offOfsSurfaces))
	tris := surf + int(getI32(data, surf+sOfsTris))
	cases := []struct {
		name string
		data []byte
		off  int64
		msg  string
	}{
		{"ident", append([]byte("IDP2"), data[4:]...), 0, `not an MD3 file: it starts with "IDP2"`},
		{"short", data[:50], 0, "the header needs 108 bytes, the file has 50"},
		{"version", setI32(data, 4, 16), 4, "version 16, want 15"},
		{"negative frames", setI32(data, offNumFrames, -1), offNumFrames, "the number of frames is negative (-1)"},
		{"negative tags", setI32(data, offNumTags, -3), offNumTags, "the number of tags is negative (-3)"},
		{"frames offset outside", setI32(data, offOfsFrames, 1<<30), offOfsFrames, "the frames's offset 1073741824 points outside"},
		{"frames past the end", setI32(data, offNumFrames, 1<<20), 108, "1048576 frames of 56 bytes"},
		// 10 frames of 2³¹−1 tags: more than 32 bits, counted in 64.
		{"frames × tags overflow", setI32(data, offNumTags, math.MaxInt32), offNumTags, "10 frames of 2147483647 tags are more tags than a file can hold"},
		{"tags past the end", setI32(data, offNumTags, 1000), int64(getI32(data, offOfsTags)), "10000 tags (frames × tags) of 112 bytes"},
		{"surfaces past the end", setI32(data, offNumSurfaces, 1<<16), int64(surf), "65536 surfaces (of at least their header) of 108 bytes"},
		{"surface ident", setI32(data, surf, 0x41414141), int64(surf), `the surface does not start with "IDP3" (it starts with "AAAA")`},
		{"surface frames", setI32(data, surf+sNumFrames, 9), int64(surf + sNumFrames), "the surface has 9 frames, the file 10"},
		{"surface vertices past the end", setI32(data, surf+sNumVerts, 1<<22), int64(surf + 108 + 68 + 24), "4194304 texture coordinates of 8 bytes"},
		{"surface triangles offset outside", setI32(data, surf+sOfsTris, -400), int64(surf + sOfsTris), "the triangles's offset -400 points outside"},
		{"surface end before its header", setI32(data, surf+sOfsEnd, 0), int64(surf + sOfsEnd), "the surface's end offset 0 is not between its 108-byte header and the end of the file"},
		{"vertex index", setI32(data, tris, 17), int64(tris), "triangle 0 names vertex 17, the surface has 6"},
		{"negative vertex index", setI32(data, tris+4, -1), int64(tris), "triangle 0 names vertex -1"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f, _, err := md3.Decode(c.data)
			var fe *md3.FormatError
			if !errors.As(err, &fe) || f != nil {
				t.Fatalf("error %v (file %v), want a FormatError", err, f != nil)
			}
			if fe.Offset != c.off || !strings.Contains(err.Error(), c.msg) {
				t.Errorf("got %q at %#x, want %q at %#x", err, fe.Offset, c.msg, c.off)
			}
		})
	}
}

// TestDecodeOdd feeds files that read with findings.
func TestDecodeOdd(t *testing.T) {
	data := smallFile(t)
	cases := []struct {
		name string
		data []byte
		code model.Code
	}{
		{"end offset before the data", setI32(data, offOfsEnd, 200), model.CodeMD3Layout},
		{"end offset past the file", setI32(data, offOfsEnd, int32(len(data)+10)), model.CodeMD3Layout},
		{"trailing bytes", append(append([]byte(nil), data...), 9, 9, 9, 9), model.CodeMD3Trailing},
		{"a name without NUL", func() []byte {
			out := append([]byte(nil), data...)
			copy(out[8:72], strings.Repeat("x", 64))
			return out
		}(), model.CodeMD3Layout},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, found, err := md3.Decode(c.data)
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
		})
	}
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
