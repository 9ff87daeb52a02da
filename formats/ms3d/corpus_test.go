package ms3d

import (
	"bytes"
	"os"
	"testing"

	"ms3dstudio/internal/corpus"
	"ms3dstudio/model"
)

// TestCorpusRoundTrip decodes every corpus file and checks that encoding
// gives back the identical bytes, and that the counts match the manifest.
func TestCorpusRoundTrip(t *testing.T) {
	for _, e := range corpus.MS3D(t) {
		t.Run(e.String(), func(t *testing.T) {
			data, err := os.ReadFile(e.Path)
			if err != nil {
				t.Fatal(err)
			}
			m, findings, err := Decode(data)
			if err != nil {
				t.Fatalf("decode: %v", err)
			}
			for _, f := range findings {
				t.Logf("finding: %s", f)
			}
			checkCounts(t, e, m)
			out, err := Encode(m)
			if err != nil {
				t.Fatalf("encode: %v", err)
			}
			truncated := false
			for _, f := range findings {
				truncated = truncated || f.Code == "file.truncated"
			}
			if truncated {
				// A file cut inside a mandatory part cannot be written back
				// as it was; what was read must encode to a readable file.
				_, f2, err := Decode(out)
				if err != nil || model.HasErrors(f2) {
					t.Fatalf("re-encoded truncated file: err %v, findings %v", err, f2)
				}
				return
			}
			if !bytes.Equal(out, data) {
				t.Fatalf("round trip differs: %d bytes in, %d out, first difference at %#x", len(data), len(out), firstDiff(data, out))
			}
		})
	}
}

func checkCounts(t *testing.T, e corpus.Entry, m *model.Model) {
	t.Helper()
	if e.Joints < 0 {
		return // the manifest's probe could not read this file either
	}
	rot, pos := 0, 0
	for _, j := range m.Joints {
		rot += len(j.RotationKeys)
		pos += len(j.PositionKeys)
	}
	got := []int{int(m.Version), len(m.Vertices), len(m.Triangles), len(m.Groups), len(m.Materials), len(m.Joints), int(m.TotalFrames), rot, pos, int(m.VertexExtraSubVersion)}
	want := []int{e.Version, e.Vertices, e.Triangles, e.Groups, e.Materials, e.Joints, e.TotalFrames, e.RotationKeys, e.PositionKeys, e.VertexExtraSubVersion}
	names := []string{"version", "vertices", "triangles", "groups", "materials", "joints", "totalFrames", "rotationKeys", "positionKeys", "vertexExtraSubVersion"}
	for i := range got {
		if got[i] != want[i] {
			t.Errorf("%s = %d, manifest says %d", names[i], got[i], want[i])
		}
	}
	if float64(m.FPS) != e.FPS {
		t.Errorf("fps = %v, manifest says %v", m.FPS, e.FPS)
	}
}

func firstDiff(a, b []byte) int {
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}
