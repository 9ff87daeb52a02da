package anim

import (
	"math"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"ms3dstudio/model"
)

// skinning builds m's skeleton and skinner and returns the skinner with
// the skinning matrices of the pose at time tm.
func skinning(m *model.Model, tm float32) (*Skinner, []mgl32.Mat4) {
	sk, _ := NewSkeleton(m)
	sn, _ := NewSkinner(m)
	g := make([]mgl32.Mat4, sk.Len())
	sk.Pose(tm, g)
	sk.SkinMatrices(g, g)
	return sn, g
}

// skinAt poses m's skeleton at t and skins it: positions and corner normals.
func skinAt(t *testing.T, m *model.Model, tm float32) (pos, normals [][3]float32) {
	t.Helper()
	sn, g := skinning(m, tm)
	pos = make([][3]float32, sn.Len())
	normals = make([][3]float32, sn.Corners())
	sn.Skin(g, pos, normals)
	return pos, normals
}

func TestSkinHandWritten(t *testing.T) { forKernels(t, testSkinHandWritten) }

func testSkinHandWritten(t *testing.T) {
	m := twoJoints()
	m.VertexExtraSubVersion = 2
	// Vertex 0 sits one unit along the child's local y (its rest frame maps
	// local y to global z) and follows the child only. Vertex 1, at the
	// same place, is half root, half child (weight 50 on the vertex's own
	// bone, the implied fourth weight 50 on Bones[3]).
	m.Vertices = []model.Vertex{
		{Position: [3]float32{-1, 0, 1}, Bones: [4]uint16{0, model.NoBone, model.NoBone, model.NoBone}},
		{Position: [3]float32{-1, 0, 1}, Bones: [4]uint16{1, model.NoBone, model.NoBone, 0}, Weights: [3]uint8{50, 0, 0}},
	}
	m.Triangles = []model.Triangle{{Vertices: [3]uint32{0, 1, 0}, Normals: [3][3]float32{{0, 0, 1}, {0, 0, 1}, {1, 0, 0}}}}
	pos, normals := skinAt(t, m, 2)
	// At t=2 the child's frame has origin (−1,1,0) and local y → (0,−s,c);
	// the root only moved by (0,1,0).
	want := [][3]float32{
		{-1, 1 - c45, c45},
		{-1, 1 - c45/2, (1 + c45) / 2},
	}
	// Normals: the rotation only. Corner 2 (x, local z of the child) →
	// child's posed local z, global column 2 = (1,0,0).
	wantN := [][3]float32{{0, -c45, c45}, {0, -c45 / 2, (1 + c45) / 2}, {1, 0, 0}}
	if d := maxDiff(flatV(pos), flatV(want)); d > 1e-6 {
		t.Errorf("positions %v, want %v", pos, want)
	}
	if d := maxDiff(flatV(normals), flatV(wantN)); d > 1e-6 {
		t.Errorf("normals %v, want %v", normals, wantN)
	}
}

// TestSkinWeights checks the influence rules of every vertex-extra
// sub-version against hand-computed blends. The joints' skinning matrices
// are pure translations, so a skinned vertex is its position plus the
// weighted sum of the translations.
func TestSkinWeights(t *testing.T) { forKernels(t, testSkinWeights) }

