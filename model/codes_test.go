package model_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"ms3dstudio/model"
)

// TestEveryCodeDeclared checks that every model.Code constant of this
// package is in the code table with a severity and a description, and that
// no two constants share a code.
func TestEveryCodeDeclared(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]string{}
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, decl := range f.Decls {
			gd, ok := decl.(*ast.GenDecl)
			if !ok || gd.Tok != token.CONST {
				continue
			}
			for _, spec := range gd.Specs {
				vs := spec.(*ast.ValueSpec)
				if id, ok := vs.Type.(*ast.Ident); !ok || id.Name != "Code" {
					continue
				}
				for i, n := range vs.Names {
					lit, ok := vs.Values[i].(*ast.BasicLit)
					if !ok {
						t.Errorf("%s: %s is not a string literal", name, n.Name)
						continue
					}
					code, _ := strconv.Unquote(lit.Value)
					if other, dup := seen[code]; dup {
						t.Errorf("%s and %s are both %q", other, n.Name, code)
					}
					seen[code] = n.Name
					info, ok := model.LookupCode(model.Code(code))
					if !ok || info.Summary == "" {
						t.Errorf("%s (%q) is not described in the code table", n.Name, code)
					}
				}
			}
		}
	}
	if len(seen) < 40 {
		t.Fatalf("found only %d code constants", len(seen))
	}
	if n := len(model.Codes()); n != len(seen) {
		t.Errorf("the table has %d codes, the constants %d", n, len(seen))
	}
}

// TestNoCodeLiterals checks that no package raises a finding with a code
// written as a string literal instead of a declared constant.
func TestNoCodeLiterals(t *testing.T) {
	lit := regexp.MustCompile(`Code:\s*"`)
	root := ".."
	checked := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || d.Name() == ".git" || d.Name() == "node_modules") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		checked++
		if loc := lit.FindIndex(src); loc != nil {
			line := 1 + strings.Count(string(src[:loc[0]]), "\n")
			t.Errorf("%s:%d: a finding code written as a literal; declare it in model/codes*.go", path, line)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 100 {
		t.Fatalf("checked only %d files", checked)
	}
}
