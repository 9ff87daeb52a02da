package problems_test

import (
	"strconv"
	"strings"
	"testing"

	"ms3dstudio/model"
	"ms3dstudio/ui/hub"
	"ms3dstudio/ui/internal/edtest"
	"ms3dstudio/ui/internal/uitest"
)

// TestProblemsSelect lists Woman4's findings and selects the element of
// one.
func TestProblemsSelect(t *testing.T) {
	e, _, d := edtest.OpenEditor(t, uitest.CorpusPath(t, "Woman4.ms3d"))
	fs := e.Problems.Findings()
	if len(fs) == 0 || len(fs) != len(d.Findings()) {
		t.Fatalf("%d findings listed, document has %d", len(fs), len(d.Findings()))
	}
	idx := -1
	for i, f := range fs {
		if f.Where.Part == model.PartJoint && f.Where.Index >= 0 {
			idx = i
			break
		}
	}
	if idx < 0 {
		t.Fatalf("no joint finding in %v", fs)
	}
	e.Problems.List.Select(idx)
	if got, want := e.Selection().Current(), (hub.Selection{Kind: hub.KindJoint, Index: fs[idx].Where.Index}); got != want {
		t.Fatalf("selecting %v selected %v", fs[idx], got)
	}
	if !strings.Contains(e.Status.Findings.Text, "error") {
		t.Errorf("status findings %q", e.Status.Findings.Text)
	}
	want := strconv.Itoa(len(d.Model().Vertices)) + " vertices · " + strconv.Itoa(len(d.Model().Triangles)) + " triangles"
	if !strings.HasPrefix(e.Status.Counts.Text, want) || !strings.Contains(e.Status.Counts.Text, "31 joints · 15 fps") {
		t.Errorf("status counts %q", e.Status.Counts.Text)
	}
	for _, c := range []struct {
		loc  model.Location
		want hub.Selection
	}{
		{model.At(model.PartTriangle, 4), hub.Selection{Kind: hub.KindTriangle, Index: 4}},
		{model.At(model.PartVertexExtra, 9), hub.Selection{Kind: hub.KindVertex, Index: 9}},
		{model.At(model.PartHeader, -1), hub.Selection{Kind: hub.KindModel, Index: -1}},
		{model.At(model.PartGroup, -1), hub.Selection{Kind: hub.KindModel, Index: -1}},
	} {
		if got := hub.SelectionFor(c.loc); got != c.want {
			t.Errorf("SelectionFor(%v) = %v", c.loc, got)
		}
	}
}
