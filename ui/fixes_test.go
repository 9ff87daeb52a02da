package ui_test

import (
	"testing"

	"ms3dstudio/document"
	"ms3dstudio/model"
	"ms3dstudio/ui/internal/edtest"
	"ms3dstudio/ui/internal/uitest"
)

func countErrors(fs []model.Finding) int {
	n := 0
	for _, f := range fs {
		if f.Severity == model.Error {
			n++
		}
	}
	return n
}

// TestFixWoman4 repairs Woman4 from the problems panel: the byte-level
// repair restores joint 30's keys and the vertex weights, as one undoable
// edit.
func TestFixWoman4(t *testing.T) {
	e, _, d := edtest.OpenEditor(t, uitest.CorpusPath(t, "Woman4.ms3d"))
	if countErrors(d.Findings()) == 0 || e.Problems.FixAll.Disabled() {
		t.Fatalf("Woman4 opens with %d errors, Fix all disabled %v", countErrors(d.Findings()), e.Problems.FixAll.Disabled())
	}
	plan, err := document.PlanFixes(d, nil)
	if err != nil {
		t.Fatal(err)
	}
	repaired := false
	for _, c := range plan.Changes {
		repaired = repaired || c.Code == model.CodeKeysShort
	}
	if !repaired || plan.Fixed.VertexExtraSubVersion != 3 || len(plan.Fixed.Joints[30].RotationKeys) != 2133 {
		t.Fatalf("plan: repaired %v, vertex extra %d, joint 30 keys %d", repaired, plan.Fixed.VertexExtraSubVersion, len(plan.Fixed.Joints[30].RotationKeys))
	}
	if d.Model().VertexExtraSubVersion != 0 {
		t.Fatal("planning changed the document")
	}
	if err := plan.Apply(d); err != nil {
		t.Fatal(err)
	}
	if n := countErrors(d.Findings()); n != 0 {
		t.Fatalf("%d errors after fixing: %v", n, d.Findings())
	}
	if len(e.Problems.Findings()) != len(d.Findings()) || !d.Modified() {
		t.Fatal("problems panel not refreshed or document not modified")
	}
	d.Undo()
	if d.Model().VertexExtraSubVersion != 0 || countErrors(d.Findings()) == 0 || d.Modified() {
		t.Fatal("undo did not restore the file as read")
	}
}

// TestFixOneCode fixes only the selected finding's code.
func TestFixOneCode(t *testing.T) {
	e, _, d := edtest.OpenEditor(t, uitest.CorpusPath(t, "InvalidMaterialIndex.ms3d"))
	idx := -1
	for i, f := range e.Problems.Findings() {
		if f.Code == "group.material-range" {
			idx = i
		}
	}
	if idx < 0 {
		t.Fatalf("no material-range finding: %v", e.Problems.Findings())
	}
	e.Problems.List.Select(idx)
	if e.Problems.FixOne.Disabled() || e.Problems.FixOne.Text != "Fix all group.material-range" {
		t.Fatalf("fix button %q disabled %v", e.Problems.FixOne.Text, e.Problems.FixOne.Disabled())
	}
	plan, err := document.PlanFixes(d, []model.Code{"group.material-range"})
	if err != nil || len(plan.Changes) != 1 || plan.Fixed.Groups[0].Material != -1 {
		t.Fatalf("plan %v %v", plan.Changes, err)
	}
	// The zero normals of its triangle are another code: left alone.
	if plan.Fixed.Triangles[0].Normals != d.Model().Triangles[0].Normals {
		t.Fatal("fixing one code touched the normals")
	}
	if err := plan.Apply(d); err != nil || d.UndoLabel() != "Fix 1 problem" {
		t.Fatalf("apply: %v, undo label %q", err, d.UndoLabel())
	}
	if _, err := document.PlanFixes(d, []model.Code{"no.such-code"}); err == nil {
		t.Fatal("unknown code accepted")
	}
}
