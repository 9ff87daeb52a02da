// Package testtree writes folder trees for tests, for tests only: the
// folders a texture search, a path resolver or a batch walk is tried on.
package testtree

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Write creates every path (slash-separated, relative to dir) under dir,
// with its parent folders: a folder when the path ends with "/", else a
// file that holds the path itself, so that a test can tell which file it
// read.
func Write(tb testing.TB, dir string, paths ...string) {
	tb.Helper()
	for _, p := range paths {
		full := filepath.Join(dir, filepath.FromSlash(p))
		if strings.HasSuffix(p, "/") {
			if err := os.MkdirAll(full, 0o755); err != nil {
				tb.Fatal(err)
			}
			continue
		}
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			tb.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(p), 0o644); err != nil {
			tb.Fatal(err)
		}
	}
}

// Unreadable makes locked unreadable to a package's folder lister: it sets
// *readDir to a function that refuses locked as os.ReadDir refuses a folder
// the user may not read (an *os.PathError wrapping os.ErrPermission) and
// lists every other folder with os.ReadDir. The test's cleanup puts the
// lister back.
func Unreadable(tb testing.TB, readDir *func(string) ([]os.DirEntry, error), locked string) {
	tb.Helper()
	saved := *readDir
	*readDir = func(name string) ([]os.DirEntry, error) {
		if name == locked {
			return nil, &os.PathError{Op: "open", Path: name, Err: os.ErrPermission}
		}
		return os.ReadDir(name)
	}
	tb.Cleanup(func() { *readDir = saved })
}
