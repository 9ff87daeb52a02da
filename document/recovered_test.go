package document

import (
	"strings"
	"testing"

	"ms3dstudio/model/sample"
)

// TestRecoveredStandsForTheOriginal: a document made from a recovery copy
// holds the copy's model at the original's path (or under the untitled
// name), modified, and refuses bytes that are no MS3D file.
func TestRecoveredStandsForTheOriginal(t *testing.T) {
	src := New(sample.Model(), "", nil)
	if err := src.Do(RenameGroup(0, "recovered edit")); err != nil {
		t.Fatal(err)
	}
	data, err := src.Encode()
	if err != nil {
		t.Fatal(err)
	}
	d, err := Recovered(data, "/models/robot.ms3d", "robot.ms3d")
	if err != nil {
		t.Fatal(err)
	}
	if d.Path() != "/models/robot.ms3d" || d.Name() != "robot.ms3d" || !d.Modified() || d.CanUndo() {
		t.Fatalf("path %q name %q modified %v undo %v", d.Path(), d.Name(), d.Modified(), d.CanUndo())
	}
	if got := d.Model().Groups[0].Name.Display(); got != "recovered edit" {
		t.Fatalf("group %q", got)
	}
	u, err := Recovered(data, "", sample.Name)
	if err != nil || u.Path() != "" || u.Name() != sample.Name || !u.Modified() {
		t.Fatalf("untitled: %v %q %q", err, u.Path(), u.Name())
	}
	if _, err := Recovered([]byte("not a model"), "/models/x.ms3d", "x.ms3d"); err == nil || !strings.Contains(err.Error(), "x.ms3d") {
		t.Fatalf("garbage: %v", err)
	}
}
