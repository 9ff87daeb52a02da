package interop_test

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"ms3dstudio/document"
	"ms3dstudio/formats/md2"
	"ms3dstudio/formats/md3"
	"ms3dstudio/formats/ms3d/ms3dfix"
	"ms3dstudio/internal/corpus"
	"ms3dstudio/interop/irrlicht"
	"ms3dstudio/model"
	"ms3dstudio/model/anim"
	"ms3dstudio/model/anim/animtest"
	"ms3dstudio/model/clips"
	"ms3dstudio/model/fix"
	"ms3dstudio/model/texpath"
)

// refusedQuake are the corpus files whose MD2 or MD3 export is refused,
// with why (a word of the error).
var refusedQuake = map[string]string{
	"md2 assimp/test/models/MS3D/Wuson.ms3d":          "2117 vertices",
	"md2 assimp/test/models/MS3D/Wuson_a8a1ca98.ms3d": "2117 vertices",
	"md2 GLScene/Demos/media/models/LScene.ms3d":      "2672 vertices",
}

// quakeJudged is how Irrlicht played an MD2 or MD3 export (or a real
// file) against our pose.
type quakeJudged struct {
	mesh *irrlicht.Mesh
	// worst is the largest corner distance in model units, ratio the
	// largest distance over the tolerance at its frame: the file plays as
	// our pose when ratio ≤ 1.
	worst, ratio float64
	at           string
}

func (j quakeJudged) String() string {
	var fs []string
	for _, f := range j.mesh.Frames {
		fs = append(fs, ftoa(f.Frame))
	}
	return fmt.Sprintf("largest error %.4g units, %.3g of the tolerance (%s), over Irrlicht frames %s", j.worst, j.ratio, j.at, strings.Join(fs, ", "))
}

// fiveKeyFrames returns five key frames across n: 0, .27, .5, .73 and 1
// of the way, rounded, without repeats.
func fiveKeyFrames(n int) []int {
	var out []int
	for _, u := range []float64{0, 0.27, 0.5, 0.73, 1} {
		k := int(math.Round(u * float64(n-1)))
		if !slices.Contains(out, k) {
			out = append(out, k)
		}
	}
	return out
}

// quakeFrame is one frame to judge: the Irrlicht frame, and what our pose
// there is, as the key frames (a, b) it lies between and how far, with
// the tolerance.
type quakeFrame struct {
	irrlicht float64
	a, b     int
	u        float64
	tol      float64
}

// judgeQuake loads path in Irrlicht at each frame and compares the
// triangles it draws (laid out as tris says, our corner order) with m
// posed at the frames' times: key frame k is MilkShape frame k + 1, at
// time (k + 1)/fps, and between key frames Irrlicht blends the two poses
// linearly.
func judgeQuake(t *testing.T, h *irrlicht.Harness, path string, m *model.Model, tris [][][3]uint32, frames []quakeFrame) quakeJudged {
	t.Helper()
	var at []float64
	for _, f := range frames {
		at = append(at, f.irrlicht)
	}
	mesh, err := h.Load(path, at...)
	if err != nil {
		t.Fatal(err)
	}
	if mesh.Crashed != "" || !mesh.Loaded {
		t.Fatalf("Irrlicht does not load %s: %v", path, errRefused(mesh))
	}
	j := quakeJudged{mesh: mesh}
	p := animtest.NewPoser(m)
	fps := m.EffectiveFPS()
	for i, f := range frames {
		if mesh.Frames[i].Frame != f.irrlicht {
			t.Fatalf("Irrlicht played frame %g for frame %g", mesh.Frames[i].Frame, f.irrlicht)
		}
		pose := slices.Clone(p.At(float32(f.a+1) / fps))
		if f.u > 0 {
			next := p.At(float32(f.b+1) / fps)
			for v := range pose {
				for c := range 3 {
					pose[v][c] += float32(f.u) * (next[v][c] - pose[v][c])
				}
			}
		}
		d, where, err := mesh.Compare(i, corners(tris, pose))
		if err != nil {
			t.Fatalf("frame %g: %v", f.irrlicht, err)
		}
		if d/f.tol > j.ratio || i == 0 {
			j.ratio, j.at = d/f.tol, fmt.Sprintf("frame %g, %s", f.irrlicht, where)
		}
		j.worst = max(j.worst, d)
	}
	return j
}

