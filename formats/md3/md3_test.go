package md3_test

import (
	"bytes"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"ms3dstudio/formats/md3"
	"ms3dstudio/internal/bintest"
	"ms3dstudio/internal/corpus"
	"ms3dstudio/model"
	"ms3dstudio/model/anim"
	"ms3dstudio/model/anim/animtest"
	"ms3dstudio/model/clips"
)

// realFile is the MD3 file of the corpus (written by MilkShape 3D).
const realFile = "md3/assimp/test/models-nonbsd/MD3/watercan.md3"

// small is bintest.Quad with a TGA skin, its group named "body" and its
// second joint a tag ("tag_weapon", turned about x).
func small() *model.Model {
	m := bintest.Quad("skin.tga")
	m.Groups[0].Name = "body"
	m.Joints[1].Name = "tag_weapon"
	m.Joints[1].Rotation = [3]float32{0.5, 0, 0}
	return m
}

func smallFile(t testing.TB) []byte {
	t.Helper()
	f, _, err := md3.Export(small(), md3.ExportOptions{Name: "small.md3"})
	if err != nil {
		t.Fatal(err)
	}
	data, err := md3.Encode(f)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestRealFileEncodesToItsBytes decodes MilkShape's watercan.md3 without
// findings and encodes it again: the same bytes.
func TestRealFileEncodesToItsBytes(t *testing.T) {
	data := corpus.Read(t, realFile)
	f, found, err := md3.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	if len(found) != 0 {
		t.Errorf("findings %v", found)
	}
	if len(f.Frames) != 1 || len(f.Surfaces) != 1 || len(f.Surfaces[0].TexCoords) != 92 || len(f.Surfaces[0].Triangles) != 78 {
		t.Errorf("%d frames, %d surfaces", len(f.Frames), len(f.Surfaces))
	}
	out, err := md3.Encode(f)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out, data) {
		t.Errorf("encodes to %d bytes that differ from the file's %d", len(out), len(data))
	}
}

// TestNormals checks Quake 3's two-angle normals: the axes decode as they
// should, and every direction comes back within the angles' resolution
// (a 256th of a turn on each: 1.0° at most).
func TestNormals(t *testing.T) {
	near := func(a, b [3]float32) bool {
		return math.Abs(float64(a[0]-b[0])) < 1e-6 && math.Abs(float64(a[1]-b[1])) < 1e-6 && math.Abs(float64(a[2]-b[2])) < 1e-6
	}
	for v, want := range map[uint16][3]float32{0: {0, 0, 1}, 128: {0, 0, -1}, 64: {1, 0, 0}, 64<<8 | 64: {0, 1, 0}, 128<<8 | 64: {-1, 0, 0}} {
		if got := md3.DecodeNormal(v); !near(got, want) {
			t.Errorf("DecodeNormal(%#04x) = %v, want %v", v, got, want)
		}
		if got := md3.EncodeNormal(want); got != v {
			t.Errorf("EncodeNormal(%v) = %#04x, want %#04x", want, got, v)
		}
	}
	worst := 0.0
	for k := range 5000 {
		z := 1 - 2*(float64(k)+0.5)/5000
		r, a := math.Sqrt(1-z*z), float64(k)*math.Pi*(3-math.Sqrt(5))
		n := [3]float32{float32(r * math.Cos(a)), float32(r * math.Sin(a)), float32(z)}
		back := md3.DecodeNormal(md3.EncodeNormal(n))
		worst = max(worst, math.Acos(min(float64(n[0]*back[0]+n[1]*back[1]+n[2]*back[2]), 1)))
	}
	if worst > 1.0*math.Pi/180 {
		t.Errorf("a direction comes back %.2f° off", worst*180/math.Pi)
	}
	t.Logf("worst round trip %.3f°", worst*180/math.Pi)
}

