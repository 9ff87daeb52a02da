package b3d_test

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"ms3dstudio/formats/b3d"
	"ms3dstudio/internal/corpus"
)

var writeSeeds = flag.Bool("write-seeds", false, "rewrite the fuzz seed corpus in testdata/fuzz")

// seeds are the synthetic seed files: the small model's export, cut short,
// with a length past its parent and with a hostile count.
func seeds(t testing.TB) [][]byte {
	good := smallFile(t)
	return [][]byte{
		good,
		good[:len(good)/2],
		good[:len(good)-3],
		setI32(good, chunkAt(t, good, "VRTS")+4, 1<<20),
		setI32(good, chunkAt(t, good, "BRUS")+8, 1<<30),
		setI32(good, chunkAt(t, good, "KEYS")+8, 7),
	}
}

// TestWriteSeeds writes the seeds when run with -write-seeds.
func TestWriteSeeds(t *testing.T) {
	if !*writeSeeds {
		t.Skip("run with -write-seeds to rewrite testdata/fuzz")
	}
	dir := filepath.Join("testdata", "fuzz", "FuzzDecode")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for i, s := range seeds(t) {
		body := fmt.Sprintf("go test fuzz v1\n[]byte(%q)\n", s)
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("seed-%02d", i)), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// FuzzDecode checks that no input makes Decode, Import, Export or Encode
// panic or hang, that an error comes without a file, that findings point
// inside the input, and that a file Encode writes decodes again.
func FuzzDecode(f *testing.F) {
	for _, s := range seeds(f) {
		f.Add(s)
	}
	if corpus.Available() {
		for _, name := range realFiles {
			if data, err := os.ReadFile(filepath.Join(corpus.Dir(f), filepath.FromSlash(name))); err == nil {
				f.Add(data)
			}
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		file, found, err := b3d.Decode(data)
		if err != nil {
			if file != nil {
				t.Fatalf("error %v with a file", err)
			}
			return
		}
		m, more := b3d.Import(file)
		for _, x := range append(found, more...) {
			if x.Where.Offset < -1 || x.Where.Offset > int64(len(data)) {
				t.Fatalf("finding %v points outside the %d-byte input", x, len(data))
			}
		}
		if enc, err := b3d.Encode(file); err == nil {
			if _, _, err := b3d.Decode(enc); err != nil {
				t.Fatalf("Encode wrote a file Decode refuses: %v", err)
			}
		}
		out, _, err := b3d.Export(m, b3d.ExportOptions{})
		if err != nil {
			t.Fatalf("Export of an imported model: %v", err)
		}
		enc, err := b3d.Encode(out)
		if err != nil {
			t.Fatalf("Encode of an export: %v", err)
		}
		if _, _, err := b3d.Decode(enc); err != nil {
			t.Fatalf("an export does not decode: %v", err)
		}
	})
}
