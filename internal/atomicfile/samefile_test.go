package atomicfile

import (
	"os"
	"path/filepath"
	"testing"
)

// TestSameFile: one file under two names is the same, two files with
// the same contents are not, and a file not yet written is the same as
// another spelling of its path.
func TestSameFile(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a.ms3d")
	b := filepath.Join(dir, "b.ms3d")
	for _, p := range []string{a, b} {
		if err := os.WriteFile(p, []byte("same"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	link := filepath.Join(dir, "link.ms3d")
	if err := os.Link(a, link); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		x, y string
		want bool
	}{
		{a, a, true},
		{a, filepath.Join(dir, ".", "sub", "..", "a.ms3d"), true},
		{a, link, true},
		{a, b, false},
		{a, filepath.Join(dir, "new.ms3d"), false},
		{filepath.Join(dir, "new.ms3d"), filepath.Join(dir, "sub", "..", "new.ms3d"), true},
		{filepath.Join(dir, "new.ms3d"), filepath.Join(dir, "other.ms3d"), false},
	} {
		if got := SameFile(c.x, c.y); got != c.want {
			t.Errorf("SameFile(%s, %s) = %v, want %v", c.x, c.y, got, c.want)
		}
	}
}
