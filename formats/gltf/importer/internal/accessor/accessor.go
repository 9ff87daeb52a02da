// Package accessor reads the binary data of a glTF 2.0 document (the
// Khronos specification,
// https://registry.khronos.org/glTF/specs/2.0/glTF-2.0.html, §3.6 "Binary
// Data Storage"): its buffers (the GLB binary chunk, base64 data URIs,
// files beside the model), buffer views, and accessors decoded into floats
// or unsigned integers, normalised integers scaled and sparse substitutions
// applied. Every offset, stride and count is checked against the bytes
// there before anything is allocated, and what cannot be read is an
// *Error naming the JSON pointer at fault ("/accessors/3/count").
package accessor

import (
	"encoding/binary"
	"fmt"
	"io/fs"
	"math"

	qgltf "github.com/qmuntal/gltf"
)

// Error is the error of a buffer, buffer view or accessor that cannot be
// read. Path is the JSON pointer of the part at fault; Err says what is
// wrong with it.
type Error struct {
	Path string
	Err  error
}

func (e *Error) Error() string { return e.Path + ": " + e.Err.Error() }

func (e *Error) Unwrap() error { return e.Err }

func errAt(at, format string, args ...any) error {
	return &Error{Path: at, Err: fmt.Errorf(format, args...)}
}

// Reader reads the buffers, buffer views and accessors of one document,
// each buffer once and each accessor once as floats and once as integers.
type Reader struct {
	doc  *qgltf.Document
	bin  []byte // the GLB BIN chunk, nil for .gltf
	fsys fs.FS
	// budget is the number of bytes of input read so far (the file and the
	// external buffers): what may be allocated for data the file does not
	// store, such as accessors without a buffer view.
	budget  int64
	buffers [][]byte
	loaded  []bool
	cache   map[key]*Data
}

// NewReader returns a Reader of doc, a document of size bytes whose GLB
// binary chunk is bin (nil for a .gltf) and whose external buffers are read
// from fsys (the model's folder; nil when there is none).
func NewReader(doc *qgltf.Document, bin []byte, fsys fs.FS, size int64) *Reader {
	return &Reader{doc: doc, bin: bin, fsys: fsys, budget: size,
		buffers: make([][]byte, len(doc.Buffers)), loaded: make([]bool, len(doc.Buffers)), cache: map[key]*Data{}}
}

// Budget returns the number of bytes of input read so far: the document's
// size and the external buffers loaded.
func (r *Reader) Budget() int64 { return r.budget }

// key names a decoded accessor: integers (indices, joints) and floats are
// decoded separately.
type key struct {
	index int
	ints  bool
}

// Data is an accessor's elements, flattened: Count × Comps values, in F
// for an accessor read as floats and in U for one read as integers.
type Data struct {
	Comps int
	Count int
	F     []float32 // floats, normalised integers scaled to 0–1 or −1–1
	U     []uint32  // integers
}

// compSize returns the byte size of one component.
func compSize(ct qgltf.ComponentType) int {
	switch ct {
	case qgltf.ComponentByte, qgltf.ComponentUbyte:
		return 1
	case qgltf.ComponentShort, qgltf.ComponentUshort:
		return 2
	}
	return 4
}

// comps returns the number of components of an element type.
func comps(t qgltf.AccessorType) int {
	switch t {
	case qgltf.AccessorScalar:
		return 1
	case qgltf.AccessorVec2:
		return 2
	case qgltf.AccessorVec3:
		return 3
	case qgltf.AccessorVec4, qgltf.AccessorMat2:
		return 4
	case qgltf.AccessorMat3:
		return 9
	}
	return 16
}

// Floats decodes accessor i as floats (integer components normalised
// when the accessor says so). ref is the JSON pointer of the reference, for
// an accessor index out of range; want lists the element sizes allowed.
// The Data is shared by every read of the accessor: callers do not change
// it.
func (r *Reader) Floats(i int, ref string, want ...int) (*Data, error) {
	return r.read(i, ref, false, want)
}

// Ints decodes accessor i as unsigned integers (indices, joints): float
// components are refused.
func (r *Reader) Ints(i int, ref string, want ...int) (*Data, error) {
	return r.read(i, ref, true, want)
}

