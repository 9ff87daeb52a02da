package accessor

import (
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"io/fs"
	"math"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	qgltf "github.com/qmuntal/gltf"
)

func ptr(i int) *int { return &i }

// le appends little-endian values: uint8, int8, uint16, int16, uint32,
// float32.
func le(vals ...any) []byte {
	var b []byte
	for _, v := range vals {
		b, _ = binary.Append(b, binary.LittleEndian, v)
	}
	return b
}

// docOf returns a document whose buffer 0 is bin as a data URI, with the
// given buffer views and accessors.
func docOf(bin []byte, views []*qgltf.BufferView, accessors ...*qgltf.Accessor) *qgltf.Document {
	return &qgltf.Document{
		Buffers:     []*qgltf.Buffer{{ByteLength: len(bin), URI: "data:application/octet-stream;base64," + base64.StdEncoding.EncodeToString(bin)}},
		BufferViews: views,
		Accessors:   accessors,
	}
}

// whole is one buffer view over the first n bytes of buffer 0.
func whole(n int) []*qgltf.BufferView { return []*qgltf.BufferView{{ByteLength: n}} }

// readerOf returns a Reader of doc, sized as its JSON would be.
func readerOf(t testing.TB, doc *qgltf.Document, fsys fs.FS) *Reader {
	js, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	return NewReader(doc, nil, fsys, int64(len(js)))
}

// TestFloats: each component type decodes to the floats the specification
// gives it (normalised integers scaled, signed ones clamped to −1), with
// strides, byte offsets and sparse substitutions honoured.
func TestFloats(t *testing.T) {
	cases := []struct {
		name  string
		bin   []byte
		views []*qgltf.BufferView
		acc   *qgltf.Accessor
		want  []float32
	}{
		{"float", le(float32(1.5), float32(-2)), whole(8),
			&qgltf.Accessor{BufferView: ptr(0), ComponentType: qgltf.ComponentFloat, Count: 1, Type: qgltf.AccessorVec2}, []float32{1.5, -2}},
		{"unsigned byte, normalised", le(uint8(0), uint8(255), uint8(51), uint8(0)), whole(4),
			&qgltf.Accessor{BufferView: ptr(0), ComponentType: qgltf.ComponentUbyte, Normalized: true, Count: 3, Type: qgltf.AccessorScalar}, []float32{0, 1, 0.2}},
		{"unsigned byte as is", le(uint8(7), uint8(255), uint8(0), uint8(0)), whole(4),
			&qgltf.Accessor{BufferView: ptr(0), ComponentType: qgltf.ComponentUbyte, Count: 2, Type: qgltf.AccessorScalar}, []float32{7, 255}},
		{"byte, normalised and clamped", le(int8(-128), int8(127), int8(0), int8(0)), whole(4),
			&qgltf.Accessor{BufferView: ptr(0), ComponentType: qgltf.ComponentByte, Normalized: true, Count: 2, Type: qgltf.AccessorScalar}, []float32{-1, 1}},
		{"unsigned short, normalised", le(uint16(65535), uint16(0)), whole(4),
			&qgltf.Accessor{BufferView: ptr(0), ComponentType: qgltf.ComponentUshort, Normalized: true, Count: 2, Type: qgltf.AccessorScalar}, []float32{1, 0}},
		{"short, normalised and clamped", le(int16(-32768), int16(32767)), whole(4),
			&qgltf.Accessor{BufferView: ptr(0), ComponentType: qgltf.ComponentShort, Normalized: true, Count: 2, Type: qgltf.AccessorScalar}, []float32{-1, 1}},
		{"interleaved by the view's stride", le(float32(1), float32(2), float32(9), float32(3), float32(4)), []*qgltf.BufferView{{ByteLength: 20, ByteStride: 12}},
			&qgltf.Accessor{BufferView: ptr(0), ComponentType: qgltf.ComponentFloat, Count: 2, Type: qgltf.AccessorVec2}, []float32{1, 2, 3, 4}},
		{"byte offsets of view and accessor", le(float32(9), float32(9), float32(5)), []*qgltf.BufferView{{ByteOffset: 4, ByteLength: 8}},
			&qgltf.Accessor{BufferView: ptr(0), ByteOffset: 4, ComponentType: qgltf.ComponentFloat, Count: 1, Type: qgltf.AccessorScalar}, []float32{5}},
		{"no buffer view: zeros", le(uint32(0)), whole(4),
			&qgltf.Accessor{ComponentType: qgltf.ComponentFloat, Count: 3, Type: qgltf.AccessorScalar}, []float32{0, 0, 0}},
		{"sparse over zeros", le(uint16(1), uint16(3), float32(7), float32(8)), []*qgltf.BufferView{{ByteLength: 4}, {ByteOffset: 4, ByteLength: 8}},
			&qgltf.Accessor{ComponentType: qgltf.ComponentFloat, Count: 4, Type: qgltf.AccessorScalar, Sparse: &qgltf.Sparse{Count: 2,
				Indices: qgltf.SparseIndices{BufferView: 0, ComponentType: qgltf.ComponentUshort}, Values: qgltf.SparseValues{BufferView: 1}}},
			[]float32{0, 7, 0, 8}},
		{"sparse over a buffer view, normalised", le(uint8(255), uint8(0), uint8(255), uint8(0), uint8(1), uint8(0), uint8(0), uint8(0), uint8(51), uint8(0), uint8(0), uint8(0)),
			[]*qgltf.BufferView{{ByteLength: 4}, {ByteOffset: 4, ByteLength: 4}, {ByteOffset: 8, ByteLength: 4}},
			&qgltf.Accessor{BufferView: ptr(0), ComponentType: qgltf.ComponentUbyte, Normalized: true, Count: 3, Type: qgltf.AccessorScalar, Sparse: &qgltf.Sparse{Count: 1,
				Indices: qgltf.SparseIndices{BufferView: 1, ComponentType: qgltf.ComponentUbyte}, Values: qgltf.SparseValues{BufferView: 2}}},
			[]float32{1, 0.2, 1}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := readerOf(t, docOf(c.bin, c.views, c.acc), nil)
			d, err := r.Floats(0, "/ref")
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(d.F, c.want) || d.U != nil {
				t.Errorf("floats %v, ints %v; want floats %v", d.F, d.U, c.want)
			}
			if d.Count*d.Comps != len(c.want) {
				t.Errorf("count %d × %d components, want %d values", d.Count, d.Comps, len(c.want))
			}
		})
	}
}

