package document

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"ms3dstudio/formats/ms3d"
	"ms3dstudio/formats/ms3d/ms3dfix"
	"ms3dstudio/model"
	"ms3dstudio/model/fix"
)

// TestFixPlanKeepsWhatOpeningRead plans the fixes of a copy of Woman4
// (joint keys short by 3 bytes: the plan starts from their byte-level
// repair) while the file is there, after it was deleted and after another
// file took its place: the plan is the same each time, and it is what
// ms3dfix.Decode makes of the file's bytes (what `ms3dtool fix` does). After
// Save As, the plan comes from the bytes written.
func TestFixPlanKeepsWhatOpeningRead(t *testing.T) {
	data, err := os.ReadFile(corpusPath(t, "Woman4.ms3d"))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "Woman4.ms3d")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	d, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	wantModel, wantChanges, err := ms3dfix.Decode(data, fix.Options{Textures: d.TextureResolver()})
	if err != nil {
		t.Fatal(err)
	}
	if len(wantChanges) == 0 || wantChanges[0].Code != model.CodeKeysShort {
		t.Fatalf("ms3dfix.Decode did not repair Woman4's keys first: %v", wantChanges)
	}
	want, err := ms3d.Encode(wantModel)
	if err != nil {
		t.Fatal(err)
	}
	check := func(when string) {
		t.Helper()
		plan, err := PlanFixes(d, nil)
		if err != nil {
			t.Fatalf("%s: %v", when, err)
		}
		got, err := ms3d.Encode(plan.Fixed)
		if err != nil {
			t.Fatalf("%s: %v", when, err)
		}
		if !bytes.Equal(got, want) || !reflect.DeepEqual(plan.Changes, wantChanges) {
			t.Errorf("%s: the plan differs from ms3dfix.Decode's (%d changes, want %d; same model %v)", when, len(plan.Changes), len(wantChanges), bytes.Equal(got, want))
		}
	}
	check("with the file there")
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	check("after the file was deleted")
	box, err := os.ReadFile(corpusPath(t, "GLScene/Demos/media/models/Box.ms3d"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, box, 0o644); err != nil {
		t.Fatal(err)
	}
	check("after another file took its place")
	if d.Model().VertexExtraSubVersion != 0 || len(d.Model().Trailing) == 0 {
		t.Fatal("planning changed the document")
	}

	saved := filepath.Join(t.TempDir(), "saved.ms3d")
	if err := d.SaveAs(saved); err != nil {
		t.Fatal(err)
	}
	if written, err := os.ReadFile(saved); err != nil || !bytes.Equal(written, data) {
		t.Fatalf("Save As of the unchanged model did not write the file's bytes (%v)", err)
	}
	check("after Save As")
}
