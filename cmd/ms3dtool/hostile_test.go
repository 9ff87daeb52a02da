package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"ms3dstudio/internal/hostile"
)

// TestConvertSaysWhyExitStatus1: convert writes what could be read of a
// file with errors and exits with status 1; it says so, counts the errors
// and lists the first ten (it used to print only "wrote out.ms3d"). Errors
// found writing (more bones than the engine takes) make the status 1 too.
func TestConvertSaysWhyExitStatus1(t *testing.T) {
	dir := t.TempDir()
	var b strings.Builder
	b.WriteString("version 1\nnodes\n0 \"root\" -1\n")
	for i := 1; i <= 12; i++ {
		fmt.Fprintf(&b, "%d \"b%d\" %d\n", i, i, 100+i) // no such parent
	}
	b.WriteString("end\nskeleton\ntime 0\n")
	for i := 0; i <= 12; i++ {
		fmt.Fprintf(&b, "%d 0 0 0 0 0 0\n", i)
	}
	b.WriteString("end\n")
	in := filepath.Join(dir, "orphans.smd")
	if err := os.WriteFile(in, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out.ms3d")
	code, stdout, errs := runTool("convert", in, out)
	if _, err := os.Stat(out); code != 1 || err != nil || !strings.Contains(stdout, "wrote "+out) {
		t.Fatalf("exit %d, %v, stdout %q; want exit 1 and %s written", code, err, stdout, out)
	}
	for _, want := range []string{"exit status 1: 12 errors found reading " + in + ", and what could be read was written:",
		`[smd.parent]: orphans.smd:4: bone "b1" names parent 101`, "and 2 errors more"} {
		if !strings.Contains(errs, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errs)
		}
	}
	if n := strings.Count(errs, "[smd.parent]"); n != 10 {
		t.Errorf("%d errors listed, want 10", n)
	}

	chain := filepath.Join(dir, "chain.smd")
	if err := os.WriteFile(chain, hostile.ChainSMD(200), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, errs = runTool("convert", chain, filepath.Join(dir, "out.smd"), "--profile", "source")
	if code != 1 || !strings.Contains(stdout, "wrote ") || !strings.Contains(errs, "[engine.bone-limit]") ||
		!strings.Contains(errs, "exit status 1: 1 error found writing "+filepath.Join(dir, "out.smd")+" (above); it was written nonetheless") {
		t.Errorf("200 bones to Source: exit %d\nstdout %s\nstderr %s", code, stdout, errs)
	}
}
