// Package irrlicht runs the Irrlicht engine on model files, for tests: it is
// the judge of the MS3D, B3D, MD2 and MD3 files MS3D Studio reads and writes.
//
// The judge is Debian's libirrlicht-dev (Irrlicht 1.8.5) through dump/dump.cpp, a
// small C++ program built here with g++ once per cache (keyed by its source,
// the compiler and the library), in the user cache folder. It opens a file
// with Irrlicht's own loaders on the EDT_NULL driver (no window), puts it in
// an IAnimatedMeshSceneNode and, for each frame asked for, lets the node pose
// the mesh as it does before drawing it; Load returns what Irrlicht made of
// the file (Mesh) and its animated vertices.
//
// Coordinates are converted to ours as they are read: Irrlicht is
// left-handed and shows MilkShape's (x, y, z) at (x, y, −z) (its MS3D loader
// negates z), so every position in a Mesh is (x, y, −z) of Irrlicht's. A
// file of another format that shows where its MS3D source shows (the rule
// for our exports) therefore compares with the source directly. Tag
// rotations of MD3 files are left in Irrlicht's quaternions.
//
// Frames are Irrlicht's: for a skinned mesh (MS3D, B3D) frame f is
// MilkShape frame f+1, at time (f+1)/fps (see TimeOfFrame); an MD2 mesh has
// four frames per key frame, an MD3 mesh one. The scene node clamps every
// frame to its frame loop, by default 0 to FrameCount−1, and Frame.Frame
// says which frame it used.
package irrlicht

import (
	"bytes"
	"context"
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"time"

	"ms3dstudio/internal/testenv"
)

//go:embed dump/dump.cpp
var source []byte

// Where Debian's libirrlicht-dev puts the headers.
const includeDir = "/usr/include/irrlicht"

// Require is the environment variable that, set to 1, makes a missing
// compiler or Irrlicht fail the tests instead of skipping them (CI fails
// them whatever it is set to; see internal/testenv).
const Require = "MS3D_REQUIRE_CORPUS"

// Harness runs the built dump program.
type Harness struct {
	bin string
}

var (
	buildOnce sync.Once
	built     *Harness
	missing   string // why the harness cannot be built on this machine
	buildErr  error  // the build failed for another reason
)

// New returns the harness, building it the first time in the process (or
// taking the program a previous run built with the same source, compiler and
// library). Without g++ or Irrlicht's headers and library, tb is skipped, or
// failed in CI or with MS3D_REQUIRE_CORPUS=1; a build that fails otherwise
// fails tb.
func New(tb testing.TB) *Harness {
	tb.Helper()
	buildOnce.Do(build)
	if missing != "" {
		testenv.Missing(tb, Require, "%s (Debian: apt-get install g++ libirrlicht-dev)", missing)
	}
	if buildErr != nil {
		tb.Fatal(buildErr)
	}
	return built
}

