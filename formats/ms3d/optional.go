package ms3d

import (
	"encoding/binary"
	"fmt"

	"ms3dstudio/model"
	"ms3dstudio/model/num"
)

// optionalBlocks reads the comments, vertex-extra, joint-extra and
// model-extra blocks, each present only if bytes remain. The first block
// that does not parse ends reading: it and everything after it are kept in
// Model.Trailing.
func (d *decoder) optionalBlocks(m *model.Model) {
	start := d.off
	ok := d.comments(m) && d.vertexExtra(m) && d.jointExtra(m) && d.modelExtra(m)
	if d.left() == 0 {
		return
	}
	m.Trailing = append([]byte(nil), d.data[d.off:]...)
	if ok {
		d.findings = append(d.findings, model.Finding{Code: model.CodeTrailingBytes, Severity: model.Warning,
			Where:   model.Location{Part: model.PartTrailing, Index: -1, Offset: int64(d.off)},
			Message: fmt.Sprintf("%d bytes after the last block; they are kept as they are", d.left()),
			Fix:     "drop the trailing bytes"})
	}
	if d.off == start {
		d.diagnoseShortJoints(m, start)
	}
	d.off = len(d.data)
}

// badBlock records a block that could not be read; it and the rest of the
// file are kept as trailing bytes.
func (d *decoder) badBlock(part string, at int, msg string) bool {
	d.findings = append(d.findings, model.Finding{Code: model.CodeBlockUnreadable, Severity: model.Error,
		Where:   model.Location{Part: part, Index: -1, Offset: int64(at)},
		Message: fmt.Sprintf("%s block at offset %#x: %s; the %d bytes from there on are kept unread", part, at, msg, len(d.data)-at),
		Fix:     "drop the unreadable bytes"})
	d.off = at
	return false
}

func (d *decoder) subVersion(part string) (int32, int, bool) {
	at := d.off
	if d.left() < 4 {
		return 0, at, d.badBlock(part, at, fmt.Sprintf("%d bytes are too few for a sub-version", d.left()))
	}
	return int32(d.u32()), at, true
}

func (d *decoder) comments(m *model.Model) bool {
	if d.left() == 0 {
		return false
	}
	sv, at, ok := d.subVersion(model.PartComments)
	if !ok {
		return false
	}
	if sv != 1 {
		return d.badBlock(model.PartComments, at, fmt.Sprintf("unknown sub-version %d (only 1 exists)", sv))
	}
	c := model.Comments{SubVersion: sv}
	lists := [3]*[]model.Comment{&c.Groups, &c.Materials, &c.Joints}
	for _, list := range lists {
		if d.left() < 4 {
			return d.badBlock(model.PartComments, at, fmt.Sprintf("a comment count at offset %#x is cut short", d.off))
		}
		countAt := d.off
		n := int32(d.u32())
		if n < 0 || int64(n)*commentEntryFixed > int64(d.left()) {
			return d.badBlock(model.PartComments, at, fmt.Sprintf("comment count %d at offset %#x does not fit in the %d bytes left", n, countAt, d.left()))
		}
		*list = make([]model.Comment, n)
		for i := range *list {
			if d.left() < commentEntryFixed {
				return d.badBlock(model.PartComments, at, fmt.Sprintf("comment %d at offset %#x is cut short", i, d.off))
			}
			e := &(*list)[i]
			e.Index = int32(d.u32())
			text, ok := d.commentText(at, i)
			if !ok {
				return false
			}
			e.Text = text
		}
	}
	if d.left() < 4 {
		return d.badBlock(model.PartComments, at, "the model comment flag is cut short")
	}
	flagAt := d.off
	switch has := int32(d.u32()); has {
	case 0:
	case 1:
		text, ok := d.commentText(at, -1)
		if !ok {
			return false
		}
		c.HasModel, c.Model = true, text
	default:
		return d.badBlock(model.PartComments, at, fmt.Sprintf("model comment flag at offset %#x is %d, not 0 or 1", flagAt, has))
	}
	m.Comments = c
	return true
}

// commentText reads a length-prefixed comment text; index −1 is the model
// comment.
func (d *decoder) commentText(blockAt, index int) (model.Str, bool) {
	what := fmt.Sprintf("comment %d", index)
	if index < 0 {
		what = "the model comment"
	}
	if d.left() < 4 {
		return "", d.badBlock(model.PartComments, blockAt, what+"'s length is cut short")
	}
	lenAt := d.off
	n := int32(d.u32())
	if n < 0 || int(n) > d.left() {
		return "", d.badBlock(model.PartComments, blockAt, fmt.Sprintf("%s's length %d at offset %#x does not fit in the %d bytes left", what, n, lenAt, d.left()))
	}
	s := model.Str(d.data[d.off : d.off+int(n)])
	d.off += int(n)
	return s, true
}

