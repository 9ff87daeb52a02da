package max3ds

import (
	"encoding/binary"
	"fmt"
	"math"

	"ms3dstudio/model"
)

// headerSize is the size of a chunk header: u16 id, u32 length.
const headerSize = 6

// chunk is one chunk of the file. start is the offset of its header, data the
// offset of its first data byte and end the offset after its last byte,
// already clamped to its parent.
type chunk struct {
	id               uint16
	start, data, end int
}

// decoder walks the chunks of one file and collects findings.
type decoder struct {
	data     []byte
	findings []model.Finding
}

// chunkf records a finding about a chunk at byte offset off.
func (d *decoder) chunkf(code model.Code, sev model.Severity, off int, format string, args ...any) {
	d.add(code, sev, partChunk, -1, off, format, args...)
}

func (d *decoder) add(code model.Code, sev model.Severity, part string, index int, off int, format string, args ...any) {
	d.findings = append(d.findings, model.Finding{
		Code:     code,
		Severity: sev,
		Where:    model.Location{Part: part, Index: index, Offset: int64(off)},
		Message:  fmt.Sprintf(format, args...),
	})
}

// walk calls fn for every sub-chunk of parent that starts at or after from.
// A sub-chunk whose length runs past the parent is clamped to the parent's
// end and reported. A length shorter than a chunk header cannot locate the
// next chunk, so it ends the walk of this parent with a finding: every chunk
// visited advances by at least headerSize bytes, and the walk always ends.
func (d *decoder) walk(parent chunk, from int, fn func(c chunk)) {
	off := from
	for off < parent.end {
		if parent.end-off < headerSize {
			d.chunkf(model.Code3DSChunkShort, model.Warning, off,
				"chunk %#04x at offset %#x: %d stray bytes at its end, too few for a sub-chunk header", parent.id, parent.start, parent.end-off)
			return
		}
		id := binary.LittleEndian.Uint16(d.data[off:])
		length := binary.LittleEndian.Uint32(d.data[off+2:])
		if length < headerSize {
			d.chunkf(model.Code3DSChunkLength, model.Error, off,
				"chunk %#04x at offset %#x: length %d is shorter than its own header; the rest of chunk %#04x (%d bytes) is skipped",
				id, off, length, parent.id, parent.end-off)
			return
		}
		end := parent.end
		if uint64(length) <= uint64(parent.end-off) {
			end = off + int(length)
		} else {
			d.chunkf(model.Code3DSChunkOverrun, model.Warning, off,
				"chunk %#04x at offset %#x: length %d runs %d bytes past the end of chunk %#04x at offset %#x; clamped",
				id, off, length, uint64(length)-uint64(parent.end-off), parent.id, parent.start)
		}
		fn(chunk{id: id, start: off, data: off + headerSize, end: end})
		off = end
	}
}

// cursor reads the fields of one chunk's data. Reads past the chunk's end
// return zero values and mark the cursor short; the first short read is
// reported once.
type cursor struct {
	d     *decoder
	c     chunk
	off   int
	short bool
}

func (d *decoder) cursor(c chunk) *cursor { return &cursor{d: d, c: c, off: c.data} }

func (r *cursor) left() int { return r.c.end - r.off }

// need reports whether n more bytes are in the chunk; if not, the chunk is
// reported as short (once) and the cursor moves to the chunk's end.
func (r *cursor) need(n int, what string) bool {
	if r.short {
		return false
	}
	if n <= r.left() {
		return true
	}
	r.d.chunkf(model.Code3DSChunkShort, model.Error, r.off,
		"chunk %#04x at offset %#x: %s needs %d bytes at offset %#x, only %d remain", r.c.id, r.c.start, what, n, r.off, r.left())
	r.short = true
	r.off = r.c.end
	return false
}

// take returns the next n bytes of the chunk and moves past them, or nil
// when fewer remain (see need).
func (r *cursor) take(n int, what string) []byte {
	if !r.need(n, what) {
		return nil
	}
	b := r.d.data[r.off : r.off+n]
	r.off += n
	return b
}

func (r *cursor) u16(what string) uint16 {
	if b := r.take(2, what); b != nil {
		return binary.LittleEndian.Uint16(b)
	}
	return 0
}

func (r *cursor) u32(what string) uint32 {
	if b := r.take(4, what); b != nil {
		return binary.LittleEndian.Uint32(b)
	}
	return 0
}

func (r *cursor) i32(what string) int32 { return int32(r.u32(what)) }

func (r *cursor) f32(what string) float32 { return math.Float32frombits(r.u32(what)) }

func (r *cursor) vec3(what string) [3]float32 {
	if !r.need(12, what) {
		return [3]float32{}
	}
	return [3]float32{r.f32(what), r.f32(what), r.f32(what)}
}

// cstr reads a NUL-terminated string. A string that runs to the chunk's end
// without a NUL is kept and reported.
func (r *cursor) cstr(what string) string {
	if r.short {
		return ""
	}
	b := r.d.data[r.off:r.c.end]
	for i, c := range b {
		if c == 0 {
			r.off += i + 1
			return string(b[:i])
		}
	}
	r.d.chunkf(model.Code3DSChunkShort, model.Warning, r.off,
		"chunk %#04x at offset %#x: %s at offset %#x has no terminating NUL before the chunk ends", r.c.id, r.c.start, what, r.off)
	r.off = r.c.end
	return string(b)
}

// count reads a u16 element count and bounds it by the elements of size
// bytes that fit in the rest of the chunk; a count that does not fit is
// reported and the elements that fit are kept.
func (r *cursor) count(what string, size int) int {
	at := r.off
	n := int(r.u16(what + " count"))
	if n*size <= r.left() {
		return n
	}
	fit := r.left() / size
	r.d.chunkf(model.Code3DSCount, model.Error, at,
		"chunk %#04x at offset %#x: %d %s declared at offset %#x, only %d fit in the %d bytes left; %d kept",
		r.c.id, r.c.start, n, what, at, fit, r.left(), fit)
	return fit
}

// partChunk is the location part of findings about a chunk; the index is the
// chunk id.
const partChunk = "chunk"
