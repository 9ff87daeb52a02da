package interop_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"ms3dstudio/document"
	"ms3dstudio/formats/ms3d"
	"ms3dstudio/internal/corpus"
	"ms3dstudio/internal/stress"
)

// assimpEvery is how much of our timed work runs between two runs of
// Assimp, so that both are measured under the same load; at least
// minAssimpRuns run for each file.
const (
	assimpEvery   = 50 * time.Millisecond
	minAssimpRuns = 9
)

// BenchmarkAgainstAssimp reads every corpus MS3D file and the generated
// character (internal/stress.Character: 28,000 vertices, 77 joints, 8,500
// keys) two ways, side by side with Assimp in the same run:
//
//   - read: ms3d.ReadFile, the file read and decoded into a model;
//   - open: document.Open and its Findings, what the app waits for
//     before it shows the model and its problems (with the texture images
//     decoded, which Assimp does not do).
//
// Assimp's figure is the time it gives for its own import in `assimp info
// FILE -r` ("import took approx."): reading the file and building its
// scene, without the process's start-up; -r leaves out the post-processing
// `assimp info` does by default (normals, tangents, vertex joining,
// validation), which decoding does not do either. Assimp runs between our
// iterations, every assimpEvery of our timed work, so that a machine
// loaded by others slows both alike; each side's figure is the median of
// its runs (assimp-ns/op and median-ns/op, beside the mean that ns/op
// is), and x-assimp is Assimp's median over ours: how many times faster we
// are. Assimp prints its time to 10 µs, a tenth of it on the smallest
// files. Files Assimp refuses even raw (Wuson_a8a1ca98.ms3d) are left out.
//
//	go test -run '^$' -bench AgainstAssimp ./interop
func BenchmarkAgainstAssimp(b *testing.B) {
	bin, _ := assimpBinary(b)
	type file struct{ name, path string }
	var files []file
	for _, e := range corpus.MS3D(b) {
		files = append(files, file{e.File, e.Path})
	}
	data, err := ms3d.Encode(stress.Character())
	if err != nil {
		b.Fatal(err)
	}
	character := filepath.Join(b.TempDir(), "character.ms3d")
	if err := os.WriteFile(character, data, 0o644); err != nil {
		b.Fatal(err)
	}
	files = append(files, file{"character", character})
	for _, f := range files {
		if _, ok := assimpImportTime(b, bin, f.path); !ok {
			continue
		}
		b.Run(f.name+"/read", func(b *testing.B) {
			againstAssimp(b, bin, f.path, func() error {
				_, _, err := ms3d.ReadFile(f.path)
				return err
			})
		})
		b.Run(f.name+"/open", func(b *testing.B) {
			againstAssimp(b, bin, f.path, func() error {
				d, err := document.Open(f.path)
				if err == nil {
					d.Findings()
				}
				return err
			})
		})
	}
}

// againstAssimp runs op in b.Loop with Assimp's import of path between,
// and reports the medians and their ratio.
func againstAssimp(b *testing.B, bin, path string, op func() error) {
	var ours, theirs []time.Duration
	run := func() {
		t, ok := assimpImportTime(b, bin, path)
		if !ok {
			b.Fatalf("assimp info %s -r: refused on a later run", path)
		}
		theirs = append(theirs, t)
	}
	var next time.Duration
	for b.Loop() {
		start := time.Now()
		if err := op(); err != nil {
			b.Fatal(err)
		}
		ours = append(ours, time.Since(start))
		if b.Elapsed() >= next {
			b.StopTimer()
			run()
			next = b.Elapsed() + assimpEvery
			b.StartTimer()
		}
	}
	for len(theirs) < minAssimpRuns {
		run()
	}
	mine, assimp := median(ours), median(theirs)
	b.ReportMetric(float64(mine.Nanoseconds()), "median-ns/op")
	b.ReportMetric(float64(assimp.Nanoseconds()), "assimp-ns/op")
	b.ReportMetric(float64(assimp)/float64(mine), "x-assimp")
}

func median(ts []time.Duration) time.Duration {
	slices.Sort(ts)
	return ts[len(ts)/2]
}

// assimpImportTime runs `assimp info path -r` once and returns the import
// time Assimp prints, or false when Assimp refuses the file.
func assimpImportTime(tb testing.TB, bin, path string) (time.Duration, bool) {
	tb.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	out, err := exec.CommandContext(ctx, bin, "info", path, "-r").CombinedOutput()
	if err != nil {
		return 0, false
	}
	_, after, found := strings.Cut(string(out), "import took approx. ")
	secs, _, _ := strings.Cut(after, " seconds")
	s, perr := strconv.ParseFloat(secs, 64)
	if !found || perr != nil {
		tb.Fatalf("assimp info %s -r: no import time in its output:\n%s", path, out)
	}
	return time.Duration(s * float64(time.Second)), true
}
