// Package ms3dfix decodes an MS3D file and fixes the model with model/fix,
// as "ms3dtool fix" and the app's fixes do: a file whose last joint's keys
// are a few bytes short (model.CodeKeysShort) is first repaired with
// formats/ms3d.RepairShortKeys, and the findings and the fixes' log keep
// byte offsets in the file as it was (ms3d-format.md).
package ms3dfix

import (
	"fmt"

	"ms3dstudio/formats/ms3d"
	"ms3dstudio/model"
	"ms3dstudio/model/fix"
	"ms3dstudio/model/validate"
)

// Decode decodes the MS3D file held in data and fixes the model with
// model/fix. When the decoder finds the last joint's keys a few bytes
// short (model.CodeKeysShort) and that fix is enabled, the bytes are first
// repaired with formats/ms3d.RepairShortKeys and the repaired file is
// decoded instead; the repair is the first change in the log. Locations in the log carry byte
// offsets in data (unless opt.Locator is set). The error is the decoder's,
// for input that is not an MS3D file at all.
func Decode(data []byte, opt fix.Options) (*model.Model, []fix.Change, error) {
	m, found, rep, err := ms3d.DecodeRepairing(data)
	if err != nil {
		return nil, nil, err
	}
	m, changes := Fix(m, found, len(data), rep, opt)
	return m, changes, nil
}

// Fix fixes m, decoded from size bytes with the findings found and, when
// they have short keys, the repair rep (nil when they do not or it
// failed; see ms3d.DecodeRepairing), as Decode does: for a caller that
// decoded the file already. It returns the model fixed (rep's when the
// repair is used) and the log of changes, and changes m, found and rep's
// model and findings.
func Fix(m *model.Model, found []model.Finding, size int, rep *ms3d.Repair, opt fix.Options) (*model.Model, []fix.Change) {
	var changes []fix.Change
	shift := func(off int64) int64 { return off }
	if short, ok := findCode(found, model.CodeKeysShort); ok && rep != nil && opt.Enabled(model.CodeKeysShort) {
		j, at, n := short.Where.Index, rep.Offset, rep.Count
		changes = append(changes, fix.Change{Code: model.CodeKeysShort, Where: short.Where,
			Message: fmt.Sprintf("restored the %d missing bytes as zeros at offset %#x, inside joint %d (%s)'s keys: its keys and the optional blocks after it read in step again (the key just before keeps a damaged value)",
				n, at, j, fmt.Sprintf("%q", rep.Model.Joints[j].Name.Display()))})
		m, found, size = rep.Model, rep.Findings, rep.Size
		// Offsets in the repaired bytes, back to offsets in data.
		shift = func(off int64) int64 {
			switch {
			case off < int64(at):
				return off
			case off < int64(at+n):
				return int64(at)
			}
			return off - int64(n)
		}
	}
	if opt.Locator == nil {
		before := *m // NewLayout asks the model for counts later: give it the one before Fix
		opt.Locator = shiftedLayout{ms3d.NewLayout(&before).Within(int64(size)), shift}
	}
	for i := range found {
		if found[i].Where.Offset >= 0 {
			found[i].Where.Offset = shift(found[i].Where.Offset)
		}
	}
	return m, append(changes, fix.Fix(m, found, opt)...)
}

// findCode returns the first finding of fs with code.
func findCode(fs []model.Finding, code model.Code) (model.Finding, bool) {
	for _, f := range fs {
		if f.Code == code {
			return f, true
		}
	}
	return model.Finding{}, false
}

// shiftedLayout maps a layout's offsets in repaired bytes to offsets in the
// original file.
type shiftedLayout struct {
	l     *ms3d.Layout
	shift func(int64) int64
}

// Offset implements validate.Locator.
func (s shiftedLayout) Offset(part string, index int) int64 {
	if off := s.l.Offset(part, index); off >= 0 {
		return s.shift(off)
	}
	return -1
}

// JointKeyOffset implements validate.KeyLocator.
func (s shiftedLayout) JointKeyOffset(joint int, position bool, key int) int64 {
	if off := s.l.JointKeyOffset(joint, position, key); off >= 0 {
		return s.shift(off)
	}
	return -1
}

var _ validate.KeyLocator = shiftedLayout{}
