package interop_test

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"ms3dstudio/formats/ms3d"
	"ms3dstudio/internal/corpus"
	"ms3dstudio/internal/testenv"
	"ms3dstudio/model"
	"ms3dstudio/model/compat"
)

// refusedOriginal are the corpus files Debian's assimp 5.2.5 refuses as
// they are, with the reason it gives.
var refusedOriginal = map[string]string{
	"GLScene/Demos/media/models/Box.ms3d":                           "The mesh  contains no vertices",
	"GLScene/Demos/media/models/Cylinder.ms3d":                      "The mesh  contains no vertices",
	"GLScene/Demos/media/models/HalfSphere.ms3d":                    "The mesh  contains no vertices",
	"assimp/test/models/MS3D/Wuson_a8a1ca98.ms3d":                   "vector::_M_default_append",
	"assimp/test/models/MS3D/invalid/InvalidMaterialIndex.ms3d":     "aiMesh::mMaterialIndex is invalid",
	"blitz3d/_release/samples/zenith/scare/models/hands/hands.ms3d": "mNumChannels is 0",
	"blitz3d/_release/samples/zenith/scare/models/player/guy.ms3d":  "mNumChannels is 0",
}

// refusedFixOnly are the files assimp refuses after model/fix's default
// fixes alone. Woman4 is read as it is only because its short keys shift
// every later byte, so that assimp never sees its comments; once repaired,
// its comments block is where it belongs, and assimp misreads it.
var refusedFixOnly = map[string]string{
	"GLScene/Demos/media/models/Box.ms3d":                           "The mesh  contains no vertices",
	"GLScene/Demos/media/models/Cylinder.ms3d":                      "The mesh  contains no vertices",
	"GLScene/Demos/media/models/HalfSphere.ms3d":                    "The mesh  contains no vertices",
	"GLScene/Samples/media/Woman4.ms3d":                             "Failure reading comment, length field is out of range",
	"blitz3d/_release/samples/zenith/scare/models/hands/hands.ms3d": "mNumChannels is 0",
	"blitz3d/_release/samples/zenith/scare/models/player/guy.ms3d":  "mNumChannels is 0",
}

// assimpBinary returns the path of the assimp command and whether it is
// the version the expectations above were recorded with.
func assimpBinary(t testing.TB) (bin string, recorded bool) {
	t.Helper()
	bin = testenv.Program(t, "assimp", "apt-get install -y assimp-utils")
	out, _ := exec.Command(bin, "version").CombinedOutput()
	return bin, bytes.Contains(out, []byte("Version 5.2 "))
}

// assimpInfo is what `assimp info` says about a file.
type assimpInfo struct {
	ok     bool
	reason string // the error line, when !ok
	stats  map[string]string
}

func runAssimp(t *testing.T, bin, path string) assimpInfo {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	out, err := exec.CommandContext(ctx, bin, "info", path).CombinedOutput()
	if ctx.Err() != nil {
		t.Fatalf("assimp info %s: timed out", path)
	}
	info := assimpInfo{ok: err == nil, stats: map[string]string{}}
	for _, line := range strings.Split(string(out), "\n") {
		if strings.HasPrefix(line, "ERROR:") {
			info.reason = strings.TrimSpace(strings.TrimPrefix(line, "ERROR: Failed to load file:"))
		}
		for _, k := range []string{"Minimum point", "Maximum point"} {
			if v, ok := strings.CutPrefix(line, k); ok {
				info.stats[k] = strings.TrimSpace(v)
			}
		}
		// The summary comes first; a later "Meshes:" heads the mesh table.
		if k, v, ok := strings.Cut(line, ":"); ok && !strings.HasPrefix(line, " ") {
			if _, seen := info.stats[strings.TrimSpace(k)]; !seen {
				info.stats[strings.TrimSpace(k)] = strings.TrimSpace(v)
			}
		}
	}
	if !info.ok && info.reason == "" {
		info.reason = strings.TrimSpace(string(out))
	}
	return info
}

func (a assimpInfo) int(t *testing.T, key string) int {
	t.Helper()
	n, err := strconv.Atoi(a.stats[key])
	if err != nil {
		t.Fatalf("assimp info: %q: %q is not a number", key, a.stats[key])
	}
	return n
}

var pointRE = regexp.MustCompile(`^\(([-0-9.e+]+) ([-0-9.e+]+) ([-0-9.e+]+)\)$`)

func (a assimpInfo) point(t *testing.T, key string) [3]float64 {
	t.Helper()
	m := pointRE.FindStringSubmatch(a.stats[key])
	if m == nil {
		t.Fatalf("assimp info: %q: %q is not a point", key, a.stats[key])
	}
	var p [3]float64
	for i := range p {
		p[i], _ = strconv.ParseFloat(m[i+1], 64)
	}
	return p
}