func build() {
	gxx, err := exec.LookPath("g++")
	if err != nil {
		missing = "g++ is not installed; the Irrlicht harness is compiled with it"
		return
	}
	if _, err := os.Stat(filepath.Join(includeDir, "irrlicht.h")); err != nil {
		missing = "Irrlicht's headers are not installed (" + includeDir + "/irrlicht.h)"
		return
	}
	version, err := exec.Command(gxx, "--version").Output()
	if err != nil {
		buildErr = fmt.Errorf("irrlicht: g++ --version: %v", err)
		return
	}
	lib, _ := exec.Command(gxx, "-print-file-name=libIrrlicht.so").Output()
	lib = bytes.TrimSpace(lib)
	if !filepath.IsAbs(string(lib)) {
		missing = "Irrlicht's library is not installed (g++ finds no libIrrlicht.so)"
		return
	}
	libInfo, err := os.Stat(string(lib))
	if err != nil {
		missing = "Irrlicht's library is not installed (" + string(lib) + ")"
		return
	}
	key := sha256.New()
	key.Write(source)
	key.Write(version)
	fmt.Fprintf(key, "%s %d %d", lib, libInfo.Size(), libInfo.ModTime().UnixNano())
	cache, err := os.UserCacheDir()
	if err != nil {
		cache = os.TempDir()
	}
	dir := filepath.Join(cache, "ms3dstudio", "irrlicht-harness", hex.EncodeToString(key.Sum(nil))[:16])
	bin := filepath.Join(dir, "dump")
	if st, err := os.Stat(bin); err == nil && st.Mode().IsRegular() {
		built = &Harness{bin: bin}
		return
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		buildErr = fmt.Errorf("irrlicht: %v", err)
		return
	}
	src := filepath.Join(dir, "dump.cpp")
	if err := os.WriteFile(src, source, 0o644); err != nil {
		buildErr = fmt.Errorf("irrlicht: %v", err)
		return
	}
	// Build under a temporary name and rename: test binaries of several
	// packages may build at once.
	tmp, err := os.CreateTemp(dir, "dump-*")
	if err != nil {
		buildErr = fmt.Errorf("irrlicht: %v", err)
		return
	}
	tmp.Close()
	out, err := exec.Command(gxx, "-O1", "-o", tmp.Name(), src, "-isystem", includeDir, "-lIrrlicht").CombinedOutput()
	if err != nil {
		os.Remove(tmp.Name())
		buildErr = fmt.Errorf("irrlicht: building the harness (g++ %s): %v\n%s", src, err, out)
		return
	}
	if err := os.Rename(tmp.Name(), bin); err != nil {
		buildErr = fmt.Errorf("irrlicht: %v", err)
		return
	}
	built = &Harness{bin: bin}
}

// Mesh is what Irrlicht made of a file.
type Mesh struct {
	// Loaded is false when Irrlicht refused the file; Log says why.
	Loaded bool `json:"loaded"`
	// Crashed, when not empty, says how Irrlicht died reading or posing the
	// file ("signal: segmentation fault"); nothing else is set.
	Crashed string `json:"-"`
	// Type is "skinned" (MS3D, B3D, X), "md2", "md3" or "other".
	Type string `json:"type"`
	// FrameCount is IAnimatedMesh::getFrameCount: for a skinned mesh the
	// last key's frame, rounded down.
	FrameCount int `json:"frame_count"`
	// FPS is IAnimatedMesh::getAnimationSpeed.
	FPS float64 `json:"fps"`
	// StartFrame and EndFrame are the scene node's frame loop.
	StartFrame int `json:"start_frame"`
	EndFrame   int `json:"end_frame"`
	// Joints of a skinned mesh, in Irrlicht's order.
	Joints []Joint `json:"joints"`
	// MD2Animations are an MD2 mesh's named frame ranges.
	MD2Animations []MD2Animation `json:"md2_animations"`
	Buffers       []Buffer       `json:"buffers"`
	// Frames holds one pose per frame asked for, in order.
	Frames []Frame `json:"frames"`
	// Log is Irrlicht's log while loading and posing ("warning: …").
	Log []string `json:"log"`
}

// Joint is one joint of a skinned mesh, with the key counts Irrlicht kept
// after loading (it pads each track with keys at frame 0 and at the end).
type Joint struct {
	Name         string `json:"name"`
	Parent       int    `json:"parent"` // −1 for a root
	PositionKeys int    `json:"position_keys"`
	RotationKeys int    `json:"rotation_keys"`
	ScaleKeys    int    `json:"scale_keys"`
	// Weights counts the vertex weights on the joint.
	Weights int `json:"weights"`
}

// MD2Animation is a named frame range of an MD2 mesh.
type MD2Animation struct {
	Name  string `json:"name"`
	Begin int    `json:"begin"`
	End   int    `json:"end"`
	FPS   int    `json:"fps"`
}

// Buffer is one mesh buffer: what Irrlicht draws with one material.
type Buffer struct {
	// Material is the material type ("solid", "trans_alphach", …).
	Material string `json:"material"`
	// Texture is the path of the first texture Irrlicht loaded, "" when it
	// found none.
	Texture  string `json:"texture"`
	Vertices int    `json:"vertices"`
	// Indices are the triangles' vertex indices, three a triangle, in the
	// order Irrlicht draws their corners.
	Indices []int `json:"indices"`
}

