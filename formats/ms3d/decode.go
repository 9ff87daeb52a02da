package ms3d

import (
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"os"

	"ms3dstudio/model"
)

// ReadFile decodes the MS3D file at path; see Decode.
func ReadFile(path string) (*model.Model, []model.Finding, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, err
	}
	return Decode(data)
}

// DecodeReader reads all of r and decodes it; see Decode.
func DecodeReader(r io.Reader) (*model.Model, []model.Finding, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, nil, fmt.Errorf("ms3d: reading: %w", err)
	}
	return Decode(data)
}

// Decode reads an MS3D file held in data. The error is a *FormatError and is
// returned only when the header is unreadable (too short, wrong magic,
// unsupported version). Otherwise the model holds everything that could be
// read and the findings say what could not: a part cut short stops reading
// there (the elements read so far are kept), and optional blocks that do not
// parse are kept verbatim in Model.Trailing. The model does not alias data.
func Decode(data []byte) (*model.Model, []model.Finding, error) {
	d := decoder{data: data}
	m, err := d.decode()
	return m, d.findings, err
}

type decoder struct {
	data      []byte
	off       int
	findings  []model.Finding
	shortKeys *shortKeys // set by diagnoseShortJoints
}

func (d *decoder) left() int { return len(d.data) - d.off }

func (d *decoder) u8() uint8 {
	v := d.data[d.off]
	d.off++
	return v
}

func (d *decoder) u16() uint16 {
	v := binary.LittleEndian.Uint16(d.data[d.off:])
	d.off += 2
	return v
}

func (d *decoder) u32() uint32 {
	v := binary.LittleEndian.Uint32(d.data[d.off:])
	d.off += 4
	return v
}

func (d *decoder) f32() float32 { return math.Float32frombits(d.u32()) }

func (d *decoder) vec3() [3]float32 {
	var v [3]float32
	putVec3(&v, d.data[d.off:])
	d.off += 12
	return v
}

func (d *decoder) vec4() [4]float32 {
	b := d.data[d.off : d.off+16]
	d.off += 16
	return [4]float32{f32At(b[0:]), f32At(b[4:]), f32At(b[8:]), f32At(b[12:])}
}

// fixed reads a NUL-padded field of n bytes, dropping only the trailing
// NULs so that leftover bytes after an embedded NUL survive a round trip.
func (d *decoder) fixed(n int) model.Str {
	b := d.data[d.off : d.off+n]
	d.off += n
	end := n
	for end > 0 && b[end-1] == 0 {
		end--
	}
	return model.Str(b[:end])
}

// truncated records that part (element index) needs more bytes than remain
// and moves to the end of the input: nothing after a cut mandatory part can
// be located.
func (d *decoder) truncated(part string, index, need int, what string) {
	d.findings = append(d.findings, model.Finding{
		Code:     model.CodeTruncated,
		Severity: model.Error,
		Where:    model.Location{Part: part, Index: index, Offset: int64(d.off)},
		Message:  fmt.Sprintf("%s needs %d bytes at offset %#x, only %d remain; reading stopped here", what, need, d.off, d.left()),
		Fix:      "save to keep what was read",
	})
	d.off = len(d.data)
}

// fits reports whether n bytes remain; if not it records the truncation.
func (d *decoder) fits(part string, index, n int, what string) bool {
	if n <= d.left() {
		return true
	}
	d.truncated(part, index, n, what)
	return false
}

// count reads a u16 element count and checks that count elements of at
// least minSize bytes each fit in what remains. When they do not, it keeps
// the count of elements that fit and records the truncation at the first
// element that does not (reading continues up to there).
func (d *decoder) count(part string, minSize int) (n int, complete bool) {
	at := d.off
	n = int(d.u16())
	if n*minSize <= d.left() {
		return n, true
	}
	fit := d.left() / minSize
	d.findings = append(d.findings, model.Finding{
		Code:     model.CodeTruncated,
		Severity: model.Error,
		Where:    model.Location{Part: part, Index: fit, Offset: int64(d.off + fit*minSize)},
		Message:  fmt.Sprintf("the file declares %d %ss at offset %#x but only %d fit in the %d bytes left", n, part, at, fit, d.left()),
		Fix:      "save to keep what was read",
	})
	return fit, false
}

