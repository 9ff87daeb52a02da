package document

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"ms3dstudio/formats/ms3d"
	"ms3dstudio/internal/corpus"
	"ms3dstudio/model"
)

// TestSaveUnchangedIsIdentical saves every corpus file without edits and
// compares the bytes with the original (Woman4 included: its unreadable
// comments block is kept as trailing bytes). Every corpus file opens. A
// file cut short inside a mandatory part (Wuson_a8a1ca98.ms3d) cannot be
// written back as it was: what was read of it is saved as a complete file,
// which reads back without a finding as the same model.
func TestSaveUnchangedIsIdentical(t *testing.T) {
	corpus.EachMS3D(t, func(t *testing.T, e corpus.Entry, orig []byte) {
		// Saved beside itself: into another folder, the texture
		// paths would be rewritten to name the same files from there
		// (TestSaveAsElsewhereKeepsTexturesResolving).
		dir := t.TempDir()
		in := filepath.Join(dir, filepath.Base(e.Path))
		if err := os.WriteFile(in, orig, 0o644); err != nil {
			t.Fatal(err)
		}
		d, err := Open(in)
		if err != nil {
			t.Fatal(err)
		}
		out := filepath.Join(dir, "out.ms3d")
		if err := d.SaveAs(out); err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		if d.Path() != out || d.Modified() {
			t.Errorf("after SaveAs: path %q modified %v", d.Path(), d.Modified())
		}
		if !e.Defective || !strings.HasPrefix(e.Problems, "truncated") {
			sameBytes(t, "saved file", got, orig)
			return
		}
		back, found, err := ms3d.Decode(got)
		if err != nil || len(found) > 0 {
			t.Fatalf("the truncated file saved does not read cleanly: %v %v", err, found)
		}
		if !reflect.DeepEqual(back, d.Model()) {
			t.Error("the truncated file saved reads back as another model than the one read")
		}
		if len(got) >= len(orig) || !bytes.Equal(got[:100], orig[:100]) {
			t.Errorf("saved %d bytes of a %d-byte file cut short, not starting as it does", len(got), len(orig))
		}
	})
}

func TestSaveKeepsBackupAndTracksSavePoint(t *testing.T) {
	path := writeFixture(t, t.TempDir())
	orig, _ := os.ReadFile(path)
	d, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	var saves int
	d.Subscribe(func(ch Change) {
		if ch.What == Saved {
			saves++
		}
	})
	if NeedsConfirm(d) || d.Modified() {
		t.Fatal("fresh document is modified")
	}
	if err := d.Do(RenameGroup(0, "Body")); err != nil {
		t.Fatal(err)
	}
	if !d.Modified() || !NeedsConfirm(d) {
		t.Fatal("edit did not mark the document modified")
	}
	if err := d.Save(); err != nil {
		t.Fatal(err)
	}
	if d.Modified() || saves != 1 {
		t.Fatalf("after save: modified %v, %d save notifications", d.Modified(), saves)
	}
	bak, err := os.ReadFile(path + ".bak")
	if err != nil {
		t.Fatal(err)
	}
	sameBytes(t, "backup", bak, orig)
	if m := reread(t, d); m.Groups[0].Name != "Body" {
		t.Fatalf("saved name %q", m.Groups[0].Name)
	}
	saved, _ := os.ReadFile(path)
	sameBytes(t, "saved file", saved, encode(t, d))

	// Undo past the save point makes the document modified, redo returns
	// to it.
	d.Undo()
	if !d.Modified() {
		t.Fatal("undo after save: not modified")
	}
	if _, err := d.Redo(); err != nil || d.Modified() {
		t.Fatalf("redo to the save point: modified %v, %v", d.Modified(), err)
	}
	// A second save keeps the first backup: it is the original file.
	d.Undo()
	if err := d.Save(); err != nil {
		t.Fatal(err)
	}
	bak, _ = os.ReadFile(path + ".bak")
	sameBytes(t, "backup after second save", bak, orig)
	saved, _ = os.ReadFile(path)
	sameBytes(t, "file after undoing everything", saved, orig)

	// Diverging after undoing past the save point loses the saved state.
	if err := d.Do(RenameGroup(0, "A")); err != nil {
		t.Fatal(err)
	}
	d.Save()
	d.Undo()
	if err := d.Do(RenameGroup(0, "B")); err != nil {
		t.Fatal(err)
	}
	d.Undo()
	if !d.Modified() {
		t.Fatal("state differs from the saved one but is not modified")
	}
}

