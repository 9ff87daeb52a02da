package scene

import (
	"math"
	"os"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"ms3dstudio/formats/ms3d"
	"ms3dstudio/internal/corpus"
	"ms3dstudio/model"
	"ms3dstudio/model/anim"
	"ms3dstudio/model/num"
	"ms3dstudio/model/sample"
	"ms3dstudio/viewport/internal/testmodel"
)

func near(a, b, tol float32) bool { return float32(math.Abs(float64(a-b))) <= tol }

func nearVec(a, b mgl32.Vec3, tol float32) bool {
	return near(a[0], b[0], tol) && near(a[1], b[1], tol) && near(a[2], b[2], tol)
}

func TestBuildBar(t *testing.T) {
	m := testmodel.Bar()
	mesh := Build(m)
	if got, want := len(mesh.Vertices), 3*len(m.Triangles); got != want {
		t.Fatalf("%d corners, want %d", got, want)
	}
	if len(mesh.Ranges) != 1 || mesh.Ranges[0].Count != int32(len(mesh.Vertices)) || mesh.Ranges[0].Material != 0 {
		t.Errorf("ranges %+v", mesh.Ranges)
	}
	if !mesh.Skinned || mesh.Joints != 2 || mesh.Skipped != 0 {
		t.Errorf("skinned %v joints %d skipped %d", mesh.Skinned, mesh.Joints, mesh.Skipped)
	}
	for i, v := range mesh.Vertices {
		wantJoint := uint16(0)
		if v.Pos[0] >= 1 {
			wantJoint = 1
		}
		if v.Joints[0] != wantJoint || v.Weights != [4]float32{1, 0, 0, 0} {
			t.Fatalf("corner %d at %v: joints %v weights %v", i, v.Pos, v.Joints, v.Weights)
		}
	}
	if mesh.Lo != [3]float32{0, -0.15, 0} || mesh.Hi != [3]float32{2, 0.15, 0} || !mesh.HasBounds {
		t.Errorf("bounds %v %v", mesh.Lo, mesh.Hi)
	}
	if got := mesh.Rest[1].Col(3).Vec3(); !nearVec(got, mgl32.Vec3{1, 0, 0}, 1e-6) {
		t.Errorf("tip rest position %v", got)
	}
	if mesh.Parents[0] != -1 || mesh.Parents[1] != 0 {
		t.Errorf("parents %v", mesh.Parents)
	}
}

// TestBuildMultipleInfluences uses a vertex-extra sub-version 3 vertex with
// three bones: the weights are the model's normalised influences.
func TestBuildMultipleInfluences(t *testing.T) {
	m := testmodel.Bar()
	m.Joints = append(m.Joints, model.Joint{Name: model.Str("extra"), Parent: model.Str("tip")})
	m.VertexExtraSubVersion = 3
	for i := range m.Vertices {
		m.Vertices[i].Bones = [4]uint16{m.Vertices[i].Bones[0], model.NoBone, model.NoBone, model.NoBone}
	}
	m.Vertices[0].Bones = [4]uint16{0, 1, 2, model.NoBone}
	m.Vertices[0].Weights = [3]uint8{50, 30, 20}
	mesh := Build(m)
	found := false
	for _, v := range mesh.Vertices {
		if v.Pos == m.Vertices[0].Position {
			found = true
			if v.Joints != [4]uint16{0, 1, 2, 0} || !near(v.Weights[0], 0.5, 1e-6) || !near(v.Weights[1], 0.3, 1e-6) || !near(v.Weights[2], 0.2, 1e-6) || v.Weights[3] != 0 {
				t.Errorf("joints %v weights %v", v.Joints, v.Weights)
			}
		}
	}
	if !found {
		t.Fatal("vertex 0 not drawn")
	}
}

