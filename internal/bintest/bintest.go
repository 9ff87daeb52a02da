// Package bintest holds what the tests of the binary model formats
// (formats/b3d, formats/md2, formats/md3) do the same way, for tests
// only: patch one field of a file, check how the decoder refuses or reads
// what comes of it, run the fuzz target, and build the small model the
// MD2 and MD3 tests export.
package bintest

import (
	"encoding/binary"
	"errors"
	"slices"
	"strings"
	"testing"

	"ms3dstudio/internal/corpus"
	"ms3dstudio/model"
	"ms3dstudio/model/clips"
)

// I32 returns the little-endian int32 at off.
func I32(data []byte, off int) int32 { return int32(binary.LittleEndian.Uint32(data[off:])) }

// SetI32 returns a copy of data with v at off as a little-endian int32.
func SetI32(data []byte, off int, v int32) []byte {
	out := slices.Clone(data)
	binary.LittleEndian.PutUint32(out[off:], uint32(v))
	return out
}

// SetU16 returns a copy of data with v at off as a little-endian uint16.
func SetU16(data []byte, off int, v uint16) []byte {
	out := slices.Clone(data)
	binary.LittleEndian.PutUint16(out[off:], v)
	return out
}

// SetByte returns a copy of data with v at off.
func SetByte(data []byte, off int, v byte) []byte {
	out := slices.Clone(data)
	out[off] = v
	return out
}

// Decoder is a model format's decoder under test; E is its *FormatError.
type Decoder[E error] struct {
	// Decode decodes data and reports whether it returned a file, with
	// the findings and the error.
	Decode func(data []byte) (file bool, found []model.Finding, err error)
	// Offset is the byte offset an error names.
	Offset func(E) int64
}

// Refused decodes data, which must fail with an E and no file, and
// returns the E; the test stops otherwise.
func (d Decoder[E]) Refused(t *testing.T, data []byte) E {
	t.Helper()
	file, _, err := d.Decode(data)
	var fe E
	if !errors.As(err, &fe) || file {
		t.Fatalf("Decode = %v, %v; want a FormatError and no file", file, err)
	}
	return fe
}

// CheckTruncated cuts data at every byte: each cut must be refused with
// an E whose offset is inside the cut.
func (d Decoder[E]) CheckTruncated(t *testing.T, data []byte) {
	for n := range len(data) {
		_, _, err := d.Decode(data[:n])
		var fe E
		if !errors.As(err, &fe) {
			t.Fatalf("cut at %d: error %v, want a FormatError", n, err)
		}
		if off := d.Offset(fe); off < 0 || off > int64(n) {
			t.Fatalf("cut at %d: offset %#x is outside the input", n, off)
		}
	}
}

// Bad is a file broken in one place, and where and how Decode must say so.
type Bad struct {
	Name   string
	Data   []byte
	Offset int64
	Msg    string
}

// CheckBad decodes every case in a subtest: each must be refused with an
// E at the case's offset whose message holds the case's.
func (d Decoder[E]) CheckBad(t *testing.T, cases []Bad) {
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			fe := d.Refused(t, c.Data)
			if off := d.Offset(fe); off != c.Offset || !strings.Contains(fe.Error(), c.Msg) {
				t.Errorf("got %q at %#x, want %q at %#x", fe, off, c.Msg, c.Offset)
			}
		})
	}
}

// Odd is a file that reads, with a finding of Code.
type Odd struct {
	Name string
	Data []byte
	Code model.Code
}

// CheckOdd decodes every case in a subtest: each must read, with a finding
// of the case's code, and every finding must point inside the file.
func (d Decoder[E]) CheckOdd(t *testing.T, cases []Odd) {
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			_, found, err := d.Decode(c.Data)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.ContainsFunc(found, func(x model.Finding) bool { return x.Code == c.Code }) {
				t.Errorf("findings %v, want %s", found, c.Code)
			}
			for _, x := range found {
				if x.Where.Offset < 0 || x.Where.Offset > int64(len(c.Data)) {
					t.Errorf("finding %v points outside the file", x)
				}
			}
		})
	}
}

