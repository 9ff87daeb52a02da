package problems_test

import (
	"bytes"
	"encoding/json"
	"os/exec"
	"path/filepath"
	"reflect"
	"testing"

	"ms3dstudio/model"
	"ms3dstudio/ui/internal/edtest"
	"ms3dstudio/ui/internal/uitest"
)

// TestCLIAndAppReportTheSameFindings runs the real "ms3dtool validate
// --json" over every corpus file and checks that the problems panel lists
// exactly the same findings, in the same order, after opening each file.
func TestCLIAndAppReportTheSameFindings(t *testing.T) {
	files := uitest.CorpusEntries(t)
	bin := filepath.Join(t.TempDir(), "ms3dtool")
	if out, err := exec.Command("go", "build", "-o", bin, "ms3dstudio/cmd/ms3dtool").CombinedOutput(); err != nil {
		t.Fatalf("building ms3dtool: %v\n%s", err, out)
	}
	var stdout bytes.Buffer
	cmd := exec.Command(bin, append([]string{"validate", "--json"}, files...)...)
	cmd.Stdout = &stdout
	_ = cmd.Run() // the exit status says whether errors were found
	var report struct {
		Files []struct {
			File     string          `json:"file"`
			Readable bool            `json:"readable"`
			Findings []model.Finding `json:"findings"`
		} `json:"files"`
	}
	if err := json.Unmarshal(stdout.Bytes(), &report); err != nil {
		t.Fatalf("validate --json: %v\n%s", err, stdout.Bytes())
	}
	if len(report.Files) != len(files) {
		t.Fatalf("validate reported %d files, want %d", len(report.Files), len(files))
	}
	e, _, _ := edtest.NewEditor(t)
	total := 0
	for i, r := range report.Files {
		if r.File != files[i] || !r.Readable {
			t.Errorf("%s: reported as %s, readable %v", files[i], r.File, r.Readable)
			continue
		}
		edtest.Open(t, e, files[i])
		app := e.Problems.Findings()
		if len(app) == 0 && len(r.Findings) == 0 {
			continue
		}
		total += len(app)
		if !reflect.DeepEqual(app, r.Findings) {
			t.Errorf("%s: the app lists %d findings, ms3dtool %d:\napp: %v\ncli: %v", filepath.Base(r.File), len(app), len(r.Findings), app, r.Findings)
		}
	}
	if total == 0 {
		t.Fatal("no findings on the whole corpus: the comparison proves nothing")
	}
}
