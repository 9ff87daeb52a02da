package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"ms3dstudio/formats/ms3d"
	"ms3dstudio/internal/corpus"
	"ms3dstudio/internal/posetest"
	"ms3dstudio/internal/testenv"
	"ms3dstudio/model/texpath"
)

// judgeTolerance is how far, relative to the model's size, a vertex of
// the converted MS3D may be from where three.js puts it.
const judgeTolerance = 2e-3

// judgeReport is what tools/gltf-judge/judge.mjs prints.
type judgeReport struct {
	Three  string    `json:"three"`
	Counts []int     `json:"counts"`
	Rest   []float64 `json:"rest"`
	Clips  []struct {
		Name      string      `json:"name"`
		Duration  float64     `json:"duration"`
		Times     []float64   `json:"times"`
		Positions [][]float64 `json:"positions"`
	} `json:"clips"`
}

// judge plays the glTF file with three.js (tools/gltf-judge).
func judge(t *testing.T, file string) *judgeReport {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("..", "..", "tools", "gltf-judge"))
	if err != nil {
		t.Fatal(err)
	}
	node, err := exec.LookPath("node")
	if err != nil {
		testenv.Missing(t, "MS3D_REQUIRE_CORPUS", "node is not installed; the glTF judge needs it")
	}
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "three")); err != nil {
		testenv.Missing(t, "MS3D_REQUIRE_CORPUS", "three.js is not installed: npm ci --prefix tools/gltf-judge")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	var stdout, stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, node, filepath.Join(dir, "judge.mjs"), file, "6")
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("judge %s: %v\n%s", file, err, stderr.String())
	}
	var r judgeReport
	if err := json.Unmarshal(stdout.Bytes(), &r); err != nil {
		t.Fatalf("judge %s: %v", file, err)
	}
	return &r
}

// gltfCorpus returns the corpus's .gltf and .glb files.
func gltfCorpus(t *testing.T) []string {
	t.Helper()
	var files []string
	root := filepath.Join(corpus.Dir(t), "gltf")
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if ext := strings.ToLower(filepath.Ext(p)); ext == ".gltf" || ext == ".glb" {
			files = append(files, p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatalf("no glTF files under %s", root)
	}
	return files
}

// copyDir copies the files of folder src into dst (not recursively).
func copyDir(t *testing.T, src, dst string) {
	t.Helper()
	entries, err := os.ReadDir(src)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.IsDir() {
			continue
		}
		data, err := os.ReadFile(filepath.Join(src, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		writeFile(t, filepath.Join(dst, e.Name()), data)
	}
}

// worst returns the largest distance between got and the judge's want.
func worst(got [][3]float32, want []float64) float64 {
	d := 0.0
	for i, g := range got {
		var s float64
		for k := range 3 {
			e := float64(g[k]) - want[3*i+k]
			s += e * e
		}
		d = max(d, math.Sqrt(s))
	}
	return d
}

// sizeOf returns the diagonal of the box around the judge's positions.
func sizeOf(p []float64) float64 {
	lo := [3]float64{math.Inf(1), math.Inf(1), math.Inf(1)}
	hi := [3]float64{math.Inf(-1), math.Inf(-1), math.Inf(-1)}
	for i := 0; i+2 < len(p); i += 3 {
		for k := range 3 {
			lo[k], hi[k] = min(lo[k], p[i+k]), max(hi[k], p[i+k])
		}
	}
	return math.Sqrt((hi[0]-lo[0])*(hi[0]-lo[0]) + (hi[1]-lo[1])*(hi[1]-lo[1]) + (hi[2]-lo[2])*(hi[2]-lo[2]))
}

// TestConvertGLTFMatchesThreeJS converts every corpus glTF file with
// "ms3dtool convert IN OUT.ms3d" and plays the MS3D against three.js playing
// the source: every clip ("anim clips --json" gives its frames) at six
// times, and the unanimated model, within judgeTolerance of the model's
// size; the output validates without errors, its textures resolve and
// Debian's assimp loads it.
func TestConvertGLTFMatchesThreeJS(t *testing.T) {
	for _, src := range gltfCorpus(t) {
		name := filepath.Base(src)
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			copyDir(t, filepath.Dir(src), dir)
			j := convertAndJudge(t, filepath.Join(dir, name))
			for i, e := range j.errors {
				if e > judgeTolerance*j.size {
					t.Errorf("%s: a vertex is %.3g from three.js's (size %.3g)", j.what[i], e, j.size)
				}
			}
		})
	}
}