// TestExportLayout checks the small model's export: one surface, the
// vertices of the hard edge split (4 become 6), the corners reversed,
// positions swapped to z up in 1/64 units, the shader, a tag, the frames
// named after the clips with their bounds.
func TestExportLayout(t *testing.T) {
	f, found, err := md3.Export(small(), md3.ExportOptions{Name: "small.md3"})
	if err != nil || len(found) != 0 {
		t.Fatalf("Export: %v %v", err, found)
	}
	if f.Name != "small.md3" || len(f.Surfaces) != 1 || len(f.Frames) != 10 {
		t.Fatalf("name %q, %d surfaces, %d frames", f.Name, len(f.Surfaces), len(f.Frames))
	}
	s := f.Surfaces[0]
	if s.Name != "body" || len(s.Shaders) != 1 || s.Shaders[0].Name != "skin.tga" || len(s.TexCoords) != 6 {
		t.Errorf("surface %q, shaders %v, %d vertices (want 6: the hard edge split)", s.Name, s.Shaders, len(s.TexCoords))
	}
	// Triangle 0 is (0, 1, 2) reversed: model vertex 2 first, posed at
	// time 1/24 for frame 0, at (x, y, z), which is (x, −z, y) in the
	// file, in 64ths.
	p := animtest.NewPoser(small()).At(1.0 / 24)[2]
	want := [3]int16{int16(math.Round(float64(p[0]) * 64)), int16(math.Round(float64(-p[2]) * 64)), int16(math.Round(float64(p[1]) * 64))}
	if first := s.Vertices[0][s.Triangles[0][0]]; first.Position != want {
		t.Errorf("the first corner is at %v, want %v", first.Position, want)
	}
	if names := []string{f.Frames[0].Name, f.Frames[6].Name}; !slices.Equal(names, []string{"run01", "jump01"}) {
		t.Errorf("frames named %v", names)
	}
	if len(f.Tags) != 10 || len(f.Tags[0]) != 1 || f.Tags[0][0].Name != "tag_weapon" {
		t.Fatalf("tags %v", f.Tags)
	}
	for k, fr := range f.Frames {
		for _, v := range s.Vertices[k] {
			p := v.Pos()
			for a := range 3 {
				if p[a] < fr.Mins[a] || p[a] > fr.Maxs[a] {
					t.Errorf("frame %d: vertex %v outside the bounds %v–%v", k, p, fr.Mins, fr.Maxs)
				}
			}
			if d := math.Sqrt(float64(p[0]*p[0] + p[1]*p[1] + p[2]*p[2])); d > float64(fr.Radius)+1e-6 {
				t.Errorf("frame %d: vertex %v outside the radius %g", k, p, fr.Radius)
			}
		}
	}
}

// TestImportOwnExport reads the small model's export back at each frame:
// the vertices are our pose within the 1/64-unit grid (half its
// diagonal), the tag a joint at our tag joint's global transform, the
// clips those of the model.
func TestImportOwnExport(t *testing.T) {
	m := small()
	f, found, err := md3.Decode(smallFile(t))
	if err != nil || len(found) != 0 {
		t.Fatalf("Decode: %v %v", err, found)
	}
	p := animtest.NewPoser(m)
	sk, _ := anim.NewSkeleton(m)
	global := make([]mgl32.Mat4, sk.Len())
	grid := math.Sqrt(3) / 128
	for k := range f.Frames {
		back, more := md3.Import(f, md3.ImportOptions{Frame: k + 1, FPS: 24, Static: true})
		if len(more) != 1 || more[0].Code != model.CodeQuakeVertexAnimation {
			t.Errorf("frame %d: findings %v", k, more)
		}
		want := p.At(float32(k+1) / 24)
		// The surface's vertices are the model's split: each triangle
		// corner of the import is the model's corner.
		for ti, tr := range back.Triangles {
			for c := range 3 {
				got := back.Vertices[tr.Vertices[c]].Position
				w := want[m.Triangles[ti].Vertices[c]]
				if d := dist(got, w); d > grid+1e-6 {
					t.Errorf("frame %d, triangle %d, corner %d: %v, want %v", k, ti, c, got, w)
				}
			}
		}
		// The tag joint at frame k of the import: posed at the frame's
		// time, it is our joint's global transform.
		bsk, _ := anim.NewSkeleton(back)
		bg := make([]mgl32.Mat4, bsk.Len())
		bsk.Pose(float32(k+1)/24, bg)
		sk.Pose(float32(k+1)/24, global)
		if len(back.Joints) != 1 || back.Joints[0].Name != "tag_weapon" {
			t.Fatalf("joints %v", back.Joints)
		}
		if !bg[0].ApproxEqualThreshold(global[1], 1e-5) {
			t.Errorf("frame %d: the tag joint is at\n%v\nwant\n%v", k, bg[0], global[1])
		}
		if k == 0 {
			list, _ := clips.Read(back)
			if want := []clips.Clip{{Name: "run", First: 1, Last: 6}, {Name: "jump", First: 7, Last: 10}}; !slices.Equal(list, want) {
				t.Errorf("clips %v, want %v", list, want)
			}
			if len(back.Groups) != 1 || back.Groups[0].Name != "body" || back.Materials[0].Texture != "skin.tga" {
				t.Errorf("groups %+v, materials %+v", back.Groups, back.Materials)
			}
			// The hard edge stays: the corners keep their own normals.
			if n := back.Triangles[1].Normals[0]; dist(n, [3]float32{0, 1, 0}) > 0.02 {
				t.Errorf("triangle 1's normal reads back as %v", n)
			}
		}
	}
}

func dist(a, b [3]float32) float64 {
	return math.Sqrt(float64((a[0]-b[0])*(a[0]-b[0]) + (a[1]-b[1])*(a[1]-b[1]) + (a[2]-b[2])*(a[2]-b[2])))
}