func (d *decoder) decode() (*model.Model, error) {
	if len(d.data) < headerSize {
		return nil, &FormatError{Part: model.PartHeader, Index: -1, Offset: int64(len(d.data)),
			Msg: fmt.Sprintf("file is %d bytes, shorter than the %d-byte header", len(d.data), headerSize)}
	}
	if string(d.data[:10]) != Magic {
		return nil, &FormatError{Part: model.PartHeader, Index: -1, Offset: 0,
			Msg: fmt.Sprintf("identifier is %q, want %q", d.data[:10], Magic)}
	}
	d.off = 10
	m := &model.Model{Version: int32(d.u32())}
	if m.Version != 3 && m.Version != 4 {
		return nil, &FormatError{Part: model.PartHeader, Index: -1, Offset: 10,
			Msg: fmt.Sprintf("unsupported version %d (versions 3 and 4 exist)", m.Version)}
	}
	if m.Version == 3 {
		d.findings = append(d.findings, model.Finding{Code: model.CodeVersion3, Severity: model.Info,
			Where: model.Location{Part: model.PartHeader, Index: -1, Offset: 10}, Message: "version 3 file (records are identical to version 4)"})
	}
	if !d.vertices(m) || !d.triangles(m) || !d.groups(m) || !d.materials(m) || !d.keyframer(m) || !d.joints(m) {
		return m, nil
	}
	d.optionalBlocks(m)
	return m, nil
}

func (d *decoder) needCount(part string) bool {
	return d.fits(part, -1, 2, part+" count")
}

// records reads the count of a block of size-byte records and returns the
// bytes of the n records that fit (all of them when complete), moving past
// the block: to the end of the file when it is cut short.
func (d *decoder) records(part string, size int) (src []byte, n int, complete bool) {
	n, complete = d.count(part, size)
	src = d.data[d.off : d.off+n*size]
	d.off += n * size
	if !complete {
		d.off = len(d.data)
	}
	return src, n, complete
}

func (d *decoder) vertices(m *model.Model) bool {
	if !d.needCount(model.PartVertex) {
		return false
	}
	src, n, complete := d.records(model.PartVertex, vertexSize)
	m.Vertices = make([]model.Vertex, n)
	for i := range m.Vertices {
		b := src[:vertexSize]
		src = src[vertexSize:]
		v := &m.Vertices[i]
		v.Flags = b[0]
		putVec3(&v.Position, b[1:])
		v.Bones = [4]uint16{boneIDs[b[13]], model.NoBone, model.NoBone, model.NoBone}
		v.ReferenceCount = b[14]
	}
	return complete
}

func (d *decoder) triangles(m *model.Model) bool {
	if !d.needCount(model.PartTriangle) {
		return false
	}
	src, n, complete := d.records(model.PartTriangle, triangleSize)
	m.Triangles = make([]model.Triangle, n)
	for i := range m.Triangles {
		b := src[:triangleSize]
		src = src[triangleSize:]
		t := &m.Triangles[i]
		t.Flags = binary.LittleEndian.Uint16(b[0:])
		t.Vertices = [3]uint32{uint32(binary.LittleEndian.Uint16(b[2:])), uint32(binary.LittleEndian.Uint16(b[4:])), uint32(binary.LittleEndian.Uint16(b[6:]))}
		putVec3(&t.Normals[0], b[8:])
		putVec3(&t.Normals[1], b[20:])
		putVec3(&t.Normals[2], b[32:])
		putVec3(&t.S, b[44:])
		putVec3(&t.T, b[56:])
		t.SmoothingGroup = b[68]
		t.Group = uint16(b[69])
	}
	return complete
}

func (d *decoder) groups(m *model.Model) bool {
	if !d.needCount(model.PartGroup) {
		return false
	}
	// Group records vary in size: each one is checked before it is read, and
	// the slice grows only with groups that were actually read.
	n := int(d.u16())
	m.Groups = make([]model.Group, 0, min(n, d.left()/groupFixedSize))
	for i := 0; i < n; i++ {
		if !d.fits(model.PartGroup, i, groupFixedSize, fmt.Sprintf("group %d", i)) {
			return false
		}
		var g model.Group
		g.Flags = d.u8()
		g.Name = d.fixed(nameSize)
		nt := int(d.u16())
		if d.left() < 2*nt+1 {
			listAt, fit := d.off, d.left()/2
			d.off += 2 * min(fit, nt)
			d.truncated(model.PartGroup, i, 2*(nt-min(fit, nt))+1, fmt.Sprintf("group %d (%d triangle indices from offset %#x): index %d or the material index", i, nt, listAt, min(fit, nt)))
			return false
		}
		g.Triangles = make([]uint32, nt)
		src := d.data[d.off : d.off+2*nt]
		for k := range g.Triangles {
			g.Triangles[k] = uint32(binary.LittleEndian.Uint16(src[:2]))
			src = src[2:]
		}
		d.off += 2 * nt
		g.Material = int16(int8(d.u8()))
		m.Groups = append(m.Groups, g)
	}
	return true
}

