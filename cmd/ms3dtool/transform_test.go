package main

import (
	"path/filepath"
	"strings"
	"testing"

	"ms3dstudio/internal/corpus"
	"ms3dstudio/internal/posetest"
	"ms3dstudio/model/anim"
	"ms3dstudio/model/transform"
	"ms3dstudio/model/xform"
)

// TestTransformCommand converts an animated model to centimetres, mirrors,
// turns and stands it on the floor, and checks the written file against
// the same steps done with model/transform: vertices at every tenth frame,
// and the box on the floor. A stretch of the animated model is refused.
func TestTransformCommand(t *testing.T) {
	in := corpus.File(t, "nehe-opengl/bcb6/lesson31_bcb6/Data/Model.ms3d").Path
	out := filepath.Join(t.TempDir(), "moved.ms3d")
	code, stdout, errs := runTool("transform", in, out, "--units", "m:cm", "--mirror", "x", "--rotate", "0,90,0", "--center", "floor")
	if code != 0 || !strings.Contains(stdout, "wrote "+out) {
		t.Fatalf("exit %d: %s %s", code, stdout, errs)
	}
	src := openDoc(t, in)
	got := openDoc(t, out)
	m, g := src.Model(), got.Model()
	want := transform.Scale(100).Then(transform.Mirror(0)).Then(transform.Rotate([3]float64{0, 90, 0}))
	want = transform.Center(m, want, transform.CenterFloor)
	if lo, _, _ := g.Bounds(); lo[1] != 0 {
		t.Errorf("lowest point at y = %g, want the floor", lo[1])
	}
	size := posetest.Size(g)
	for f := float32(1); f <= float32(m.TotalFrames); f += 10 {
		a, _ := posetest.Posed(m, anim.FrameToTime(f, m.EffectiveFPS()))
		b, _ := posetest.Posed(g, anim.FrameToTime(f, g.EffectiveFPS()))
		for v := range a {
			a[v] = xform.Vec32(want.Apply(xform.Vec64(a[v])))
		}
		if d := posetest.MaxDistance(a, b); d > 1e-5*size {
			t.Fatalf("frame %g: a vertex is %g off (size %g)", f, d, size)
		}
	}
	code, _, errs = runTool("transform", in, filepath.Join(t.TempDir(), "x.ms3d"), "--scale", "1,2,1")
	if code != 1 || !strings.Contains(errs, "refused") || !strings.Contains(errs, "rigid") {
		t.Errorf("stretch: exit %d: %s", code, errs)
	}
	if code, _, _ := runTool("transform", in, in, "--scale", "2"); code != 2 {
		t.Errorf("OUT = IN: exit %d, want 2", code)
	}
}

// TestConvertUpScale places an imported Z-up model: convert --up z --scale
// 2 turns (x, y, z) into 2·(x, z, −y).
func TestConvertUpScale(t *testing.T) {
	in := filepath.Join(corpus.Dir(t), "obj", "assimp", "test", "models", "OBJ", "spider.obj")
	out := filepath.Join(t.TempDir(), "spider.ms3d")
	if code, _, errs := runTool("convert", in, out, "--up", "z", "--scale", "2"); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	src := openDoc(t, in)
	got := openDoc(t, out)
	a, b := src.Model().Vertices, got.Model().Vertices
	if len(a) != len(b) {
		t.Fatalf("%d vertices, want %d", len(b), len(a))
	}
	for i := range a {
		p, q := a[i].Position, b[i].Position
		want := [3]float32{2 * p[0], 2 * p[2], -2 * p[1]}
		if d := posetest.MaxDistance([][3]float32{q}, [][3]float32{want}); d > 1e-4 {
			t.Fatalf("vertex %d at %v, want %v", i, q, want)
		}
	}
}

// TestModelInOutUsage: convert and transform take exactly IN and OUT,
// IN in a format document opens, OUT in one they export (transform found
// out only after its work, when writing), and say so with exit status 2.
func TestModelInOutUsage(t *testing.T) {
	for _, cmd := range []string{"convert", "transform"} {
		for _, c := range []struct {
			args []string
			want string
		}{
			{[]string{"a.ms3d"}, "want IN and OUT, got 1 arguments"},
			{[]string{"a.ms3d", "b.obj", "c.obj"}, "want IN and OUT, got 3 arguments"},
			{[]string{"a.txt", "b.obj"}, "IN must be one of .ms3d, "},
			{[]string{"a.ms3d", "b.txt"}, "OUT must end in one of .ms3d, "},
		} {
			code, _, errs := runTool(append([]string{cmd}, c.args...)...)
			if code != 2 || !strings.HasPrefix(errs, "ms3dtool "+cmd+": "+c.want) || !strings.Contains(errs, "usage: ms3dtool "+cmd+" IN OUT") {
				t.Errorf("%s %q: exit %d, stderr:\n%s", cmd, c.args, code, errs)
			}
		}
	}
}
