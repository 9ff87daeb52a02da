package anim

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"ms3dstudio/model"
	"ms3dstudio/model/num"
	"ms3dstudio/model/xform"
)

const (
	deg90 = math.Pi / 2
	c45   = math.Sqrt2 / 2 // cos 45° = sin 45°
)

// twoJoints is a hand-checked skeleton, stored child first:
//
//	joint 1 "root": rest Rz(90°) at (1,0,0); position keys (0,0,0) at t=1
//	                and (2,0,0) at t=3.
//	joint 0 "child": parent root, rest Rx(90°) at (0,2,0); rotation keys
//	                 0 at t=1 and Rz(90°) at t=3.
func twoJoints() *model.Model {
	return &model.Model{Joints: []model.Joint{
		{Name: "child", Parent: "root", Rotation: [3]float32{deg90, 0, 0}, Position: [3]float32{0, 2, 0},
			RotationKeys: []model.Key{{Time: 1}, {Time: 3, Value: [3]float32{0, 0, deg90}}}},
		{Name: "root", Rotation: [3]float32{0, 0, deg90}, Position: [3]float32{1, 0, 0},
			PositionKeys: []model.Key{{Time: 1}, {Time: 3, Value: [3]float32{2, 0, 0}}}},
	}}
}

// The expected global matrices, worked out by hand (column-major).
var (
	// Rest: root = T(1,0,0)·Rz90; child = root·T(0,2,0)·Rx90, whose
	// rotation has rows (0,0,1), (1,0,0), (0,1,0) and origin (−1,0,0).
	restRoot  = mgl32.Mat4{0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1, 0, 1, 0, 0, 1}
	restChild = mgl32.Mat4{0, 1, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0, -1, 0, 0, 1}
	// t=2: the root's key (1,0,0) is in its rest frame, so it moves along
	// Rz90·x = +y to (1,1,0) (adding p_rest + t_key would give (2,0,0)).
	// The child's rotation is Rx90·Rz45; globally rows (0,0,1), (c,−s,0),
	// (s,c,0), origin (1,1,0) + Rz90·(0,2,0) = (−1,1,0).
	t2Root  = mgl32.Mat4{0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1, 0, 1, 1, 0, 1}
	t2Child = mgl32.Mat4{0, c45, c45, 0, 0, -c45, c45, 0, 1, 0, 0, 0, -1, 1, 0, 1}
	// t≥3: root at (1,0,0) + Rz90·(2,0,0) = (1,2,0); child Rx90·Rz90,
	// globally rows (0,0,1), (0,−1,0), (1,0,0), origin (−1,2,0).
	t3Root  = mgl32.Mat4{0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1, 0, 1, 2, 0, 1}
	t3Child = mgl32.Mat4{0, 0, 1, 0, 0, -1, 0, 0, 1, 0, 0, 0, -1, 2, 0, 1}
)

func near(a, b mgl32.Mat4, tol float32) bool {
	for i := range a {
		if !(math.Abs(float64(a[i]-b[i])) <= float64(tol)) {
			return false
		}
	}
	return true
}

