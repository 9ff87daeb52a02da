package document

import (
	"errors"
	"testing"

	"ms3dstudio/model/transform"
)

// TestTransformModelUndoes scales and mirrors a corpus model, undoes it
// back to the same bytes, and refuses to stretch an animated one.
func TestTransformModelUndoes(t *testing.T) {
	d := openCorpus(t, "nehe-opengl/bcb6/lesson31_bcb6/Data/Model.ms3d")
	before := encode(t, d)
	if err := d.Do(TransformModel("Transform model", transform.Scale(3).Then(transform.Mirror(0)))); err != nil {
		t.Fatal(err)
	}
	if d.UndoLabel() != "Transform model" || !d.Modified() {
		t.Fatalf("undo label %q, modified %v", d.UndoLabel(), d.Modified())
	}
	d.Undo()
	sameBytes(t, "after undo", encode(t, d), before)
	if _, err := d.Redo(); err != nil {
		t.Fatal(err)
	}
	err := d.Do(TransformModel("Scale model", transform.ScaleXYZ([3]float64{1, 2, 1})))
	var nr *transform.NotRigidError
	if !errors.As(err, &nr) || d.UndoLabel() != "Transform model" {
		t.Errorf("stretch: %v, undo label %q", err, d.UndoLabel())
	}
}
