package importer

import (
	"bytes"
	"context"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	qgltf "github.com/qmuntal/gltf"
	"github.com/qmuntal/gltf/modeler"

	"ms3dstudio/internal/corpus"
	"ms3dstudio/internal/testenv"
)

// skinnedTube returns a .glb of a tube of segs×rings quads (2 triangles
// each) skinned to a chain of joints along its height, two joints a vertex,
// with a two-second animation keyed at 30 fps on every joint.
func skinnedTube(tb testing.TB, segs, rings, joints int) []byte {
	tb.Helper()
	doc := qgltf.NewDocument()
	var pos, nrm [][3]float32
	var js [][4]uint16
	var ws [][4]float32
	for r := range rings + 1 {
		y := float32(r) / float32(rings) * float32(joints)
		for s := range segs {
			a := 2 * math.Pi * float64(s) / float64(segs)
			c, sn := float32(math.Cos(a)), float32(math.Sin(a))
			pos = append(pos, [3]float32{0.5 * c, y, 0.5 * sn})
			nrm = append(nrm, [3]float32{c, 0, sn})
			j := min(int(y), joints-1)
			u := y - float32(j)
			next := min(j+1, joints-1)
			js = append(js, [4]uint16{uint16(j), uint16(next), 0, 0})
			ws = append(ws, [4]float32{1 - u/2, u / 2, 0, 0})
		}
	}
	idx := make([]uint32, 0, 6*segs*rings)
	for r := range rings {
		for s := range segs {
			a, b := uint32(r*segs+s), uint32(r*segs+(s+1)%segs)
			idx = append(idx, a, a+uint32(segs), b, b, a+uint32(segs), b+uint32(segs))
		}
	}
	prim := &qgltf.Primitive{Mode: qgltf.PrimitiveTriangles, Attributes: qgltf.PrimitiveAttributes{
		qgltf.POSITION: modeler.WritePosition(doc, pos), qgltf.NORMAL: modeler.WriteNormal(doc, nrm),
		qgltf.JOINTS_0: modeler.WriteJoints(doc, js), qgltf.WEIGHTS_0: modeler.WriteWeights(doc, ws)},
		Indices: qgltf.Index(modeler.WriteIndices(doc, idx))}
	doc.Meshes = []*qgltf.Mesh{{Name: "tube", Primitives: []*qgltf.Primitive{prim}}}
	var jointNodes []int
	ibm := make([][4][4]float32, joints)
	parent := -1
	for j := range joints {
		n := &qgltf.Node{Name: "bone" + string(rune('A'+j%26)) + string(rune('a'+j/26)), Translation: [3]float64{0, 1, 0}}
		if j == 0 {
			n.Translation = [3]float64{}
		}
		doc.Nodes = append(doc.Nodes, n)
		i := len(doc.Nodes) - 1
		if parent >= 0 {
			doc.Nodes[parent].Children = append(doc.Nodes[parent].Children, i)
		} else {
			doc.Scenes[0].Nodes = append(doc.Scenes[0].Nodes, i)
		}
		parent = i
		jointNodes = append(jointNodes, i)
		ibm[j] = [4][4]float32{{1, 0, 0, 0}, {0, 1, 0, -float32(j)}, {0, 0, 1, 0}, {0, 0, 0, 1}}
	}
	doc.Skins = []*qgltf.Skin{{Joints: jointNodes, InverseBindMatrices: qgltf.Index(modeler.WriteAccessor(doc, qgltf.TargetNone, ibm))}}
	doc.Nodes = append(doc.Nodes, &qgltf.Node{Name: "tube", Mesh: qgltf.Index(0), Skin: qgltf.Index(0)})
	doc.Scenes[0].Nodes = append(doc.Scenes[0].Nodes, len(doc.Nodes)-1)
	times := make([]float32, 61)
	for k := range times {
		times[k] = float32(k) / 30
	}
	in := modeler.WriteAccessor(doc, qgltf.TargetNone, times)
	doc.Accessors[in].Min, doc.Accessors[in].Max = []float64{0}, []float64{2}
	an := &qgltf.Animation{Name: "sway"}
	for j, n := range jointNodes {
		q := make([][4]float32, len(times))
		for k, t := range times {
			a := 0.2 * math.Sin(2*math.Pi*float64(t)/2+float64(j)) / 2
			q[k] = [4]float32{0, 0, float32(math.Sin(a)), float32(math.Cos(a))}
		}
		an.Samplers = append(an.Samplers, &qgltf.AnimationSampler{Input: in, Output: modeler.WriteAccessor(doc, qgltf.TargetNone, q)})
		an.Channels = append(an.Channels, &qgltf.AnimationChannel{Sampler: len(an.Samplers) - 1, Target: qgltf.AnimationChannelTarget{Node: qgltf.Index(n), Path: qgltf.TRSRotation}})
	}
	doc.Animations = []*qgltf.Animation{an}
	var buf bytes.Buffer
	e := qgltf.NewEncoder(&buf)
	e.AsBinary = true
	if err := e.Encode(doc); err != nil {
		tb.Fatal(err)
	}
	return buf.Bytes()
}

// benchFiles returns the files the import benchmarks read: a generated
// 100,000-triangle skinned tube and the corpus's largest glTF.
func benchFiles(b *testing.B) map[string]string {
	dir := b.TempDir()
	tube := filepath.Join(dir, "tube100k.glb")
	if err := os.WriteFile(tube, skinnedTube(b, 50, 1000, 20), 0o644); err != nil {
		b.Fatal(err)
	}
	files := map[string]string{"skinned100k": tube}
	if corpus.Available() {
		files["CesiumMan"] = filepath.Join(corpus.Dir(b), "gltf", "glTF-Sample-Assets-OLD", "Models", "CesiumMan", "glTF", "CesiumMan.gltf")
	}
	return files
}

// BenchmarkImport imports each file from disk, as document.Open does.
// Run it with BenchmarkAssimpInfo: the two give the import's time beside
// Debian's assimp reading the same files.
func BenchmarkImport(b *testing.B) {
	for name, file := range benchFiles(b) {
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				if _, _, err := ImportFile(file, ImportOptions{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkAssimpInfo runs "assimp info" on the files BenchmarkImport
// reads (a process each time: assimp has no other interface here, and its
// start-up is a few milliseconds of the total).
func BenchmarkAssimpInfo(b *testing.B) {
	bin, err := exec.LookPath("assimp")
	if err != nil {
		testenv.Missing(b, "MS3D_REQUIRE_CORPUS", "assimp is not installed (Debian: assimp-utils)")
	}
	for name, file := range benchFiles(b) {
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
				out, err := exec.CommandContext(ctx, bin, "info", file).CombinedOutput()
				cancel()
				if err != nil {
					b.Fatalf("assimp info: %v\n%s", err, out)
				}
			}
		})
	}
}

// TestSkinnedTubeImports keeps the benchmark's file honest: it imports
// with every triangle and joint and plays as the glTF does.
func TestSkinnedTubeImports(t *testing.T) {
	imp, found, err := Import(skinnedTube(t, 10, 40, 6), nil, ImportOptions{})
	if err != nil {
		t.Fatal(err)
	}
	m := imp.Model
	if len(m.Triangles) != 800 || len(m.Joints) != 6 {
		t.Errorf("%d triangles, %d joints; want 800 and 6", len(m.Triangles), len(m.Joints))
	}
	for _, e := range imp.Errors {
		if e > 1e-4*imp.Size {
			t.Errorf("the animation strays %.3g (size %.3g): %v", e, imp.Size, found)
		}
	}
}