func TestSaveRefusesNonMS3D(t *testing.T) {
	d := New(&model.Model{Version: 4}, "", nil)
	if err := d.Save(); !errors.Is(err, ErrNoPath) {
		t.Fatalf("no path: %v", err)
	}
	dir := t.TempDir()
	d = New(&model.Model{Version: 4}, filepath.Join(dir, "x.3ds"), nil)
	d.MarkUnsaved()
	if !d.Modified() {
		t.Fatal("MarkUnsaved did not mark")
	}
	if err := d.Save(); !errors.Is(err, ErrNoPath) {
		t.Fatalf(".3ds path: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "x.3ds")); !os.IsNotExist(err) {
		t.Fatal("Save wrote over a .3ds path")
	}
	if err := d.SaveAs(filepath.Join(dir, "x.ms3d")); err != nil || d.Modified() || d.Name() != "x.ms3d" {
		t.Fatalf("SaveAs: %v modified %v name %q", err, d.Modified(), d.Name())
	}
}

func TestSaveErrorKeepsState(t *testing.T) {
	d := openFixture(t)
	d.Do(RenameGroup(0, "x"))
	err := d.SaveAs(filepath.Join(t.TempDir(), "missing-dir", "a.ms3d"))
	if err == nil {
		t.Fatal("saving into a missing folder succeeded")
	}
	if !d.Modified() || filepath.Base(d.Path()) != "Model.ms3d" {
		t.Fatalf("failed save changed state: modified %v path %q", d.Modified(), d.Path())
	}
}

func TestOpenErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.ms3d")
	os.WriteFile(bad, []byte("not a model"), 0o644)
	for _, p := range []string{bad, filepath.Join(dir, "none.ms3d")} {
		if d, err := Open(p); err == nil || d != nil {
			t.Errorf("Open(%s) = %v, %v", p, d, err)
		}
	}
}

func TestNotifications(t *testing.T) {
	d := openFixture(t)
	var got []Change
	cancel := d.Subscribe(func(ch Change) { got = append(got, ch) })
	d.Do(SetShininess(1, 10))
	d.Undo()
	d.Redo()
	d.Do(SetShininess(1, 10)) // no change: no notification
	cancel()
	d.Do(SetShininess(1, 20))
	want := []Change{
		{What: Material, Part: model.PartMaterial, Index: 1, Label: "Set shininess"},
		{What: Material, Part: model.PartMaterial, Index: 1, Label: "Set shininess", Undo: true},
		{What: Material, Part: model.PartMaterial, Index: 1, Label: "Set shininess"},
	}
	if len(got) != len(want) {
		t.Fatalf("got %d notifications %v, want %d", len(got), got, len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("notification %d = %+v, want %+v", i, got[i], want[i])
		}
	}
	if Aspect(Names|Comments).String() != "names|comments" || Everything&Saved == 0 {
		t.Errorf("aspect strings: %s", Aspect(Names|Comments))
	}
}

func TestUndoRedoLabelsAndHistory(t *testing.T) {
	d := openFixture(t)
	if d.CanUndo() || d.CanRedo() || d.Undo() {
		t.Fatal("fresh document can undo")
	}
	if ok, err := d.Redo(); ok || err != nil {
		t.Fatal("fresh document can redo")
	}
	d.Do(RenameJoint(0, "base"))
	d.Do(SetFPS(30))
	if d.UndoLabel() != "Set FPS" || d.RedoLabel() != "" {
		t.Fatalf("labels %q %q", d.UndoLabel(), d.RedoLabel())
	}
	d.Undo()
	if d.UndoLabel() != "Rename joint" || d.RedoLabel() != "Set FPS" {
		t.Fatalf("labels %q %q", d.UndoLabel(), d.RedoLabel())
	}
	if h := d.History(); len(h) != 1 || h[0] != "Rename joint" {
		t.Fatalf("history %v", h)
	}
}

func TestHistoryLimit(t *testing.T) {
	d := openFixture(t)
	orig := d.Model().FPS
	for i := 0; i < MaxHistory+10; i++ {
		if err := d.Do(SetFPS(float32(2 + i%2))); err != nil {
			t.Fatal(err)
		}
	}
	n := 0
	for d.Undo() {
		n++
	}
	if n != MaxHistory {
		t.Fatalf("undid %d commands, want %d", n, MaxHistory)
	}
	if d.Model().FPS == orig || !d.Modified() {
		t.Fatal("the forgotten edits were undone, or the document claims to be unmodified")
	}
}

