package document

import (
	"bytes"
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"ms3dstudio/document/check"
	"ms3dstudio/document/engine"
	"ms3dstudio/document/engine/enginetest"
	"ms3dstudio/formats/smd"
	"ms3dstudio/model"
	"ms3dstudio/model/sample"
)

// writeEngineFixture writes the sample model into a temporary folder with
// its skin as a PNG (which GoldSrc cannot load) and returns the model's
// path. The sample's stone base has no bone; every other vertex is bound
// to its first bone alone (enginetest.OneBonePerVertex).
func writeEngineFixture(t *testing.T, edit func(m *model.Model)) string {
	t.Helper()
	m := sample.Model()
	enginetest.OneBonePerVertex(m)
	if edit != nil {
		edit(m)
	}
	path := filepath.Join(t.TempDir(), fixtureName)
	enginetest.WriteModel(t, path, m, sample.TextureName, enginetest.PNG(t, sample.Texture()))
	return path
}

// unboned counts the vertices without a bone.
func unboned(m *model.Model) int {
	var inf [4]model.Influence
	n := 0
	for v := range m.Vertices {
		if m.Influences(v, &inf) == 0 {
			n++
		}
	}
	return n
}

// engineFindings returns the engine.* findings of d.
func engineFindings(d *Document) []model.Finding {
	var out []model.Finding
	for _, f := range d.Findings() {
		if engine.IsCode(f.Code) {
			out = append(out, f)
		}
	}
	return out
}

func countCode(fs []model.Finding, c model.Code) int {
	n := 0
	for _, f := range fs {
		if f.Code == c {
			n++
		}
	}
	return n
}