// judged is how a converted file compares with three.js.
type judged struct {
	size   float64
	what   []string  // "static" or "clip NAME at T s"
	errors []float64 // the largest vertex distance of each
	stderr string    // what convert printed (its findings)
}

// convertAndJudge converts the glTF file in to an .ms3d beside it, checks
// that the output validates without errors, that its textures resolve and
// that assimp loads it, and measures it against three.js.
func convertAndJudge(t *testing.T, in string) judged {
	t.Helper()
	out := strings.TrimSuffix(in, filepath.Ext(in)) + "-out.ms3d"
	code, stdout, stderr := runTool("convert", in, out)
	if code != 0 {
		t.Fatalf("convert: exit %d\n%s%s", code, stdout, stderr)
	}
	if code, stdout, _ := runTool("validate", out); code != 0 || !strings.Contains(stdout, " 0 errors") {
		t.Errorf("validate: exit %d\n%s", code, stdout)
	}
	m, _, err := ms3d.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	_, clipsJSON, _ := runTool("anim", "clips", out, "--json")
	var clips ClipsReport
	if err := json.Unmarshal([]byte(clipsJSON), &clips); err != nil {
		t.Fatal(err)
	}
	want := judge(t, in)
	total := 0
	for _, c := range want.Counts {
		total += c
	}
	if total != len(m.Vertices) {
		t.Fatalf("%d vertices, three.js has %d", len(m.Vertices), total)
	}
	j := judged{size: sizeOf(want.Rest), stderr: stderr}
	at := func(t float32) [][3]float32 { pos, _ := posetest.Posed(m, t); return pos }
	fps := m.EffectiveFPS()
	if len(want.Clips) == 0 {
		e := worst(at(1/fps), want.Rest)
		j.what, j.errors = append(j.what, "static"), append(j.errors, e)
		t.Logf("static: max error %.3g (%.2g %% of size %.3g)", e, 100*e/j.size, j.size)
	}
	if len(clips.Clips) != len(want.Clips) {
		t.Fatalf("%d clips, three.js plays %d animations", len(clips.Clips), len(want.Clips))
	}
	for i, c := range want.Clips {
		clip := clips.Clips[i]
		most := 0.0
		for k, tau := range c.Times {
			e := worst(at(float32(float64(clip.First)/float64(fps)+tau)), c.Positions[k])
			most = max(most, e)
			j.what, j.errors = append(j.what, fmt.Sprintf("clip %s at %.3f s", clip.Name, tau)), append(j.errors, e)
		}
		t.Logf("clip %s (frames %d-%d): max error %.3g (%.2g %% of size %.3g)", clip.Name, clip.First, clip.Last, most, 100*most/j.size, j.size)
	}
	res, err := texpath.NewOS(out)
	if err != nil {
		t.Fatal(err)
	}
	for i, mt := range m.Materials {
		if mt.Texture.Text() != "" && !res.Resolve(mt.Texture).Found {
			t.Errorf("material %d: texture %q does not resolve", i, mt.Texture.Display())
		}
	}
	assimpLoads(t, out)
	return j
}

// assimpLoads runs Debian's "assimp info" on file: it must load.
func assimpLoads(t *testing.T, file string) {
	t.Helper()
	bin, err := exec.LookPath("assimp")
	if err != nil {
		testenv.Missing(t, "MS3D_REQUIRE_CORPUS", "assimp is not installed (Debian: assimp-utils)")
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if out, err := exec.CommandContext(ctx, bin, "info", file).CombinedOutput(); err != nil {
		t.Errorf("assimp info %s: %v\n%s", filepath.Base(file), err, lastLines(string(out), 5))
	}
}
