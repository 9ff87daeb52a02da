package gltf

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"ms3dstudio/formats/ms3d"
	"ms3dstudio/internal/corpus"
	"ms3dstudio/internal/testenv"
	"ms3dstudio/model"
)

// corpusModel is a readable corpus file with its model.
type corpusModel struct {
	entry corpus.Entry
	m     *model.Model
}

// readableCorpus reads every MS3D file of the corpus that the decoder can
// read.
func readableCorpus(t *testing.T) []corpusModel {
	t.Helper()
	var out []corpusModel
	for _, e := range corpus.MS3D(t) {
		m, _, err := ms3d.ReadFile(e.Path)
		if err != nil {
			t.Logf("%s: unreadable, not exported: %v", e, err)
			continue
		}
		out = append(out, corpusModel{e, m})
	}
	if len(out) == 0 {
		t.Fatal("no readable corpus model")
	}
	return out
}

// needTool returns the path of an external tool, skipping the test when it
// is missing, or failing it when the CI environment variable is set (CI
// installs every tool, so a missing one must not pass as a skip).
func needTool(t *testing.T, what, install string, ok bool) {
	t.Helper()
	if !ok {
		testenv.Missing(t, "MS3D_REQUIRE_CORPUS", "%s is missing; install it with: %s", what, install)
	}
}

// validatorScript returns the validator script, skipping (or failing in CI)
// when node or the npm package is not installed.
func validatorScript(t *testing.T) (node, script string) {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("..", "..", "tools", "gltf-validator"))
	if err != nil {
		t.Fatal(err)
	}
	node, err = exec.LookPath("node")
	needTool(t, "node", "apt-get install -y nodejs", err == nil)
	_, err = os.Stat(filepath.Join(dir, "node_modules", "gltf-validator"))
	needTool(t, "the gltf-validator npm package", "npm ci --prefix tools/gltf-validator", err == nil)
	return node, filepath.Join(dir, "validate.mjs")
}

// validatorReport is what validate.mjs prints.
type validatorReport struct {
	Validator string `json:"validator"`
	Files     []struct {
		File     string `json:"file"`
		Errors   int    `json:"errors"`
		Warnings int    `json:"warnings"`
		Infos    int    `json:"infos"`
		Hints    int    `json:"hints"`
		Messages []struct {
			Code     string `json:"code"`
			Severity string `json:"severity"`
			Pointer  string `json:"pointer"`
			Message  string `json:"message"`
		} `json:"messages"`
	} `json:"files"`
}

// validate runs the Khronos validator over files and fails the test for
// every error it reports; warnings are logged.
func validate(t *testing.T, files []string) validatorReport {
	t.Helper()
	node, script := validatorScript(t)
	out, err := exec.Command(node, append([]string{script}, files...)...).Output()
	var rep validatorReport
	if jerr := json.Unmarshal(out, &rep); jerr != nil {
		msg := ""
		if ee, ok := err.(*exec.ExitError); ok {
			msg = string(ee.Stderr)
		}
		t.Fatalf("validator output is not JSON (%v, exit %v): %s%s", jerr, err, out, msg)
	}
	if len(rep.Files) != len(files) {
		t.Fatalf("validator reported %d files, want %d", len(rep.Files), len(files))
	}
	for _, f := range rep.Files {
		name, _ := filepath.Rel(filepath.Dir(files[0]), f.File)
		t.Logf("%s: %d errors, %d warnings, %d infos, %d hints", name, f.Errors, f.Warnings, f.Infos, f.Hints)
		for _, m := range f.Messages {
			if m.Severity == "error" {
				t.Errorf("%s: %s %s at %s: %s", name, m.Severity, m.Code, m.Pointer, m.Message)
			} else {
				t.Logf("%s: %s %s at %s: %s", name, m.Severity, m.Code, m.Pointer, m.Message)
			}
		}
	}
	return rep
}

func mkdirFor(file string) error {
	return os.MkdirAll(filepath.Dir(file), 0o755)
}
