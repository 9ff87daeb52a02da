package document

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"ms3dstudio/formats/ms3d"
	"ms3dstudio/internal/corpus"
	"ms3dstudio/model"
	"ms3dstudio/model/sample"
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

// fixtureName is the file name of the synthetic fixture.
const fixtureName = "Model.ms3d"

// writeFixture writes the synthetic fixture, the built-in sample (groups,
// materials, a joint hierarchy with keys, comments and every optional
// block: enough for the tests that need no real file), into dir and
// returns its path.
func writeFixture(t *testing.T, dir string) string {
	t.Helper()
	data, err := ms3d.Encode(sample.Model())
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, fixtureName)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// openFixture opens the synthetic fixture as a document.
func openFixture(t *testing.T) *Document {
	t.Helper()
	d, err := Open(writeFixture(t, t.TempDir()))
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
