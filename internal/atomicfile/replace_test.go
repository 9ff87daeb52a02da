package atomicfile

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// TestWriteOver writes a new file, replaces one of its kind, and leaves a
// file of another kind alone with a ForeignError.
func TestWriteOver(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "model.md2")
	ours := func(head []byte) bool { return bytes.HasPrefix(head, []byte("IDP2")) }
	if err := WriteOver(path, []byte("IDP2 one"), 0o644, "an MD2 file", ours); err != nil {
		t.Fatal(err)
	}
	if err := WriteOver(path, []byte("IDP2 two"), 0o644, "an MD2 file", ours); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(path); string(got) != "IDP2 two" {
		t.Fatalf("file holds %q", got)
	}
	other := filepath.Join(dir, "notes.md2")
	if err := os.WriteFile(other, []byte("my notes"), 0o644); err != nil {
		t.Fatal(err)
	}
	err := WriteOver(other, []byte("IDP2 three"), 0o644, "an MD2 file", ours)
	var fe *ForeignError
	if !errors.As(err, &fe) || fe.Path != other {
		t.Fatalf("error %v, want a ForeignError", err)
	}
	if got, _ := os.ReadFile(other); string(got) != "my notes" {
		t.Errorf("the other file now holds %q", got)
	}
}