// TestExportRange: a vertex 600 units out is refused, the limit named.
func TestExportRange(t *testing.T) {
	m := small()
	m.Vertices[3].Position = [3]float32{1, 600, 2}
	_, _, err := md3.Export(m, md3.ExportOptions{})
	if err == nil || !strings.Contains(err.Error(), "beyond the ±511.984375 units MD3's 16-bit positions of 1/64 unit hold") {
		t.Fatalf("error %v, want the range named", err)
	}
}

// TestAnimationConfig writes animation.cfg for a model with clips named
// for three of Quake 3's player animations, and reads it back as Quake 3
// does: their frames, a one-frame line for each missing one (LEGS_ ones
// at the first legs frame), the looping frames of a cycle.
func TestAnimationConfig(t *testing.T) {
	m := &model.Model{FPS: 20, TotalFrames: 30}
	if err := clips.Write(m, []clips.Clip{{Name: "both_death1", First: 1, Last: 10}, {Name: "TORSO_GESTURE", First: 11, Last: 20}, {Name: "legs_run", First: 21, Last: 30}}); err != nil {
		t.Fatal(err)
	}
	cfg, found, ok := md3.AnimationConfig(m, md3.ExportOptions{})
	if !ok {
		t.Fatal("no animation.cfg")
	}
	if !slices.ContainsFunc(found, func(f model.Finding) bool {
		return f.Severity == model.Warning && strings.Contains(f.Message, "BOTH_DEAD1") && strings.Contains(f.Message, "LEGS_TURN")
	}) {
		t.Errorf("no finding about the missing animations: %v", found)
	}
	list, err := md3.ParseAnimationConfig(cfg)
	if err != nil {
		t.Fatalf("%v\n%s", err, cfg)
	}
	at := func(name string) md3.Animation {
		i := slices.Index(md3.Animations, name)
		return list[i]
	}
	for _, c := range []struct {
		name                string
		first, frames, loop int
	}{
		{"BOTH_DEATH1", 0, 10, 0}, {"BOTH_DEAD1", 0, 1, 0}, {"TORSO_GESTURE", 10, 10, 0}, {"LEGS_RUN", 20, 10, 10},
		// LEGS_WALKCR has no clip: it is put at TORSO_GESTURE's frame, so
		// that Quake 3's skip (LEGS_WALKCR − TORSO_GESTURE) is 0, and the
		// missing LEGS_TURN at the first legs frame.
		{"LEGS_WALKCR", 10, 1, 0}, {"LEGS_TURN", 0, 1, 0},
	} {
		a := at(c.name)
		if a.First != c.first || a.Frames != c.frames || a.Loop != c.loop || a.FPS != 20 {
			t.Errorf("%s: %+v, want first %d, %d frames, %d looping, 20 fps", c.name, a, c.first, c.frames, c.loop)
		}
	}
	if !strings.HasPrefix(cfg, "// animation.cfg written by MS3D Studio") {
		t.Errorf("animation.cfg starts %q", cfg[:40])
	}
	if _, _, ok := md3.AnimationConfig(small(), md3.ExportOptions{}); ok {
		t.Error("an animation.cfg for clips named for no Quake 3 animation")
	}
}

// TestImportAnimates reads the small model's export back with its
// animation: the tag's joint first, then the fitted joints, and posed at
// each key frame's time the model is within the grid of its export (the
// quad's two parts move rigidly: a fit needs no more).
func TestImportAnimates(t *testing.T) {
	m := small()
	f, _, err := md3.Decode(smallFile(t))
	if err != nil {
		t.Fatal(err)
	}
	back, found := md3.Import(f, md3.ImportOptions{FPS: 24})
	if len(found) != 1 || found[0].Code != model.CodeQuakeVertexAnimation || found[0].Severity != model.Info {
		t.Fatalf("findings %v", found)
	}
	t.Log(found[0].Message)
	if len(back.Joints) < 2 || back.Joints[0].Name != "tag_weapon" || back.Joints[1].Name != "part01" {
		t.Fatalf("joints %v", back.Joints)
	}
	p, q := animtest.NewPoser(m), animtest.NewPoser(back)
	var order []uint32
	for _, g := range m.Groups {
		order = append(order, g.Triangles...)
	}
	worst := 0.0
	for k := range f.Frames {
		want, got := p.At(float32(k+1)/24), q.At(float32(k+1)/24)
		for i, tr := range back.Triangles {
			for c := range 3 {
				worst = max(worst, dist(got[tr.Vertices[c]], want[m.Triangles[order[i]].Vertices[c]]))
			}
		}
	}
	if limit := math.Sqrt(3)/64 + 1e-3*animtest.Size(m); worst > limit {
		t.Errorf("the import plays %.3g units from the model, want within %.3g", worst, limit)
	}
}