func (r *Reader) read(i int, ref string, ints bool, want []int) (*Data, error) {
	if i < 0 || i >= len(r.doc.Accessors) || r.doc.Accessors[i] == nil {
		return nil, errAt(ref, "accessor %d does not exist (the file has %d)", i, len(r.doc.Accessors))
	}
	a := r.doc.Accessors[i]
	at := fmt.Sprintf("/accessors/%d", i)
	nc := comps(a.Type)
	ok := len(want) == 0
	for _, w := range want {
		ok = ok || w == nc
	}
	if !ok {
		return nil, errAt(at+"/type", "%s elements, where %s wants %v components", a.Type, ref, want)
	}
	if ints && a.ComponentType == qgltf.ComponentFloat {
		return nil, errAt(at+"/componentType", "floats, where %s wants integers", ref)
	}
	if (a.Type == qgltf.AccessorMat2 || a.Type == qgltf.AccessorMat3) && compSize(a.ComponentType) < 4 {
		return nil, errAt(at+"/type", "%s of %d-byte components (column padding) is not read", a.Type, compSize(a.ComponentType))
	}
	ck := key{i, ints}
	if d, ok := r.cache[ck]; ok {
		return d, nil
	}
	if a.Count < 1 {
		return nil, errAt(at+"/count", "count %d (want at least 1)", a.Count)
	}
	cs := compSize(a.ComponentType)
	elem := cs * nc
	d := &Data{Comps: nc, Count: a.Count}
	var src []byte
	stride := elem
	if a.BufferView != nil {
		view, vs, err := r.View(*a.BufferView, at+"/bufferView")
		if err != nil {
			return nil, err
		}
		if vs != 0 {
			if vs < elem {
				return nil, errAt(fmt.Sprintf("/bufferViews/%d/byteStride", *a.BufferView), "stride %d is less than the %d bytes of accessor %d's elements", vs, elem, i)
			}
			stride = vs
		}
		if a.ByteOffset < 0 || a.ByteOffset > len(view) {
			return nil, errAt(at+"/byteOffset", "offset %d outside buffer view %d of %d bytes", a.ByteOffset, *a.BufferView, len(view))
		}
		need := int64(stride)*int64(a.Count-1) + int64(elem)
		if need > int64(len(view)-a.ByteOffset) {
			return nil, errAt(at+"/count", "%d elements of %d bytes (stride %d) need %d bytes; buffer view %d has %d after offset %d",
				a.Count, elem, stride, need, *a.BufferView, len(view)-a.ByteOffset, a.ByteOffset)
		}
		src = view[a.ByteOffset:]
	} else if int64(a.Count)*int64(elem) > r.budget {
		// Zeros the file does not store: as many as its bytes could have
		// held, no more.
		return nil, errAt(at+"/count", "%d elements without a buffer view, more than the file's %d bytes could describe", a.Count, r.budget)
	}
	n := a.Count * nc
	if ints {
		d.U = make([]uint32, n)
	} else {
		d.F = make([]float32, n)
	}
	if src != nil {
		d.decode(src, 0, a.Count, stride, a.ComponentType, a.Normalized)
	}
	if a.Sparse != nil {
		if err := r.sparse(a, at, d); err != nil {
			return nil, err
		}
	}
	if !ints {
		for k, x := range d.F {
			if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) {
				return nil, errAt(at, "element %d is not a finite number", k/nc)
			}
		}
	}
	r.cache[ck] = d
	return d, nil
}

// decode converts count elements from src, elements stride bytes apart,
// into d starting at element first.
func (d *Data) decode(src []byte, first, count, stride int, ct qgltf.ComponentType, norm bool) {
	nc := d.Comps
	cs := compSize(ct)
	le := binary.LittleEndian
	for e := range count {
		b := src[e*stride:]
		o := (first + e) * nc
		if d.U != nil {
			for c := range nc {
				switch cs {
				case 1:
					d.U[o+c] = uint32(b[c])
				case 2:
					d.U[o+c] = uint32(le.Uint16(b[2*c:]))
				default:
					d.U[o+c] = le.Uint32(b[4*c:])
				}
			}
			continue
		}
		for c := range nc {
			var x float32
			switch ct {
			case qgltf.ComponentFloat:
				x = math.Float32frombits(le.Uint32(b[4*c:]))
			case qgltf.ComponentUbyte:
				x = float32(b[c])
				if norm {
					x /= 255
				}
			case qgltf.ComponentByte:
				x = float32(int8(b[c]))
				if norm {
					x = max(x/127, -1)
				}
			case qgltf.ComponentUshort:
				x = float32(le.Uint16(b[2*c:]))
				if norm {
					x /= 65535
				}
			case qgltf.ComponentShort:
				x = float32(int16(le.Uint16(b[2*c:])))
				if norm {
					x = max(x/32767, -1)
				}
			default:
				x = float32(le.Uint32(b[4*c:]))
			}
			d.F[o+c] = x
		}
	}
}