// refused reports whether the export of the corpus file e to format was
// refused (err) as recorded: it fails t when it is refused otherwise, and
// when a recorded refusal no longer happens.
func refused(t *testing.T, format string, e corpus.Entry, err error) bool {
	t.Helper()
	want := refusedQuake[format+" "+e.File]
	switch {
	case err == nil && want != "":
		t.Errorf("the %s export is no longer refused (it was for %s)", format, want)
	case err != nil && (want == "" || !strings.Contains(err.Error(), want)):
		t.Fatalf("the %s export is refused: %v", format, err)
	case err != nil:
		t.Logf("refused as recorded: %v", err)
		return true
	}
	return false
}

// fixedCorpusModel decodes a corpus file with model/fix's default fixes,
// its textures looked up beside it.
func fixedCorpusModel(t *testing.T, e corpus.Entry) (*model.Model, *texpath.Resolver) {
	t.Helper()
	data, err := os.ReadFile(e.Path)
	if err != nil {
		t.Fatal(err)
	}
	res, _ := texpath.NewOS(e.Path)
	m, _, err := ms3dfix.Decode(data, fix.Options{Textures: res})
	if err != nil {
		t.Fatal(err)
	}
	return m, res
}

// TestIrrlichtPlaysMD2Exports exports every corpus file (after model/fix)
// to MD2 and checks that Irrlicht 1.8.5 loads it and plays it as the
// source plays: at five key frames across the animation (Irrlicht frame
// 4k is key frame k) its vertices are our pose within half the 8-bit
// quantisation step of the frame's box (the step's diagonal over 2), and
// halfway between two key frames (Irrlicht frame 4k + 2) the blend of our
// two poses within the larger half step. Files over MD2's 2048 vertices
// are refused, as recorded.
func TestIrrlichtPlaysMD2Exports(t *testing.T) {
	h := irrlicht.New(t)
	for _, e := range corpus.MS3D(t) {
		t.Run(e.String(), func(t *testing.T) {
			m, res := fixedCorpusModel(t, e)
			out := filepath.Join(t.TempDir(), "export.md2")
			found, err := md2.WriteFile(out, m, md2.ExportOptions{Resolver: res})
			if refused(t, "md2", e, err) {
				return
			}
			for _, f := range found {
				t.Log(f)
			}
			file, _, err := md2.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			size := animtest.Size(m)
			tol := func(k int) float64 {
				s := file.Frames[k].Scale
				return math.Sqrt(sq(s[0])+sq(s[1])+sq(s[2]))/2 + 1e-5*size
			}
			var frames []quakeFrame
			n := len(file.Frames)
			for _, k := range fiveKeyFrames(n) {
				frames = append(frames, quakeFrame{irrlicht: float64(4 * k), a: k, tol: tol(k)})
				if k+1 < n && k > 0 {
					frames = append(frames, quakeFrame{irrlicht: float64(4*k + 2), a: k, b: k + 1, u: 0.5, tol: max(tol(k), tol(k+1))})
				}
			}
			tris, _ := drawnAs(m, 1, func(int) int { return 0 })
			j := judgeQuake(t, h, out, m, tris, frames)
			t.Logf("%d key frames of %d vertices: %s", n, len(file.Frames[0].Vertices), j)
			if j.mesh.FrameCount != 4*n {
				t.Errorf("Irrlicht has %d frames, want 4 × %d", j.mesh.FrameCount, n)
			}
			if j.ratio > 1 {
				t.Errorf("Irrlicht does not play the export as our pose: %s", j)
			}
		})
	}
}

