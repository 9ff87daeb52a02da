package md3_test

import (
	"math"
	"path/filepath"
	"testing"

	"ms3dstudio/formats/md3"
	"ms3dstudio/internal/bintest"
	"ms3dstudio/internal/fuzzseeds"
	"ms3dstudio/model"
)

// seeds are the synthetic seed files: the small model's export, cut
// short, with counts past the end, frames × tags overflowing, a surface
// end that does not move on and a bad vertex index.
func seeds(t testing.TB) [][]byte {
	good := smallFile(t)
	surf := int(bintest.I32(good, offOfsSurfaces))
	return bintest.Seeds(good,
		bintest.SetI32(good, offNumTags, math.MaxInt32),
		bintest.SetI32(good, offNumSurfaces, 1<<16),
		bintest.SetI32(good, surf+sOfsEnd, 0),
		bintest.SetI32(good, surf+int(bintest.I32(good, surf+sOfsTris)), 17),
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
	codec := bintest.Codec[md3.File]{Decode: md3.Decode, Encode: md3.Encode}
	codec.Fuzz(f, seeds(f), []string{realFile}, func(file *md3.File, data []byte) (*md3.File, []model.Finding, error) {
		// The fit of the animation (vertexanim.Fit) is bounded but takes a
		// real file half a second: it runs on the small inputs only.
		m, _ := md3.Import(file, md3.ImportOptions{Frame: len(file.Frames) / 2, Static: len(data) > 1<<14})
		out, _, err := md3.Export(m, md3.ExportOptions{})
		if err != nil {
			return nil, nil, nil // no triangles, or positions out of range
		}
		return out, nil, nil
	})
}