func (d *decoder) vertexExtra(m *model.Model) bool {
	if d.left() == 0 {
		return false
	}
	sv, at, ok := d.subVersion(model.PartVertexExtra)
	if !ok {
		return false
	}
	size := vertexExtraSize(sv)
	if size == 0 {
		return d.badBlock(model.PartVertexExtra, at, fmt.Sprintf("unknown sub-version %d (1, 2 and 3 exist)", sv))
	}
	if len(m.Vertices)*size > d.left() {
		return d.badBlock(model.PartVertexExtra, at, fmt.Sprintf("%d vertices × %d bytes do not fit in the %d bytes left", len(m.Vertices), size, d.left()))
	}
	m.VertexExtraSubVersion = sv
	src := d.data[d.off : d.off+len(m.Vertices)*size]
	d.off += len(m.Vertices) * size
	for i := range m.Vertices {
		v := &m.Vertices[i]
		b := src[:size]
		src = src[size:]
		_ = b[5] // one bounds check for the six bytes every sub-version has
		v.Bones[1], v.Bones[2], v.Bones[3] = boneIDs[b[0]], boneIDs[b[1]], boneIDs[b[2]]
		v.Weights = [3]uint8{b[3], b[4], b[5]}
		if sv >= 2 {
			v.Extra[0] = binary.LittleEndian.Uint32(b[6:])
		}
		if sv >= 3 {
			v.Extra[1] = binary.LittleEndian.Uint32(b[10:])
		}
	}
	return true
}

func (d *decoder) jointExtra(m *model.Model) bool {
	if d.left() == 0 {
		return false
	}
	sv, at, ok := d.subVersion(model.PartJointExtra)
	if !ok {
		return false
	}
	if sv != 1 {
		return d.badBlock(model.PartJointExtra, at, fmt.Sprintf("unknown sub-version %d (only 1 exists)", sv))
	}
	if len(m.Joints)*jointExtraSize > d.left() {
		return d.badBlock(model.PartJointExtra, at, fmt.Sprintf("%d joint colours × %d bytes do not fit in the %d bytes left", len(m.Joints), jointExtraSize, d.left()))
	}
	m.JointExtraSubVersion = sv
	for i := range m.Joints {
		m.Joints[i].Color = d.vec3()
	}
	return true
}

func (d *decoder) modelExtra(m *model.Model) bool {
	if d.left() == 0 {
		return false
	}
	sv, at, ok := d.subVersion(model.PartModelExtra)
	if !ok {
		return false
	}
	if sv != 1 {
		return d.badBlock(model.PartModelExtra, at, fmt.Sprintf("unknown sub-version %d (only 1 exists)", sv))
	}
	if d.left() < modelExtraSize {
		return d.badBlock(model.PartModelExtra, at, fmt.Sprintf("%d bytes left, the block needs %d", d.left(), modelExtraSize))
	}
	m.Extra = model.ModelExtra{SubVersion: sv, JointSize: d.f32(), TransparencyMode: int32(d.u32()), AlphaRef: d.f32()}
	return true
}

// diagnoseShortJoints explains a file whose first optional block does not
// parse where the joint counts put it but parses cleanly, to the end of the
// file, a few bytes earlier: then the last joint's key data is that many
// bytes shorter than its counts say, and its keys from some point on are
// misread. This is the defect of GLScene's Woman4.ms3d. The finding's offset
// is where the bytes went missing when that can be pinned down (see
// RepairShortKeys).
func (d *decoder) diagnoseShortJoints(m *model.Model, at int) {
	if len(m.Joints) == 0 {
		return
	}
	for back := 1; back < keySize && back <= at; back++ {
		probe := decoder{data: d.data, off: at - back}
		trial := *m
		trial.Comments, trial.VertexExtraSubVersion, trial.JointExtraSubVersion, trial.Extra = model.Comments{}, 0, 0, model.ModelExtra{}
		trial.Vertices = append([]model.Vertex(nil), m.Vertices...)
		trial.Joints = append([]model.Joint(nil), m.Joints...)
		if !(probe.comments(&trial) && probe.vertexExtra(&trial) && probe.jointExtra(&trial) && probe.modelExtra(&trial) && probe.left() == 0) {
			continue
		}
		last := len(m.Joints) - 1
		j := &m.Joints[last]
		f := model.Finding{Code: model.CodeKeysShort, Severity: model.Error,
			Where: model.Location{Part: model.PartJoint, Index: last, Offset: int64(at - back)},
			Message: fmt.Sprintf("joint %d (%q) is %d bytes shorter than its key counts say: the optional blocks read cleanly from offset %#x, %d bytes before where the counts put them",
				last, j.Name.Display(), back, at-back, back)}
		if k, kind, ki := firstBrokenKey(j); k >= 0 {
			keyAt := at - keySize*(len(j.RotationKeys)+len(j.PositionKeys)-k)
			f.Where.Offset = int64(keyAt - back)
			f.Message += fmt.Sprintf("; the bytes are missing just before %s key %d (offset %#x), where key times stop increasing", kind, ki, keyAt-back)
			f.Fix = fmt.Sprintf("restore the %d missing bytes as zeros at offset %#x: every key and block then reads cleanly", back, keyAt-back)
			d.shortKeys = &shortKeys{at: keyAt - back, missing: back}
		}
		d.findings = append(d.findings, f)
		return
	}
}