func TestPoseHandWritten(t *testing.T) {
	sk, fs := NewSkeleton(twoJoints())
	if len(fs) != 0 {
		t.Fatalf("findings: %v", fs)
	}
	if got := sk.Order(); !slices.Equal(got, []int{1, 0}) {
		t.Fatalf("Order = %v, want root (1) before child (0)", got)
	}
	g := make([]mgl32.Mat4, 2)
	sk.RestPose(g)
	if !near(g[1], restRoot, 1e-6) || !near(g[0], restChild, 1e-6) {
		t.Errorf("rest:\nroot  %v\nwant  %v\nchild %v\nwant  %v", g[1], restRoot, g[0], restChild)
	}
	for _, tc := range []struct {
		time        float32
		root, child mgl32.Mat4
	}{
		{-5, restRoot, restChild}, // before the first keys: hold them (which are the rest pose)
		{1, restRoot, restChild},
		{2, t2Root, t2Child},
		{3, t3Root, t3Child},
		{100, t3Root, t3Child}, // after the last keys: hold them
		{float32(math.NaN()), restRoot, restChild},
	} {
		sk.Pose(tc.time, g)
		if !near(g[1], tc.root, 1e-6) || !near(g[0], tc.child, 1e-6) {
			t.Errorf("t=%v:\nroot  %v\nwant  %v\nchild %v\nwant  %v", tc.time, g[1], tc.root, g[0], tc.child)
		}
	}
	// A position key moves the joint along its rest-rotated axis: at t=2 the
	// root's origin is (1,1,0), not (2,0,0).
	sk.Pose(2, g)
	if o := g[1].Col(3).Vec3(); !o.ApproxEqualThreshold(mgl32.Vec3{1, 1, 0}, 1e-6) {
		t.Errorf("root origin at t=2 = %v, want (1,1,0)", o)
	}
}

func TestSkinMatricesHandWritten(t *testing.T) {
	sk, _ := NewSkeleton(twoJoints())
	g := make([]mgl32.Mat4, 2)
	s := make([]mgl32.Mat4, 2)
	sk.Pose(2, g)
	sk.SkinMatrices(g, s)
	// The root only moved by (0,1,0).
	if want := mgl32.Translate3D(0, 1, 0); !near(s[1], want, 1e-6) {
		t.Errorf("root skin = %v, want %v", s[1], want)
	}
	// The child's skin matrix maps its rest frame onto its posed frame.
	if want := t2Child.Mul4(restChild.Inv()); !near(s[0], want, 1e-6) {
		t.Errorf("child skin = %v, want %v", s[0], want)
	}
	// In place: global and skin may be the same slice.
	sk.SkinMatrices(g, g)
	if !near(g[0], s[0], 0) || !near(g[1], s[1], 0) {
		t.Error("in-place SkinMatrices differs")
	}
	if inv := sk.InverseBind(0); !near(inv, restChild.Inv(), 1e-6) {
		t.Errorf("InverseBind(0) = %v, want %v", inv, restChild.Inv())
	}
}

func TestSlerpShortestArc(t *testing.T) {
	// Keys at +170° and −170° about Z are 20° apart: the middle is 180°,
	// not 0° (the long way round).
	m := &model.Model{Joints: []model.Joint{{Name: "j", RotationKeys: []model.Key{
		{Time: 0, Value: [3]float32{0, 0, 170 * math.Pi / 180}},
		{Time: 1, Value: [3]float32{0, 0, -170 * math.Pi / 180}},
	}}}}
	sk, _ := NewSkeleton(m)
	g := make([]mgl32.Mat4, 1)
	for _, tc := range []struct{ t, deg float64 }{{0, 170}, {0.25, 175}, {0.5, 180}, {0.75, 185}, {1, 190}} {
		sk.Pose(float32(tc.t), g)
		want := mgl32.HomogRotate3DZ(float32(tc.deg * math.Pi / 180))
		if !near(g[0], want, 1e-6) {
			t.Errorf("t=%v: %v, want Rz(%v°) %v", tc.t, g[0], tc.deg, want)
		}
	}
}

func TestSlerpIsUniform(t *testing.T) {
	// A 120° turn about an oblique axis: slerp turns at constant speed, so
	// at t=0.25 the rotation is a quarter of the way.
	axis := mgl32.Vec3{1, 2, 3}.Normalize()
	end := mgl32.QuatRotate(2*math.Pi/3, axis)
	m := &model.Model{Joints: []model.Joint{{Name: "j", RotationKeys: []model.Key{
		{Time: 0}, {Time: 1, Value: eulerOf(end.Mat4())},
	}}}}
	sk, _ := NewSkeleton(m)
	g := make([]mgl32.Mat4, 1)
	for _, u := range []float32{0.1, 0.25, 0.5, 0.9} {
		sk.Pose(u, g)
		want := mgl32.HomogRotate3D(u*2*math.Pi/3, axis)
		if !near(g[0], want, 2e-6) {
			t.Errorf("t=%v: %v, want %v", u, g[0], want)
		}
	}
}

