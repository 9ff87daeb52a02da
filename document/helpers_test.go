package document

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"ms3dstudio/formats/ms3d"
	"ms3dstudio/internal/corpus"
	"ms3dstudio/model"
)

// corpusPath returns the corpus file whose path ends with suffix.
func corpusPath(t *testing.T, suffix string) string { return corpus.File(t, suffix).Path }

// openCorpus opens a corpus file as a document.
func openCorpus(t *testing.T, suffix string) *Document {
	t.Helper()
	d, err := Open(corpusPath(t, suffix))
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// encode returns the document's bytes.
func encode(t *testing.T, d *Document) []byte {
	t.Helper()
	b, err := d.Encode()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// reread decodes the document's bytes again, proving the edit survives the
// codec.
func reread(t *testing.T, d *Document) *model.Model {
	t.Helper()
	m, _, err := ms3d.Decode(encode(t, d))
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// copyFile copies src into dir and returns the new path.
func copyFile(t *testing.T, src, dir string) string {
	t.Helper()
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	dst := filepath.Join(dir, filepath.Base(src))
	if err := os.WriteFile(dst, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return dst
}

func sameBytes(t *testing.T, what string, got, want []byte) {
	t.Helper()
	if !bytes.Equal(got, want) {
		i := 0
		for i < len(got) && i < len(want) && got[i] == want[i] {
			i++
		}
		t.Fatalf("%s: bytes differ at offset %#x (len %d, want %d)", what, i, len(got), len(want))
	}
}