// tagged renames m's first three joints tag_NAME (parents follow the
// names), so that its MD3 export has three tags, as a Quake 3 player's
// upper.md3 has (tag_head, tag_torso, tag_weapon). Not more: Irrlicht
// 1.8 grows its tag list one tag at a time as it loads, in time that goes
// with the square of tags × frames (Woman4's 31 joints over its 2133
// frames take it more than ten minutes).
func tagged(m *model.Model) []int {
	var tags []int
	for i := range min(3, len(m.Joints)) {
		old := m.Joints[i].Name
		m.Joints[i].Name = model.Str("tag_" + string(old))
		for k := range m.Joints {
			if string(m.Joints[k].Parent) == string(old) {
				m.Joints[k].Parent = m.Joints[i].Name
			}
		}
		tags = append(tags, i)
	}
	return tags
}

// TestIrrlichtPlaysMD3Exports exports every corpus file (after model/fix,
// up to three joints renamed to be tags) to MD3 and checks that Irrlicht 1.8.5
// loads it and plays it as the source plays: at five key frames across
// the animation (Irrlicht frame k is key frame k; at its default
// interpolation shift Irrlicht does not blend them) its vertices are our
// pose within 1/64 unit plus 1e-3 of the model's size, and its tags are
// at our joints' global positions within 1e-4 of the size, their z axis
// along our joint's y within 1e-3 rad. That axis is all Irrlicht reads of
// a tag's rotation: it builds the tag's quaternion as the shortest turn
// from up onto it, from the last row of the matrix alone (so a tag
// turned upside down, whose turn is not defined, is left unchecked).
func TestIrrlichtPlaysMD3Exports(t *testing.T) {
	h := irrlicht.New(t)
	for _, e := range corpus.MS3D(t) {
		t.Run(e.String(), func(t *testing.T) {
			m, res := fixedCorpusModel(t, e)
			tags := tagged(m)
			out := filepath.Join(t.TempDir(), "export.md3")
			_, found, err := md3.WriteFile(out, m, md3.ExportOptions{Resolver: res})
			if refused(t, "md3", e, err) {
				return
			}
			for _, f := range found {
				t.Log(f)
			}
			file, _, err := md3.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			size := animtest.Size(m)
			var frames []quakeFrame
			for _, k := range fiveKeyFrames(len(file.Frames)) {
				frames = append(frames, quakeFrame{irrlicht: float64(k), a: k, tol: 1.0/64 + 1e-3*size})
			}
			tris, _ := b3dBuffers(m)
			j := judgeQuake(t, h, out, m, tris, frames)
			t.Logf("%d key frames, %d surfaces: %s (1/64 unit is %.3g of the tolerance)", len(file.Frames), len(file.Surfaces), j, (1.0/64)/frames[0].tol)
			if j.ratio > 1 {
				t.Errorf("Irrlicht does not play the export as our pose: %s", j)
			}
			checkTags(t, j.mesh, m, tags, frames)
		})
	}
}

// checkTags compares the tags Irrlicht animates with our joints tags.
func checkTags(t *testing.T, mesh *irrlicht.Mesh, m *model.Model, tags []int, frames []quakeFrame) {
	t.Helper()
	sk, _ := anim.NewSkeleton(m)
	global := make([]mgl32.Mat4, sk.Len())
	size := animtest.Size(m)
	worstPos, worstAxis := 0.0, 0.0
	upsideDown := 0
	for i, f := range frames {
		got := mesh.Frames[i].Tags
		if len(got) != len(tags) {
			t.Fatalf("frame %g: Irrlicht has %d tags, want %d", f.irrlicht, len(got), len(tags))
		}
		sk.Pose(float32(f.a+1)/m.EffectiveFPS(), global)
		for k, tag := range got {
			j := tags[k]
			if tag.Name != string(m.Joints[j].Name) {
				t.Fatalf("tag %d is %q, want %q", k, tag.Name, m.Joints[j].Name)
			}
			g := global[j]
			pos := irrlicht.ToModel(tag.Position)
			worstPos = max(worstPos, float64(mgl32.Vec3(pos).Sub(g.Col(3).Vec3()).Len()))
			want := g.Mat3().Mul3x1(mgl32.Vec3{0, 1, 0}).Normalize()
			if want[1] < -0.999 {
				upsideDown++
				continue
			}
			// The quaternion (x, y, z, w) turns Irrlicht's up, (0, 1, 0),
			// onto the tag's z axis (the joint's y in our coordinates).
			q := mgl32.Quat{W: tag.Rotation[3], V: mgl32.Vec3{tag.Rotation[0], tag.Rotation[1], tag.Rotation[2]}}
			up := irrlicht.ToModel(q.Rotate(mgl32.Vec3{0, 1, 0}))
			worstAxis = max(worstAxis, math.Acos(math.Min(float64(mgl32.Vec3(up).Normalize().Dot(want)), 1)))
		}
	}
	if len(tags) > 0 {
		t.Logf("%d tags: positions within %.3g of the size, z axes within %.3g rad (%d upside down, unchecked)", len(tags), worstPos/size, worstAxis, upsideDown)
	}
	if worstPos > 1e-4*size || worstAxis > 1e-3 {
		t.Errorf("Irrlicht's tags are %.3g of the size and %.3g rad from our joints", worstPos/size, worstAxis)
	}
}