func (d *decoder) materials(m *model.Model) bool {
	if !d.needCount(model.PartMaterial) {
		return false
	}
	n, complete := d.count(model.PartMaterial, materialSize)
	m.Materials = make([]model.Material, n)
	for i := range m.Materials {
		mt := &m.Materials[i]
		mt.Name = d.fixed(nameSize)
		mt.Ambient = d.vec4()
		mt.Diffuse = d.vec4()
		mt.Specular = d.vec4()
		mt.Emissive = d.vec4()
		mt.Shininess = d.f32()
		mt.Transparency = d.f32()
		mt.Mode = d.u8()
		mt.Texture = d.fixed(pathSize)
		mt.AlphaMap = d.fixed(pathSize)
	}
	if !complete {
		d.off = len(d.data)
	}
	return complete
}

func (d *decoder) keyframer(m *model.Model) bool {
	if !d.fits(model.PartKeyframer, -1, keyframerSize, "keyframer header (fps, current time, total frames)") {
		return false
	}
	m.FPS = d.f32()
	m.CurrentTime = d.f32()
	m.TotalFrames = int32(d.u32())
	return true
}

func (d *decoder) joints(m *model.Model) bool {
	if d.left() < 2 {
		// A file that ends after the keyframer header exists in the wild.
		m.NoJointSection = true
		return true
	}
	n := int(d.u16())
	// Joints vary in size: walk the headers first so that every key count is
	// checked against the bytes left and all keys live in one allocation.
	start, total, complete := d.off, 0, n
	for i, off := 0, d.off; i < n; i++ {
		if len(d.data)-off < jointFixedSize {
			d.off = off
			d.truncated(model.PartJoint, i, jointFixedSize, fmt.Sprintf("joint %d", i))
			complete = i
			break
		}
		nr, np := int(binary.LittleEndian.Uint16(d.data[off+89:])), int(binary.LittleEndian.Uint16(d.data[off+91:]))
		nk := nr + np
		if left := len(d.data) - off - jointFixedSize; left < nk*keySize {
			// Point at the first key that does not fit: that is where the
			// file really ends for this joint.
			fit := left / keySize
			kind, k := "rotation", fit
			if fit >= nr {
				kind, k = "position", fit-nr
			}
			d.off = off + jointFixedSize + fit*keySize
			d.truncated(model.PartJoint, i, keySize, fmt.Sprintf("joint %d (%d rotation and %d position keys from offset %#x): %s key %d",
				i, nr, np, off+jointFixedSize, kind, k))
			complete = i
			break
		}
		total += nk
		off += jointFixedSize + nk*keySize
	}
	d.off = start
	keys := make([]model.Key, total)
	m.Joints = make([]model.Joint, complete)
	for i := range m.Joints {
		j := &m.Joints[i]
		j.Flags = d.u8()
		j.Name = d.fixed(nameSize)
		j.Parent = d.fixed(nameSize)
		j.Rotation = d.vec3()
		j.Position = d.vec3()
		nr, np := int(d.u16()), int(d.u16())
		j.RotationKeys, keys = d.keys(keys, nr)
		j.PositionKeys, keys = d.keys(keys, np)
	}
	if complete < n {
		d.off = len(d.data)
		return false
	}
	return true
}

// keys fills the first n keys of slab and returns them (capacity-limited so
// that appending to one joint's keys never overwrites the next joint's) and
// the rest of the slab.
func (d *decoder) keys(slab []model.Key, n int) ([]model.Key, []model.Key) {
	if n == 0 {
		return nil, slab
	}
	ks := slab[:n:n]
	src := d.data[d.off : d.off+n*keySize]
	for k := range ks {
		b := src[:keySize]
		src = src[keySize:]
		ks[k].Time = f32At(b[0:])
		putVec3(&ks[k].Value, b[4:])
	}
	d.off += n * keySize
	return ks, slab[n:]
}

// boneIDs maps a bone byte of the file to the model's bone id: the byte
// 255 is model.NoBone, every other byte its own value. A table, because the
// decoder maps four bytes a vertex and a branch costs more than the load.
var boneIDs = func() (t [256]uint16) {
	for b := range t {
		t[b] = uint16(b)
	}
	t[0xFF] = model.NoBone
	return t
}()

// f32At reads the little-endian float32 at the start of b.
func f32At(b []byte) float32 { return math.Float32frombits(binary.LittleEndian.Uint32(b)) }

// putVec3 stores the three little-endian float32s at the start of b in
// dst, one by one: returning the array instead builds it on the stack and
// copies it with loads wider than the stores that made it, which the CPU
// cannot forward (keys decoded four times slower that way).
func putVec3(dst *[3]float32, b []byte) {
	b = b[:12]
	dst[0], dst[1], dst[2] = f32At(b[0:]), f32At(b[4:]), f32At(b[8:])
}