// Frame is the mesh as posed at one frame.
type Frame struct {
	// Requested is the frame asked for, Frame the one the node used.
	Requested, Frame float64
	// Positions are each buffer's vertex positions, in our coordinates.
	Positions [][][3]float32
	// Joints are the skinned joints' animated global positions, in our
	// coordinates.
	Joints [][3]float32
	// Tags are an MD3 mesh's tags, in Irrlicht's coordinates.
	Tags []Tag
}

// rawMesh is the harness's output: a Mesh whose frames hold Irrlicht's
// coordinates, flat, with null for what is not finite.
type rawMesh struct {
	Mesh
	Frames []rawFrame `json:"frames"`
}

type rawFrame struct {
	Requested float64       `json:"requested"`
	Frame     float64       `json:"frame"`
	Positions [][]*float32  `json:"positions"`
	Joints    [][3]*float32 `json:"joints"`
	Tags      []Tag         `json:"tags"`
}

// Tag is an MD3 tag at one frame, as Irrlicht interpolated it: its position
// and rotation (x, y, z, w) in Irrlicht's coordinates and quaternion
// convention (SMD3QuaternionTag).
type Tag struct {
	Name     string     `json:"name"`
	Position [3]float32 `json:"position"`
	Rotation [4]float32 `json:"rotation"`
}

// ToModel maps a point from Irrlicht's coordinates to ours: (x, y, −z).
func ToModel(p [3]float32) [3]float32 { return [3]float32{p[0], p[1], -p[2]} }

// TimeOfFrame is the time in seconds, in a model playing at fps, of a
// skinned mesh's frame: Irrlicht's MS3D loader puts a key at time t on
// frame t·fps − 1 and its B3D loader a key of frame n on frame n − 1, and
// B3D frame n is MilkShape frame n. fps below 1 is taken as 1, as both
// Irrlicht and MilkShape do.
func TimeOfFrame(frame, fps float64) float64 {
	return (frame + 1) / math.Max(fps, 1)
}

// Options changes how Load poses a mesh.
type Options struct {
	// Loop, when set, is the scene node's frame loop [Loop[0], Loop[1]]
	// (IAnimatedMeshSceneNode::setFrameLoop, which clamps it to the mesh's
	// frames) instead of the default 0 to FrameCount−1.
	Loop *[2]int
}

// Load runs Irrlicht on the file at path and poses it at each frame. An
// error means the harness did not run or printed something unreadable; a
// file Irrlicht refuses gives a Mesh with Loaded false, one it crashes on a
// Mesh with Crashed set.
func (h *Harness) Load(path string, frames ...float64) (*Mesh, error) {
	return h.LoadWith(path, Options{}, frames...)
}

// LoadWith is Load with options.
func (h *Harness) LoadWith(path string, opt Options, frames ...float64) (*Mesh, error) {
	var args []string
	if opt.Loop != nil {
		args = append(args, "--loop", strconv.Itoa(opt.Loop[0]), strconv.Itoa(opt.Loop[1]))
	}
	args = append(args, path)
	for _, f := range frames {
		args = append(args, strconv.FormatFloat(f, 'g', -1, 64))
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, h.bin, args...)
	// Irrlicht resolves texture paths against the working folder too: run it
	// where the file is, as a game runs in its own folder.
	cmd.Dir = filepath.Dir(path)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if ctx.Err() != nil {
		return nil, fmt.Errorf("irrlicht: %s: timed out", path)
	}
	var exit *exec.ExitError
	if errors.As(err, &exit) && exit.ExitCode() == -1 {
		// Killed by a signal: Irrlicht crashed on the file.
		return &Mesh{Crashed: exit.String()}, nil
	}
	if err != nil && !(errors.As(err, &exit) && exit.ExitCode() == 1) {
		return nil, fmt.Errorf("irrlicht: %s: %v\n%s", path, err, stderr.Bytes())
	}
	var raw rawMesh
	if err := json.Unmarshal(out, &raw); err != nil {
		return nil, fmt.Errorf("irrlicht: %s: reading the harness's output: %v", path, err)
	}
	m := raw.Mesh
	m.Frames = make([]Frame, len(raw.Frames))
	for i, rf := range raw.Frames {
		f, err := rf.convert(&m)
		if err != nil {
			return nil, fmt.Errorf("irrlicht: %s: frame %g: %v", path, rf.Requested, err)
		}
		m.Frames[i] = f
	}
	return &m, nil
}

