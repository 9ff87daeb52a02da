package document_test

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"ms3dstudio/document"
	"ms3dstudio/document/check"
	"ms3dstudio/formats/md2"
	"ms3dstudio/internal/corpus"
	"ms3dstudio/model"
	"ms3dstudio/model/clips"
)

// TestOpenMD2AtAFrame opens faerie.md2 at its first frame and at its
// 41st (the first of "run"): an import of 198 frames whose clips are its
// animations, holding each frame's vertices.
func TestOpenMD2AtAFrame(t *testing.T) {
	path := filepath.Join(corpus.Dir(t), "md2", "assimp", "test", "models", "MD2", "faerie.md2")
	first := openImport(t, path, "md2")
	run, err := document.OpenWith(path, document.OpenOptions{Frame: 41, FPS: 8})
	if err != nil {
		t.Fatal(err)
	}
	a, b := first.Model(), run.Model()
	if a.TotalFrames != 198 || a.FPS != 10 || b.FPS != 8 {
		t.Errorf("%d frames at %g fps (%g asked for 8)", a.TotalFrames, a.FPS, b.FPS)
	}
	if a.Vertices[0].Position == b.Vertices[0].Position {
		t.Error("frames 1 and 41 have the same vertices")
	}
	f, _, err := md2.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := b.Vertices[0].Position, f.Frames[40].Position(0); got[0] != want[0] || got[1] != want[2] || got[2] != -want[1] {
		t.Errorf("vertex 0 of frame 41 at %v; the file has %v (z up)", got, want)
	}
	list, _ := clips.Read(b)
	if len(list) != 20 || list[1] != (clips.Clip{Name: "run", First: 41, Last: 46}) {
		t.Errorf("clips %v", list)
	}
	if !slices.ContainsFunc(run.DecodeFindings(), func(f model.Finding) bool { return f.Code == model.CodeQuakeVertexAnimation }) {
		t.Errorf("no finding says the vertex animation is left out: %v", run.DecodeFindings())
	}
}

// TestQuakeTargets checks the quake2 and quake3 targets on Woman4: Quake
// 2 refuses its 2133 frames (15 MB, past its 2 MiB model buffer), Quake
// 3 takes it with a warning (MD3 holds 1024 frames).
func TestQuakeTargets(t *testing.T) {
	d := open(t, corpus.File(t, "Woman4.ms3d").Path)
	for _, c := range []struct {
		name string
		code model.Code
		sev  model.Severity
	}{{"quake2", model.CodeMD2Quake2, model.Error}, {"Quake3", model.CodeMD3Limit, model.Warning}} {
		target, err := check.ParseTarget(c.name)
		if err != nil || target.String() != strings.ToLower(c.name) {
			t.Fatalf("ParseTarget(%q) = %v, %v", c.name, target, err)
		}
		d.SetTarget(target)
		if !slices.ContainsFunc(d.Findings(), func(f model.Finding) bool { return f.Code == c.code && f.Severity == c.sev }) {
			t.Errorf("%s: no %s %s in %v", c.name, c.sev, c.code, d.Findings())
		}
	}
}