// TestBuildBrokenReferences: out-of-range and duplicate references are
// skipped and counted, never fatal, and unusable materials fall back to
// the default.
func TestBuildBrokenReferences(t *testing.T) {
	for _, c := range []struct {
		name        string
		edit        func(m *model.Model)
		corners     int
		skipped     int
		defaultMats int
	}{
		{"clean", func(*model.Model) {}, 6, 0, 0},
		{"triangle index out of range", func(m *model.Model) { m.Groups[0].Triangles = append(m.Groups[0].Triangles, 99) }, 6, 1, 0},
		{"vertex index out of range", func(m *model.Model) { m.Triangles[0].Vertices[1] = 500 }, 3, 1, 0},
		{"NaN position", func(m *model.Model) { m.Vertices[0].Position[0] = float32(math.NaN()) }, 3, 1, 0},
		{"listed twice", func(m *model.Model) {
			m.Groups = append(m.Groups, model.Group{Name: "dup", Triangles: []uint32{0, 1}, Material: 0})
		}, 6, 2, 0},
		{"in no group", func(m *model.Model) { m.Groups[0].Triangles = m.Groups[0].Triangles[:1] }, 3, 1, 0},
		{"material out of range", func(m *model.Model) { m.Groups[0].Material = 7 }, 6, 0, 1},
		{"no material", func(m *model.Model) { m.Groups[0].Material = -1 }, 6, 0, 1},
		{"NaN normal and UV", func(m *model.Model) {
			m.Triangles[0].Normals[0][0] = float32(math.Inf(1))
			m.Triangles[0].S[0] = float32(math.NaN())
		}, 6, 0, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			m := testmodel.Quads(testmodel.Quad{X0: -1, Y0: -1, X1: 1, Y1: 1, Diffuse: [3]float32{1, 0, 0}})
			c.edit(m)
			mesh := Build(m)
			if len(mesh.Vertices) != c.corners || mesh.Skipped != c.skipped {
				t.Errorf("corners %d skipped %d, want %d and %d", len(mesh.Vertices), mesh.Skipped, c.corners, c.skipped)
			}
			defaults := 0
			for _, r := range mesh.Ranges {
				if r.Material == DefaultMaterial {
					defaults++
				}
			}
			if defaults != c.defaultMats {
				t.Errorf("%d ranges with the default material, want %d", defaults, c.defaultMats)
			}
			for _, v := range mesh.Vertices {
				for _, x := range append(append(v.Pos[:], v.Normal[:]...), v.UV[:]...) {
					if !num.Finite(x) {
						t.Fatalf("non-finite value in corner %+v", v)
					}
				}
			}
		})
	}
}

func TestResolveMaterial(t *testing.T) {
	for _, c := range []struct {
		tr      float32
		opacity float32
	}{{1, 1}, {0.25, 0.25}, {0, 0}, {-1, 0}, {3, 1}, {float32(math.NaN()), 1}} {
		mt := resolveMaterial(&model.Material{Transparency: c.tr, Shininess: 500})
		if mt.Opacity != c.opacity || mt.Shininess != 128 {
			t.Errorf("transparency %v: opacity %v shininess %v", c.tr, mt.Opacity, mt.Shininess)
		}
	}
	if !resolveMaterial(&model.Material{Texture: "a.png\x00junk"}).Textured || resolveMaterial(&model.Material{Texture: "\x00junk"}).Textured {
		t.Error("Textured must follow the meaningful part of the texture path")
	}
}

func TestRestGlobalsComposeParents(t *testing.T) {
	m := &model.Model{Joints: []model.Joint{
		// The child comes first in the file: order must not matter.
		{Name: "child", Parent: "root", Position: [3]float32{1, 0, 0}},
		{Name: "root", Position: [3]float32{0, 2, 0}, Rotation: [3]float32{0, 0, math.Pi / 2}},
		{Name: "broken", Position: [3]float32{float32(math.NaN()), 0, 0}},
	}}
	h := m.ResolveHierarchy()
	g := RestGlobals(m, &h)
	if got := g[0].Col(3).Vec3(); !nearVec(got, mgl32.Vec3{0, 3, 0}, 1e-6) {
		t.Errorf("child at %v, want (0, 3, 0): the root's 90° turn about Z maps +X to +Y", got)
	}
	if got := g[2].Col(3).Vec3(); got != (mgl32.Vec3{}) {
		t.Errorf("broken joint at %v, want the origin", got)
	}
}

func TestFrameCopyIsDeep(t *testing.T) {
	src := &Frame{Width: 3, Skin: []mgl32.Mat4{mgl32.Ident4()}, Global: []mgl32.Mat4{mgl32.Ident4(), mgl32.Ident4()}}
	var dst Frame
	dst.CopyFrom(src)
	src.Skin[0][0] = 7
	if dst.Skin[0][0] != 1 || len(dst.Global) != 2 || dst.Width != 3 {
		t.Errorf("copy %+v", dst)
	}
	empty := &Frame{}
	dst.CopyFrom(empty)
	if len(dst.Skin) != 0 || len(dst.Global) != 0 {
		t.Error("copying an empty pose kept old matrices")
	}
}

// TestBuildCorpus builds every corpus model that decodes: each claimed
// triangle becomes three corners and nothing panics.
func TestBuildCorpus(t *testing.T) {
	for _, e := range corpus.MS3D(t) {
		t.Run(e.String(), func(t *testing.T) {
			m, _, err := ms3d.ReadFile(e.Path)
			if err != nil {
				t.Skipf("undecodable: %v", err)
			}
			mesh := Build(m)
			if len(mesh.Vertices)%3 != 0 {
				t.Fatalf("%d corners", len(mesh.Vertices))
			}
			if got := len(mesh.Vertices)/3 + mesh.Skipped; got < len(m.Triangles) {
				t.Errorf("%d drawn + %d skipped < %d triangles", len(mesh.Vertices)/3, mesh.Skipped, len(m.Triangles))
			}
			if !e.Defective && mesh.Skipped != 0 {
				t.Errorf("clean file: %d triangles skipped", mesh.Skipped)
			}
			if len(mesh.Rest) != len(m.Joints) {
				t.Errorf("%d rest matrices for %d joints", len(mesh.Rest), len(m.Joints))
			}
		})
	}
}

