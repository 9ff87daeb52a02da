package max3ds

import (
	"math"
	"os"
	"path/filepath"
	"testing"

	"ms3dstudio/internal/corpus"
	"ms3dstudio/internal/posetest"
	"ms3dstudio/model"
)

// entry is one row of 3ds/MANIFEST.tsv.
type entry struct {
	file, path string
	pose       string // pose_check_at_saved_frame
	notes      string
}

func manifest(tb testing.TB) []entry {
	tb.Helper()
	var out []entry
	for _, row := range corpus.Manifest(tb, "3ds") {
		out = append(out, entry{file: row.File, path: row.Path, pose: row.Cols["pose_check_at_saved_frame"], notes: row.Cols["notes"]})
	}
	return out
}

// storedOrder lists, for the vertices of an imported model in order, the
// object each run of vertices comes from: the objects shown by object nodes
// in node order, then the objects no node shows. It is rebuilt here from
// the scene, independently of the importer.
func storedOrder(s *Scene) []int {
	var out []int
	shown := map[int]bool{}
	for _, nd := range s.Keyframer.Nodes {
		if nd.Kind != NodeObject || nd.Name == DummyName {
			continue
		}
		for o := range s.Objects {
			if s.Objects[o].Name == nd.Name {
				out = append(out, o)
				shown[o] = true
				break
			}
		}
	}
	for o := range s.Objects {
		if !shown[o] {
			out = append(out, o)
		}
	}
	return out
}

// poseError poses m at time t with model/anim and returns the largest
// distance between the skinned vertices and the scene's stored vertices
// (axes converted as Import does), as a fraction of the scene size.
func poseError(t *testing.T, s *Scene, m *model.Model, at float32, keepAxes bool) float64 {
	t.Helper()
	pos, _ := posetest.Posed(m, at)
	lo, hi := [3]float64{math.Inf(1), math.Inf(1), math.Inf(1)}, [3]float64{math.Inf(-1), math.Inf(-1), math.Inf(-1)}
	worst := 0.0
	i := 0
	for _, o := range storedOrder(s) {
		for _, v := range s.Objects[o].Vertices {
			want := [3]float64{float64(v[0]), float64(v[1]), float64(v[2])}
			if !keepAxes {
				want = [3]float64{want[0], want[2], -want[1]}
			}
			if i >= len(pos) {
				t.Fatalf("model has %d vertices, the scene more", len(pos))
			}
			d := 0.0
			for k := 0; k < 3; k++ {
				lo[k], hi[k] = math.Min(lo[k], want[k]), math.Max(hi[k], want[k])
				d += (float64(pos[i][k]) - want[k]) * (float64(pos[i][k]) - want[k])
			}
			worst = math.Max(worst, math.Sqrt(d))
			i++
		}
	}
	size := math.Sqrt((hi[0]-lo[0])*(hi[0]-lo[0]) + (hi[1]-lo[1])*(hi[1]-lo[1]) + (hi[2]-lo[2])*(hi[2]-lo[2]))
	if size == 0 {
		return worst
	}
	return worst / size
}

// TestCorpusImport imports every corpus file and checks that the posed
// model at the saved frame reproduces the stored vertices.
func TestCorpusImport(t *testing.T) {
	for _, e := range manifest(t) {
		t.Run(e.file, func(t *testing.T) {
			s, findings, err := ReadFile(e.path)
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range findings {
				if f.Severity == model.Error {
					t.Errorf("decode: %s", f)
				}
			}
			m, info, ifs := Import(s, Options{})
			for _, f := range ifs {
				if f.Severity == model.Error {
					t.Errorf("import: %s", f)
				}
			}
			nv := 0
			for _, o := range s.Objects {
				nv += len(o.Vertices)
			}
			if len(m.Vertices) != nv {
				t.Fatalf("%d vertices imported, the file has %d", len(m.Vertices), nv)
			}
			errPose := poseError(t, s, m, m.CurrentTime, false)
			t.Logf("rule %s (apply %.2g, ignore %.2g), frame %d, %d joints, pose error %.2g", info.PivotRule, info.ApplyError, info.IgnoreError, info.SavedFrame, len(m.Joints), errPose)
			if errPose > 1e-4 {
				t.Errorf("posed at the saved frame (t=%g s), vertices are %.3g of the scene size from the stored ones", m.CurrentTime, errPose)
			}
		})
	}
}

// TestUVTransformFiles checks what the assimp UV transform files store
// against their names: 0xA354 is the U scale, and 3ds Max stores the V
// offset and the rotation with the opposite sign to its user interface.
func TestUVTransformFiles(t *testing.T) {
	path := filepath.Join(corpus.Dir(t), "3ds", "assimp-uvtransform", "UVTransform_OffsetU0.56V0.5_ScaleU10V2_Rotate45.3DS")
	s, _, err := ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	tm := s.Materials[0].Texture
	t.Logf("stored map: %+v", tm)
	if tm.File != "UVTRANSF.PNG" || tm.UScale != 10 || tm.VScale != 2 {
		t.Errorf("map %+v, want UVTRANSF.PNG scaled 10 × 2", tm)
	}
	if math.Abs(float64(tm.UOffset-0.56)) > 1e-6 || math.Abs(float64(tm.VOffset+0.5)) > 1e-6 || math.Abs(float64(tm.Rotation+45)) > 1e-4 {
		t.Errorf("map %+v, want U offset 0.56, V offset −0.5, rotation −45", tm)
	}
}

// BenchmarkImportLargest decodes and imports the largest corpus file.
func BenchmarkImportLargest(b *testing.B) {
	best, size := "", int64(-1)
	for _, e := range manifest(b) {
		if st, err := os.Stat(e.path); err == nil && st.Size() > size {
			best, size = e.path, st.Size()
		}
	}
	data, err := os.ReadFile(best)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	benchImport(b, data)
}

// benchImport measures decoding and importing data.
func benchImport(b *testing.B, data []byte) {
	b.ReportAllocs()
	for b.Loop() {
		s, _, err := Decode(data)
		if err != nil {
			b.Fatal(err)
		}
		Import(s, Options{})
	}
}
