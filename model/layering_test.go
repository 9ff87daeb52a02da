package model_test

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestImportsPointDown checks the one-way layout: no non-test file under
// model/ imports formats/, internal/ or any package above the model (the
// document, the texture loader, the UI, the viewport, the app, the CLI).
func TestImportsPointDown(t *testing.T) {
	allowed := func(path string) bool {
		if !strings.HasPrefix(path, "ms3dstudio/") {
			return true // the standard library and third-party modules
		}
		return path == "ms3dstudio/model" || strings.HasPrefix(path, "ms3dstudio/model/")
	}
	files := 0
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == "testdata" {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, src, parser.ImportsOnly)
		if err != nil {
			return err
		}
		files++
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			if !allowed(p) {
				t.Errorf("model/%s imports %s: packages under model/ may import only model packages", filepath.ToSlash(path), p)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 20 {
		t.Fatalf("walked only %d files: the test is not looking at model/", files)
	}
}
