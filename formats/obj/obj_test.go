package obj

import (
	"bufio"
	"bytes"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"ms3dstudio/formats/ms3d"
	"ms3dstudio/internal/corpus"
	"ms3dstudio/internal/posetest"
	"ms3dstudio/internal/testenv"
	"ms3dstudio/model"
	"ms3dstudio/model/anim"
	"ms3dstudio/model/num"
	"ms3dstudio/model/texpath"
)

// parsed is what the tests read back from an OBJ file.
type parsed struct {
	v, vn [][3]float64
	vt    [][2]float64
	faces int
	lines []string
}

func parse(t *testing.T, data []byte) parsed {
	t.Helper()
	var p parsed
	s := bufio.NewScanner(bytes.NewReader(data))
	for s.Scan() {
		line := s.Text()
		p.lines = append(p.lines, line)
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		nums := func(n int) []float64 {
			if len(f) != n+1 {
				t.Fatalf("line %q: want %d numbers", line, n)
			}
			out := make([]float64, n)
			for i := range out {
				x, err := strconv.ParseFloat(f[i+1], 64)
				if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
					t.Fatalf("line %q: %v", line, err)
				}
				out[i] = x
			}
			return out
		}
		switch f[0] {
		case "v":
			x := nums(3)
			p.v = append(p.v, [3]float64{x[0], x[1], x[2]})
		case "vn":
			x := nums(3)
			p.vn = append(p.vn, [3]float64{x[0], x[1], x[2]})
		case "vt":
			x := nums(2)
			p.vt = append(p.vt, [2]float64{x[0], x[1]})
		case "f":
			if len(f) != 4 {
				t.Fatalf("face %q is not a triangle", line)
			}
			for _, c := range f[1:] {
				idx := strings.Split(c, "/")
				if len(idx) != 3 {
					t.Fatalf("face corner %q", c)
				}
				for k, max := range []int{len(p.v), len(p.vt), len(p.vn)} {
					i, err := strconv.Atoi(idx[k])
					if err != nil || i < 1 || i > max {
						t.Fatalf("face %q: index %q out of 1..%d", line, idx[k], max)
					}
				}
			}
			p.faces++
		}
	}
	return p
}

// exportTime is a time inside the animation, where a posed mesh differs from
// the bind pose.
func exportTime(m *model.Model) float32 {
	return anim.FrameToTime(float32(max(m.TotalFrames, 1))/2, m.EffectiveFPS())
}

// TestCorpusPose exports every readable corpus model posed mid-animation
// and compares the vertices written with model/anim's.
func TestCorpusPose(t *testing.T) {
	for _, e := range corpus.MS3D(t) {
		m, _, err := ms3d.ReadFile(e.Path)
		if err != nil {
			continue
		}
		tm := exportTime(m)
		var o, l bytes.Buffer
		if _, err := Write(&o, &l, m, Options{Time: tm}); err != nil {
			t.Fatalf("%s: %v", e, err)
		}
		p := parse(t, o.Bytes())
		want, _ := posetest.Posed(m, tm)
		k := 0
		for _, w := range want {
			if !num.Finite3(w) {
				continue
			}
			if k >= len(p.v) {
				t.Fatalf("%s: %d vertices written, more expected", e, len(p.v))
			}
			for c := range 3 {
				if d := math.Abs(p.v[k][c] - float64(w[c])); d > 1e-6*(1+math.Abs(float64(w[c]))) {
					t.Errorf("%s: vertex %d is %v, anim has %v", e, k, p.v[k], w)
					break
				}
			}
			k++
		}
		if k != len(p.v) {
			t.Errorf("%s: %d vertices written, want %d", e, len(p.v), k)
		}
	}
}

// TestAssimpReadsExports has Debian's assimp read every exported corpus
// model back with the triangle count we wrote.
func TestAssimpReadsExports(t *testing.T) {
	assimp := testenv.Program(t, "assimp", "apt-get install -y assimp-utils")
	dir := t.TempDir()
	n := 0
	for i, e := range corpus.MS3D(t) {
		m, _, err := ms3d.ReadFile(e.Path)
		if err != nil {
			continue
		}
		res, err := texpath.NewOS(e.Path)
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, fmt.Sprint(i), strings.TrimSuffix(filepath.Base(e.Path), ".ms3d")+".obj")
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if _, err := WriteFile(path, m, Options{Time: exportTime(m), Resolver: res}); err != nil {
			t.Fatalf("%s: %v", e, err)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		want := parse(t, data).faces
		if got := assimpFaces(t, assimp, path); got != want {
			t.Errorf("%s: assimp reads %d faces, we wrote %d", e, got, want)
		} else {
			t.Logf("%s: assimp reads all %d triangles", e, got)
		}
		n++
	}
	if n == 0 {
		t.Fatal("no corpus model exported")
	}
}

// assimpFaces runs "assimp info -r" (no post-processing, so nothing is
// merged or dropped) and returns the face count it prints; 0 for an empty
// scene, which assimp refuses.
func assimpFaces(t *testing.T, assimp, path string) int {
	t.Helper()
	out, err := exec.Command(assimp, "info", path, "-r").CombinedOutput()
	for _, line := range strings.Split(string(out), "\n") {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(line), "Faces:"); ok {
			n, perr := strconv.Atoi(strings.TrimSpace(rest))
			if perr != nil {
				t.Fatalf("assimp info %s: %q", path, line)
			}
			return n
		}
	}
	if err != nil {
		return 0
	}
	t.Fatalf("assimp info %s printed no face count:\n%s", path, out)
	return 0
}