// View returns the bytes of buffer view v and its stride.
func (r *Reader) View(v int, ref string) ([]byte, int, error) {
	if v < 0 || v >= len(r.doc.BufferViews) || r.doc.BufferViews[v] == nil {
		return nil, 0, errAt(ref, "buffer view %d does not exist (the file has %d)", v, len(r.doc.BufferViews))
	}
	bv := r.doc.BufferViews[v]
	at := fmt.Sprintf("/bufferViews/%d", v)
	if bv.Buffer < 0 || bv.Buffer >= len(r.doc.Buffers) {
		return nil, 0, errAt(at+"/buffer", "buffer %d does not exist (the file has %d)", bv.Buffer, len(r.doc.Buffers))
	}
	buf, err := r.buffer(bv.Buffer)
	if err != nil {
		return nil, 0, err
	}
	if bv.ByteOffset < 0 || bv.ByteOffset > len(buf) {
		return nil, 0, errAt(at+"/byteOffset", "offset %d outside buffer %d of %d bytes", bv.ByteOffset, bv.Buffer, len(buf))
	}
	if bv.ByteLength < 1 || bv.ByteLength > len(buf)-bv.ByteOffset {
		return nil, 0, errAt(at+"/byteLength", "%d bytes from offset %d do not fit buffer %d of %d bytes", bv.ByteLength, bv.ByteOffset, bv.Buffer, len(buf))
	}
	if bv.ByteStride != 0 && (bv.ByteStride < 4 || bv.ByteStride > 252) {
		return nil, 0, errAt(at+"/byteStride", "stride %d (want 4 to 252)", bv.ByteStride)
	}
	return buf[bv.ByteOffset : bv.ByteOffset+bv.ByteLength], bv.ByteStride, nil
}

// sparse applies accessor a's sparse substitutions to d.
func (r *Reader) sparse(a *qgltf.Accessor, at string, d *Data) error {
	sp := a.Sparse
	at += "/sparse"
	if sp.Count < 1 || sp.Count > a.Count {
		return errAt(at+"/count", "%d substitutions in an accessor of %d elements", sp.Count, a.Count)
	}
	ix := sp.Indices
	is := compSize(ix.ComponentType)
	if ix.ComponentType == qgltf.ComponentFloat || ix.ComponentType == qgltf.ComponentByte || ix.ComponentType == qgltf.ComponentShort {
		return errAt(at+"/indices/componentType", "indices must be unsigned integers")
	}
	iv, _, err := r.View(ix.BufferView, at+"/indices/bufferView")
	if err != nil {
		return err
	}
	if ix.ByteOffset < 0 || int64(ix.ByteOffset)+int64(sp.Count)*int64(is) > int64(len(iv)) {
		return errAt(at+"/count", "%d indices of %d bytes from offset %d do not fit buffer view %d of %d bytes", sp.Count, is, ix.ByteOffset, ix.BufferView, len(iv))
	}
	elem := compSize(a.ComponentType) * d.Comps
	vv, _, err := r.View(sp.Values.BufferView, at+"/values/bufferView")
	if err != nil {
		return err
	}
	if sp.Values.ByteOffset < 0 || int64(sp.Values.ByteOffset)+int64(sp.Count)*int64(elem) > int64(len(vv)) {
		return errAt(at+"/count", "%d values of %d bytes from offset %d do not fit buffer view %d of %d bytes", sp.Count, elem, sp.Values.ByteOffset, sp.Values.BufferView, len(vv))
	}
	idx := &Data{Comps: 1, U: make([]uint32, sp.Count)}
	idx.decode(iv[ix.ByteOffset:], 0, sp.Count, is, ix.ComponentType, false)
	vals := &Data{Comps: d.Comps}
	if d.U != nil {
		vals.U = make([]uint32, sp.Count*d.Comps)
	} else {
		vals.F = make([]float32, sp.Count*d.Comps)
	}
	vals.decode(vv[sp.Values.ByteOffset:], 0, sp.Count, elem, a.ComponentType, a.Normalized)
	for k, e := range idx.U {
		if int64(e) >= int64(a.Count) || (k > 0 && e <= idx.U[k-1]) {
			return errAt(at+"/indices", "index %d at position %d is out of range (count %d) or not increasing", e, k, a.Count)
		}
		o := int(e) * d.Comps
		if d.U != nil {
			copy(d.U[o:o+d.Comps], vals.U[k*d.Comps:])
		} else {
			copy(d.F[o:o+d.Comps], vals.F[k*d.Comps:])
		}
	}
	return nil
}
