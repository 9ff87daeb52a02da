package main

import (
	"os"
	"path/filepath"
	"testing"
	"testing/fstest"

	"ms3dstudio/model/sample"
)

// TestWriteMissing writes the sample's texture beside a saved copy and
// never overwrites a file already there.
func TestWriteMissing(t *testing.T) {
	dir := t.TempDir()
	if err := writeMissing(sample.Files(), dir); err != nil {
		t.Fatal(err)
	}
	if st, err := os.Stat(filepath.Join(dir, sample.TextureName)); err != nil || st.Size() < 1000 {
		t.Fatalf("texture not written: %v", err)
	}
	mine := filepath.Join(dir, "a.png")
	os.WriteFile(mine, []byte("mine"), 0o644)
	if err := writeMissing(fstest.MapFS{"a.png": {Data: []byte("theirs")}}, dir); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(mine); string(b) != "mine" {
		t.Fatalf("existing file overwritten: %q", b)
	}
}