// eulerOf returns MS3D Euler angles (Rz·Ry·Rx) of a rotation matrix.
func eulerOf(m mgl32.Mat4) [3]float32 {
	// Rows of Rz·Ry·Rx: m[2][0] = −sin y, m[2][1] = sin x cos y,
	// m[2][2] = cos x cos y, m[1][0] = cos y sin z, m[0][0] = cos y cos z.
	y := math.Asin(-float64(m.At(2, 0)))
	x := math.Atan2(float64(m.At(2, 1)), float64(m.At(2, 2)))
	z := math.Atan2(float64(m.At(1, 0)), float64(m.At(0, 0)))
	return [3]float32{float32(x), float32(y), float32(z)}
}

func TestEulerConventions(t *testing.T) {
	for _, r := range [][3]float32{{0, 0, 0}, {0.3, 0, 0}, {0, -0.7, 0}, {0, 0, 2.5}, {0.4, -1.2, 2.9}, {-3, 1.5, -0.2}} {
		want := refEuler(r)
		m := xform.EulerMat(r).F32()
		q := xform.EulerQuat(r).F32().Mat()
		for i := 0; i < 3; i++ {
			for j := 0; j < 3; j++ {
				if d := math.Abs(float64(m[3*i+j] - want.At(i, j))); d > 1e-6 {
					t.Errorf("EulerMat(%v)[%d][%d] = %v, want %v", r, i, j, m[3*i+j], want.At(i, j))
				}
				if d := math.Abs(float64(q[3*i+j] - want.At(i, j))); d > 1e-6 {
					t.Errorf("EulerQuat(%v).Mat()[%d][%d] = %v, want %v", r, i, j, q[3*i+j], want.At(i, j))
				}
			}
		}
	}
}

func TestPoseMatchesReference(t *testing.T) {
	for seed := uint64(1); seed <= 5; seed++ {
		m := synthModel(0, 24, 7, 1, seed)
		// Uneven key counts and times per joint.
		m.Joints[3].RotationKeys = m.Joints[3].RotationKeys[:1]
		m.Joints[4].PositionKeys = nil
		m.Joints[5].RotationKeys, m.Joints[5].PositionKeys = nil, nil
		for k := range m.Joints[6].PositionKeys {
			m.Joints[6].PositionKeys[k].Time += 0.1
		}
		sk, fs := NewSkeleton(m)
		if len(fs) != 0 {
			t.Fatalf("findings: %v", fs)
		}
		g := make([]mgl32.Mat4, sk.Len())
		for _, tm := range []float32{-1, 0, 0.2857143, 0.3, 0.77, 1.0001, 1.5, 1.99, 2, 3} {
			sk.Pose(tm, g)
			want := refPose(m, tm, false)
			if d := maxDiff(flatM(g), flatM(want)); d > 2e-5 {
				t.Errorf("seed %d t=%v: pose differs from reference by %g", seed, tm, d)
			}
		}
		sk.RestPose(g)
		if d := maxDiff(flatM(g), flatM(refPose(m, 0, true))); d > 2e-5 {
			t.Errorf("seed %d: rest pose differs from reference by %g", seed, d)
		}
	}
}

func TestKeylessSkeletonPosesToRest(t *testing.T) {
	m := synthModel(0, 10, 0, 1, 9)
	sk, _ := NewSkeleton(m)
	g := make([]mgl32.Mat4, 10)
	rest := make([]mgl32.Mat4, 10)
	sk.RestPose(rest)
	sk.Pose(1.5, g)
	if !slices.Equal(g, rest) {
		t.Error("keyless skeleton does not pose to exactly its rest matrices")
	}
	if _, _, ok := sk.KeyRange(); ok {
		t.Error("KeyRange reports keys")
	}
}