// Quad is the small model the vertex-animation formats' tests export: a
// quad of two triangles (a hard edge between them: their corners have
// different normals) in group "g", skinned on two joints ("root" and its
// child "arm"), textured with texture, 10 frames at 24 fps, with clips
// "run" 1-6 and "jump" 7-10.
func Quad(texture string) *model.Model {
	nb := uint16(model.NoBone)
	up, side := [3]float32{0, 0, 1}, [3]float32{0, 1, 0}
	m := &model.Model{
		Version: 4, FPS: 24, TotalFrames: 10,
		Vertices: []model.Vertex{
			{Position: [3]float32{0, 0, 0}, Bones: [4]uint16{0, nb, nb, nb}},
			{Position: [3]float32{1, 0, 0}, Bones: [4]uint16{1, nb, nb, nb}},
			{Position: [3]float32{0, 1, 1}, Bones: [4]uint16{1, nb, nb, nb}},
			{Position: [3]float32{1, 1, 2}, Bones: [4]uint16{1, nb, nb, nb}},
		},
		Triangles: []model.Triangle{
			{Vertices: [3]uint32{0, 1, 2}, Normals: [3][3]float32{up, up, up}, S: [3]float32{0, 1, 0}, T: [3]float32{0, 0, 1}},
			{Vertices: [3]uint32{2, 1, 3}, Normals: [3][3]float32{side, side, side}, S: [3]float32{0, 1, 1}, T: [3]float32{1, 0, 1}},
		},
		Groups:    []model.Group{{Name: "g", Triangles: []uint32{0, 1}, Material: 0}},
		Materials: []model.Material{{Name: "skin", Diffuse: [4]float32{1, 1, 1, 1}, Transparency: 1, Texture: model.Str(texture)}},
		Joints: []model.Joint{
			{Name: "root", Rotation: [3]float32{0, 0.3, 0}, RotationKeys: []model.Key{{Time: 1.0 / 24}, {Time: 10.0 / 24, Value: [3]float32{0, 0, 1}}}},
			{Name: "arm", Parent: "root", Position: [3]float32{1, 0, 0}, PositionKeys: []model.Key{{Time: 5.0 / 24, Value: [3]float32{0, 1, 0}}}},
		},
	}
	if err := clips.Write(m, []clips.Clip{{Name: "run", First: 1, Last: 6}, {Name: "jump", First: 7, Last: 10}}); err != nil {
		panic(err) // the clips fit the ten frames
	}
	return m
}

// Codec is a format's file type T with its decoder and encoder, as its
// fuzz target sees them.
type Codec[T any] struct {
	Decode func([]byte) (*T, []model.Finding, error)
	Encode func(*T) ([]byte, error)
}

// CheckFuzzInput is the body of a format's fuzz target. No input may make
// the decoder panic or hang; an error must come without a file; a decoded
// file that encodes must decode again. Then export makes a file of the
// decoded one (through the model: an import and an export), or refuses
// with a nil file; every finding of the decode and of export (more) must
// point inside the input, and an exported file must encode to bytes that
// decode. An error from export fails the test.
func (c Codec[T]) CheckFuzzInput(t *testing.T, data []byte, export func(file *T) (out *T, more []model.Finding, err error)) {
	file, found, err := c.Decode(data)
	if err != nil {
		if file != nil {
			t.Fatalf("error %v with a file", err)
		}
		return
	}
	if enc, err := c.Encode(file); err == nil {
		if _, _, err := c.Decode(enc); err != nil {
			t.Fatalf("Encode wrote a file Decode refuses: %v", err)
		}
	}
	out, more, err := export(file)
	if err != nil {
		t.Fatal(err)
	}
	for _, x := range append(found, more...) {
		if x.Where.Offset < -1 || x.Where.Offset > int64(len(data)) {
			t.Fatalf("finding %v points outside the %d-byte input", x, len(data))
		}
	}
	if out == nil {
		return
	}
	enc, err := c.Encode(out)
	if err != nil {
		t.Fatalf("Encode of an export: %v", err)
	}
	if _, _, err := c.Decode(enc); err != nil {
		t.Fatalf("an export does not decode: %v", err)
	}
}

// Seeds returns the seeds of a format's fuzz target made from good, a
// file the format's writer made: good itself, good cut in half and good
// without its last three bytes, then patched, good with fields changed.
func Seeds(good []byte, patched ...[]byte) [][]byte {
	return append([][]byte{good, good[:len(good)/2], good[:len(good)-3]}, patched...)
}

// Fuzz is a format's fuzz target: it seeds f with seeds and, when the
// corpus is there, with the corpus files named (slash paths, see
// corpus.Read), then checks every input with CheckFuzzInput, export being
// handed the input too.
func (c Codec[T]) Fuzz(f *testing.F, seeds [][]byte, named []string, export func(file *T, data []byte) (out *T, more []model.Finding, err error)) {
	for _, s := range seeds {
		f.Add(s)
	}
	if corpus.Available() {
		for _, name := range named {
			f.Add(corpus.Read(f, name))
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		c.CheckFuzzInput(t, data, func(file *T) (*T, []model.Finding, error) { return export(file, data) })
	})
}