// convert checks the raw positions against the buffers and maps them to our
// coordinates; a NaN or infinity (printed as null) is read as NaN.
func (rf *rawFrame) convert(m *Mesh) (Frame, error) {
	f := Frame{Requested: rf.Requested, Frame: rf.Frame, Tags: rf.Tags}
	if len(rf.Positions) != len(m.Buffers) {
		return f, fmt.Errorf("%d position lists for %d buffers", len(rf.Positions), len(m.Buffers))
	}
	f.Positions = make([][][3]float32, len(m.Buffers))
	for b, raw := range rf.Positions {
		if len(raw) != 3*m.Buffers[b].Vertices {
			return f, fmt.Errorf("buffer %d: %d coordinates for %d vertices", b, len(raw), m.Buffers[b].Vertices)
		}
		ps := make([][3]float32, m.Buffers[b].Vertices)
		for v := range ps {
			ps[v] = ToModel([3]float32{value(raw[3*v]), value(raw[3*v+1]), value(raw[3*v+2])})
		}
		f.Positions[b] = ps
	}
	f.Joints = make([][3]float32, len(rf.Joints))
	for j, p := range rf.Joints {
		f.Joints[j] = ToModel([3]float32{value(p[0]), value(p[1]), value(p[2])})
	}
	return f, nil
}

func value(p *float32) float32 {
	if p == nil {
		return float32(math.NaN())
	}
	return *p
}

// Triangles returns the triangles Irrlicht draws at the k-th frame of m,
// each as its three corners' positions (our coordinates) in the order
// Irrlicht draws them, grouped by buffer. An index past a buffer's vertices
// is an error.
func (m *Mesh) Triangles(k int) ([][][3][3]float32, error) {
	if k < 0 || k >= len(m.Frames) {
		return nil, fmt.Errorf("irrlicht: frame %d of %d", k, len(m.Frames))
	}
	out := make([][][3][3]float32, len(m.Buffers))
	for b, buf := range m.Buffers {
		if len(buf.Indices)%3 != 0 {
			return nil, fmt.Errorf("irrlicht: buffer %d: %d indices, not triangles", b, len(buf.Indices))
		}
		pos := m.Frames[k].Positions[b]
		tris := make([][3][3]float32, len(buf.Indices)/3)
		for t := range tris {
			for c := range 3 {
				i := buf.Indices[3*t+c]
				if i < 0 || i >= len(pos) {
					return nil, fmt.Errorf("irrlicht: buffer %d, triangle %d: index %d past %d vertices", b, t, i, len(pos))
				}
				tris[t][c] = pos[i]
			}
		}
		out[b] = tris
	}
	return out, nil
}

// Compare returns the largest distance between a corner Irrlicht draws at
// the k-th frame of m and the same corner of want (per buffer, triangle and
// corner, as Triangles gives them), and where it is. The buffers and their
// triangle counts must match: a difference is an error, as is a corner that
// is not finite.
func (m *Mesh) Compare(k int, want [][][3][3]float32) (worst float64, at string, err error) {
	got, err := m.Triangles(k)
	if err != nil {
		return 0, "", err
	}
	if len(got) != len(want) {
		return 0, "", fmt.Errorf("irrlicht draws %d buffers, want %d", len(got), len(want))
	}
	for b := range got {
		if len(got[b]) != len(want[b]) {
			return 0, "", fmt.Errorf("buffer %d: irrlicht draws %d triangles, want %d", b, len(got[b]), len(want[b]))
		}
		for t := range got[b] {
			for c := range 3 {
				g, w := got[b][t][c], want[b][t][c]
				d := math.Sqrt(sq(g[0]-w[0]) + sq(g[1]-w[1]) + sq(g[2]-w[2]))
				if math.IsNaN(d) {
					return 0, "", fmt.Errorf("buffer %d, triangle %d, corner %d: irrlicht %v, want %v", b, t, c, g, w)
				}
				if d > worst {
					worst = d
					at = fmt.Sprintf("buffer %d, triangle %d, corner %d: irrlicht %v, want %v", b, t, c, g, w)
				}
			}
		}
	}
	return worst, at, nil
}

func sq(v float32) float64 { return float64(v) * float64(v) }