func sq(v float32) float64 { return float64(v) * float64(v) }

// realMD2 and realMD3 are the MD2 and MD3 files of the corpus.
var (
	realMD2 = []string{
		"md2/assimp/test/models/MD2/faerie.md2",
		"md2/assimp/test/models/MD2/sydney.md2",
	}
	realMD3 = []string{
		"md3/assimp/test/models-nonbsd/MD3/watercan.md3",
	}
)

// TestIrrlichtPlaysRealMD2 opens the real MD2 files as the app does
// (document.OpenWith) at five key frames alone, and checks that each
// frame's model is what Irrlicht shows at that frame, within 1e-5 of the
// size (the file's own quantised vertices), and that the clips read from
// the frame names are the animations Irrlicht names (Irrlicht ends a name
// at its first digit, so that it joins pain1, pain2 and pain3 into one
// "pain"). Opened whole, the animation carried by joints fitted to it,
// the model plays what Irrlicht shows at the same frames within 1.5 % of
// its size.
func TestIrrlichtPlaysRealMD2(t *testing.T) {
	h := irrlicht.New(t)
	for _, name := range realMD2 {
		t.Run(name, func(t *testing.T) {
			path := corpus.Path(t, name)
			f, _, err := md2.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			keys := fiveKeyFrames(len(f.Frames))
			var at []float64
			for _, k := range keys {
				at = append(at, float64(4*k))
			}
			mesh, err := h.Load(path, at...)
			if err != nil || !mesh.Loaded {
				t.Fatalf("Irrlicht: %v %v", err, mesh)
			}
			worst := 0.0
			var last *model.Model
			for i, k := range keys {
				d, err := document.OpenWith(path, document.OpenOptions{Frame: k + 1})
				if err != nil {
					t.Fatal(err)
				}
				m := d.Model()
				tris, _ := drawnAs(m, 1, func(int) int { return 0 })
				dist, where, err := mesh.Compare(i, corners(tris, animtest.NewPoser(m).At(0)))
				if err != nil {
					t.Fatal(err)
				}
				if s := animtest.Size(m); dist/s > worst {
					worst = dist / s
					if worst > 1e-5 {
						t.Errorf("key frame %d: %s", k, where)
					}
				}
				last = m
			}
			t.Logf("%d key frames, %d vertices, each opened alone: largest error %.3g of the size over Irrlicht frames %v", len(f.Frames), len(f.Frames[0].Vertices), worst, at)
			checkMD2Animations(t, mesh, last)

			// Opened whole, the animation carried by fitted joints: posed
			// at each key frame's time, within 1.5 % of the size.
			d, err := document.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			m := d.Model()
			tris, _ := drawnAs(m, 1, func(int) int { return 0 })
			p, size := animtest.NewPoser(m), animtest.Size(m)
			worst = 0
			for i, k := range keys {
				dist, _, err := mesh.Compare(i, corners(tris, p.At(float32(k+1)/m.EffectiveFPS())))
				if err != nil {
					t.Fatal(err)
				}
				worst = max(worst, dist/size)
			}
			t.Logf("opened whole (%d joints): largest error %.3g of the size over the same frames", len(m.Joints), worst)
			if worst > 0.015 {
				t.Errorf("the animated import plays %.3g of its size from what Irrlicht shows", worst)
			}
		})
	}
}

