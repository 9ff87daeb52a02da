package samefile

import (
	"os"
	"path/filepath"
	"testing"
)

// TestIs tells a file from its other spellings, a link to it and a copy.
func TestIs(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a.bmp")
	b := filepath.Join(dir, "b.bmp")
	for _, p := range []string{a, b} {
		if err := os.WriteFile(p, []byte("same bytes"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	link := filepath.Join(dir, "link.bmp")
	if err := os.Symlink(a, link); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		x, y string
		want bool
	}{
		{a, a, true},
		{a, filepath.Join(dir, ".", "a.bmp"), true},
		{a, link, true},
		{a, b, false}, // a copy is another file
		{a, filepath.Join(dir, "missing.bmp"), false},
		{filepath.Join(dir, "missing.bmp"), filepath.Join(dir, "missing.bmp"), true},
	} {
		if got := Is(c.x, c.y); got != c.want {
			t.Errorf("Is(%s, %s) = %v, want %v", c.x, c.y, got, c.want)
		}
	}
}