func TestFindings(t *testing.T) {
	d := openCorpus(t, "Woman4.ms3d")
	decoded := len(d.DecodeFindings())
	if decoded == 0 {
		t.Fatal("Woman4 reads without findings")
	}
	runs := 0
	d.SetChecker(func(m *model.Model) []model.Finding {
		runs++
		out := append([]model.Finding(nil), d.DecodeFindings()[0]) // repeated: dropped
		for i, j := range m.Joints {
			if j.Name.Text() == "Pelvis" {
				out = append(out, model.Finding{Code: "test.pelvis", Where: model.At(model.PartJoint, i)})
			}
		}
		return out
	})
	if n := len(d.Findings()); n != decoded || runs != 1 {
		t.Fatalf("findings %d (want %d), checker ran %d times", n, decoded, runs)
	}
	d.Findings()
	if runs != 1 {
		t.Fatal("checks ran again without a change")
	}
	if err := d.Do(RenameJoint(0, "Pelvis")); err != nil {
		t.Fatal(err)
	}
	f := d.Findings()
	if runs != 2 || len(f) != decoded+1 || f[decoded].Code != "test.pelvis" {
		t.Fatalf("after rename: runs %d, findings %v", runs, f)
	}
	d.Undo()
	if len(d.Findings()) != decoded {
		t.Fatal("undo did not re-run the checks")
	}
}

// TestDefaultChecker checks that a document runs the validation checks with
// byte offsets and texture lookups next to its file.
func TestDefaultChecker(t *testing.T) {
	dir := t.TempDir()
	path := copyFile(t, corpusPath(t, nehe), dir)
	d, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	missing := func() int {
		n := 0
		for _, f := range d.Findings() {
			if f.Code == "material.texture-missing" {
				n++
				if f.Where.Offset < 0 {
					t.Errorf("finding without offset: %v", f)
				}
			}
		}
		return n
	}
	if n := missing(); n != 1 {
		t.Fatalf("%d texture-missing findings without the texture, want 1: %v", n, d.Findings())
	}
	os.Mkdir(filepath.Join(dir, "data"), 0o755)
	os.WriteFile(filepath.Join(dir, "data", "Wood.bmp"), []byte("BM"), 0o644)
	d.Do(SetShininess(0, 1)) // any change re-runs the checks
	if n := missing(); n != 0 {
		t.Fatalf("%d texture-missing findings with the texture present", n)
	}
}

// BenchmarkFindingsWoman4 measures re-running the checks after an edit on
// the largest animated corpus file.
func BenchmarkFindingsWoman4(b *testing.B) {
	var path string
	for _, e := range corpus.MS3D(b) {
		if filepath.Base(e.Path) == "Woman4.ms3d" {
			path = e.Path
		}
	}
	d, err := Open(path)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		d.Do(SetShininess(0, float32(i%2)))
		if len(d.Findings()) == 0 {
			b.Fatal("no findings")
		}
	}
}

// TestDecodeFindingsFollowTheModel checks that the decoder's findings go
// once they no longer hold: after the unreadable bytes are discarded, and
// after a truncated file is saved complete.
func TestDecodeFindingsFollowTheModel(t *testing.T) {
	has := func(d *Document, code model.Code) bool {
		for _, f := range d.Findings() {
			if f.Code == code {
				return true
			}
		}
		return false
	}
	w := openCorpus(t, "Woman4.ms3d")
	if !has(w, "block.unreadable") || !has(w, "joint.keys-short") {
		t.Fatal("Woman4's decoder findings missing")
	}
	if err := w.Do(DiscardTrailing()); err != nil {
		t.Fatal(err)
	}
	if has(w, "block.unreadable") || has(w, "joint.keys-short") {
		t.Fatal("findings about discarded bytes remain")
	}
	w.Undo()
	if !has(w, "block.unreadable") {
		t.Fatal("undo did not bring the finding back")
	}

	cut := openCorpus(t, "Wuson_a8a1ca98.ms3d")
	if !has(cut, "file.truncated") {
		t.Fatal("truncation not reported")
	}
	if err := cut.SaveAs(filepath.Join(t.TempDir(), "whole.ms3d")); err != nil {
		t.Fatal(err)
	}
	if has(cut, "file.truncated") {
		t.Fatal("the saved, complete file is still reported as truncated")
	}
}

// TestUneditedImportNeedsNoConfirm: an import is modified (it is in no
// MS3D file yet) but closing it loses nothing until it is edited.
func TestUneditedImportNeedsNoConfirm(t *testing.T) {
	d, err := Open(filepath.Join(corpus.Dir(t), "obj/assimp/test/models/OBJ/spider.obj"))
	if err != nil {
		t.Fatal(err)
	}
	if !d.Modified() || NeedsConfirm(d) {
		t.Fatalf("fresh import: modified %v, needs confirm %v; want true, false", d.Modified(), NeedsConfirm(d))
	}
	if err := d.Do(RenameGroup(0, "legs")); err != nil {
		t.Fatal(err)
	}
	if !NeedsConfirm(d) {
		t.Error("an edited import does not ask before closing")
	}
}
