package document

import (
	"errors"
	"testing"

	"ms3dstudio/model"
)

// TestBulk runs a whole-model edit (dropping a group's triangles and every
// key, as a fix-up might), undoes it to the original bytes and redoes it.
func TestBulk(t *testing.T) {
	d := openCorpus(t, "Woman4.ms3d")
	before := encode(t, d)
	m := d.Model()
	runs := 0
	cmd := Bulk("Fix keys", Keys|Geometry, func(m *model.Model) error {
		runs++
		m.Triangles = m.Triangles[:10]
		for i := range m.Joints {
			m.Joints[i].RotationKeys = nil
			m.Joints[i].PositionKeys[0].Time = 99 // in place: the copy must not share it
		}
		return nil
	})
	if err := d.Do(cmd); err != nil {
		t.Fatal(err)
	}
	if len(m.Triangles) != 10 || m.Joints[0].RotationKeys != nil || d.Model() != m {
		t.Fatal("bulk edit not applied to the document's model")
	}
	d.Undo()
	sameBytes(t, "after undo", encode(t, d), before)
	if d.Modified() {
		t.Fatal("modified after undo")
	}
	d.Redo()
	if runs != 2 || len(m.Triangles) != 10 {
		t.Fatalf("redo: runs %d, %d triangles", runs, len(m.Triangles))
	}
	d.Undo()
	sameBytes(t, "after second undo", encode(t, d), before)

	// A failing edit leaves the model untouched and is not recorded.
	boom := errors.New("boom")
	err := d.Do(Bulk("Break", Everything, func(m *model.Model) error {
		m.Vertices = nil
		m.Joints[1].Name = "x"
		return boom
	}))
	if !errors.Is(err, boom) || d.CanUndo() {
		t.Fatalf("failed bulk edit: %v", err)
	}
	sameBytes(t, "after failed edit", encode(t, d), before)
}
