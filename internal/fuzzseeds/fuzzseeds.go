// Package fuzzseeds keeps the seed folder of a fuzz target
// (testdata/fuzz/FuzzXxx, in the corpus file format `go test -fuzz` reads
// and writes) in step with the cases its seeds are written from, for tests
// only.
//
// A seed folder holds two kinds of files. Seeds are written by the
// package's tests from its table cases and synthetic models, under names
// the tests choose; each must be there, byte for byte as the tests would
// write it now. Inputs the fuzz engine saved when a target failed are kept
// as regression cases: the engine names each after the first 16 hex digits
// of the SHA-256 of its contents, which is how they are told apart from a
// seed the tests no longer write (a stale file fails the check).
package fuzzseeds

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

var update = flag.Bool("update-seeds", false, "rewrite the fuzz seed folders in testdata/fuzz from the tests' cases")

// Entry returns the corpus file of one input of a fuzz target that takes
// a single []byte.
func Entry(data []byte) []byte {
	return []byte(fmt.Sprintf("go test fuzz v1\n[]byte(%q)\n", data))
}

// Sync checks that dir holds exactly the seeds want (file name → input)
// besides the inputs the fuzz engine saved, and reports each difference as
// an error of tb. Run with -update-seeds, it writes the seeds instead and
// removes the files that are neither seeds nor saved inputs.
func Sync(tb testing.TB, dir string, want map[string][]byte) {
	tb.Helper()
	if *update {
		if err := Write(dir, want); err != nil {
			tb.Fatal(err)
		}
		return
	}
	for _, p := range Problems(dir, want) {
		tb.Errorf("%s (run the test with -update-seeds)", p)
	}
}

// Numbered names seeds "seed-00", "seed-01"… in their order, for Sync.
func Numbered(seeds [][]byte) map[string][]byte {
	want := make(map[string][]byte, len(seeds))
	for i, s := range seeds {
		want[fmt.Sprintf("seed-%02d", i)] = s
	}
	return want
}

// AddFiles adds every file that matches pattern (filepath.Glob) to seeds,
// named by its base name without the extension: the test files of a
// package seed its fuzz target as they are.
func AddFiles(tb testing.TB, seeds map[string][]byte, pattern string) {
	tb.Helper()
	files, err := filepath.Glob(pattern)
	if err != nil {
		tb.Fatal(err)
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			tb.Fatal(err)
		}
		seeds[strings.TrimSuffix(filepath.Base(f), filepath.Ext(f))] = data
	}
}

// Problems lists what is wrong with dir for the seeds want: seeds missing
// or not as they would be written now, and files that are neither seeds
// nor inputs the fuzz engine saved.
func Problems(dir string, want map[string][]byte) []string {
	entries, err := os.ReadDir(dir)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return []string{err.Error()}
	}
	var out []string
	have := map[string]bool{}
	for _, e := range entries {
		name := e.Name()
		have[name] = true
		body, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			out = append(out, err.Error())
			continue
		}
		seed, isSeed := want[name]
		switch {
		case isSeed && !bytes.Equal(body, Entry(seed)):
			out = append(out, fmt.Sprintf("%s/%s differs from the seed the tests write now", dir, name))
		case !isSeed && !saved(name, body):
			out = append(out, fmt.Sprintf("%s/%s is not a seed the tests write, nor an input the fuzz engine saved (its name is not the hash of its contents, or it is not a corpus file)", dir, name))
		}
	}
	names := make([]string, 0, len(want))
	for name := range want {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		if !have[name] {
			out = append(out, fmt.Sprintf("seed %s/%s is missing", dir, name))
		}
	}
	return out
}

// Write writes the seeds want into dir and removes the files there that
// are neither seeds nor inputs the fuzz engine saved.
func Write(dir string, want map[string][]byte) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	for _, e := range entries {
		path := filepath.Join(dir, e.Name())
		if _, ok := want[e.Name()]; ok {
			continue
		}
		if body, err := os.ReadFile(path); err == nil && saved(e.Name(), body) {
			continue
		}
		if err := os.Remove(path); err != nil {
			return err
		}
	}
	for name, data := range want {
		if err := os.WriteFile(filepath.Join(dir, name), Entry(data), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// saved reports whether the file name holding body is an input the fuzz
// engine saved: named after the hash of its contents, and a corpus file of
// values a fuzz target takes (the header line, then one value a line).
func saved(name string, body []byte) bool {
	if name != fmt.Sprintf("%x", sha256.Sum256(body))[:16] {
		return false
	}
	lines := strings.Split(strings.TrimSuffix(string(body), "\n"), "\n")
	if len(lines) < 2 || lines[0] != "go test fuzz v1" {
		return false
	}
	for _, l := range lines[1:] {
		open := strings.IndexByte(l, '(')
		if open < 0 || !strings.HasSuffix(l, ")") {
			return false
		}
		if v := l[open+1 : len(l)-1]; strings.ContainsAny(v[:min(len(v), 1)], "\"'`") {
			if _, err := strconv.Unquote(v); err != nil {
				return false
			}
		}
	}
	return true
}
