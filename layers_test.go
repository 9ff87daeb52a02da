package ms3dstudio_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// layers are the layers of the program, lowest first (the root doc.go
// draws them). A package may import packages of its own layer and of the
// layers below, never above; within a layer that holds several top-level
// folders (ui and cmd) a package imports only its own folder's.
//
// The rules the table encodes:
//   - model/… is the domain and its pure passes; it imports only model/….
//   - internal/… holds leaf helpers: atomic writes, the corpus finder, CPU
//     time. No package main and no GUI: programs go under cmd/ or tools/,
//     services of the app under app/.
//   - A test-support package sits in the layer of what it needs, beside
//     what it supports (document/engine/enginetest writes MS3D files, so
//     it cannot live under internal/); test generators likewise.
//   - tools/… are developer programs (the icon, the stress model, the bare
//     Fyne benchmark), interop holds tests against other programs and
//     packaging the files of the installable archives with their tests:
//     they may use anything and nothing imports them.
//   - _test.go files may import any package: a test is a client of what it
//     tests (the corpus tests of model/anim decode real MS3D files).
//
// The root package holds the assets `fyne package` expects at the root; it
// is a leaf.
var layers = []struct {
	name    string
	folders []string // top-level folders ("" is the root package)
}{
	{"model", []string{"model"}},
	{"internal", []string{"internal", ""}},
	{"formats", []string{"formats"}},
	{"texture", []string{"texture"}},
	{"document", []string{"document"}},
	{"viewport", []string{"viewport"}},
	{"ui, cmd", []string{"ui", "cmd"}},
	{"app", []string{"app"}},
	{"tools", []string{"tools", "interop", "packaging"}},
}

// guiFree are the layers that must build without Fyne, GLFW or OpenGL:
// the CLI (cmd/ms3dtool, no cgo) uses all of them.
var guiFree = map[string]bool{"model": true, "internal": true, "formats": true, "texture": true, "document": true}

var guiModules = []string{"fyne.io/", "github.com/go-gl/gl", "github.com/go-gl/glfw"}

// pkg is the part of `go list -json` the test reads.
type pkg struct {
	ImportPath string
	Name       string
	Imports    []string
	Deps       []string
	Error      *struct{ Err string }
}

// TestLayers checks the import graph of every package of the module, as
// `go list -json ./...` gives it (non-test imports), against the layers.
func TestLayers(t *testing.T) {
	module := strings.TrimSpace(string(goList(t, "list", "-m")))
	out := goList(t, "list", "-e", "-json", "./...")
	var pkgs []pkg
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p pkg
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			t.Fatalf("go list -json: %v", err)
		}
		pkgs = append(pkgs, p)
	}
	problems, edges := checkLayers(module, pkgs)
	for _, p := range problems {
		t.Error(p)
	}
	// A broken listing (wrong folder, a pattern that matched little) must
	// not pass as a clean graph.
	if len(pkgs) < 40 || edges < 100 {
		t.Fatalf("go list saw only %d packages and %d imports of the module: the test is not looking at the whole repository", len(pkgs), edges)
	}
}