// TestInts: integer accessors of each size decode as unsigned integers, and
// a second read is served from the cache.
func TestInts(t *testing.T) {
	bin := le(uint8(1), uint8(200), uint16(0), uint16(65535), uint16(2), uint32(1<<31))
	views := []*qgltf.BufferView{{ByteLength: 2}, {ByteOffset: 4, ByteLength: 4}, {ByteOffset: 8, ByteLength: 4}}
	doc := docOf(bin, views,
		&qgltf.Accessor{BufferView: ptr(0), ComponentType: qgltf.ComponentUbyte, Count: 2, Type: qgltf.AccessorScalar},
		&qgltf.Accessor{BufferView: ptr(1), ComponentType: qgltf.ComponentUshort, Count: 2, Type: qgltf.AccessorScalar},
		&qgltf.Accessor{BufferView: ptr(2), ComponentType: qgltf.ComponentUint, Count: 1, Type: qgltf.AccessorScalar})
	r := readerOf(t, doc, nil)
	for i, want := range [][]uint32{{1, 200}, {65535, 2}, {1 << 31}} {
		d, err := r.Ints(i, "/ref", 1)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(d.U, want) || d.F != nil {
			t.Errorf("accessor %d: ints %v, floats %v; want %v", i, d.U, d.F, want)
		}
		if again, _ := r.Ints(i, "/ref", 1); again != d {
			t.Errorf("accessor %d decoded twice", i)
		}
	}
}

// TestExternalBuffer: a buffer in a file beside the model is read through
// the fs.FS, counted in the budget, and one that climbs out is refused.
func TestExternalBuffer(t *testing.T) {
	bin := le(float32(4), float32(0))
	doc := docOf(nil, whole(4), &qgltf.Accessor{BufferView: ptr(0), ComponentType: qgltf.ComponentFloat, Count: 1, Type: qgltf.AccessorScalar})
	doc.Buffers = []*qgltf.Buffer{{ByteLength: 4, URI: "sub/a%20b.bin"}}
	r := readerOf(t, doc, fstest.MapFS{"sub/a b.bin": {Data: bin}})
	before := r.Budget()
	d, err := r.Floats(0, "/ref")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(d.F, []float32{4}) {
		t.Errorf("floats %v, want [4]", d.F)
	}
	if got := r.Budget() - before; got != 4 {
		t.Errorf("budget grew by %d bytes, want the 4 the buffer holds", got)
	}
	doc.Buffers[0].URI = "../a.bin"
	_, err = readerOf(t, doc, fstest.MapFS{"a.bin": {Data: bin}}).Floats(0, "/ref")
	var ae *Error
	if !errors.As(err, &ae) || ae.Path != "/buffers/0/uri" {
		t.Errorf("err = %v, want an *Error at /buffers/0/uri", err)
	}
}