// FuzzBuild decodes arbitrary bytes and builds whatever model comes out:
// Build must never panic and never draw more than three corners per
// triangle. The seeds are the built-in sample and, when the shared corpus
// is there, two real files (without it the seeds still run).
func FuzzBuild(f *testing.F) {
	data, err := ms3d.Encode(sample.Model())
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data)
	for _, name := range []string{"GLScene/Demos/media/models/Box.ms3d", "nehe-opengl/bcb6/lesson31_bcb6/Data/Model.ms3d"} {
		if !corpus.Available() {
			break
		}
		data, err := os.ReadFile(corpus.Dir(f) + "/ms3d/" + name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		m, _, err := ms3d.Decode(data)
		if err != nil || m == nil {
			return
		}
		mesh := Build(m)
		if len(mesh.Vertices) > 3*len(m.Triangles) {
			t.Fatalf("%d corners for %d triangles", len(mesh.Vertices), len(m.Triangles))
		}
	})
}

// TestRestGlobalsAgreeWithAnim compares the rest pose with model/anim's
// independent implementation on every corpus model with joints.
func TestRestGlobalsAgreeWithAnim(t *testing.T) {
	checked := 0
	for _, e := range corpus.MS3D(t) {
		m, _, err := ms3d.ReadFile(e.Path)
		if err != nil || len(m.Joints) == 0 {
			continue
		}
		h := m.ResolveHierarchy()
		got := RestGlobals(m, &h)
		skel, _ := anim.NewSkeleton(m)
		want := make([]mgl32.Mat4, skel.Len())
		skel.RestPose(want)
		for j := range got {
			for k := 0; k < 16; k++ {
				if d := got[j][k] - want[j][k]; d > 1e-3 || d < -1e-3 {
					t.Fatalf("%s joint %d: rest %v, anim %v", e, j, got[j], want[j])
				}
			}
		}
		checked++
	}
	if checked == 0 {
		t.Fatal("no corpus model with joints")
	}
}

func TestPosedBounds(t *testing.T) {
	mesh := Build(testmodel.Bar())
	lo, hi, ok := mesh.PosedBounds(nil)
	if !ok || lo != mgl32.Vec3(mesh.Lo) || hi != mgl32.Vec3(mesh.Hi) {
		t.Errorf("bind pose bounds %v %v, want %v %v", lo, hi, mesh.Lo, mesh.Hi)
	}
	skin, _ := testmodel.BarBent()
	lo, hi, _ = mesh.PosedBounds(skin)
	// The tip half now stands up from x = 1: x in [0, 1.15], y up to 1.
	if !nearVec(lo, mgl32.Vec3{0, -0.15, 0}, 1e-5) || !nearVec(hi, mgl32.Vec3{1.15, 1, 0}, 1e-5) {
		t.Errorf("bent bounds %v %v", lo, hi)
	}
	// A short skin slice leaves the missing joints at rest.
	lo, hi, _ = mesh.PosedBounds(skin[:1])
	if lo != mgl32.Vec3(mesh.Lo) || hi != mgl32.Vec3(mesh.Hi) {
		t.Errorf("root-only skin moved the bounds: %v %v", lo, hi)
	}
	if _, _, ok := Build(&model.Model{}).PosedBounds(skin); ok {
		t.Error("empty mesh has bounds")
	}
}

func benchWoman(b *testing.B) *model.Model {
	b.Helper()
	m, _, err := ms3d.ReadFile(corpus.Dir(b) + "/ms3d/GLScene/Samples/media/Woman4.ms3d")
	if err != nil {
		b.Fatal(err)
	}
	return m
}

// BenchmarkBuildWoman4 is the UI-goroutine cost of SetModel for the
// benchmark model (1789 vertices, 3450 triangles, 31 joints).
func BenchmarkBuildWoman4(b *testing.B) {
	m := benchWoman(b)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		Build(m)
	}
}

// BenchmarkPosedBoundsWoman4 is the per-frame cost of the posed bounds the
// renderer uses for clipping and the box overlay.
func BenchmarkPosedBoundsWoman4(b *testing.B) {
	m := benchWoman(b)
	mesh := Build(m)
	skin := make([]mgl32.Mat4, len(m.Joints))
	for i := range skin {
		skin[i] = mgl32.HomogRotate3DY(0.1)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		mesh.PosedBounds(skin)
	}
}

func TestPointsAreTheDrawnVertices(t *testing.T) {
	m := testmodel.Bar()
	m.Vertices = append(m.Vertices, model.Vertex{Position: [3]float32{50, 50, 50}}) // used by no triangle
	mesh := Build(m)
	if len(mesh.Points) != len(m.Vertices)-1 {
		t.Fatalf("%d points for %d used vertices", len(mesh.Points), len(m.Vertices)-1)
	}
	if _, hi, _ := mesh.PosedBounds(nil); hi[0] != 2 {
		t.Errorf("an unused vertex counted in the bounds: hi %v", hi)
	}
}
