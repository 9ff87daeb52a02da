package stress

import (
	"bytes"
	"testing"

	"ms3dstudio/formats/ms3d"
	"ms3dstudio/formats/ms3d/ms3dtest"
	"ms3dstudio/model"
	"ms3dstudio/model/validate"
)

// TestModelAtTheLimits checks the counts and that the model encodes,
// decodes and validates without errors.
func TestModelAtTheLimits(t *testing.T) {
	m := Model()
	if len(m.Vertices) != Vertices || len(m.Triangles) != Triangles || len(m.Groups) != Groups || len(m.Joints) != Joints {
		t.Fatalf("%d vertices, %d triangles, %d groups, %d joints", len(m.Vertices), len(m.Triangles), len(m.Groups), len(m.Joints))
	}
	back, _ := ms3dtest.RoundTrip(t, m)
	for _, f := range validate.Check(back, validate.Options{}) {
		// 65,535 is what the issue asks for; the validator calls one
		// more than 65,534 an error (0xFFFF addresses nothing).
		if f.Severity == model.Error && f.Code != model.CodeCount {
			t.Errorf("finding %v", f)
		}
	}
	var inf [4]model.Influence
	for i := range m.Vertices[:10] {
		if n := back.Influences(i, &inf); n != 4 {
			t.Fatalf("vertex %d has %d influences, want 4", i, n)
		}
	}
}

// BenchmarkEncodeAtTheLimits encodes the model at the format's limits: what
// an autosave (ui.Editor.Autosave) costs the UI goroutine at worst, as the
// write itself happens in the background.
func BenchmarkEncodeAtTheLimits(b *testing.B) {
	m := Model()
	b.ReportAllocs()
	for b.Loop() {
		data, err := ms3d.Encode(m)
		if err != nil {
			b.Fatal(err)
		}
		b.SetBytes(int64(len(data)))
	}
}

// TestCharacterShape checks the character's counts and that it encodes,
// decodes without a finding to what encodes to the same bytes, and
// validates without a finding.
func TestCharacterShape(t *testing.T) {
	m := Character()
	keys := 0
	for _, j := range m.Joints {
		keys += len(j.RotationKeys) + len(j.PositionKeys)
	}
	if len(m.Vertices) != CharacterVertices || len(m.Triangles) != CharacterVertices || len(m.Joints) != CharacterJoints || keys != CharacterKeys {
		t.Fatalf("%d vertices, %d triangles, %d joints, %d keys; want %d, %[5]d, %d, %d", len(m.Vertices), len(m.Triangles), len(m.Joints), keys, CharacterVertices, CharacterJoints, CharacterKeys)
	}
	back, data := ms3dtest.RoundTrip(t, m)
	if again, err := ms3d.Encode(back); err != nil || !bytes.Equal(again, data) {
		t.Errorf("the decoded model encodes differently (%v)", err)
	}
	for _, f := range validate.Check(back, validate.Options{}) {
		t.Errorf("finding %v", f)
	}
}
