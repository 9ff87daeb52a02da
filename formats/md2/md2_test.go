package md2_test

import (
	"bytes"
	"errors"
	"maps"
	"math"
	"slices"
	"strings"
	"testing"

	"ms3dstudio/formats/md2"
	"ms3dstudio/formats/vertexanim"
	"ms3dstudio/internal/bintest"
	"ms3dstudio/internal/corpus"
	"ms3dstudio/model"
	"ms3dstudio/model/anim/animtest"
	"ms3dstudio/model/clips"
)

// realFiles are the MD2 files of the corpus (Irrlicht's media, by way of
// assimp's test models).
var realFiles = []string{
	"md2/assimp/test/models/MD2/faerie.md2",
	"md2/assimp/test/models/MD2/sydney.md2",
}

// malformed is assimp's broken file: a triangle over no vertices.
const malformed = "md2/assimp/test/models/MD2/malformed_zero_numvertices.md2"

// small is bintest.Quad with a PCX skin.
func small() *model.Model { return bintest.Quad("skin.pcx") }

func smallFile(t testing.TB) []byte {
	t.Helper()
	f, _, err := md2.Export(small(), md2.ExportOptions{SkinWidth: 64, SkinHeight: 32})
	if err != nil {
		t.Fatal(err)
	}
	data, err := md2.Encode(f)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestRealFilesEncodeToTheirBytes decodes the real files without findings
// and encodes them again: the same bytes.
func TestRealFilesEncodeToTheirBytes(t *testing.T) {
	for _, name := range realFiles {
		data := corpus.Read(t, name)
		f, found, err := md2.Decode(data)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if len(found) != 0 {
			t.Errorf("%s: findings %v", name, found)
		}
		if len(f.Frames) != 198 {
			t.Errorf("%s: %d frames, want Quake 2's 198", name, len(f.Frames))
		}
		out, err := md2.Encode(f)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !bytes.Equal(out, data) {
			t.Errorf("%s: encodes to %d bytes that differ from the file's %d", name, len(out), len(data))
		}
	}
}

// TestMalformedFile checks assimp's file with no vertices under a
// triangle: refused, the offset that of the triangles.
func TestMalformedFile(t *testing.T) {
	_, _, err := md2.Decode(corpus.Read(t, malformed))
	var fe *md2.FormatError
	if !errors.As(err, &fe) || fe.Offset != 0x44 || !strings.Contains(err.Error(), "triangle 0 names vertex 0, the frames have 0") {
		t.Fatalf("error %v, want a FormatError at 0x44 about triangle 0's vertex", err)
	}
}

// drawn returns the triangles of a command list as vertex index triples,
// each rotated to start at its smallest index, counted.
func drawn(cmds []md2.GLCommand) map[[3]int32]int {
	out := map[[3]int32]int{}
	for _, c := range cmds {
		for _, tr := range c.Triangles() {
			out[rotated([3]int32{c.Vertices[tr[0]].Index, c.Vertices[tr[1]].Index, c.Vertices[tr[2]].Index})]++
		}
	}
	return out
}

func listed(tris []md2.Triangle) map[[3]int32]int {
	out := map[[3]int32]int{}
	for _, t := range tris {
		out[rotated([3]int32{int32(t.Vertices[0]), int32(t.Vertices[1]), int32(t.Vertices[2])})]++
	}
	return out
}

func rotated(t [3]int32) [3]int32 {
	m := 0
	for i := 1; i < 3; i++ {
		if t[i] < t[m] {
			m = i
		}
	}
	return [3]int32{t[m], t[(m+1)%3], t[(m+2)%3]}
}

// TestGLCommandsDrawTheTriangles checks that the real files' GL commands
// (written by Quake 2's tools) and the commands BuildGLCommands makes for
// their triangles both draw every triangle once, in its winding, with the
// texture coordinates of its corners; and that ours need no more vertices
// than the files' (faerie: 1046 in 196 commands, sydney: 1047 in 184).
func TestGLCommandsDrawTheTriangles(t *testing.T) {
	for _, name := range realFiles {
		f, _, err := md2.Decode(corpus.Read(t, name))
		if err != nil {
			t.Fatal(err)
		}
		want := listed(f.Triangles)
		if got := drawn(f.GLCommands); !maps.Equal(got, want) {
			t.Errorf("%s: the file's GL commands draw other triangles than its list", name)
		}
		uv := func(i uint16) (float32, float32) {
			st := f.TexCoords[i]
			return (float32(st[0]) + 0.5) / float32(f.SkinWidth), (float32(st[1]) + 0.5) / float32(f.SkinHeight)
		}
		ours := md2.BuildGLCommands(f.Triangles, uv)
		if got := drawn(ours); !maps.Equal(got, want) {
			t.Errorf("%s: our GL commands draw other triangles than the list", name)
		}
		// Each command vertex carries the texture coordinates of the
		// corner it stands for.
		corner := map[[2]int32][][2]float32{}
		for _, tr := range f.Triangles {
			for c := range 3 {
				s, tt := uv(tr.TexCoords[c])
				k := [2]int32{int32(tr.Vertices[c]), 0}
				corner[k] = append(corner[k], [2]float32{s, tt})
			}
		}
		for _, c := range ours {
			for _, v := range c.Vertices {
				if !slices.Contains(corner[[2]int32{v.Index, 0}], [2]float32{v.S, v.T}) {
					t.Fatalf("%s: a command vertex of vertex %d has texture coordinates (%g, %g) no corner of it has", name, v.Index, v.S, v.T)
				}
			}
		}
		n, n0 := verts(ours), verts(f.GLCommands)
		t.Logf("%s: %d commands of %d vertices; the file's %d of %d", name, len(ours), n, len(f.GLCommands), n0)
		if n > n0 {
			t.Errorf("%s: our commands need %d vertices, the file's %d", name, n, n0)
		}
	}
}

func verts(cmds []md2.GLCommand) int {
	n := 0
	for _, c := range cmds {
		n += len(c.Vertices)
	}
	return n
}

// TestStripsStopAtSeams strips a 4×4 grid of quads whose middle column
// has its own texture coordinates: no command crosses the seam, and every
// triangle is drawn once.
func TestStripsStopAtSeams(t *testing.T) {
	const n = 4
	var tris []md2.Triangle
	vid := func(x, y int) uint16 { return uint16(y*(n+1) + x) }
	// Texture coordinate ids: the same as the vertex, except that the
	// quads of column 2 use ids offset by 100 (a seam on both sides).
	st := func(x, y, col int) uint16 {
		if col == 2 {
			return 100 + vid(x, y)
		}
		return vid(x, y)
	}
	for y := range n {
		for x := range n {
			a, b, c, d := vid(x, y), vid(x+1, y), vid(x+1, y+1), vid(x, y+1)
			sa, sb, sc, sd := st(x, y, x), st(x+1, y, x), st(x+1, y+1, x), st(x, y+1, x)
			tris = append(tris, md2.Triangle{Vertices: [3]uint16{a, b, c}, TexCoords: [3]uint16{sa, sb, sc}},
				md2.Triangle{Vertices: [3]uint16{a, c, d}, TexCoords: [3]uint16{sa, sc, sd}})
		}
	}
	uv := func(i uint16) (float32, float32) { return float32(i), 0 }
	cmds := md2.BuildGLCommands(tris, uv)
	if got := drawn(cmds); !maps.Equal(got, listed(tris)) {
		t.Fatal("the commands draw other triangles than the grid")
	}
	for _, c := range cmds {
		seam, other := false, false
		for _, v := range c.Vertices {
			if v.S >= 100 {
				seam = true
			} else {
				other = true
			}
		}
		if seam && other {
			t.Errorf("a command crosses the seam: %+v", c)
		}
	}
	if len(cmds) >= len(tris) {
		t.Errorf("%d commands for %d triangles: nothing was joined", len(cmds), len(tris))
	}
}

// TestNormalsAreTheGeodesicSphere builds the 162 points of the
// icosahedron (vertices at (±1, 0, ±φ) and their cyclic permutations)
// with each face split into 16 and projected onto the sphere, and checks
// that Normals holds each once, to the six decimals of Quake 2's table.
func TestNormalsAreTheGeodesicSphere(t *testing.T) {
	phi := (1 + math.Sqrt(5)) / 2
	var ico [][3]float64
	for _, a := range []float64{-1, 1} {
		for _, b := range []float64{-phi, phi} {
			ico = append(ico, [3]float64{a, 0, b}, [3]float64{0, b, a}, [3]float64{b, a, 0})
		}
	}
	dist := func(a, b [3]float64) float64 { return math.Sqrt(sq(a[0]-b[0]) + sq(a[1]-b[1]) + sq(a[2]-b[2])) }
	var points [][3]float64
	add := func(p [3]float64) {
		l := math.Sqrt(sq(p[0]) + sq(p[1]) + sq(p[2]))
		p = [3]float64{p[0] / l, p[1] / l, p[2] / l}
		for _, q := range points {
			if dist(p, q) < 1e-9 {
				return
			}
		}
		points = append(points, p)
	}
	for i := range ico {
		for j := i + 1; j < len(ico); j++ {
			for k := j + 1; k < len(ico); k++ {
				a, b, c := ico[i], ico[j], ico[k]
				if math.Abs(dist(a, b)-2) > 1e-9 || math.Abs(dist(b, c)-2) > 1e-9 || math.Abs(dist(a, c)-2) > 1e-9 {
					continue // not a face: faces have edges of length 2
				}
				for u := 0; u <= 4; u++ {
					for v := 0; u+v <= 4; v++ {
						w := 4 - u - v
						var p [3]float64
						for x := range 3 {
							p[x] = (float64(u)*a[x] + float64(v)*b[x] + float64(w)*c[x]) / 4
						}
						add(p)
					}
				}
			}
		}
	}
	if len(points) != md2.NumNormals {
		t.Fatalf("the sphere has %d points, want %d", len(points), md2.NumNormals)
	}
	used := make([]bool, len(points))
	for i, n := range md2.Normals {
		best, at := math.Inf(1), -1
		for k, p := range points {
			if d := dist([3]float64{float64(n[0]), float64(n[1]), float64(n[2])}, p); d < best {
				best, at = d, k
			}
		}
		if best > 1e-6 || used[at] {
			t.Errorf("entry %d %v is %g from the nearest point, %v (already taken: %v)", i, n, best, points[at], used[at])
		}
		used[at] = true
	}
	// Spot checks of the order: the axes.
	for i, want := range map[int][3]float32{5: {0, 0, 1}, 32: {0, 1, 0}, 52: {1, 0, 0}, 84: {0, 0, -1}, 104: {0, -1, 0}, 143: {-1, 0, 0}} {
		if md2.Normals[i] != want {
			t.Errorf("entry %d is %v, want %v", i, md2.Normals[i], want)
		}
	}
}

func sq(v float64) float64 { return v * v }

// TestNearestNormal checks that each entry of the table is its own
// nearest, and that any direction is within the table's covering radius
// (about 10°) of the normal chosen for it.
func TestNearestNormal(t *testing.T) {
	for i, n := range md2.Normals {
		if got := md2.NearestNormal(n); int(got) != i {
			t.Errorf("entry %d: nearest is %d", i, got)
		}
	}
	worst := 0.0
	for k := range 2000 {
		// A spiral over the sphere.
		z := 1 - 2*(float64(k)+0.5)/2000
		r, a := math.Sqrt(1-z*z), float64(k)*math.Pi*(3-math.Sqrt(5))
		d := [3]float32{float32(r * math.Cos(a)), float32(r * math.Sin(a)), float32(z)}
		n := md2.Normals[md2.NearestNormal([3]float32{3 * d[0], 3 * d[1], 3 * d[2]})]
		worst = max(worst, math.Acos(min(float64(d[0]*n[0]+d[1]*n[1]+d[2]*n[2]), 1)))
	}
	if worst > 11*math.Pi/180 {
		t.Errorf("a direction is %.1f° from its nearest normal", worst*180/math.Pi)
	}
	if md2.NearestNormal([3]float32{}) != 0 {
		t.Error("the zero vector does not give entry 0")
	}
}

// TestExportFrames checks the small model's export: a key frame per
// MilkShape frame named after the clips, corners reversed, texture
// coordinates in skin pixels, and each key frame's vertices, decoded, at
// our pose of its frame within half the quantisation step of the frame's
// box.
func TestExportFrames(t *testing.T) {
	m := small()
	f, found, err := md2.Export(m, md2.ExportOptions{SkinWidth: 64, SkinHeight: 32})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, fr := range f.Frames {
		names = append(names, fr.Name)
	}
	if want := []string{"run01", "run02", "run03", "run04", "run05", "run06", "jump01", "jump02", "jump03", "jump04"}; !slices.Equal(names, want) {
		t.Errorf("frames %v, want %v", names, want)
	}
	if f.SkinWidth != 64 || f.SkinHeight != 32 || !slices.Equal(f.Skins, []string{"skin.pcx"}) {
		t.Errorf("skin %d×%d %v", f.SkinWidth, f.SkinHeight, f.Skins)
	}
	if tr := f.Triangles[0]; tr.Vertices != [3]uint16{2, 1, 0} {
		t.Errorf("triangle 0 has vertices %v, want the corners reversed", tr.Vertices)
	}
	// Corner 2 of triangle 0 (now first) is at (0, 1): pixel (0, 31), as
	// Irrlicht reads pixel centres, (s + ½)/width.
	if st := f.TexCoords[f.Triangles[0].TexCoords[0]]; st != [2]int16{0, 31} {
		t.Errorf("texture coordinates %v, want (0, 31)", st)
	}
	if !slices.ContainsFunc(found, func(x model.Finding) bool { return x.Code == model.CodeMD2Normals }) {
		t.Errorf("no finding about the averaged normals: %v", found)
	}
	p := animtest.NewPoser(m)
	for k := range f.Frames {
		want := p.At(float32(k+1) / 24)
		fr := &f.Frames[k]
		step := halfStep(fr)
		for i := range fr.Vertices {
			got := vertexanim.FromFile(fr.Position(i))
			if d := distance(got, want[i]); d > step {
				t.Errorf("frame %d, vertex %d: %v, want %v within %g", k, i, got, want[i], step)
			}
		}
	}
}

// halfStep is half the quantisation step's diagonal in a frame's box,
// with room for float32 rounding.
func halfStep(fr *md2.Frame) float64 {
	s := fr.Scale
	return math.Sqrt(sq(float64(s[0]))+sq(float64(s[1]))+sq(float64(s[2])))/2*(1+1e-4) + 1e-6
}

func distance(a, b [3]float32) float64 {
	return math.Sqrt(sq(float64(a[0]-b[0])) + sq(float64(a[1]-b[1])) + sq(float64(a[2]-b[2])))
}

// TestImportOwnExport reads the small model's export back at each frame:
// the vertices are our pose within the quantisation, the corners in our
// order, the clips those of the model, the skin a material.
func TestImportOwnExport(t *testing.T) {
	m := small()
	data := smallFile(t)
	f, found, err := md2.Decode(data)
	if err != nil || len(found) != 0 {
		t.Fatalf("Decode: %v %v", err, found)
	}
	p := animtest.NewPoser(m)
	for k := range f.Frames {
		back, more := md2.Import(f, md2.ImportOptions{Frame: k + 1, FPS: 24, Static: true})
		if len(more) != 1 || more[0].Code != model.CodeQuakeVertexAnimation {
			t.Errorf("frame %d: findings %v", k, more)
		}
		want := p.At(float32(k+1) / 24)
		step := halfStep(&f.Frames[k])
		for i, v := range back.Vertices {
			if d := distance(v.Position, want[i]); d > step {
				t.Errorf("frame %d, vertex %d at %v, want %v within %g", k, i, v.Position, want[i], step)
			}
		}
		if k == 0 {
			if back.Triangles[0].Vertices != m.Triangles[0].Vertices {
				t.Errorf("triangle 0 reads back as %v, want %v", back.Triangles[0].Vertices, m.Triangles[0].Vertices)
			}
			list, _ := clips.Read(back)
			if want := []clips.Clip{{Name: "run", First: 1, Last: 6}, {Name: "jump", First: 7, Last: 10}}; !slices.Equal(list, want) {
				t.Errorf("clips %v, want %v", list, want)
			}
			if back.TotalFrames != 10 || back.FPS != 24 || len(back.Materials) != 1 || back.Materials[0].Texture != "skin.pcx" || back.Groups[0].Material != 0 {
				t.Errorf("timeline %d frames at %g fps, materials %+v", back.TotalFrames, back.FPS, back.Materials)
			}
			// Texture coordinates within half a pixel.
			for c := range 3 {
				if math.Abs(float64(back.Triangles[0].S[c]-m.Triangles[0].S[c]))*64 > 0.5 || math.Abs(float64(back.Triangles[0].T[c]-m.Triangles[0].T[c]))*32 > 0.5 {
					t.Errorf("corner %d reads back at (%g, %g), want (%g, %g)", c, back.Triangles[0].S[c], back.Triangles[0].T[c], m.Triangles[0].S[c], m.Triangles[0].T[c])
				}
			}
		}
	}
}

// TestExportFPS samples the small model 10 times a second: its 10 frames
// at 24 fps last 9/24 s after the first, which holds 4 key frames after
// it.
func TestExportFPS(t *testing.T) {
	f, found, err := md2.Export(small(), md2.ExportOptions{FPS: 10, SkinWidth: 64, SkinHeight: 32})
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Frames) != 4 {
		t.Errorf("%d frames, want 4", len(f.Frames))
	}
	if slices.ContainsFunc(found, func(x model.Finding) bool { return x.Code == model.CodeMD2FrameRate }) {
		t.Errorf("a frame-rate finding for a 10 fps export: %v", found)
	}
	_, found, _ = md2.Export(small(), md2.ExportOptions{SkinWidth: 64, SkinHeight: 32})
	if !slices.ContainsFunc(found, func(x model.Finding) bool { return x.Code == model.CodeMD2FrameRate }) {
		t.Errorf("no frame-rate finding for a 24 fps export: %v", found)
	}
}

