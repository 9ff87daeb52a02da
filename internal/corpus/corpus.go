// Package corpus locates the corpus of real model files (the repository's
// testdata folder, each file's licence in testdata/LICENSES.md) and reads its
// MANIFEST.tsv, for tests only. Without the corpus its callers skip or, in
// CI, fail (see Dir).
package corpus

import (
	"encoding/csv"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"ms3dstudio/internal/testenv"
)

// Dir returns the corpus folder: MS3D_TESTDATA when set, else the testdata
// folder at the root of the module (the nearest parent of the working
// directory holding go.mod). When the corpus is missing (or MS3D_TESTDATA
// names a folder without ms3d/MANIFEST.tsv) the test is skipped with a
// message saying so; in CI, or with MS3D_REQUIRE_CORPUS=1, it fails instead:
// CI must have it.
func Dir(tb testing.TB) string {
	tb.Helper()
	dir, err := find()
	if err != nil {
		testenv.Missing(tb, "MS3D_REQUIRE_CORPUS", "%v", err)
	}
	return dir
}

// Available reports whether the corpus is there, for tests that use it
// when present and something smaller otherwise.
func Available() bool {
	_, err := find()
	return err == nil
}

func find() (string, error) {
	if d := os.Getenv("MS3D_TESTDATA"); d != "" {
		if !hasManifest(d) {
			return "", fmt.Errorf("corpus not found at %s (MS3D_TESTDATA names no folder holding ms3d/MANIFEST.tsv); set MS3D_TESTDATA to the corpus", d)
		}
		return d, nil
	}
	wd, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for d := wd; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			cand := filepath.Join(d, "testdata")
			if !hasManifest(cand) {
				return "", fmt.Errorf("corpus not found at %s (no ms3d/MANIFEST.tsv); set MS3D_TESTDATA", cand)
			}
			return cand, nil
		}
		if filepath.Dir(d) == d {
			return "", fmt.Errorf("corpus not found: no go.mod above %s; set MS3D_TESTDATA", wd)
		}
	}
}

func hasManifest(dir string) bool {
	st, err := os.Stat(filepath.Join(dir, "ms3d", "MANIFEST.tsv"))
	return err == nil && !st.IsDir()
}

// Entry is one row of ms3d/MANIFEST.tsv.
type Entry struct {
	// File is the path relative to the ms3d folder.
	File                                   string
	Version                                int
	Vertices, Triangles, Groups, Materials int
	Joints                                 int // −1 when the manifest says None (unreadable)
	TotalFrames                            int
	FPS                                    float64
	RotationKeys, PositionKeys             int
	VertexExtraSubVersion                  int
	Problems                               string
	Path                                   string // absolute path
	Defective                              bool   // the manifest lists probe problems
	Blocks                                 string
	Licence                                string
}

// MS3D returns the entries of ms3d/MANIFEST.tsv.
func MS3D(tb testing.TB) []Entry {
	tb.Helper()
	dir := Dir(tb)
	f, err := os.Open(filepath.Join(dir, "ms3d", "MANIFEST.tsv"))
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	r := csv.NewReader(f)
	r.Comma = '\t'
	r.LazyQuotes = true
	header, err := r.Read()
	if err != nil {
		tb.Fatal(err)
	}
	col := map[string]int{}
	for i, h := range header {
		col[h] = i
	}
	var out []Entry
	for {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			tb.Fatal(err)
		}
		get := func(name string) string { return rec[col[name]] }
		num := func(name string) int {
			s := get(name)
			if s == "" || s == "None" {
				return -1
			}
			n, err := strconv.Atoi(s)
			if err != nil {
				tb.Fatalf("corpus: %s: %s=%q: %v", rec[0], name, s, err)
			}
			return n
		}
		e := Entry{
			File: get("file"), Version: num("version"), Vertices: num("vertices"), Triangles: num("triangles"),
			Groups: num("groups"), Materials: num("materials"), Joints: num("joints"), TotalFrames: num("total_frames"),
			RotationKeys: num("rot_keys"), PositionKeys: num("pos_keys"), VertexExtraSubVersion: num("vertex_extra_sv"),
			Problems: get("probe_problems"), Blocks: get("subversion_blocks"), Licence: get("licence"),
		}
		if e.VertexExtraSubVersion < 0 {
			e.VertexExtraSubVersion = 0
		}
		if s := get("fps"); s != "" {
			e.FPS, _ = strconv.ParseFloat(s, 64)
		}
		e.Defective = e.Problems != "-" && e.Problems != ""
		e.Path = filepath.Join(dir, "ms3d", filepath.FromSlash(e.File))
		if _, err := os.Stat(e.Path); err != nil {
			tb.Fatalf("corpus: manifest lists %s: %v", e.File, err)
		}
		out = append(out, e)
	}
	if len(out) == 0 {
		tb.Fatal("corpus: empty manifest")
	}
	return out
}

// Largest returns the path of the largest readable MS3D file in the corpus.
func Largest(tb testing.TB) string {
	tb.Helper()
	best, size := "", int64(-1)
	for _, e := range MS3D(tb) {
		st, err := os.Stat(e.Path)
		if err != nil {
			tb.Fatal(err)
		}
		if st.Size() > size {
			best, size = e.Path, st.Size()
		}
	}
	return best
}

// String names the entry in test output.
func (e Entry) String() string { return strings.TrimSuffix(e.File, ".ms3d") }