func testSkinWeights(t *testing.T) {
	skin := []mgl32.Mat4{mgl32.Translate3D(10, 0, 0), mgl32.Translate3D(0, 100, 0), mgl32.Translate3D(0, 0, 1000)}
	const none = model.NoBone
	tests := []struct {
		name    string
		sv      int32
		bones   [4]uint16
		weights [3]uint8
		want    [3]float64 // offset from the bind position
		code    string     // finding expected, if any
	}{
		{"no vertex extra: own bone only", 0, [4]uint16{1, 0, 0, 0}, [3]uint8{}, [3]float64{0, 100, 0}, ""},
		{"sv3 all weights zero: 100% own bone", 3, [4]uint16{2, 0, 1, none}, [3]uint8{}, [3]float64{0, 0, 1000}, ""},
		{"sv2 four influences, fourth implied", 2, [4]uint16{0, 1, 2, 2}, [3]uint8{50, 30, 0}, [3]float64{5, 30, 200}, ""},
		{"sv3 four influences, fourth implied", 3, [4]uint16{0, 1, 2, 2}, [3]uint8{50, 30, 0}, [3]float64{5, 30, 200}, ""},
		{"sv1 weights out of 255", 1, [4]uint16{0, 1, none, 2}, [3]uint8{51, 102, 0}, [3]float64{2, 40, 400}, ""},
		{"sv1 all weights zero", 1, [4]uint16{1, 2, 2, 2}, [3]uint8{}, [3]float64{0, 100, 0}, ""},
		{"bone 255 dropped, rest renormalised", 2, [4]uint16{0, none, 2, 2}, [3]uint8{50, 30, 0}, [3]float64{50.0 / 7 * 1, 0, 20.0 / 70 * 1000}, ""},
		{"missing joint dropped, rest renormalised", 3, [4]uint16{0, 7, none, 1}, [3]uint8{50, 30, 0}, [3]float64{10 * 50.0 / 70, 100 * 20.0 / 70, 0}, "vertex-extra.bone-range"},
		{"own bone 255 and no weights: stays", 3, [4]uint16{none, 1, 2, 0}, [3]uint8{}, [3]float64{}, ""},
		{"own bone missing and no weights: stays", 0, [4]uint16{9, none, none, none}, [3]uint8{}, [3]float64{}, "vertex.bone-range"},
		{"weights over 100: fourth taken as 0", 2, [4]uint16{0, 1, 2, 2}, [3]uint8{80, 40, 0}, [3]float64{10 * 80.0 / 120, 100 * 40.0 / 120, 0}, "vertex-extra.weights-over"},
		{"zero weight on a missing joint is ignored", 3, [4]uint16{0, 200, 1, 2}, [3]uint8{60, 0, 40}, [3]float64{6, 40, 0}, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := [3]float32{1, 2, 3}
			m := &model.Model{Joints: make([]model.Joint, 3), VertexExtraSubVersion: tc.sv,
				Vertices: []model.Vertex{{Position: p, Bones: tc.bones, Weights: tc.weights}}}
			sn, fs := NewSkinner(m)
			var got [1][3]float32
			sn.Skin(skin, got[:], nil)
			for k := 0; k < 3; k++ {
				if want := float64(p[k]) + tc.want[k]; math.Abs(float64(got[0][k])-want) > 1e-4 {
					t.Errorf("skinned %v, want %v + %v", got[0], p, tc.want)
					break
				}
			}
			var codes []string
			for _, f := range fs {
				codes = append(codes, string(f.Code))
				if f.Where != model.At(model.PartVertex, 0) {
					t.Errorf("finding location %v", f.Where)
				}
			}
			if want := []string{tc.code}; tc.code == "" && len(codes) != 0 || tc.code != "" && !slices.Equal(codes, want) {
				t.Errorf("findings %v, want %q", fs, tc.code)
			}
		})
	}
}

// TestInfluencesDirect checks model.Model.Influences itself on the cases of
// ms3d-format.md §3.
func TestInfluencesDirect(t *testing.T) {
	m := &model.Model{Joints: make([]model.Joint, 4), VertexExtraSubVersion: 3, Vertices: []model.Vertex{
		{Bones: [4]uint16{3, 1, 2, 0}},                                // all zero: own bone
		{Bones: [4]uint16{3, 1, 2, 0}, Weights: [3]uint8{25, 25, 25}}, // four equal
		{Bones: [4]uint16{3, 1, 2, 0}, Weights: [3]uint8{100, 0, 0}},  // one, explicit
		{Bones: [4]uint16{model.NoBone, 1, 2, 0}, Weights: [3]uint8{}},
	}}
	var inf [4]model.Influence
	for v, want := range [][]model.Influence{
		{{Joint: 3, Weight: 1}},
		{{Joint: 3, Weight: 0.25}, {Joint: 1, Weight: 0.25}, {Joint: 2, Weight: 0.25}, {Joint: 0, Weight: 0.25}},
		{{Joint: 3, Weight: 1}},
		nil,
	} {
		n := m.Influences(v, &inf)
		if got := inf[:n]; !slices.Equal(got, want) && !(n == 0 && want == nil) {
			t.Errorf("vertex %d: %v, want %v", v, got, want)
		}
	}
}