// TestLayersCatchBackArrows feeds checkLayers a small graph with one of
// each kind of wrong import, to show that each is reported.
func TestLayersCatchBackArrows(t *testing.T) {
	pkgs := []pkg{
		{ImportPath: "m"}, // the root
		{ImportPath: "m/model", Imports: []string{"fmt"}},
		{ImportPath: "m/model/anim", Imports: []string{"m/model"}},
		{ImportPath: "m/internal/help", Imports: []string{"m/model"}},
		{ImportPath: "m/formats/a", Imports: []string{"m/model", "m/internal/help", "m/texture"}}, // up
		{ImportPath: "m/texture", Imports: []string{"m/formats/a"}},
		{ImportPath: "m/document", Imports: []string{"m/texture"}, Deps: []string{"fyne.io/fyne/v2"}}, // GUI
		{ImportPath: "m/viewport", Imports: []string{"m/document"}},
		{ImportPath: "m/ui", Imports: []string{"m/viewport", "m/cmd/tool"}}, // side by side
		{ImportPath: "m/cmd/tool", Imports: []string{"m/document"}},
		{ImportPath: "m/app", Imports: []string{"m/ui", "m"}},
		{ImportPath: "m/tools/gen", Name: "main", Imports: []string{"m/app"}},
		{ImportPath: "m/internal/prog", Name: "main"},         // a program under internal/
		{ImportPath: "m/extra", Imports: []string{"m/model"}}, // no layer
		{ImportPath: "m/model/fix", Imports: []string{"m/formats/a"}},
	}
	problems, edges := checkLayers("m", pkgs)
	want := []string{
		"m/formats/a (layer formats) imports m/texture",
		"m/document (layer document) depends on fyne.io/fyne/v2",
		"m/ui imports m/cmd/tool",
		"m/internal/prog is a program",
		"m/extra is in no layer",
		"m/model/fix (layer model) imports m/formats/a",
	}
	got := strings.Join(problems, "\n")
	for _, w := range want {
		if !strings.Contains(got, w) {
			t.Errorf("not reported: %s", w)
		}
	}
	if len(problems) != len(want) {
		t.Errorf("%d problems, want %d:\n%s", len(problems), len(want), got)
	}
	if edges != 15 {
		t.Errorf("%d imports of the module counted, want 15", edges)
	}
}

// checkLayers returns what is wrong with the graph of pkgs, packages of
// module, and how many imports between them it checked.
func checkLayers(module string, pkgs []pkg) (problems []string, edges int) {
	report := func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) }
	rel := func(path string) (string, bool) {
		if path == module {
			return "", true
		}
		return strings.CutPrefix(path, module+"/")
	}
	// layerOf returns the layer index (−1 for none) and top-level folder
	// of a package path relative to the module.
	layerOf := func(r string) (int, string) {
		top, _, _ := strings.Cut(r, "/")
		for i, l := range layers {
			if slices.Contains(l.folders, top) {
				return i, top
			}
		}
		return -1, top
	}
	seen := make([]int, len(layers))
	for _, p := range pkgs {
		if p.Error != nil {
			report("%s: %s", p.ImportPath, p.Error.Err)
			continue
		}
		r, _ := rel(p.ImportPath)
		li, top := layerOf(r)
		if li < 0 {
			report("%s is in no layer: add its folder %q to the table in layers_test.go", p.ImportPath, top)
			continue
		}
		seen[li]++
		if top == "internal" && p.Name == "main" {
			report("%s is a program: internal/ holds leaf helpers; move it under cmd/ or tools/", p.ImportPath)
		}
		for _, imp := range p.Imports {
			ir, ok := rel(imp)
			if !ok {
				continue
			}
			edges++
			ii, itop := layerOf(ir)
			switch {
			case ii < 0:
				// Reported for the imported package itself.
			case ii > li:
				report("%s (layer %s) imports %s (layer %s, above it)", p.ImportPath, layers[li].name, imp, layers[ii].name)
			case ii == li && itop != top && top != "" && itop != "":
				report("%s imports %s: %s/ and %s/ are side by side in layer %s and do not import each other", p.ImportPath, imp, top, itop, layers[li].name)
			}
		}
		if d := guiDep(p.Deps); d != "" && guiFree[layers[li].name] {
			report("%s (layer %s) depends on %s: the layers below the viewport build without a GUI", p.ImportPath, layers[li].name, d)
		}
	}
	for i, n := range seen {
		if n == 0 {
			report("no package in layer %s: the table or the listing is wrong", layers[i].name)
		}
	}
	return problems, edges
}

// guiDep returns the first of deps that is part of a GUI module, or "".
func guiDep(deps []string) string {
	for _, d := range deps {
		for _, g := range guiModules {
			if strings.HasPrefix(d, g) {
				return d
			}
		}
	}
	return ""
}

// goList runs the go command in the module's root and returns its output.
func goList(t *testing.T, args ...string) []byte {
	t.Helper()
	cmd := exec.Command("go", args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, stderr.Bytes())
	}
	return out
}
