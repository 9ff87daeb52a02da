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

// Row is one row of a format's MANIFEST.tsv.
type Row struct {
	// File is the path relative to the format's folder; Path the absolute
	// path.
	File, Path string
	// Cols holds every column by its header's name, without the
	// explanation some headers add in parentheses ("objects(mesh/...)" is
	// "objects").
	Cols map[string]string
}

// Manifest returns the rows of the MANIFEST.tsv of the corpus folder
// format ("ms3d", "3ds", "gltf", "obj"), each naming a file that is there.
func Manifest(tb testing.TB, format string) []Row {
	tb.Helper()
	dir := filepath.Join(Dir(tb), format)
	f, err := os.Open(filepath.Join(dir, "MANIFEST.tsv"))
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
	var out []Row
	for {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			tb.Fatal(err)
		}
		row := Row{File: rec[0], Path: filepath.Join(dir, filepath.FromSlash(rec[0])), Cols: map[string]string{}}
		for i, h := range header {
			if i < len(rec) {
				row.Cols[strings.SplitN(h, "(", 2)[0]] = rec[i]
			}
		}
		if _, err := os.Stat(row.Path); err != nil {
			tb.Fatalf("corpus: %s/MANIFEST.tsv lists %s: %v", format, row.File, err)
		}
		out = append(out, row)
	}
	if len(out) == 0 {
		tb.Fatalf("corpus: empty %s manifest", format)
	}
	return out
}

// MS3D returns the entries of ms3d/MANIFEST.tsv.
func MS3D(tb testing.TB) []Entry {
	tb.Helper()
	var out []Entry
	for _, row := range Manifest(tb, "ms3d") {
		get := func(name string) string { return row.Cols[name] }
		num := func(name string) int {
			s := get(name)
			if s == "" || s == "None" {
				return -1
			}
			n, err := strconv.Atoi(s)
			if err != nil {
				tb.Fatalf("corpus: %s: %s=%q: %v", row.File, name, s, err)
			}
			return n
		}
		e := Entry{
			File: row.File, Path: row.Path, Version: num("version"), Vertices: num("vertices"), Triangles: num("triangles"),
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
		out = append(out, e)
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
