package main

import (
	"path/filepath"
	"strings"
	"testing"

	"ms3dstudio/internal/corpus"
)

// TestAnimClips adds, lists, replaces and removes named clips through the
// CLI, and refuses a clip outside the timeline.
func TestAnimClips(t *testing.T) {
	in := corpus.File(t, "lesson31_bcb6/Data/Model.ms3d").Path
	out := filepath.Join(t.TempDir(), "c.ms3d")
	if code, _, errs := runTool("anim", "clips", in, out, "--add", "bend 1-12", "--add", "back 13-24"); code != 0 {
		t.Fatalf("add: exit %d: %s", code, errs)
	}
	code, stdout, _ := runTool("anim", "clips", out)
	if code != 0 || !strings.Contains(stdout, "2 clips") || !strings.Contains(stdout, "bend 1-12") || !strings.Contains(stdout, "back 13-24") {
		t.Fatalf("list: %d %s", code, stdout)
	}
	if code, _, errs := runTool("anim", "clips", out, "--in-place", "--remove", "bend", "--add", "back 10-20"); code != 0 {
		t.Fatalf("edit: %d %s", code, errs)
	}
	if _, stdout, _ := runTool("anim", "clips", out); !strings.Contains(stdout, "1 clips") || !strings.Contains(stdout, "back 10-20") {
		t.Fatalf("after edit: %s", stdout)
	}
	if code, _, errs := runTool("anim", "clips", out, "--in-place", "--add", "far 30-90"); code != 1 || !strings.Contains(errs, "far") {
		t.Fatalf("a clip past the 24-frame timeline: exit %d: %s", code, errs)
	}
	if code, _, _ := runTool("anim", "clips", out, "--add", "x 1-2"); code != 2 {
		t.Fatalf("an edit without OUT: exit %d, want 2", code)
	}
}
