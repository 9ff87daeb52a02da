package ms3dfix

import (
	"os"
	"testing"

	"ms3dstudio/formats/ms3d"
	"ms3dstudio/internal/corpus"
	"ms3dstudio/model"
	"ms3dstudio/model/fix"
)

// TestDecodeRepairsShortKeys decodes Woman4, whose last joint's keys are
// a few bytes short: the repair is the first change, the fixed model
// encodes into a file that decodes without findings, and every location
// of the log is a byte offset inside the file as it was. Skipping the
// repair leaves it out of the log.
func TestDecodeRepairsShortKeys(t *testing.T) {
	data, err := os.ReadFile(corpus.File(t, "Woman4.ms3d").Path)
	if err != nil {
		t.Fatal(err)
	}
	m, changes, err := Decode(data, fix.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(changes) == 0 || changes[0].Code != model.CodeKeysShort {
		t.Fatalf("changes %v, want the key repair first", changes)
	}
	for _, c := range changes {
		if c.Where.Offset >= int64(len(data)) {
			t.Errorf("%v: offset %d past the file's %d bytes", c, c.Where.Offset, len(data))
		}
	}
	out, err := ms3d.Encode(m)
	if err != nil {
		t.Fatal(err)
	}
	if _, found, err := ms3d.Decode(out); err != nil || len(found) > 0 {
		t.Errorf("the fixed file: %v %v", err, found)
	}
	_, skipped, err := Decode(data, fix.Options{Skip: []model.Code{model.CodeKeysShort}})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range skipped {
		if c.Code == model.CodeKeysShort {
			t.Errorf("the repair was skipped but logged: %v", c)
		}
	}
	if _, _, err := Decode([]byte("not a model"), fix.Options{}); err == nil {
		t.Error("no error for bytes that are no MS3D file")
	}
}
