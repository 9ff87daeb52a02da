package ms3d

import (
	"bytes"
	"fmt"
	"os"
	"testing"

	"ms3dstudio/internal/corpus"
	"ms3dstudio/model"
)

// seeds returns the synthetic seed files: the rich model in each vertex
// extra sub-version, an empty model, and a few cut and damaged variants.
func seeds(t testing.TB) [][]byte {
	var out [][]byte
	for _, sv := range []int32{0, 1, 2, 3} {
		data, err := Encode(richModel(sv))
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, data)
	}
	empty, _ := Encode(&model.Model{})
	out = append(out, empty)
	rich := out[3]
	out = append(out, rich[:len(rich)/2], rich[:len(rich)-3], append(append([]byte{}, rich...), 0xde, 0xad))
	return out
}

// seedTargets are the fuzz targets whose testdata/fuzz folder holds the
// seeds.
var seedTargets = []string{"FuzzDecode", "FuzzRoundTrip"}

// seedFiles returns the seed inputs by file name.
func seedFiles(t testing.TB) map[string][]byte {
	out := map[string][]byte{}
	for i, s := range seeds(t) {
		out[fmt.Sprintf("seed-%02d", i)] = s
	}
	return out
}

func addCorpus(f *testing.F) {
	for _, s := range seeds(f) {
		f.Add(s)
	}
	// Real files are read from the shared corpus at run time, never copied;
	// without the corpus the synthetic seeds still run.
	if !corpus.Available() {
		return
	}
	for _, e := range corpus.MS3D(f) {
		if data, err := os.ReadFile(e.Path); err == nil && len(data) < 64<<10 {
			f.Add(data)
		}
	}
}

// FuzzDecode checks that no input makes Decode panic, and that findings
// point inside the input.
func FuzzDecode(f *testing.F) {
	addCorpus(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		m, findings, err := Decode(data)
		if err != nil {
			if m != nil {
				t.Fatal("error with a model")
			}
			return
		}
		for _, fd := range findings {
			if fd.Where.Offset < -1 || fd.Where.Offset > int64(len(data)) {
				t.Fatalf("finding offset %d outside %d bytes: %s", fd.Where.Offset, len(data), fd)
			}
		}
	})
}

// FuzzRoundTrip checks decode→encode→decode stability: a fully read file
// encodes to the same bytes, and anything read encodes to a file that
// decodes to an equal model encoding to the same bytes again.
func FuzzRoundTrip(f *testing.F) {
	addCorpus(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		m, findings, err := Decode(data)
		if err != nil {
			return
		}
		out, err := Encode(m)
		if err != nil {
			t.Fatalf("encode of a decoded model: %v", err)
		}
		truncated := false
		for _, fd := range findings {
			truncated = truncated || fd.Code == "file.truncated"
		}
		if !truncated && !bytes.Equal(out, data) {
			t.Fatalf("complete file did not round-trip: %d bytes in, %d out", len(data), len(out))
		}
		m2, _, err := Decode(out)
		if err != nil {
			t.Fatalf("re-decode: %v", err)
		}
		out2, err := Encode(m2)
		if err != nil || !bytes.Equal(out, out2) {
			t.Fatalf("second round trip differs: %v", err)
		}
	})
}