func TestRebuildFollowsEdits(t *testing.T) {
	m := twoJoints()
	sk, _ := NewSkeleton(m)
	m.Joints[1].PositionKeys[1].Value = [3]float32{4, 0, 0} // twice as far
	m.Joints = append(m.Joints, model.Joint{Name: "extra", Parent: "child"})
	if fs := sk.Rebuild(m); len(fs) != 0 {
		t.Fatalf("findings: %v", fs)
	}
	g := make([]mgl32.Mat4, 3)
	sk.Pose(3, g)
	if o := g[1].Col(3).Vec3(); !o.ApproxEqualThreshold(mgl32.Vec3{1, 4, 0}, 1e-6) {
		t.Errorf("root origin after edit = %v, want (1,4,0)", o)
	}
	if !near(g[2], g[0], 0) {
		t.Errorf("new keyless child at its parent's origin: %v, want %v", g[2], g[0])
	}
	// Shrinking reuses memory and forgets the removed joints' keys.
	m.Joints = m.Joints[1:2]
	sk.Rebuild(m)
	sk.Pose(3, g[:1])
	if o := g[0].Col(3).Vec3(); sk.Len() != 1 || !o.ApproxEqualThreshold(mgl32.Vec3{1, 4, 0}, 1e-6) {
		t.Errorf("after shrinking: Len %d, root origin %v, want (1,4,0)", sk.Len(), o)
	}
	if first, last, ok := sk.KeyRange(); !ok || first != 1 || last != 3 {
		t.Errorf("KeyRange = %v, %v, %v; want 1, 3, true", first, last, ok)
	}
}

func TestFrameTime(t *testing.T) {
	for _, tc := range []struct{ frame, fps, time float32 }{
		{1, 24, 1.0 / 24}, // MilkShape's first frame
		{48, 24, 2},
		{0, 24, 0},
		{30, 15, 2},
		{5, 0, 5},  // fps below 1 plays at 1
		{5, -3, 5}, // likewise
		{5, 0.5, 5},
		{5, float32(math.NaN()), 5},
		{5, float32(math.Inf(1)), 5},
	} {
		if got := FrameToTime(tc.frame, tc.fps); math.Abs(float64(got-tc.time)) > 1e-7 {
			t.Errorf("FrameToTime(%v, %v) = %v, want %v", tc.frame, tc.fps, got, tc.time)
		}
		if got := TimeToFrame(tc.time, tc.fps); math.Abs(float64(got-tc.frame)) > 1e-5 {
			t.Errorf("TimeToFrame(%v, %v) = %v, want %v", tc.time, tc.fps, got, tc.frame)
		}
	}
}

func findingCodes(fs []model.Finding) []string {
	var c []string
	for _, f := range fs {
		c = append(c, string(f.Code))
	}
	slices.Sort(c)
	return c
}