func TestSkinRestPoseIsIdentity(t *testing.T) { forKernels(t, testSkinRestPoseIsIdentity) }

func testSkinRestPoseIsIdentity(t *testing.T) {
	for nInf := 1; nInf <= 4; nInf++ {
		m := synthModel(3000, 20, 5, nInf, uint64(nInf))
		sk, _ := NewSkeleton(m)
		sn, _ := NewSkinner(m)
		g := make([]mgl32.Mat4, sk.Len())
		sk.RestPose(g)
		sk.SkinMatrices(g, g)
		pos := make([][3]float32, sn.Len())
		cn := make([][3]float32, sn.Corners())
		sn.Skin(g, pos, cn)
		for v := range m.Vertices {
			if d := maxDiff(pos[v][:], m.Vertices[v].Position[:]); d > 1e-5 {
				t.Fatalf("%d influences: vertex %d at rest = %v, stored %v", nInf, v, pos[v], m.Vertices[v].Position)
			}
		}
		for i := range cn {
			if d := maxDiff(cn[i][:], m.Triangles[i/3].Normals[i%3][:]); d > 1e-5 {
				t.Fatalf("%d influences: corner %d at rest = %v, stored %v", nInf, i, cn[i], m.Triangles[i/3].Normals[i%3])
			}
		}
	}
}

// mixedModel has vertices with 0 to 4 influences in random order, a
// corner on a missing vertex, and triangles over all of them.
func mixedModel(nv, nj, nk int) *model.Model {
	m := synthModel(nv, nj, nk, 4, 7)
	for v := range m.Vertices {
		vx := &m.Vertices[v]
		switch v % 7 {
		case 0:
			vx.Weights = [3]uint8{} // one influence
		case 1:
			vx.Weights = [3]uint8{70, 30, 0} // two
		case 2:
			vx.Weights = [3]uint8{50, 25, 25} // three
		case 3:
			vx.Bones[0], vx.Weights = model.NoBone, [3]uint8{} // none
		}
	}
	m.Triangles[0].Vertices[1] = uint32(nv + 5)
	return m
}

func TestSkinMatchesReference(t *testing.T) { forKernels(t, testSkinMatchesReference) }

func testSkinMatchesReference(t *testing.T) {
	m := mixedModel(9000, 30, 6)
	sk, _ := NewSkeleton(m)
	sn, fs := NewSkinner(m)
	if got := findingCodes(fs); !slices.Equal(got, []string{"triangle.vertex-range"}) {
		t.Fatalf("findings %v", fs)
	}
	g := make([]mgl32.Mat4, sk.Len())
	rest := make([]mgl32.Mat4, sk.Len())
	sk.RestPose(rest)
	skin := make([]mgl32.Mat4, sk.Len())
	for _, tm := range []float32{0, 0.4, 1.3, 2} {
		sk.Pose(tm, g)
		sk.SkinMatrices(g, skin)
		pos := make([][3]float32, sn.Len())
		cn := make([][3]float32, sn.Corners())
		sn.Skin(skin, pos, cn)
		wantPos, wantN := refSkin(m, g, rest)
		if d := maxDiff(flatV(pos), flatV(wantPos)); d > 2e-5 {
			t.Errorf("t=%v: positions differ from the reference by %g", tm, d)
		}
		if d := maxDiff(flatV(cn), flatV(wantN)); d > 2e-5 {
			t.Errorf("t=%v: corner normals differ from the reference by %g", tm, d)
		}
		// Positions alone give the same positions.
		pos2 := make([][3]float32, sn.Len())
		sn.Skin(skin, pos2, nil)
		if !slices.Equal(pos, pos2) {
			t.Errorf("t=%v: positions depend on whether normals are skinned", tm)
		}
	}
}

