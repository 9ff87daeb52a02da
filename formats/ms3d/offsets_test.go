package ms3d

import (
	"encoding/binary"
	"math"
	"testing"

	"ms3dstudio/internal/corpus"
	"ms3dstudio/model"
)

// TestLayoutMatchesFile checks the computed offsets against the bytes of
// real files: each group and joint offset must point at a record whose name
// is the decoded name, and each part must start where its count sits.
func TestLayoutMatchesFile(t *testing.T) {
	corpus.EachMS3D(t, func(t *testing.T, e corpus.Entry, data []byte) {
		m, findings, err := Decode(data)
		if err != nil || model.HasErrors(findings) {
			return
		}
		l := NewLayout(m)
		if got := binary.LittleEndian.Uint16(data[l.Offset(model.PartVertex, -1)-2:]); int(got) != len(m.Vertices) {
			t.Errorf("%s: vertex count at layout offset = %d, want %d", e, got, len(m.Vertices))
		}
		if got := binary.LittleEndian.Uint16(data[l.Offset(model.PartTriangle, -1)-2:]); int(got) != len(m.Triangles) {
			t.Errorf("%s: triangle count at layout offset = %d, want %d", e, got, len(m.Triangles))
		}
		for i, g := range m.Groups {
			off := l.Offset(model.PartGroup, i)
			if got := model.Str(trimNUL(data[off+1 : off+33])); got != g.Name {
				t.Errorf("%s: group %d name at %#x = %q, want %q", e, i, off, got, g.Name)
			}
		}
		for i, mt := range m.Materials {
			off := l.Offset(model.PartMaterial, i)
			if got := model.Str(trimNUL(data[off : off+32])); got != mt.Name {
				t.Errorf("%s: material %d name at %#x = %q, want %q", e, i, off, got, mt.Name)
			}
		}
		for i, j := range m.Joints {
			off := l.Offset(model.PartJoint, i)
			if got := model.Str(trimNUL(data[off+1 : off+33])); got != j.Name {
				t.Errorf("%s: joint %d name at %#x = %q, want %q", e, i, off, got, j.Name)
			}
			if len(j.PositionKeys) > 0 {
				ko := l.JointKeyOffset(i, true, len(j.PositionKeys)-1)
				if got := binary.LittleEndian.Uint32(data[ko:]); got != math.Float32bits(j.PositionKeys[len(j.PositionKeys)-1].Time) {
					t.Errorf("%s: joint %d last position key time at %#x differs", e, i, ko)
				}
			}
		}
		if m.Extra.SubVersion != 0 {
			off := l.Offset(model.PartModelExtra, -1)
			if int(off)+16 != len(data)-len(m.Trailing) || binary.LittleEndian.Uint32(data[off:]) != 1 {
				t.Errorf("%s: model extra at %#x does not end the file", e, off)
			}
		}
	})
}

func trimNUL(b []byte) []byte {
	for len(b) > 0 && b[len(b)-1] == 0 {
		b = b[:len(b)-1]
	}
	return b
}

func TestLayoutWithin(t *testing.T) {
	m := &model.Model{Vertices: make([]model.Vertex, 10), FPS: 24}
	l := NewLayout(m)
	if got := l.Offset(model.PartKeyframer, -1); got != 14+2+150+2+2+2 {
		t.Fatalf("keyframer at %d", got)
	}
	cut := l.Within(100)
	if cut.Offset(model.PartVertex, 3) != 16+45 || cut.Offset(model.PartKeyframer, -1) != -1 || cut.Offset(model.PartVertex, 9) != -1 {
		t.Fatalf("Within(100): vertex 3 at %d, keyframer at %d", cut.Offset(model.PartVertex, 3), cut.Offset(model.PartKeyframer, -1))
	}
}