// TestEngineFixGoldSrc plans, applies, undoes and redoes the GoldSrc fixes
// of a model with a PNG skin and unboned vertices, as "ms3dtool fix --for
// goldsrc" applies them: the plan names the BMP copy and the bone change
// before anything is written; applying writes an 8-bit BMP, points the
// material at it and clears every engine finding as one undo step; undo
// gives back the model's exact bytes; a second plan reuses the copy.
func TestEngineFixGoldSrc(t *testing.T) {
	path := writeEngineFixture(t, nil)
	dir := filepath.Dir(path)
	wantCopy := filepath.Join(dir, strings.TrimSuffix(sample.TextureName, ".png")+".bmp")
	d, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	before := encode(t, d)
	if unboned(d.Model()) == 0 {
		t.Fatal("the fixture has no unboned vertex")
	}
	if n := len(engineFindings(d)); n != 0 {
		t.Fatalf("%d engine findings without a target", n)
	}
	d.SetTarget(check.Target{Engine: smd.GoldSrc})
	found := engineFindings(d)
	if len(found) != 2 || countCode(found, model.CodeEngineTexture) != 1 || countCode(found, model.CodeEngineUnboned) != 1 {
		t.Fatalf("goldsrc findings: %v", found)
	}
	for _, f := range found {
		if !engine.Fixable(d.Model(), d.Target().Engine, d.TextureResolver(), f) {
			t.Errorf("not fixable: %v", f)
		}
	}

	plan, err := PlanFixes(d, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(plan.Copies) != 1 || plan.Copies[0].Target != wantCopy || plan.Copies[0].Exists || len(plan.Copies[0].Data) == 0 {
		t.Fatalf("copies %+v, want one to write at %s", plan.Copies, wantCopy)
	}
	if countCode(changeFindings(plan), model.CodeEngineUnboned) != 1 || countCode(changeFindings(plan), model.CodeEngineTexture) != 1 {
		t.Fatalf("changes: %v", plan.Changes)
	}
	if unboned(plan.Fixed) != 0 || plan.Fixed.Materials[0].Texture.Display() != filepath.Base(wantCopy) {
		t.Fatalf("planned model: %d unboned, texture %q", unboned(plan.Fixed), plan.Fixed.Materials[0].Texture.Display())
	}
	if _, err := os.Stat(wantCopy); err == nil {
		t.Fatal("planning wrote the copy")
	}
	if !bytes.Equal(encode(t, d), before) {
		t.Fatal("planning changed the document")
	}

	if err := plan.Apply(d); err != nil {
		t.Fatal(err)
	}
	img := enginetest.ReadBMP(t, wantCopy)
	if _, ok := img.(*image.Paletted); !ok {
		t.Fatalf("the copy decodes as %T, want *image.Paletted", img)
	}
	if got := d.Model().Materials[0].Texture.Display(); got != filepath.Base(wantCopy) {
		t.Fatalf("material texture %q", got)
	}
	if left := engineFindings(d); len(left) != 0 {
		t.Fatalf("engine findings after the fix: %v", left)
	}
	if d.UndoLabel() != "Fix 2 problems" || len(d.History()) != 1 {
		t.Fatalf("undo label %q, history %v", d.UndoLabel(), d.History())
	}
	if r := d.Remaps(); len(r) != 1 || r[0].Material != 0 || r[0].New.Display() != filepath.Base(wantCopy) || r[0].Old.Display() != sample.TextureName {
		t.Fatalf("remaps %v", r)
	}
	after := encode(t, d)
	if !bytes.Equal(after, encodeModel(t, plan.Fixed)) {
		t.Fatal("the document is not the planned model")
	}

	d.Undo()
	if !bytes.Equal(encode(t, d), before) {
		t.Fatal("undo did not restore the model byte for byte")
	}
	if d.Modified() {
		t.Fatal("modified after undoing every edit")
	}
	if found := engineFindings(d); countCode(found, model.CodeEngineTexture) != 1 || countCode(found, model.CodeEngineUnboned) != 1 {
		t.Fatalf("after undo: %v", found)
	}
	if _, err := os.Stat(wantCopy); err != nil {
		t.Fatalf("undo is not meant to delete the copy: %v", err)
	}
	if ok, err := d.Redo(); !ok || err != nil || !bytes.Equal(encode(t, d), after) || len(engineFindings(d)) != 0 {
		t.Fatalf("redo %v %v, same bytes %v, engine findings %v", ok, err, bytes.Equal(encode(t, d), after), engineFindings(d))
	}

	// Undone again, the plan finds the copy it would write already there.
	d.Undo()
	again, err := PlanFixes(d, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(again.Copies) != 1 || again.Copies[0].Target != wantCopy || !again.Copies[0].Exists {
		t.Fatalf("second plan's copies %+v, want %s reused", again.Copies, wantCopy)
	}
	if err := again.Apply(d); err != nil || len(engineFindings(d)) != 0 {
		t.Fatalf("second apply: %v, %v", err, engineFindings(d))
	}
}

// changeFindings turns a plan's changes into findings, to count codes.
func changeFindings(p FixPlan) []model.Finding {
	out := make([]model.Finding, len(p.Changes))
	for i, c := range p.Changes {
		out[i] = model.Finding{Code: c.Code, Where: c.Where}
	}
	return out
}

// TestEngineFixOneCode fixes one engine code at a time ("Fix these"):
// binding leaves the texture alone and writes nothing; the texture fix
// leaves the vertices unbound.
func TestEngineFixOneCode(t *testing.T) {
	d, err := Open(writeEngineFixture(t, nil))
	if err != nil {
		t.Fatal(err)
	}
	d.SetTarget(check.Target{Engine: smd.GoldSrc})
	bones, err := PlanFixes(d, []model.Code{model.CodeEngineUnboned})
	if err != nil {
		t.Fatal(err)
	}
	if len(bones.Changes) != 1 || len(bones.Copies) != 0 || unboned(bones.Fixed) != 0 || bones.Fixed.Materials[0].Texture != d.Model().Materials[0].Texture {
		t.Fatalf("unboned only: changes %v, copies %d, %d unboned, texture %q", bones.Changes, len(bones.Copies), unboned(bones.Fixed), bones.Fixed.Materials[0].Texture.Display())
	}
	tex, err := PlanFixes(d, []model.Code{model.CodeEngineTexture})
	if err != nil {
		t.Fatal(err)
	}
	if len(tex.Changes) != 1 || len(tex.Copies) != 1 || unboned(tex.Fixed) == 0 {
		t.Fatalf("texture only: changes %v, copies %d, %d unboned", tex.Changes, len(tex.Copies), unboned(tex.Fixed))
	}
	if err := bones.Apply(d); err != nil {
		t.Fatal(err)
	}
	found := engineFindings(d)
	if countCode(found, model.CodeEngineUnboned) != 0 || countCode(found, model.CodeEngineTexture) != 1 {
		t.Fatalf("after binding: %v", found)
	}
	if _, err := os.Stat(tex.Copies[0].Target); err == nil {
		t.Fatal("binding the vertices wrote the texture copy")
	}
	// Weights GoldSrc drops have no fix here (export keeps the strongest
	// bone): the sample's own weights are reported, not fixable, and
	// left alone.
	w, err := Open(writeEngineFixture(t, func(m *model.Model) { m.Vertices[0].Bones[1], m.Vertices[0].Weights = 1, [3]uint8{50, 50} }))
	if err != nil {
		t.Fatal(err)
	}
	w.SetTarget(check.Target{Engine: smd.GoldSrc})
	lost := 0
	for _, f := range w.Findings() {
		if f.Code == model.CodeEngineWeightsLost {
			lost++
			if engine.Fixable(w.Model(), w.Target().Engine, w.TextureResolver(), f) {
				t.Errorf("fixable: %v", f)
			}
		}
	}
	if wp, err := PlanFixes(w, nil); lost != 1 || err != nil || wp.Fixed.Vertices[0] != w.Model().Vertices[0] {
		t.Fatalf("%d weights-lost findings; plan %v changed vertex 0: %v", lost, err, wp.Fixed.Vertices[0])
	}
	// Source takes the PNG: only the binding is offered.
	d.Undo()
	d.SetTarget(check.Target{Engine: smd.Source})
	src, err := PlanFixes(d, nil)
	if err != nil || len(src.Copies) != 0 || len(src.Changes) != 1 || src.Changes[0].Code != model.CodeEngineUnboned {
		t.Fatalf("source plan %v, copies %d, %v", src.Changes, len(src.Copies), err)
	}
}

// TestEngineFixWithOtherFixes plans Fix all with an engine target on a
// model that also has a model/fix finding (a group naming a material that
// does not exist): one undo step for both, undone byte for byte.
func TestEngineFixWithOtherFixes(t *testing.T) {
	d, err := Open(writeEngineFixture(t, func(m *model.Model) { m.Groups[0].Material = 99 }))
	if err != nil {
		t.Fatal(err)
	}
	before := encode(t, d)
	d.SetTarget(check.Target{Engine: smd.GoldSrc})
	plan, err := PlanFixes(d, nil)
	if err != nil {
		t.Fatal(err)
	}
	if countCode(changeFindings(plan), "group.material-range") != 1 || countCode(changeFindings(plan), model.CodeEngineTexture) != 1 || len(plan.Copies) != 1 {
		t.Fatalf("plan %v, copies %d", plan.Changes, len(plan.Copies))
	}
	if err := plan.Apply(d); err != nil {
		t.Fatal(err)
	}
	if len(engineFindings(d)) != 0 || countCode(d.Findings(), "group.material-range") != 0 || len(d.History()) != 1 {
		t.Fatalf("after the fix: %v, history %v", d.Findings(), d.History())
	}
	d.Undo()
	if !bytes.Equal(encode(t, d), before) {
		t.Fatal("undo did not restore the model byte for byte")
	}
}

// TestEngineFixNeverOverwrites lets another file appear at the copy's name
// between planning and applying: Apply refuses, leaves that file and the
// model as they are, and a new plan picks another name.
func TestEngineFixNeverOverwrites(t *testing.T) {
	d, err := Open(writeEngineFixture(t, nil))
	if err != nil {
		t.Fatal(err)
	}
	d.SetTarget(check.Target{Engine: smd.GoldSrc})
	before := encode(t, d)
	plan, err := PlanFixes(d, nil)
	if err != nil || len(plan.Copies) != 1 {
		t.Fatalf("plan: %v, copies %d", err, len(plan.Copies))
	}
	other := []byte("someone else's skin")
	if err := os.WriteFile(plan.Copies[0].Target, other, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := plan.Apply(d); err == nil {
		t.Fatal("Apply overwrote a file that appeared at the copy's name")
	}
	if got, _ := os.ReadFile(plan.Copies[0].Target); !bytes.Equal(got, other) || !bytes.Equal(encode(t, d), before) || d.CanUndo() {
		t.Fatal("the failed Apply changed the file or the model")
	}
	again, err := PlanFixes(d, nil)
	if err != nil || len(again.Copies) != 1 || filepath.Base(again.Copies[0].Target) != "tentacle-skin_8bit.bmp" {
		t.Fatalf("second plan: %v, %+v", err, again.Copies)
	}
}

// TestSetTargetKeepsChecker is the regression test for "SetTarget drops a
// checker set with SetChecker": the custom checks still run with an engine
// target and after going back to none, and can read the target.
func TestSetTargetKeepsChecker(t *testing.T) {
	d, err := Open(writeEngineFixture(t, nil))
	if err != nil {
		t.Fatal(err)
	}
	def := DefaultChecker(d)
	d.SetChecker(func(m *model.Model) []model.Finding {
		out := []model.Finding{{Code: "test.custom", Where: model.At(model.PartFile, -1), Message: d.Target().String()}}
		return append(out, def(m)...)
	})
	custom := func() (string, bool) {
		for _, f := range d.Findings() {
			if f.Code == "test.custom" {
				return f.Message, true
			}
		}
		return "", false
	}
	var heard []Change
	d.Subscribe(func(ch Change) { heard = append(heard, ch) })
	for _, tc := range []struct {
		target  check.Target
		engines int
	}{
		{check.Target{Engine: smd.GoldSrc}, 2},
		{check.Target{Engine: smd.Source}, 1},
		{check.Target{}, 0},
	} {
		d.SetTarget(tc.target)
		if msg, ok := custom(); !ok || msg != tc.target.String() {
			t.Errorf("target %q: custom finding %v %q", tc.target, ok, msg)
		}
		if n := len(engineFindings(d)); n != tc.engines {
			t.Errorf("target %q: %d engine findings through DefaultChecker, want %d", tc.target, n, tc.engines)
		}
		if d.Target() != tc.target {
			t.Errorf("Target() = %v, want %v", d.Target(), tc.target)
		}
		d.SetTarget(tc.target) // the same again: nothing to hear
	}
	// Each new target is heard of once, as a change of nothing in the
	// model, so that the problems panel and the status bar list again.
	if len(heard) != 3 || heard[0].What != 0 || heard[0].Label != "Check for goldsrc" || d.Modified() || d.CanUndo() {
		t.Fatalf("heard %v; modified %v", heard, d.Modified())
	}
}