// TestExportClip exports one clip: its frames alone, named after it.
func TestExportClip(t *testing.T) {
	f, _, err := md2.Export(small(), md2.ExportOptions{Clip: "JUMP", SkinWidth: 64, SkinHeight: 32})
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Frames) != 4 || f.Frames[0].Name != "jump01" {
		t.Errorf("%d frames, the first %q", len(f.Frames), f.Frames[0].Name)
	}
	if _, _, err := md2.Export(small(), md2.ExportOptions{Clip: "fly"}); err == nil || !strings.Contains(err.Error(), `no clip "fly" (it has run, jump)`) {
		t.Errorf("error %v for a clip that does not exist", err)
	}
}

// TestImportFaerie imports Irrlicht's faerie.md2: one group of its 654
// triangles over its 366 vertices, no skin (the game gives one), 198
// frames at Quake 2's 10 a second, the clips of its frame names (Quake
// 2's player animations, pain1-3 and death1-3 split where their counters
// restart), and its animation carried by fitted joints.
func TestImportFaerie(t *testing.T) {
	f, _, err := md2.Decode(corpus.Read(t, realFiles[0]))
	if err != nil {
		t.Fatal(err)
	}
	m, found := md2.Import(f, md2.ImportOptions{})
	if len(found) != 1 || found[0].Code != model.CodeQuakeVertexAnimation {
		t.Fatalf("findings %v", found)
	}
	t.Log(found[0].Message)
	if len(m.Groups) != 1 || len(m.Triangles) != 654 || len(m.Vertices) != 366 || len(m.Materials) != 0 || m.Groups[0].Material != -1 {
		t.Errorf("%d groups, %d triangles, %d vertices, %d materials", len(m.Groups), len(m.Triangles), len(m.Vertices), len(m.Materials))
	}
	if m.TotalFrames != 198 || m.FPS != 10 || len(m.Joints) == 0 || len(m.Joints) > 127 {
		t.Errorf("%d frames at %g fps, %d joints", m.TotalFrames, m.FPS, len(m.Joints))
	}
	list, _ := clips.Read(m)
	var names []string
	for _, c := range list {
		names = append(names, c.String())
	}
	want := "stand 1-40, run 41-46, attack 47-54, pain1 55-58, pain2 59-62, pain3 63-66, jump 67-72, flip 73-84, salute 85-95, taunt 96-112, wave 113-123, point 124-135, crstnd 136-154, crwalk 155-160, crattak 161-169, crpain 170-173, crdeath 174-178, death1 179-184, death2 185-190, death3 191-198"
	if got := strings.Join(names, ", "); got != want {
		t.Errorf("clips %s\nwant %s", got, want)
	}
}

// TestImportAnimates imports the real files whole and poses them at every
// key frame's time: the fitted joints play the file's frames within 1.5 %
// of the model's size (the measures are logged: the largest error, and
// the median over every vertex of every frame).
func TestImportAnimates(t *testing.T) {
	for _, name := range realFiles {
		f, _, err := md2.Decode(corpus.Read(t, name))
		if err != nil {
			t.Fatal(err)
		}
		m, _ := md2.Import(f, md2.ImportOptions{})
		p := animtest.NewPoser(m)
		size := animtest.Size(m)
		var errs []float64
		for k := range f.Frames {
			pose := p.At(float32(k+1) / m.FPS)
			for v := range pose {
				errs = append(errs, distance(pose[v], vertexanim.FromFile(f.Frames[k].Position(v))))
			}
		}
		slices.Sort(errs)
		worst := errs[len(errs)-1]
		t.Logf("%s: %d joints; the pose is within %.3g units (%.3g of the size) of the file's %d frames, half the vertices within %.3g", name, len(m.Joints), worst, worst/size, len(f.Frames), errs[len(errs)/2])
		if worst > 0.015*size {
			t.Errorf("%s: the model plays %.3g units (%.3g of its size) from the file's frames", name, worst, worst/size)
		}
	}
}
