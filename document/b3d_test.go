package document_test

import (
	"path/filepath"
	"slices"
	"testing"

	"ms3dstudio/document"
	"ms3dstudio/document/check"
	"ms3dstudio/internal/corpus"
	"ms3dstudio/model"
)

// open opens path, failing the test when it cannot.
func open(t *testing.T, path string) *document.Document {
	t.Helper()
	d, err := document.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// openImport opens path, a file of a format the document imports
// ("b3d"): CanOpen must take it, and it opens as an import, modified
// until saved as MS3D.
func openImport(t *testing.T, path, format string) *document.Document {
	t.Helper()
	if !document.CanOpen(path) {
		t.Fatalf("CanOpen refuses .%s", format)
	}
	d := open(t, path)
	if im := d.Imported(); im == nil || im.Format != format || !d.Modified() {
		t.Fatalf("imported %+v, modified %v", d.Imported(), d.Modified())
	}
	return d
}

// TestOpenB3DAndSaveAsMS3D opens Luanti's player model, saves it as MS3D
// and reopens that: the same mesh and skeleton.
func TestOpenB3DAndSaveAsMS3D(t *testing.T) {
	path := filepath.Join(corpus.Dir(t), "b3d", "minetest_game", "mods", "player_api", "models", "character.b3d")
	d := openImport(t, path, "b3d")
	out := filepath.Join(t.TempDir(), "character.ms3d")
	if err := d.SaveAs(out); err != nil {
		t.Fatal(err)
	}
	back := open(t, out)
	a, b := d.Model(), back.Model()
	if len(b.Joints) != 6 || len(b.Triangles) != len(a.Triangles) || len(b.Joints[1].RotationKeys) != len(a.Joints[1].RotationKeys) {
		t.Errorf("read back %d joints, %d triangles, %d head keys; want 6, %d, %d", len(b.Joints), len(b.Triangles), len(b.Joints[1].RotationKeys), len(a.Triangles), len(a.Joints[1].RotationKeys))
	}
}

// TestB3DTargets sets the B3D engines as the document's target: its
// findings then say what Luanti and Irrlicht (as the MS3D reader and the
// B3D engine both) will misread.
func TestB3DTargets(t *testing.T) {
	irr, err := check.ParseTarget("Irrlicht")
	if err != nil {
		t.Fatal(err)
	}
	lua, err := check.ParseTarget("luanti")
	if err != nil {
		t.Fatal(err)
	}
	d := open(t, corpus.File(t, "lesson31_bcb6/Data/Model.ms3d").Path)
	d.SetTarget(lua)
	if !slices.ContainsFunc(d.Findings(), func(f model.Finding) bool { return f.Code == model.CodeB3DLuantiTextures }) {
		t.Errorf("for luanti, findings %v have no %s", d.Findings(), model.CodeB3DLuantiTextures)
	}
	d.SetTarget(irr)
	if !slices.ContainsFunc(d.Findings(), func(f model.Finding) bool { return f.Code == model.CodeIrrlichtPositionKeys }) {
		t.Errorf("for irrlicht, findings %v have no %s", d.Findings(), model.CodeIrrlichtPositionKeys)
	}
}