// firstBrokenKey returns the index, among a joint's rotation keys followed
// by its position keys, of the first key whose time is not finite or does
// not increase (position keys restart the sequence), with its kind and
// index within its kind; −1 when all keys look right.
func firstBrokenKey(j *model.Joint) (int, string, int) {
	check := func(keys []model.Key) int {
		for i, k := range keys {
			t := float64(k.Time)
			if !num.Finite(t) || t < 0 || (i > 0 && !(k.Time > keys[i-1].Time)) {
				return i
			}
		}
		return -1
	}
	if i := check(j.RotationKeys); i >= 0 {
		return i, "rotation", i
	}
	if i := check(j.PositionKeys); i >= 0 {
		return len(j.RotationKeys) + i, "position", i
	}
	return -1, "", -1
}

// RepairShortKeys repairs the defect diagnosed by the "joint.keys-short"
// finding: it restores the missing bytes as zeros where the last joint's
// keys went out of step and returns the repaired file, which decodes with
// every key and optional block intact. The key just before the repair point
// keeps a damaged value (its lost bytes are now zero). ok is false when data
// does not have this defect or the repair does not read cleanly.
func RepairShortKeys(data []byte) (repaired []byte, offset, count int, ok bool) {
	d := decoder{data: data}
	if _, err := d.decode(); err != nil || d.shortKeys == nil {
		return nil, 0, 0, false
	}
	out := d.repaired()
	if _, after, err := Decode(out); err != nil || model.HasErrors(after) {
		return nil, 0, 0, false
	}
	return out, d.shortKeys.at, d.shortKeys.missing, true
}

// Repair is what repairing a file whose joint keys are short gives (see
// RepairShortKeys): the model and findings of the repaired bytes, and
// where the missing bytes were restored.
type Repair struct {
	// Model and Findings are what decoding the repaired bytes gives; the
	// findings' offsets are in the repaired bytes.
	Model    *model.Model
	Findings []model.Finding
	// Size is the length of the repaired bytes: Count more than the file.
	Size int
	// Offset is where the Count zero bytes were restored, in the file and
	// in the repaired bytes alike.
	Offset, Count int
}

// DecodeRepairing is Decode, and also, when the decoder finds the last
// joint's keys short by a few bytes (model.CodeKeysShort) at a point it
// can pin down and the repaired bytes decode without errors, the repair
// (RepairShortKeys) already decoded; the repair is nil otherwise. A file
// without the defect costs what Decode costs.
func DecodeRepairing(data []byte) (*model.Model, []model.Finding, *Repair, error) {
	d := decoder{data: data}
	m, err := d.decode()
	if err != nil || d.shortKeys == nil {
		return m, d.findings, nil, err
	}
	return m, d.findings, d.repair(), nil
}

// repair decodes the repaired bytes; nil when they do not read without
// errors.
func (d *decoder) repair() *Repair {
	out := d.repaired()
	m, found, err := Decode(out)
	if err != nil || model.HasErrors(found) {
		return nil
	}
	return &Repair{Model: m, Findings: found, Size: len(out), Offset: d.shortKeys.at, Count: d.shortKeys.missing}
}

// repaired returns d's bytes with the ones d.shortKeys says are missing
// restored as zeros.
func (d *decoder) repaired() []byte {
	at, n := d.shortKeys.at, d.shortKeys.missing
	out := make([]byte, 0, len(d.data)+n)
	return append(append(append(out, d.data[:at]...), make([]byte, n)...), d.data[at:]...)
}

// shortKeys locates the bytes missing from a joint's keys.
type shortKeys struct{ at, missing int }