func writeTemp(t *testing.T, name string, m *model.Model) string {
	t.Helper()
	data, err := ms3d.Encode(m)
	if err != nil {
		t.Fatalf("encode: %v", err)
	}
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestAssimpLoadsFixedCorpus is the acceptance test of `fix --for assimp`:
// every corpus file, fixed by model/fix and then for assimp, loads in the
// real assimp with the counts and bounds the model predicts.
func TestAssimpLoadsFixedCorpus(t *testing.T) {
	bin, recorded := assimpBinary(t)
	var mu = make(chan struct{}, 1)
	mu <- struct{}{}
	refusedBefore, refusedAfterFix := map[string]string{}, map[string]string{}
	corpus.EachMS3D(t, func(t *testing.T, e corpus.Entry, data []byte) {
		before := runAssimp(t, bin, e.Path)

		m := decodeFixed(t, e.Path, data)
		fixOnly := runAssimp(t, bin, writeTemp(t, "fixed.ms3d", m))

		changes := compat.Fix(m, compat.Assimp)
		for _, c := range changes {
			t.Log(c)
		}
		for _, f := range compat.Check(m, compat.Assimp) {
			if f.Severity == model.Error {
				t.Errorf("after compat.Fix: %s", f)
			}
		}
		after := runAssimp(t, bin, writeTemp(t, "for-assimp.ms3d", m))
		<-mu
		if !before.ok {
			refusedBefore[e.File] = before.reason
		}
		if !fixOnly.ok {
			refusedAfterFix[e.File] = fixOnly.reason
		}
		mu <- struct{}{}
		if !after.ok {
			t.Fatalf("assimp refuses the file fixed for it: %s (changes: %v)", after.reason, changes)
		}
		checkStats(t, m, after)
	})
	compare := func(what string, got, want map[string]string) {
		files := fileNames(got, want)
		t.Logf("assimp refuses %d corpus files %s", len(got), what)
		for _, f := range files {
			g, inGot := got[f]
			w, inWant := want[f]
			t.Logf("  %s: %s", f, g)
			switch {
			case !recorded:
			case inGot && !inWant:
				t.Errorf("%s: assimp now refuses it %s (%s)", f, what, g)
			case !inGot:
				t.Errorf("%s: assimp now reads it %s (it refused it: %s)", f, what, w)
			case !strings.Contains(g, w):
				t.Errorf("%s: assimp refuses it %s for %q, want %q", f, what, g, w)
			}
		}
	}
	compare("as they are", refusedBefore, refusedOriginal)
	compare("after model/fix alone", refusedAfterFix, refusedFixOnly)
}

// checkStats compares what assimp loaded with the model: a few meshes per
// group at most, every grouped triangle a face, one animation channel per joint
// with keys, a vertex count between the corners' distinct positions and
// three per face, and the bind-pose bounds of the grouped triangles.
func checkStats(t *testing.T, m *model.Model, a assimpInfo) {
	t.Helper()
	faces := 0
	var lo, hi [3]float64
	first := true
	positions := map[[3]float32]bool{}
	for _, g := range m.Groups {
		faces += len(g.Triangles)
		for _, ti := range g.Triangles {
			for _, vi := range m.Triangles[ti].Vertices {
				p := m.Vertices[vi].Position
				positions[p] = true
				for k := range 3 {
					if first || float64(p[k]) < lo[k] {
						lo[k] = float64(p[k])
					}
					if first || float64(p[k]) > hi[k] {
						hi[k] = float64(p[k])
					}
				}
				first = false
			}
		}
	}
	// assimp info's post-processing joins meshes that share a material and
	// splits off, by primitive type, the lines and points it makes of
	// degenerate triangles.
	if got := a.int(t, "Meshes"); got < 1 || got > 3*len(m.Groups) {
		t.Errorf("assimp: %d meshes, want 1 to %d (one per group and primitive type)", got, 3*len(m.Groups))
	}
	if got := a.int(t, "Faces"); got != faces {
		t.Errorf("assimp: %d faces, want %d (the grouped triangles)", got, faces)
	}
	if got := a.int(t, "Vertices"); got < len(positions) || got > 3*faces {
		t.Errorf("assimp: %d vertices, want %d (distinct corner positions) to %d (three per face)", got, len(positions), 3*faces)
	}
	channels := 0
	for _, j := range m.Joints {
		if len(j.RotationKeys)+len(j.PositionKeys) > 0 {
			channels++
		}
	}
	if got := a.int(t, "Animation Channels"); got != channels {
		t.Errorf("assimp: %d animation channels, want %d (the joints with keys)", got, channels)
	}
	size := 0.0
	for k := range 3 {
		size = max(size, hi[k]-lo[k])
	}
	gotLo, gotHi := a.point(t, "Minimum point"), a.point(t, "Maximum point")
	for k := range 3 {
		if d := max(abs(gotLo[k]-lo[k]), abs(gotHi[k]-hi[k])); d > 1e-4*max(size, 1) {
			t.Errorf("assimp: bounds %v–%v, want %v–%v", gotLo, gotHi, lo, hi)
			break
		}
	}
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}