// bad lists accessors that cannot be read, each with the JSON pointer and
// a part of the message its error must give.
func bad() []struct {
	name string
	doc  *qgltf.Document
	path string
	msg  string
} {
	f := func(n int) []byte { return make([]byte, n) }
	scalar := func(ct qgltf.ComponentType, count int) *qgltf.Accessor {
		return &qgltf.Accessor{BufferView: ptr(0), ComponentType: ct, Count: count, Type: qgltf.AccessorScalar}
	}
	nan := docOf(le(float32(math.NaN())), whole(4), scalar(qgltf.ComponentFloat, 1))
	noView := docOf(f(4), whole(4), &qgltf.Accessor{ComponentType: qgltf.ComponentFloat, Count: 1 << 30, Type: qgltf.AccessorVec4})
	mat2 := docOf(f(4), whole(4), &qgltf.Accessor{BufferView: ptr(0), ComponentType: qgltf.ComponentUbyte, Count: 1, Type: qgltf.AccessorMat2})
	stride := docOf(f(24), []*qgltf.BufferView{{ByteLength: 24, ByteStride: 8}}, &qgltf.Accessor{BufferView: ptr(0), ComponentType: qgltf.ComponentFloat, Count: 2, Type: qgltf.AccessorVec3})
	bigStride := docOf(f(256), []*qgltf.BufferView{{ByteLength: 256, ByteStride: 256}}, scalar(qgltf.ComponentFloat, 1))
	unsorted := docOf(le(uint8(2), uint8(1), uint8(0), uint8(0), float32(1), float32(2)), []*qgltf.BufferView{{ByteLength: 4}, {ByteOffset: 4, ByteLength: 8}},
		&qgltf.Accessor{ComponentType: qgltf.ComponentFloat, Count: 3, Type: qgltf.AccessorScalar, Sparse: &qgltf.Sparse{Count: 2,
			Indices: qgltf.SparseIndices{BufferView: 0, ComponentType: qgltf.ComponentUbyte}, Values: qgltf.SparseValues{BufferView: 1}}})
	signedIdx := docOf(f(8), whole(8), &qgltf.Accessor{ComponentType: qgltf.ComponentFloat, Count: 3, Type: qgltf.AccessorScalar, Sparse: &qgltf.Sparse{Count: 1,
		Indices: qgltf.SparseIndices{BufferView: 0, ComponentType: qgltf.ComponentShort}, Values: qgltf.SparseValues{BufferView: 0}}})
	shortValues := docOf(f(8), whole(8), &qgltf.Accessor{ComponentType: qgltf.ComponentFloat, Count: 3, Type: qgltf.AccessorVec2, Sparse: &qgltf.Sparse{Count: 1,
		Indices: qgltf.SparseIndices{BufferView: 0, ComponentType: qgltf.ComponentUbyte}, Values: qgltf.SparseValues{BufferView: 0, ByteOffset: 4}}})
	longBuffer := docOf(f(4), whole(4), scalar(qgltf.ComponentFloat, 1))
	longBuffer.Buffers[0].ByteLength = 5
	noURI := docOf(f(4), whole(4), scalar(qgltf.ComponentFloat, 1))
	noURI.Buffers[0].URI = ""
	return []struct {
		name string
		doc  *qgltf.Document
		path string
		msg  string
	}{
		{"accessor index past the list", docOf(f(4), whole(4)), "/ref", "accessor 0 does not exist (the file has 0)"},
		{"count past the view", docOf(f(8), whole(8), scalar(qgltf.ComponentFloat, 3)), "/accessors/0/count", "3 elements of 4 bytes (stride 4) need 12 bytes; buffer view 0 has 8 after offset 0"},
		{"accessor offset past the view", docOf(f(8), whole(8), &qgltf.Accessor{BufferView: ptr(0), ByteOffset: 12, ComponentType: qgltf.ComponentFloat, Count: 1, Type: qgltf.AccessorScalar}), "/accessors/0/byteOffset", "offset 12 outside buffer view 0 of 8 bytes"},
		{"count zero", docOf(f(4), whole(4), scalar(qgltf.ComponentFloat, 0)), "/accessors/0/count", "count 0 (want at least 1)"},
		{"not a finite number", nan, "/accessors/0", "element 0 is not a finite number"},
		{"zeros more than the file could describe", noView, "/accessors/0/count", "1073741824 elements without a buffer view"},
		{"MAT2 of bytes", mat2, "/accessors/0/type", "column padding"},
		{"stride less than an element", stride, "/bufferViews/0/byteStride", "stride 8 is less than the 12 bytes of accessor 0's elements"},
		{"stride past 252", bigStride, "/bufferViews/0/byteStride", "stride 256 (want 4 to 252)"},
		{"view past the buffer", docOf(f(4), []*qgltf.BufferView{{ByteOffset: 2, ByteLength: 4}}, scalar(qgltf.ComponentFloat, 1)), "/bufferViews/0/byteLength", "4 bytes from offset 2 do not fit buffer 0 of 4 bytes"},
		{"view on a missing buffer", docOf(f(4), []*qgltf.BufferView{{Buffer: 1, ByteLength: 4}}, scalar(qgltf.ComponentFloat, 1)), "/bufferViews/0/buffer", "buffer 1 does not exist (the file has 1)"},
		{"missing view", docOf(f(4), nil, scalar(qgltf.ComponentFloat, 1)), "/accessors/0/bufferView", "buffer view 0 does not exist (the file has 0)"},
		{"buffer longer than its data URI", longBuffer, "/buffers/0/byteLength", "5 bytes, the data URI holds 4"},
		{"buffer without a URI or a GLB chunk", noURI, "/buffers/0/uri", "no URI"},
		{"sparse indices not increasing", unsorted, "/accessors/0/sparse/indices", "index 1 at position 1 is out of range (count 3) or not increasing"},
		{"sparse indices signed", signedIdx, "/accessors/0/sparse/indices/componentType", "unsigned"},
		{"sparse values past the view", shortValues, "/accessors/0/sparse/count", "1 values of 8 bytes from offset 4 do not fit buffer view 0 of 8 bytes"},
	}
}

