package fuzzseeds

import (
	"crypto/sha256"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestProblems builds a seed folder with every kind of file and checks
// what Problems says of each: seeds as written and an input the fuzz
// engine saved pass; a stale seed, a stray file, a renamed saved input and
// a missing seed are reported.
func TestProblems(t *testing.T) {
	dir := t.TempDir()
	want := map[string][]byte{"good": []byte("abc"), "stale": []byte("new"), "missing": {0, 1}}
	write := func(name string, body []byte) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(dir, name), body, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("good", Entry([]byte("abc")))
	write("stale", Entry([]byte("old")))
	crasher := Entry([]byte("\xff\x00 crash"))
	hash := fmt.Sprintf("%x", sha256.Sum256(crasher))[:16]
	write(hash, crasher)
	write("renamed-crasher", crasher)
	write("stray", []byte("not a corpus file"))
	var got []string
	for _, p := range Problems(dir, want) {
		got = append(got, strings.TrimPrefix(p, dir+"/"))
	}
	for _, w := range []string{"stale differs", "renamed-crasher is not a seed", "stray is not a seed", "seed " + dir + "/missing is missing"} {
		if !slices.ContainsFunc(got, func(p string) bool { return strings.HasPrefix(p, w) }) {
			t.Errorf("no problem starting %q in %q", w, got)
		}
	}
	if len(got) != 4 {
		t.Errorf("%d problems, want 4: %q", len(got), got)
	}

	if err := Write(dir, want); err != nil {
		t.Fatal(err)
	}
	if p := Problems(dir, want); len(p) > 0 {
		t.Errorf("after Write: %q", p)
	}
	if _, err := os.Stat(filepath.Join(dir, hash)); err != nil {
		t.Errorf("Write removed the saved input: %v", err)
	}
	for _, gone := range []string{"stray", "renamed-crasher"} {
		if _, err := os.Stat(filepath.Join(dir, gone)); err == nil {
			t.Errorf("Write kept %s", gone)
		}
	}
}

// TestSavedMatchesTheEngine checks the rule by which saved inputs are told
// apart against an input go test -fuzz (Go 1.26) saved for a failing
// target, and against corpus files that break the format.
func TestSavedMatchesTheEngine(t *testing.T) {
	if !saved("9e75ae331d4ec07b", []byte("go test fuzz v1\n[]byte(\"z00\")\n")) {
		t.Error("the input the fuzz engine saved as testdata/fuzz/FuzzX/9e75ae331d4ec07b is not recognised")
	}
	for body, want := range map[string]bool{
		"go test fuzz v1\n[]byte(\"x\")\n":            true,
		"go test fuzz v1\n[]byte(\"x\")\nint(3)\n":    true,
		"go test fuzz v1\n":                           false,
		"go test fuzz v2\n[]byte(\"x\")\n":            false,
		"go test fuzz v1\n[]byte(\"x)\n":              false,
		"go test fuzz v1\nstring(\"a\")\nrune('b')\n": true,
	} {
		name := fmt.Sprintf("%x", sha256.Sum256([]byte(body)))[:16]
		if got := saved(name, []byte(body)); got != want {
			t.Errorf("saved(%q) = %v, want %v", body, got, want)
		}
		if saved("seed-00", []byte(body)) {
			t.Errorf("saved(%q) under a name that is not its hash", body)
		}
	}
}