// TestSkinParallelEqualsSerial runs the same frame split into 1 to 4 parts:
// every split must give bit-identical results.
func TestSkinParallelEqualsSerial(t *testing.T) { forKernels(t, testSkinParallelEqualsSerial) }

func testSkinParallelEqualsSerial(t *testing.T) {
	m := mixedModel(20000, 30, 6)
	sn, g := skinning(m, 0.9)
	pos1 := make([][3]float32, sn.Len())
	cn1 := make([][3]float32, sn.Corners())
	sn.setCall(g, pos1, cn1)
	sn.run(phaseVertices, 1)
	sn.run(phaseCorners, 1)
	for parts := 2; parts <= 4; parts++ {
		pos := make([][3]float32, sn.Len())
		cn := make([][3]float32, sn.Corners())
		sn.setCall(g, pos, cn)
		if !dispatch(sn, phaseVertices, parts) || !dispatch(sn, phaseCorners, parts) {
			t.Fatal("pool busy")
		}
		if !slices.Equal(pos, pos1) || !slices.Equal(cn, cn1) {
			t.Errorf("%d parts differ from the serial result", parts)
		}
	}
	// And the public entry point, whichever split it picks.
	pos := make([][3]float32, sn.Len())
	cn := make([][3]float32, sn.Corners())
	sn.Skin(g, pos, cn)
	if !slices.Equal(pos, pos1) || !slices.Equal(cn, cn1) {
		t.Error("Skin differs from the serial result")
	}
}

// TestSkinConcurrentSkinners skins two models at once from two goroutines:
// one gets the pool, the other works alone; both must be right.
func TestSkinConcurrentSkinners(t *testing.T) {
	type setup struct {
		sn   *Skinner
		skin []mgl32.Mat4
		want [][3]float32
	}
	var ss []setup
	for seed := uint64(1); seed <= 2; seed++ {
		m := synthModel(12000, 16, 4, 3, seed)
		sn, g := skinning(m, 0.5)
		want := make([][3]float32, sn.Len())
		sn.setCall(g, want, nil)
		sn.run(phaseVertices, 1)
		ss = append(ss, setup{sn, g, want})
	}
	errs := make(chan string, 2)
	for _, s := range ss {
		go func() {
			pos := make([][3]float32, s.sn.Len())
			for i := 0; i < 200; i++ {
				s.sn.Skin(s.skin, pos, nil)
				if !slices.Equal(pos, s.want) {
					errs <- "concurrent skinning gave a different result"
					return
				}
			}
			errs <- ""
		}()
	}
	for range ss {
		if e := <-errs; e != "" {
			t.Error(e)
		}
	}
}

func TestSkinAllocatesNothing(t *testing.T) {
	for _, nv := range []int{500, 20000} { // serial and parallel
		m := synthModel(nv, 32, 4, 4, 5)
		sn, g := skinning(m, 0.5)
		pos := make([][3]float32, sn.Len())
		cn := make([][3]float32, sn.Corners())
		vn := make([][3]float32, sn.Len())
		sn.Skin(g, pos, cn) // starts the pool
		if n := testing.AllocsPerRun(50, func() { sn.Skin(g, pos, cn); sn.VertexNormals(cn, vn) }); n != 0 {
			t.Errorf("%d vertices: Skin allocates %v times per frame", nv, n)
		}
	}
}

