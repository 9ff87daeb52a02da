package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"ms3dstudio/cmd/ms3dtool/internal/htmlreport"
	"ms3dstudio/internal/corpus"
)

// TestReportFiles writes the report of a small tree on three goroutines:
// each model gets its row with its picture, a corrupt file its row as
// unreadable; a page of ours is replaced, any other file is not.
func TestReportFiles(t *testing.T) {
	tree := t.TempDir()
	copyTo(t, corpus.File(t, "lesson31_bcb6/Data/Model.ms3d").Path, tree, "a/model.ms3d")
	copyTo(t, corpus.File(t, "lesson31_bcb6/Data/Model.ms3d").Path, tree, "b/model.ms3d")
	copyTo(t, filepath.Join(corpus.Dir(t), "ms3d", "nehe-opengl", "bcb6", "lesson31_bcb6", "Data", "Wood.bmp"), tree, "a/Wood.bmp")
	writeFile(t, filepath.Join(tree, "broken.ms3d"), []byte("MS3D000000 but nothing more"))
	out := filepath.Join(t.TempDir(), "report.html")
	for range 2 { // the second run replaces the first page
		code, stdout, errs := runTool("report", tree, out, "--jobs", "3", "--size", "64")
		st, err := os.Stat(out)
		if code != 0 || err != nil || stdout != fmt.Sprintf("wrote %s (3 models, %d bytes)\n", out, st.Size()) {
			t.Fatalf("exit %d, stdout %q, stderr %s", code, stdout, errs)
		}
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	page := string(data)
	for _, want := range []string{`data-name="a/model.ms3d"`, `data-name="b/model.ms3d"`, `data-name="broken.ms3d"`, `data-unreadable="1"`,
		"cannot be read: ", `<span class="status">found</span> data/Wood.bmp`, `<span class="status">missing</span> data/Wood.bmp`} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	if n := strings.Count(page, `src="data:image/png;base64,`); n != 2 {
		t.Errorf("%d pictures, want 2", n)
	}
	if !strings.HasPrefix(page, htmlreport.Marker) || strings.Index(page, `data-name="broken.ms3d"`) > strings.Index(page, `data-name="a/model.ms3d"`) {
		t.Errorf("no marker, or the unreadable file is not first")
	}

	other := writeFile(t, filepath.Join(t.TempDir(), "notes.html"), []byte("<html>my notes</html>"))
	code, _, errs := runTool("report", tree, other)
	if got, _ := os.ReadFile(other); code != 2 || string(got) != "<html>my notes</html>" || !strings.Contains(errs, "is not a page ms3dtool report wrote: not overwritten") {
		t.Errorf("over another file: exit %d, stderr %s, the file now %.40q", code, errs, got)
	}
	for _, args := range [][]string{{"report", tree}, {"report", tree, "out.htm"}, {"report", tree, out, "--size", "0"}} {
		if code, _, errs := runTool(args...); code != 2 || !strings.Contains(errs, "usage: ms3dtool report") {
			t.Errorf("%q: exit %d, stderr %s", args, code, errs)
		}
	}
}
