package max3ds

import (
	"os"
	"path/filepath"
	"testing"

	"ms3dstudio/internal/fuzzseeds"
)

// seeds returns the synthetic seed files: the full synthetic scene, a flat
// quad, and damaged variants (cut short, a zero length, a huge count).
func seeds() [][]byte {
	good := synthFile()
	zero := append([]byte{}, good...)
	putU32(zero[headerSize+2:], 0)
	huge := ck(ChunkMain, ck(chunkEditor, ck(chunkObject, cstrb("X"), ck(chunkTriMesh, ck(chunkVertices, u16b(0xFFFF), f32b(1, 2, 3))))))
	return [][]byte{
		good,
		ck(ChunkMain, ck(chunkEditor, ck(chunkObject, cstrb("Quad"), synthQuad(nil)))),
		good[:len(good)/2],
		good[:len(good)-5],
		zero,
		huge,
	}
}

// TestSeedsWritten checks that testdata/fuzz/FuzzDecode holds the seeds
// as they are now, besides the inputs the fuzz engine saved when the target
// failed (internal/fuzzseeds); with -update-seeds it rewrites them.
func TestSeedsWritten(t *testing.T) {
	fuzzseeds.Sync(t, filepath.Join("testdata", "fuzz", "FuzzDecode"), fuzzseeds.Numbered(seeds()))
}

// FuzzDecode checks that no input makes Decode or Import panic, that an
// error comes without a scene, and that findings point inside the input.
func FuzzDecode(f *testing.F) {
	for _, s := range seeds() {
		f.Add(s)
	}
	// Small real files are read from the shared corpus at run time.
	for _, e := range manifest(f) {
		if data, err := os.ReadFile(e.path); err == nil && len(data) < 8<<10 {
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		s, fs, err := Decode(data)
		if err != nil {
			if s != nil {
				t.Fatal("error with a scene")
			}
			return
		}
		for _, opt := range []Options{{}, {Pivot: PivotApply, KeepAxes: true}} {
			m, _, ifs := Import(s, opt)
			if m == nil {
				t.Fatal("no model")
			}
			for _, fd := range append(fs, ifs...) {
				if fd.Where.Offset < -1 || fd.Where.Offset > int64(len(data)) {
					t.Fatalf("finding offset %d outside %d bytes: %s", fd.Where.Offset, len(data), fd)
				}
			}
		}
	})
}
