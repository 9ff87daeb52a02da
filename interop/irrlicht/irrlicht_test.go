package irrlicht_test

import (
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"ms3dstudio/formats/ms3d"
	"ms3dstudio/internal/corpus"
	"ms3dstudio/interop/irrlicht"
)

// TestLoadReportsTheNeHeModel loads the NeHe lesson 31 model (9 joints, keys
// to MilkShape frame 24 at 24 fps) and checks what Irrlicht says of it.
func TestLoadReportsTheNeHeModel(t *testing.T) {
	h := irrlicht.New(t)
	path := corpus.File(t, "lesson31_bcb6/Data/Model.ms3d").Path
	m, err := h.Load(path, 0, 10.5, 1000)
	if err != nil {
		t.Fatal(err)
	}
	if !m.Loaded || m.Type != "skinned" {
		t.Fatalf("loaded %v, type %q; log %q", m.Loaded, m.Type, m.Log)
	}
	// The last key, at 1 s, is on Irrlicht's frame 23; the node loops to
	// one frame less.
	if m.FPS != 24 || m.FrameCount != 23 || m.StartFrame != 0 || m.EndFrame != 22 {
		t.Errorf("fps %g, %d frames, loop %d–%d; want 24, 23, 0–22", m.FPS, m.FrameCount, m.StartFrame, m.EndFrame)
	}
	if len(m.Joints) != 9 || m.Joints[0].Name != "joint1" || m.Joints[0].Parent != -1 || m.Joints[1].Parent != 0 {
		t.Errorf("joints %+v, want joint1 (root), joint2 (its child), … 9 in all", m.Joints)
	}
	if len(m.Buffers) != 2 || !strings.HasSuffix(m.Buffers[0].Texture, "Wood.bmp") || len(m.Buffers[0].Indices) != 3*76 {
		t.Errorf("buffers %d, first texture %q with %d indices; want 2, Wood.bmp, 228", len(m.Buffers), m.Buffers[0].Texture, len(m.Buffers[0].Indices))
	}
	var used []float64
	for _, f := range m.Frames {
		used = append(used, f.Frame)
		if len(f.Positions) != len(m.Buffers) || len(f.Positions[0]) != m.Buffers[0].Vertices || len(f.Joints) != 9 {
			t.Fatalf("frame %g: %d position lists, %d joints", f.Frame, len(f.Positions), len(f.Joints))
		}
	}
	if !slices.Equal(used, []float64{0, 10.5, 22}) {
		t.Errorf("frames used %v, want [0 10.5 22] (1000 clamped to the loop's end)", used)
	}
	moved := 0.0
	for v, p := range m.Frames[0].Positions[0] {
		moved = max(moved, dist(p, m.Frames[1].Positions[0][v]))
	}
	if !(moved > 1) {
		t.Errorf("no vertex moves more than 1 unit from frame 0 to 10.5 (at most %g): Irrlicht did not pose the model", moved)
	}
}

// TestPositionsAreInOurCoordinates loads a static model and finds every
// vertex Irrlicht draws among the file's own vertices: Load has undone the
// z flip of Irrlicht's MS3D loader.
func TestPositionsAreInOurCoordinates(t *testing.T) {
	h := irrlicht.New(t)
	e := corpus.File(t, "GLScene/Demos/media/models/Chair.ms3d")
	data, err := os.ReadFile(e.Path)
	if err != nil {
		t.Fatal(err)
	}
	model, _, err := ms3d.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	ours := map[[3]float32]bool{}
	flipped := false
	for _, v := range model.Vertices {
		ours[v.Position] = true
		flipped = flipped || v.Position[2] != 0
	}
	if !flipped {
		t.Fatal("every vertex has z = 0: the test cannot tell a flip")
	}
	m, err := h.Load(e.Path, 0)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for b, ps := range m.Frames[0].Positions {
		for v, p := range ps {
			if !ours[p] {
				t.Fatalf("buffer %d, vertex %d at %v: no vertex of the file is there", b, v, p)
			}
			n++
		}
	}
	if n == 0 {
		t.Fatal("Irrlicht drew no vertex")
	}
}

// TestLoadReportsARefusedFile gives Irrlicht a file that is not an MS3D file.
func TestLoadReportsARefusedFile(t *testing.T) {
	h := irrlicht.New(t)
	path := filepath.Join(t.TempDir(), "junk.ms3d")
	if err := os.WriteFile(path, []byte("not a model at all"), 0o644); err != nil {
		t.Fatal(err)
	}
	m, err := h.Load(path, 0)
	if err != nil {
		t.Fatal(err)
	}
	if m.Loaded || m.Crashed != "" {
		t.Fatalf("loaded %v, crashed %q: want refused", m.Loaded, m.Crashed)
	}
	if !slices.ContainsFunc(m.Log, func(l string) bool { return strings.HasPrefix(l, "error:") }) {
		t.Errorf("no error in the log %q", m.Log)
	}
}

// TestLoadReportsACrash gives Irrlicht the corpus file whose group names a
// material one past the last: its MS3D loader indexes its buffers with it
// and dies.
func TestLoadReportsACrash(t *testing.T) {
	h := irrlicht.New(t)
	m, err := h.Load(corpus.File(t, "invalid/InvalidMaterialIndex.ms3d").Path, 0)
	if err != nil {
		t.Fatal(err)
	}
	if m.Crashed == "" {
		t.Fatalf("Irrlicht did not crash (loaded %v, log %q)", m.Loaded, m.Log)
	}
}

func dist(a, b [3]float32) float64 {
	var s float64
	for k := range 3 {
		d := float64(a[k] - b[k])
		s += d * d
	}
	return math.Sqrt(s)
}
