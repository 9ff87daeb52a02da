package ms3d

import (
	"bytes"
	"fmt"
	"math"
	"strings"
	"testing"

	"ms3dstudio/internal/corpus"
	"ms3dstudio/model"
)

// TestCorpusRoundTrip decodes every corpus file and checks that encoding
// gives back the identical bytes, and that the counts match the manifest.
func TestCorpusRoundTrip(t *testing.T) {
	corpus.EachMS3D(t, func(t *testing.T, e corpus.Entry, data []byte) {
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

// TestWoman4ShortKeys pins the diagnosis and repair of GLScene's Woman4.ms3d,
// whose last joint lost 3 bytes inside rotation key 292.
func TestWoman4ShortKeys(t *testing.T) {
	data := corpus.Read(t, "ms3d/GLScene/Samples/media/Woman4.ms3d")
	_, findings, err := Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range findings {
		got = append(got, fmt.Sprintf("%s %s %#x", f.Code, f.Where.Part, f.Where.Offset))
	}
	want := []string{"block.unreadable comments 0x152aa4", "joint.keys-short joint 0x14b591"}
	if strings.Join(got, "; ") != strings.Join(want, "; ") {
		t.Fatalf("findings %q, want %q", got, want)
	}
	fixed, at, n, ok := RepairShortKeys(data)
	if !ok || at != 0x14b591 || n != 3 {
		t.Fatalf("repair: ok %v at %#x n %d", ok, at, n)
	}
	m, after, err := Decode(fixed)
	if err != nil || len(after) != 0 {
		t.Fatalf("repaired file: %v %v", err, after)
	}
	if m.VertexExtraSubVersion != 3 || len(m.Comments.Groups) != 10 || m.JointExtraSubVersion != 1 || m.Extra.SubVersion != 1 {
		t.Fatalf("repaired blocks: vertex extra %d, %d group comments", m.VertexExtraSubVersion, len(m.Comments.Groups))
	}
	j := m.Joints[30]
	if k, _, _ := firstBrokenKey(&j); k >= 0 {
		t.Fatalf("repaired joint still has a broken key at %d", k)
	}
	if last := j.PositionKeys[len(j.PositionKeys)-1].Time; math.Abs(float64(last)-139.66667) > 1e-3 {
		t.Fatalf("last position key time %v", last)
	}
	// A sound file has nothing to repair.
	sound := corpus.Read(t, "ms3d/nehe-opengl/bcb6/lesson31_bcb6/Data/Model.ms3d")
	if _, _, _, ok := RepairShortKeys(sound); ok {
		t.Fatal("repaired a sound file")
	}
}