// TestBad: every accessor that cannot be read gets an *Error naming the
// JSON pointer at fault, with a message saying why.
func TestBad(t *testing.T) {
	for _, c := range bad() {
		t.Run(c.name, func(t *testing.T) {
			_, err := readerOf(t, c.doc, nil).Floats(0, "/ref")
			var ae *Error
			if !errors.As(err, &ae) {
				t.Fatalf("err = %v, want an *Error", err)
			}
			if ae.Path != c.path || !strings.Contains(err.Error(), c.msg) {
				t.Errorf("err = %q, want one at %s saying %q", err, c.path, c.msg)
			}
		})
	}
}

// TestIntsRefuseFloats: indices and joints must be integers, and elements
// must have a size the reference allows.
func TestIntsRefuseFloats(t *testing.T) {
	r := readerOf(t, docOf(make([]byte, 12), whole(12), &qgltf.Accessor{BufferView: ptr(0), ComponentType: qgltf.ComponentFloat, Count: 1, Type: qgltf.AccessorVec3}), nil)
	var ae *Error
	if _, err := r.Ints(0, "/ref"); !errors.As(err, &ae) || ae.Path != "/accessors/0/componentType" {
		t.Errorf("ints of floats: err = %v, want an *Error at /accessors/0/componentType", err)
	}
	if _, err := r.Floats(0, "/ref", 2, 4); !errors.As(err, &ae) || ae.Path != "/accessors/0/type" {
		t.Errorf("VEC3 where VEC2 or VEC4 is wanted: err = %v, want an *Error at /accessors/0/type", err)
	}
}

// FuzzReader: no document makes the reader panic, and what it returns has
// the size its accessor says.
func FuzzReader(f *testing.F) {
	for _, c := range bad() {
		js, _ := json.Marshal(c.doc)
		f.Add(js)
	}
	js, _ := json.Marshal(docOf(le(uint16(1), uint16(3), float32(7), float32(8)), []*qgltf.BufferView{{ByteLength: 4}, {ByteOffset: 4, ByteLength: 8}},
		&qgltf.Accessor{ComponentType: qgltf.ComponentFloat, Count: 4, Type: qgltf.AccessorScalar, Sparse: &qgltf.Sparse{Count: 2,
			Indices: qgltf.SparseIndices{BufferView: 0, ComponentType: qgltf.ComponentUshort}, Values: qgltf.SparseValues{BufferView: 1}}}))
	f.Add(js)
	fsys := fstest.MapFS{"a.bin": {Data: make([]byte, 64)}}
	f.Fuzz(func(t *testing.T, data []byte) {
		doc := new(qgltf.Document)
		if json.Unmarshal(data, doc) != nil {
			return
		}
		r := NewReader(doc, nil, fsys, int64(len(data)))
		for i := range doc.Accessors {
			for _, ints := range []bool{false, true} {
				read := r.Floats
				if ints {
					read = r.Ints
				}
				d, err := read(i, "/ref")
				if err != nil {
					continue
				}
				if n := d.Count * d.Comps; len(d.F)+len(d.U) != n {
					t.Fatalf("accessor %d: %d floats and %d ints for %d × %d", i, len(d.F), len(d.U), d.Count, d.Comps)
				}
			}
		}
	})
}
