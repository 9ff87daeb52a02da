package document

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"ms3dstudio/document/exporter"
	"ms3dstudio/formats/ms3d"
	"ms3dstudio/model"
	"ms3dstudio/model/fit"
	"ms3dstudio/model/validate"
)

// groupsScene returns an imported-looking model of n one-triangle groups,
// each using one of two materials, with vertices at x = group.
func groupsScene(n int) *model.Model {
	m := &model.Model{Version: 4, FPS: 24, Materials: []model.Material{{Name: "a", Transparency: 1}, {Name: "b", Transparency: 1}}}
	for g := range n {
		v := uint32(len(m.Vertices))
		for _, p := range [][3]float32{{float32(g), 0, 0}, {float32(g) + 0.5, 0, 0}, {float32(g), 0.5, 0}} {
			m.Vertices = append(m.Vertices, model.Vertex{Position: p, Bones: [4]uint16{model.NoBone, model.NoBone, model.NoBone, model.NoBone}})
		}
		m.Triangles = append(m.Triangles, model.Triangle{Vertices: [3]uint32{v, v + 1, v + 2}, Group: uint16(g),
			Normals: [3][3]float32{{0, 0, 1}, {0, 0, 1}, {0, 0, 1}}})
		m.Groups = append(m.Groups, model.Group{Name: model.Str(fmt.Sprintf("part%d", g)), Triangles: []uint32{uint32(g)}, Material: int16(g % 2)})
	}
	return m
}

// TestPlanSaveThenSaveAs shows the fit before the save, saves the fitted
// model as an undoable command, and undoes it back to the import.
func TestPlanSaveThenSaveAs(t *testing.T) {
	d := New(groupsScene(305), "", nil)
	d.MarkUnsaved()
	out := filepath.Join(t.TempDir(), "scene.ms3d")
	plan := d.PlanSave(out)
	merged := 0
	for _, f := range plan {
		if f.Code == model.CodeFitGroups && f.Where.Index >= 0 {
			merged++
		}
	}
	if merged != 50 || len(d.Model().Groups) != 305 {
		t.Fatalf("plan merges %d groups (want 50) and the model has %d groups (want 305 until the save)", merged, len(d.Model().Groups))
	}
	if err := d.SaveAs(out); err != nil {
		t.Fatal(err)
	}
	back, found, err := ms3d.ReadFile(out)
	if err != nil || len(found) > 0 || len(back.Groups) != 255 {
		t.Fatalf("the file: %v %v, %d groups", err, found, len(back.Groups))
	}
	for _, f := range validate.Check(back, validate.Options{}) {
		if f.Severity == model.Error {
			t.Errorf("the file: %v", f)
		}
	}
	if h := d.History(); len(h) != 1 || h[0] != "Fit to MS3D limits" || d.Modified() {
		t.Errorf("history %v, modified %v", h, d.Modified())
	}
	if len(d.PlanSave(out)) != 0 {
		t.Error("a second save would change the model again")
	}
	d.Undo()
	if len(d.Model().Groups) != 305 || !d.Modified() {
		t.Errorf("after undo: %d groups, modified %v", len(d.Model().Groups), d.Modified())
	}
}

// TestExportSplit writes a model past MS3D's vertex limit as OUT-1.ms3d
// and OUT-2.ms3d, each valid, and refuses one file without --split.
func TestExportSplit(t *testing.T) {
	m := groupsScene(25000) // 75,000 vertices
	dir := t.TempDir()
	out := filepath.Join(dir, "big.ms3d")
	_, _, err := exporter.Write(m, out, nil, exporter.Options{})
	var tl *fit.TooLargeError
	if !errors.As(err, &tl) || !strings.Contains(err.Error(), "75000 vertices") {
		t.Fatalf("export without split: %v, want a *fit.TooLargeError with the count", err)
	}
	if _, err := os.Stat(out); err == nil {
		t.Fatal("a file was written")
	}
	written, found, err := exporter.Write(m, out, nil, exporter.Options{Split: true})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{filepath.Join(dir, "big-1.ms3d"), filepath.Join(dir, "big-2.ms3d")}
	if strings.Join(written, " ") != strings.Join(want, " ") {
		t.Fatalf("wrote %v, want %v", written, want)
	}
	tris := 0
	for _, path := range written {
		p, fs, err := ms3d.ReadFile(path)
		if err != nil || len(fs) > 0 {
			t.Fatalf("%s: %v %v", path, err, fs)
		}
		for _, f := range validate.Check(p, validate.Options{}) {
			if f.Severity == model.Error {
				t.Errorf("%s: %v", path, f)
			}
		}
		tris += len(p.Triangles)
	}
	if tris != 25000 {
		t.Errorf("%d triangles in the parts, want 25000", tris)
	}
	splits := 0
	for _, f := range found {
		if f.Code == model.CodeFitSplit {
			splits++
		}
	}
	if splits != 2 || len(m.Groups) != 25000 {
		t.Errorf("%d split findings; the model has %d groups (Export must not change it)", splits, len(m.Groups))
	}
}