func TestVertexNormals(t *testing.T) {
	m := &model.Model{
		Vertices: make([]model.Vertex, 4),
		Triangles: []model.Triangle{
			{Vertices: [3]uint32{0, 1, 2}, Normals: [3][3]float32{{0, 0, 2}, {1, 0, 0}, {0, 0, 1}}},
			{Vertices: [3]uint32{0, 1, 9}, Normals: [3][3]float32{{0, 3, 0}, {-1, 0, 0}, {7, 7, 7}}},
		},
	}
	for i := range m.Vertices {
		m.Vertices[i].Bones[0] = model.NoBone
	}
	sn, _ := NewSkinner(m)
	cn := make([][3]float32, sn.Corners())
	sn.Skin(nil, make([][3]float32, 4), cn)
	vn := make([][3]float32, 4)
	sn.VertexNormals(cn, vn)
	want := [][3]float32{
		{0, 3 / 3.6055513, 2 / 3.6055513}, // (0,0,2)+(0,3,0), normalised
		{0, 0, 0},                         // (1,0,0)+(−1,0,0) cancel out
		{0, 0, 1},
		{0, 0, 0}, // unused (the corner naming vertex 9 does not count)
	}
	if d := maxDiff(flatV(vn), flatV(want)); d > 1e-6 {
		t.Errorf("VertexNormals = %v, want %v", vn, want)
	}
}

// TestGPUInfluences checks the arrays for the GPU against the CPU skinner
// with the shader formula p' = Σ wᵢ·S(jᵢ)·p + (1 − Σ wᵢ)·p.
func TestGPUInfluences(t *testing.T) { forKernels(t, testGPUInfluences) }

func testGPUInfluences(t *testing.T) {
	m := mixedModel(700, 30, 6)
	sn, g := skinning(m, 1.1)
	pos := make([][3]float32, sn.Len())
	sn.Skin(g, pos, nil)
	joints, weights := sn.Influences()
	if len(joints) != len(m.Vertices) || len(weights) != len(m.Vertices) {
		t.Fatalf("%d joints, %d weights for %d vertices", len(joints), len(weights), len(m.Vertices))
	}
	for v := range m.Vertices {
		p := mgl32.Vec3(m.Vertices[v].Position).Vec4(1)
		var acc mgl32.Vec4
		sum := float32(0)
		for k := 0; k < 4; k++ {
			acc = acc.Add(g[joints[v][k]].Mul4x1(p).Mul(weights[v][k]))
			sum += weights[v][k]
		}
		acc = acc.Add(p.Mul(1 - sum))
		if d := maxDiff(acc[:3], pos[v][:]); d > 1e-5 {
			t.Fatalf("vertex %d: shader formula gives %v, Skin %v", v, acc.Vec3(), pos[v])
		}
	}
}

func TestSkinnerFindingsAreCapped(t *testing.T) {
	m := &model.Model{Joints: make([]model.Joint, 2), Vertices: make([]model.Vertex, 100)}
	for i := range m.Vertices {
		m.Vertices[i].Bones = [4]uint16{5, model.NoBone, model.NoBone, model.NoBone}
	}
	_, fs := NewSkinner(m)
	if len(fs) != maxListed+1 {
		t.Fatalf("%d findings, want %d listed and a summary", len(fs), maxListed)
	}
	last := fs[len(fs)-1]
	if last.Code != "vertex.bone-range" || last.Where.Index != -1 || !strings.Contains(last.Message, "80 more") {
		t.Errorf("summary finding %v", last)
	}
}

func TestSkinShortBuffersPanic(t *testing.T) {
	sn, _ := NewSkinner(synthModel(10, 3, 1, 1, 1))
	for name, f := range map[string]func(){
		"skin":    func() { sn.Skin(make([]mgl32.Mat4, 2), make([][3]float32, 10), nil) },
		"pos":     func() { sn.Skin(make([]mgl32.Mat4, 3), make([][3]float32, 9), nil) },
		"normals": func() { sn.Skin(make([]mgl32.Mat4, 3), make([][3]float32, 10), make([][3]float32, 1)) },
	} {
		func() {
			defer func() {
				if r := recover(); r == nil {
					t.Errorf("%s: no panic", name)
				}
			}()
			f()
		}()
	}
}

func TestMain(m *testing.M) {
	// The parallel path needs two Ps even on a one-core machine.
	if runtime.GOMAXPROCS(0) < 2 {
		runtime.GOMAXPROCS(2)
	}
	m.Run()
}
