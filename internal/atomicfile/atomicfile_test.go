package atomicfile

import (
	"os"
	"path/filepath"
	"testing"
)

func TestWriteFileNewAndOverwrite(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "a.ms3d")
	if err := WriteFile(p, []byte("one"), 0o640, true); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(p); string(b) != "one" {
		t.Fatalf("content %q", b)
	}
	if st, _ := os.Stat(p); st.Mode().Perm() != 0o640 {
		t.Fatalf("perm %v", st.Mode().Perm())
	}
	if _, err := os.Stat(p + ".bak"); !os.IsNotExist(err) {
		t.Fatalf("backup of a new file should not exist: %v", err)
	}
	if err := WriteFile(p, []byte("two"), 0o600, true); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(p, []byte("three"), 0o600, true); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(p); string(b) != "three" {
		t.Fatalf("content %q", b)
	}
	// The backup holds the file as it was before the first overwrite.
	if b, _ := os.ReadFile(p + ".bak"); string(b) != "one" {
		t.Fatalf("backup %q", b)
	}
	if st, _ := os.Stat(p); st.Mode().Perm() != 0o640 {
		t.Fatalf("overwrite changed perm to %v", st.Mode().Perm())
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 2 {
		t.Fatalf("temporary files left behind: %v", entries)
	}
}

func TestWriteFileFailureLeavesOriginal(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "a.ms3d")
	if err := os.WriteFile(p, []byte("orig"), 0o644); err != nil {
		t.Fatal(err)
	}
	// A folder in the way of the target: the rename must fail and the
	// original stays.
	if err := WriteFile(filepath.Join(dir, "missing", "x"), []byte("x"), 0o644, false); err == nil {
		t.Fatal("writing into a missing folder succeeded")
	}
	if err := WriteFile(dir, []byte("x"), 0o644, false); err == nil {
		t.Fatal("overwriting a folder succeeded")
	}
	if b, _ := os.ReadFile(p); string(b) != "orig" {
		t.Fatalf("original changed: %q", b)
	}
}
