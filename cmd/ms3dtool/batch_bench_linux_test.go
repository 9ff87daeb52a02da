package main

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"ms3dstudio/internal/corpus"
)

// BenchmarkValidateCorpus times, side by side in each iteration, the two
// ways of validating every corpus model with the built ms3dtool: one call
// over the folder (`validate -r testdata --json`, stderr a terminal so the
// progress line is drawn, --jobs at its default) and one process per file
// (`validate FILE --json`, one after the other, as a shell loop runs
// them). It reports each one's time per iteration and speedup, the ratio
// of the two, and the CPU time each took (user and system, which a busy
// machine changes less than the time); ns/op is both together.
func BenchmarkValidateCorpus(b *testing.B) {
	dir := corpus.Dir(b)
	files := corpusModels(b)
	bin := filepath.Join(b.TempDir(), "ms3dtool")
	if out, err := exec.Command("go", "build", "-o", bin, "ms3dstudio/cmd/ms3dtool").CombinedOutput(); err != nil {
		b.Fatalf("building ms3dtool: %v\n%s", err, out)
	}
	term := openTerminal(b)
	// validate exits 1 when a file has errors (some corpus files do).
	// runOK runs cmd and returns the CPU time it took.
	runOK := func(cmd *exec.Cmd) time.Duration {
		if err := cmd.Run(); err != nil {
			if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 {
				b.Fatalf("%s: %v", strings.Join(cmd.Args, " "), err)
			}
		}
		return cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	}
	var inBatch, perProcess, batchCPU, perProcessCPU time.Duration
	for b.Loop() {
		start := time.Now()
		cmd := exec.Command(bin, "validate", "-r", dir, "--json")
		cmd.Stderr = term.Tty
		batchCPU += runOK(cmd)
		mid := time.Now()
		for _, f := range files {
			perProcessCPU += runOK(exec.Command(bin, "validate", f, "--json"))
		}
		inBatch += mid.Sub(start)
		perProcess += time.Since(mid)
	}
	if !strings.Contains(term.Close(), "files, ") {
		b.Fatalf("the batch drew no progress")
	}
	n := float64(b.N)
	b.ReportMetric(float64(len(files)), "files")
	b.ReportMetric(inBatch.Seconds()*1e3/n, "batch-ms/op")
	b.ReportMetric(perProcess.Seconds()*1e3/n, "per-process-ms/op")
	b.ReportMetric(perProcess.Seconds()/inBatch.Seconds(), "speedup")
	b.ReportMetric(batchCPU.Seconds()*1e3/n, "batch-cpu-ms/op")
	b.ReportMetric(perProcessCPU.Seconds()*1e3/n, "per-process-cpu-ms/op")
}
