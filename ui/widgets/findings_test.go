package widgets

import (
	"testing"

	"ms3dstudio/model"
)

func TestFindingKinds(t *testing.T) {
	fs := []model.Finding{{Code: model.CodeFitName}, {Code: model.CodeFitGroups}, {Code: model.CodeFitName}}
	if got, want := FindingKinds(fs), "fit.name ×2, fit.groups-merged ×1"; got != want {
		t.Errorf("FindingKinds = %q, want %q", got, want)
	}
}
