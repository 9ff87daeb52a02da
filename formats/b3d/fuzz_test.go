package b3d_test

import (
	"fmt"
	"path/filepath"
	"testing"

	"ms3dstudio/formats/b3d"
	"ms3dstudio/internal/bintest"
	"ms3dstudio/internal/fuzzseeds"
	"ms3dstudio/model"
)

// seeds are the synthetic seed files: the small model's export, cut short,
// with a length past its parent and with a hostile count.
func seeds(t testing.TB) [][]byte {
	good := smallFile(t)
	return bintest.Seeds(good,
		bintest.SetI32(good, chunkAt(t, good, "VRTS")+4, 1<<20),
		bintest.SetI32(good, chunkAt(t, good, "BRUS")+8, 1<<30),
		bintest.SetI32(good, chunkAt(t, good, "KEYS")+8, 7),
	)
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
	codec := bintest.Codec[b3d.File]{Decode: b3d.Decode, Encode: b3d.Encode}
	codec.Fuzz(f, seeds(f), realFiles, func(file *b3d.File, _ []byte) (*b3d.File, []model.Finding, error) {
		m, more := b3d.Import(file)
		out, _, err := b3d.Export(m, b3d.ExportOptions{})
		if err != nil {
			return nil, more, fmt.Errorf("Export of an imported model: %w", err)
		}
		return out, more, nil
	})
}
