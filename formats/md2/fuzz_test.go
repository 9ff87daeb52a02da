package md2_test

import (
	"math"
	"path/filepath"
	"testing"

	"ms3dstudio/formats/md2"
	"ms3dstudio/internal/bintest"
	"ms3dstudio/internal/fuzzseeds"
	"ms3dstudio/model"
)

// seeds are the synthetic seed files: the small model's export, cut
// short, with a count past the end, frames × vertices overflowing, a bad
// vertex index and broken GL commands.
func seeds(t testing.TB) [][]byte {
	good := smallFile(t)
	return bintest.Seeds(good,
		bintest.SetI32(good, offNumFrames, math.MaxInt32),
		bintest.SetI32(good, offNumST, 1<<20),
		bintest.SetU16(good, int(bintest.I32(good, offOfsTris)), 9),
		bintest.SetI32(good, int(bintest.I32(good, offOfsGL)), 1000),
		bintest.SetI32(good, offOfsEnd, 100),
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
// inside the input, that a decoded file encodes and decodes again, and
// that an imported model exports (or is refused with an error) to a file
// that decodes.
func FuzzDecode(f *testing.F) {
	codec := bintest.Codec[md2.File]{Decode: md2.Decode, Encode: md2.Encode}
	codec.Fuzz(f, seeds(f), append(realFiles, malformed), func(file *md2.File, data []byte) (*md2.File, []model.Finding, error) {
		// The fit of the animation (vertexanim.Fit) is bounded but takes a
		// real file half a second: it runs on the small inputs only.
		m, _ := md2.Import(file, md2.ImportOptions{Frame: len(file.Frames) / 2, Static: len(data) > 1<<14})
		out, _, err := md2.Export(m, md2.ExportOptions{})
		if err != nil {
			return nil, nil, nil // no triangles, or too many vertices
		}
		return out, nil, nil
	})
}
