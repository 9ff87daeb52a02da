// Package testenv decides, for tests only, what happens when something a
// test needs from the machine is missing (a display and GL context, the
// corpus, a program it uses as its judge): on a developer's machine or a plain clone the test skips
// and says why; in CI, or when asked, it fails, so that a run that tested
// nothing cannot pass.
package testenv

import (
	"os"
	"os/exec"
	"testing"
)

// Strict reports whether a missing prerequisite must fail the run: when the
// environment variable CI is set (to anything but "", "0" or "false"), or
// when the variable named require is "1".
func Strict(require string) bool {
	if ci := os.Getenv("CI"); ci != "" && ci != "0" && ci != "false" {
		return true
	}
	return os.Getenv(require) == "1"
}

// Missing skips tb with the message, or fails it when Strict(require).
func Missing(tb testing.TB, require, format string, args ...any) {
	tb.Helper()
	if Strict(require) {
		tb.Fatalf(format+" (required: CI or "+require+"=1 is set)", args...)
	}
	tb.Skipf(format, args...)
}

// Program returns the path of the program name, a reader we did not write
// that a test uses as its judge (assimp, node). When it is not installed
// the test skips saying how to install it, or fails in CI or with
// MS3D_REQUIRE_CORPUS=1: the judges are part of what a full run needs, as
// the corpus is.
func Program(tb testing.TB, name, install string) string {
	tb.Helper()
	path, err := exec.LookPath(name)
	if err != nil {
		Missing(tb, "MS3D_REQUIRE_CORPUS", "%s is not installed (install it with: %s)", name, install)
	}
	return path
}