func TestBadSkeletons(t *testing.T) {
	nan := float32(math.NaN())
	inf := float32(math.Inf(1))
	k := func(t float32, v ...float32) model.Key {
		var key model.Key
		key.Time = t
		copy(key.Value[:], v)
		return key
	}
	tests := []struct {
		name   string
		joints []model.Joint
		codes  []string
		// keys left per joint after cleaning (rotation, position)
		keys [][2]int
	}{
		{"missing parent", []model.Joint{{Name: "a", Parent: "ghost"}},
			[]string{"joint.parent-missing"}, [][2]int{{0, 0}}},
		{"cycle", []model.Joint{{Name: "a", Parent: "b"}, {Name: "b", Parent: "a"}},
			[]string{"joint.parent-cycle"}, [][2]int{{0, 0}, {0, 0}}},
		{"duplicate names", []model.Joint{{Name: "a"}, {Name: "a"}, {Name: "c", Parent: "a"}},
			[]string{"joint.duplicate-name"}, [][2]int{{0, 0}, {0, 0}, {0, 0}}},
		{"NaN rest", []model.Joint{{Name: "a", Rotation: [3]float32{nan, 0, 0}, Position: [3]float32{1, inf, 0}}},
			[]string{"joint.nonfinite"}, [][2]int{{0, 0}}},
		{"NaN and infinite keys", []model.Joint{{Name: "a",
			RotationKeys: []model.Key{k(0), k(nan, 1), k(1, 0, inf), k(2, 1)},
			PositionKeys: []model.Key{k(0, nan), k(1, 1)}}},
			[]string{"joint.key-nonfinite"}, [][2]int{{2, 1}}},
		{"keys going back in time", []model.Joint{{Name: "a",
			RotationKeys: []model.Key{k(1), k(2, 1), k(0.5, 3), k(3, 0)},
			PositionKeys: []model.Key{k(1), k(-7, 1e30)}}},
			[]string{"joint.key-order"}, [][2]int{{3, 1}}},
		{"repeated key times", []model.Joint{{Name: "a",
			PositionKeys: []model.Key{k(1), k(1, 5), k(2, 5)}}},
			[]string{"joint.key-order"}, [][2]int{{0, 3}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := &model.Model{Joints: tc.joints}
			sk, fs := NewSkeleton(m)
			if got := findingCodes(fs); !slices.Equal(got, tc.codes) {
				t.Errorf("findings %v, want codes %v", fs, tc.codes)
			}
			for i, want := range tc.keys {
				if r, p := sk.KeyCounts(i); r != want[0] || p != want[1] {
					t.Errorf("joint %d keeps %d rotation and %d position keys, want %v", i, r, p, want)
				}
			}
			g := make([]mgl32.Mat4, sk.Len())
			for _, tm := range []float32{-1, 0, 0.5, 1, 1.5, 2.5, 10, nan} {
				sk.Pose(tm, g)
				for i, mat := range g {
					for _, c := range mat {
						if !num.Finite(c) {
							t.Fatalf("t=%v: joint %d matrix %v is not finite", tm, i, mat)
						}
					}
				}
			}
			for _, f := range fs {
				if f.Where.Part != model.PartJoint || f.Where.Index < 0 || !strings.Contains(f.Message, "joint") {
					t.Errorf("finding without a joint location: %v", f)
				}
			}
		})
	}
}

func TestRepeatedKeyTimeIsAStep(t *testing.T) {
	m := &model.Model{Joints: []model.Joint{{Name: "a",
		PositionKeys: []model.Key{{Time: 0}, {Time: 1, Value: [3]float32{1, 0, 0}}, {Time: 1, Value: [3]float32{5, 0, 0}}, {Time: 2, Value: [3]float32{5, 0, 0}}}}}}
	sk, _ := NewSkeleton(m)
	g := make([]mgl32.Mat4, 1)
	for _, tc := range []struct{ t, x float32 }{{0.5, 0.5}, {0.999, 0.999}, {1, 5}, {1.5, 5}} {
		sk.Pose(tc.t, g)
		if x := g[0][12]; math.Abs(float64(x-tc.x)) > 1e-5 {
			t.Errorf("t=%v: x = %v, want %v", tc.t, x, tc.x)
		}
	}
}

func TestPoseShortBufferPanics(t *testing.T) {
	sk, _ := NewSkeleton(twoJoints())
	defer func() {
		if r := recover(); r == nil || !strings.Contains(r.(string), "holds 1 matrices") {
			t.Errorf("recover() = %v", r)
		}
	}()
	sk.Pose(0, make([]mgl32.Mat4, 1))
}

func TestPoseAllocatesNothing(t *testing.T) {
	sk, _ := NewSkeleton(synthModel(0, 40, 9, 1, 3))
	g := make([]mgl32.Mat4, sk.Len())
	s := make([]mgl32.Mat4, sk.Len())
	if n := testing.AllocsPerRun(50, func() { sk.Pose(0.7, g); sk.SkinMatrices(g, s) }); n != 0 {
		t.Errorf("Pose+SkinMatrices allocate %v times per frame", n)
	}
}
