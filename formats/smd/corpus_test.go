package smd

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"ms3dstudio/formats/ms3d"
	"ms3dstudio/internal/corpus"
	"ms3dstudio/model"
	"ms3dstudio/model/anim"
	"ms3dstudio/model/clips"
)

// loadCorpus decodes a corpus file; Woman4's short keys are repaired first
// (formats/ms3d diagnoses and repairs that defect), so that its animation
// is the one its author made.
func loadCorpus(t *testing.T, e corpus.Entry) *model.Model {
	t.Helper()
	data, err := os.ReadFile(e.Path)
	if err != nil {
		t.Fatal(err)
	}
	if fixed, _, _, ok := ms3d.RepairShortKeys(data); ok {
		data = fixed
	}
	m, _, err := ms3d.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func hasKeys(m *model.Model) bool {
	for _, j := range m.Joints {
		if len(j.RotationKeys)+len(j.PositionKeys) > 0 {
			return true
		}
	}
	return false
}

// singleBone reports whether every vertex has at most one influence.
func singleBone(m *model.Model) bool {
	var inf [4]model.Influence
	for v := range m.Vertices {
		if m.Influences(v, &inf) > 1 {
			return false
		}
	}
	return true
}

// size is the diagonal of the model's bind-pose box (at least 1).
func size(m *model.Model) float64 {
	lo, hi, ok := m.Bounds()
	if !ok {
		return 1
	}
	d := 0.0
	for k := 0; k < 3; k++ {
		d += float64(hi[k]-lo[k]) * float64(hi[k]-lo[k])
	}
	return max(1, math.Sqrt(d))
}

// importDir reads back the reference and the animation SMDs Export wrote.
func importDir(t *testing.T, files []string, fps float32) *model.Model {
	t.Helper()
	var ref *File
	var anims []NamedFile
	// The QC names each animation's sequence and gives the frame rate.
	seq := map[string]string{}
	for _, p := range files {
		if strings.HasSuffix(p, ".qc") {
			data, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			for _, s := range ReadQCSequences(data) {
				seq[strings.TrimSuffix(s.File, ".smd")] = s.Name
			}
			if got, ok := QCFPS(data); !ok || got != fps {
				t.Errorf("the QC gives %g fps (%v), want %g", got, ok, fps)
			}
		}
	}
	for i, p := range files {
		if !strings.HasSuffix(p, ".smd") {
			continue
		}
		fh, err := os.Open(p)
		if err != nil {
			t.Fatal(err)
		}
		f, fs, err := Read(fh, filepath.Base(p))
		fh.Close()
		if err != nil {
			t.Fatalf("read back %s: %v", p, err)
		}
		for _, fd := range fs {
			t.Errorf("read back %s: %s", p, fd)
		}
		if i == 0 {
			ref = f
			continue
		}
		name := strings.TrimSuffix(filepath.Base(p), ".smd")
		if s, ok := seq[name]; ok {
			name = s
		}
		anims = append(anims, NamedFile{Name: name, File: f})
	}
	m, fs, err := Import(ref, anims, ImportOptions{FPS: fps})
	if err != nil {
		t.Fatal(err)
	}
	for _, fd := range fs {
		if fd.Code != model.CodeSMDLinks {
			t.Logf("import: %s", fd)
		}
	}
	return m
}

// poser skins a model at MilkShape frames.
type poser struct {
	m      *model.Model
	sk     *anim.Skeleton
	skin   *anim.Skinner
	global []mgl32.Mat4
	mats   []mgl32.Mat4
	pos    [][3]float32
}

func newPoser(m *model.Model) *poser {
	p := &poser{m: m}
	p.sk, _ = anim.NewSkeleton(m)
	p.skin, _ = anim.NewSkinner(m)
	p.global = make([]mgl32.Mat4, max(1, p.sk.Len()))
	p.mats = make([]mgl32.Mat4, max(1, p.sk.Len()))
	p.pos = make([][3]float32, p.skin.Len())
	return p
}

// at skins the model at frame f (0 means the bind pose).
func (p *poser) at(f int) [][3]float32 {
	if f == 0 {
		for i, v := range p.m.Vertices {
			p.pos[i] = v.Position
		}
		return p.pos
	}
	p.sk.Pose(anim.FrameToTime(float32(f), p.m.EffectiveFPS()), p.global)
	p.sk.SkinMatrices(p.global, p.mats)
	p.skin.Skin(p.mats, p.pos, nil)
	return p.pos
}

// compareFrames checks that the corners of every triangle of want, in
// export order, sit where the same corners of got do, at want's frames
// first..last and got's frames gotFirst.. (0 compares the bind pose).
func compareFrames(t *testing.T, want, got *model.Model, first, last, gotFirst int) {
	t.Helper()
	order := triangleOrder(want)
	if len(got.Triangles) != len(order) {
		t.Fatalf("%d triangles read back, %d written", len(got.Triangles), len(order))
	}
	tol := 1e-4 * size(want)
	pw, pg := newPoser(want), newPoser(got)
	worst := 0.0
	for f := first; f <= last; f++ {
		a := pw.at(f)
		b := pg.at(gotFirst + f - first)
		for i, tr := range order {
			for c := 0; c < 3; c++ {
				va := a[want.Triangles[tr.tri].Vertices[c]]
				vb := b[got.Triangles[i].Vertices[c]]
				for k := 0; k < 3; k++ {
					d := math.Abs(float64(va[k] - vb[k]))
					worst = max(worst, d)
					if d > tol {
						t.Fatalf("frame %d, triangle %d corner %d: %v, read back %v (tolerance %g)", f, tr.tri, c, va, vb, tol)
					}
				}
			}
		}
	}
	t.Logf("frames %d-%d: worst corner difference %.3g (%.2g of the model size)", first, last, worst, worst/size(want))
}

// TestCorpusRoundTrip exports every corpus model with joints to SMD in both
// profiles, reads the files back through Read and Import, and compares the
// bind pose and the pose at every frame, corner by corner. GoldSrc keeps
// one bone per vertex, so its poses are compared on models whose vertices
// have one bone; on the others the lost weights must be reported.
func TestCorpusRoundTrip(t *testing.T) {
	tested := 0
	for _, e := range corpus.MS3D(t) {
		if e.Joints <= 0 {
			continue
		}
		for _, prof := range []Profile{GoldSrc, Source} {
			t.Run(e.String()+"/"+string(prof), func(t *testing.T) {
				m := loadCorpus(t, e)
				// Export assigns vertices without a bone to the nearest
				// joint; the poses it promises are those of the fixed model.
				want := loadCorpus(t, e)
				FixUnboned(want)
				files, fs, err := Export(t.TempDir(), m, ExportOptions{Profile: prof, AllClips: true})
				if err != nil {
					t.Fatal(err)
				}
				lost := false
				for _, f := range fs {
					lost = lost || f.Code == model.CodeEngineWeightsLost
				}
				if prof == GoldSrc && !singleBone(m) {
					if !lost {
						t.Fatal("multi-bone vertices exported for GoldSrc without a weights-lost finding")
					}
					return
				}
				got := importDir(t, files, m.EffectiveFPS())
				compareFrames(t, want, got, 0, 0, 0)
				if hasKeys(m) {
					if got.TotalFrames != m.TotalFrames {
						t.Fatalf("%d frames read back, %d written", got.TotalFrames, m.TotalFrames)
					}
					compareFrames(t, want, got, 1, int(m.TotalFrames), 1)
				}
				tested++
			})
		}
	}
	if tested == 0 {
		t.Fatal("no corpus model with joints was tested")
	}
}

// TestCorpusClips splits each animated corpus model's timeline into clips,
// stores them, encodes and decodes the MS3D file, exports every clip and
// checks that each clip's SMD holds exactly those frames of the original.
func TestCorpusClips(t *testing.T) {
	tested := 0
	for _, e := range corpus.MS3D(t) {
		if e.Joints <= 0 {
			continue
		}
		m := loadCorpus(t, e)
		if !hasKeys(m) || m.TotalFrames < 3 {
			continue
		}
		t.Run(e.String(), func(t *testing.T) {
			n := int(m.TotalFrames)
			list := []clips.Clip{{Name: "start", First: 1, Last: n / 3}, {Name: "middle", First: n/3 + 1, Last: 2 * n / 3}, {Name: "all", First: 1, Last: n}}
			if err := clips.Write(m, list); err != nil {
				t.Fatal(err)
			}
			data, err := ms3d.Encode(m)
			if err != nil {
				t.Fatal(err)
			}
			reopened, _, err := ms3d.Decode(data)
			if err != nil {
				t.Fatal(err)
			}
			back, fs := clips.Read(reopened)
			if len(fs) != 0 || len(back) != len(list) {
				t.Fatalf("clips after reopening: %v, findings %v", back, fs)
			}
			files, _, err := Export(t.TempDir(), reopened, ExportOptions{Profile: Source, AllClips: true})
			if err != nil {
				t.Fatal(err)
			}
			if len(files) != 2+len(list) {
				t.Fatalf("wrote %v, want a reference, %d clips and a QC", files, len(list))
			}
			want := loadCorpus(t, e)
			FixUnboned(want)
			got := importDir(t, files, m.EffectiveFPS())
			gotClips, fs := clips.Read(got)
			if len(fs) != 0 || len(gotClips) != len(list) {
				t.Fatalf("imported clips %v, findings %v", gotClips, fs)
			}
			for i, c := range list {
				if gotClips[i].Name != c.Name || gotClips[i].Frames() != c.Frames() {
					t.Fatalf("clip %d imported as %v, exported %v", i, gotClips[i], c)
				}
				compareFrames(t, want, got, c.First, c.Last, gotClips[i].First)
			}
			tested++
		})
	}
	if tested == 0 {
		t.Fatal("no animated corpus model")
	}
}

// TestCorpusNoClipsByteIdentical checks that reading clips from, and
// writing no clips to, a corpus file without clips leaves its encoding byte
// for byte the same, and that the clips of a file that gets some survive an
// encode and decode while every other comment stays as it was.
func TestCorpusNoClipsByteIdentical(t *testing.T) {
	corpus.EachMS3D(t, func(t *testing.T, e corpus.Entry, data []byte) {
		m, fs, err := ms3d.Decode(data)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range fs {
			if f.Code == model.CodeTruncated {
				t.Skip("a file cut short does not encode to its own bytes")
			}
		}
		if list, _ := clips.Read(m); len(list) != 0 {
			t.Fatalf("corpus file has clips %v", list)
		}
		if err := clips.Write(m, nil); err != nil {
			t.Fatal(err)
		}
		out, err := ms3d.Encode(m)
		if err != nil {
			t.Fatal(err)
		}
		if string(out) != string(data) {
			t.Fatal("writing no clips changed the file's bytes")
		}
		if m.TotalFrames < 1 {
			return
		}
		before := m.Comments
		want := []clips.Clip{{Name: "whole", First: 1, Last: int(m.TotalFrames)}}
		if err := clips.Write(m, want); err != nil {
			t.Fatal(err)
		}
		out, err = ms3d.Encode(m)
		if err != nil {
			t.Fatal(err)
		}
		back, _, err := ms3d.Decode(out)
		if err != nil {
			t.Fatal(err)
		}
		got, fs := clips.Read(back)
		if len(fs) != 0 || len(got) != 1 || got[0] != want[0] {
			t.Fatalf("clips after a round trip: %v %v", got, fs)
		}
		if len(back.Comments.Groups) != len(before.Groups) || len(back.Comments.Joints) != len(before.Joints) || len(back.Comments.Materials) != len(before.Materials) {
			t.Fatal("element comments changed")
		}
		// Removing the clips again gives back the original comment text.
		if err := clips.Write(back, nil); err != nil {
			t.Fatal(err)
		}
		if before.HasModel && back.Comments.Model != before.Model {
			t.Fatalf("model comment %q, was %q", back.Comments.Model, before.Model)
		}
	})
}
