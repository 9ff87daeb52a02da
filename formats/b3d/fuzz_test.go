package b3d_test

import (
	"path/filepath"
	"testing"

	"ms3dstudio/formats/b3d"
	"ms3dstudio/internal/bintest"
	"ms3dstudio/internal/corpus"
	"ms3dstudio/internal/fuzzseeds"
)

// seeds are the synthetic seed files: the small model's export, cut short,
// with a length past its parent and with a hostile count.
func seeds(t testing.TB) [][]byte {
	good := smallFile(t)
	return [][]byte{
		good,
		good[:len(good)/2],
		good[:len(good)-3],
		bintest.SetI32(good, chunkAt(t, good, "VRTS")+4, 1<<20),
		bintest.SetI32(good, chunkAt(t, good, "BRUS")+8, 1<<30),
		bintest.SetI32(good, chunkAt(t, good, "KEYS")+8, 7),
	}
}

// TestSeedsWritten checks that testdata/fuzz/FuzzDecode holds the seeds as they
// are now, besides the inputs the fuzz engine saved when the target failed
// (internal/fuzzseeds); go test -run TestSeedsWritten -update-seeds
// rewrites them.
func TestSeedsWritten(t *testing.T) {
	fuzzseeds.Sync(t, filepath.Join("testdata", "fuzz", "FuzzDecode"), fuzzseeds.Numbered(seeds(t)))
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
			f.Add(corpus.Read(f, name))
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