// checkMD2Animations checks that every animation Irrlicht names is a run
// of our clips whose names start with its name, covering its frames.
func checkMD2Animations(t *testing.T, mesh *irrlicht.Mesh, m *model.Model) {
	t.Helper()
	list, _ := clips.Read(m)
	if len(mesh.MD2Animations) == 0 || len(list) == 0 {
		t.Fatalf("Irrlicht names %d animations, our import %d clips", len(mesh.MD2Animations), len(list))
	}
	for _, a := range mesh.MD2Animations {
		// Irrlicht's frames are key frames × 4, its end 3 past the last.
		first, last := a.Begin/4, (a.End-3)/4
		var cover []string
		next := first
		for _, c := range list {
			if c.First-1 == next && c.Last-1 <= last && strings.HasPrefix(c.Name, a.Name) {
				cover = append(cover, c.Name)
				next = c.Last
			}
		}
		if next != last+1 {
			t.Errorf("Irrlicht's animation %q (key frames %d-%d) is not a run of our clips (%v cover up to %d)", a.Name, first, last, cover, next-1)
		}
	}
	t.Logf("Irrlicht names %d animations, our import %d clips", len(mesh.MD2Animations), len(list))
}

// TestIrrlichtShowsRealMD3 opens the real MD3 file as the app does and
// checks that its model is what Irrlicht shows, within 1e-5 of the size.
func TestIrrlichtShowsRealMD3(t *testing.T) {
	h := irrlicht.New(t)
	for _, name := range realMD3 {
		t.Run(name, func(t *testing.T) {
			path := corpus.Path(t, name)
			mesh, err := h.Load(path, 0)
			if err != nil || !mesh.Loaded {
				t.Fatalf("Irrlicht: %v %v", err, mesh)
			}
			d, err := document.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			m := d.Model()
			tris, _ := b3dBuffers(m)
			dist, where, err := mesh.Compare(0, corners(tris, animtest.NewPoser(m).At(0)))
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%d groups, %d vertices: largest error %.3g of the size", len(m.Groups), len(m.Vertices), dist/animtest.Size(m))
			if dist > 1e-5*animtest.Size(m) {
				t.Errorf("our import is not what Irrlicht shows: %s", where)
			}
		})
	}
}

// TestAssimpLoadsQuakeExports runs `assimp info` on every corpus file
// exported to MD2 and MD3 (after model/fix): it loads each, with one face
// a triangle drawn.
func TestAssimpLoadsQuakeExports(t *testing.T) {
	bin, _ := assimpBinary(t)
	for _, e := range corpus.MS3D(t) {
		t.Run(e.String(), func(t *testing.T) {
			m, _ := fixedCorpusModel(t, e)
			faces := 0
			for _, g := range m.Groups {
				faces += len(g.Triangles)
			}
			dir := t.TempDir()
			for _, format := range []string{"md2", "md3"} {
				out := filepath.Join(dir, "export."+format)
				var err error
				if format == "md2" {
					_, err = md2.WriteFile(out, m, md2.ExportOptions{})
				} else {
					_, _, err = md3.WriteFile(out, m, md3.ExportOptions{})
				}
				if refused(t, format, e, err) {
					continue
				}
				info := runAssimp(t, bin, out)
				if !info.ok {
					t.Errorf("assimp refuses the %s export: %s", format, info.reason)
					continue
				}
				if got := info.int(t, "Faces"); got != faces {
					t.Errorf("assimp: %d faces in the %s export, want %d", got, format, faces)
				}
				t.Logf("assimp: %s: %s meshes, %s faces", format, info.stats["Meshes"], info.stats["Faces"])
			}
		})
	}
}
