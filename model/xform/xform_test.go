package xform_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"

	"ms3dstudio/model/xform"
)

// The independent computations below are mathgl's: its rotation matrices,
// quaternions, Mat4ToQuat and QuatSlerp, composed the way
// docs/ms3d-format.md §4 says (R = Rz·Ry·Rx, column vectors).

func mglEuler(e [3]float32) mgl64.Mat3 {
	return mgl64.Rotate3DZ(float64(e[2])).Mul3(mgl64.Rotate3DY(float64(e[1]))).Mul3(mgl64.Rotate3DX(float64(e[0])))
}

func mglEulerQuat(e [3]float32) mgl64.Quat {
	return mgl64.QuatRotate(float64(e[2]), mgl64.Vec3{0, 0, 1}).
		Mul(mgl64.QuatRotate(float64(e[1]), mgl64.Vec3{0, 1, 0})).
		Mul(mgl64.QuatRotate(float64(e[0]), mgl64.Vec3{1, 0, 0}))
}

func fromMgl(a mgl64.Mat3) xform.Mat3 {
	var m xform.Mat3
	for r := 0; r < 3; r++ {
		for c := 0; c < 3; c++ {
			m[r][c] = a.At(r, c)
		}
	}
	return m
}

func quatFromMgl(q mgl64.Quat) xform.Quat { return xform.Quat{q.V[0], q.V[1], q.V[2], q.W} }

func matDiff(a, b xform.Mat3) float64 {
	var d float64
	for r := 0; r < 3; r++ {
		for c := 0; c < 3; c++ {
			d = max(d, math.Abs(a[r][c]-b[r][c]))
		}
	}
	return d
}

// quatDiff is the distance between two quaternions as rotations (q and −q
// are the same rotation).
func quatDiff(a, b xform.Quat) float64 {
	var d, e float64
	for k := 0; k < 4; k++ {
		d = max(d, math.Abs(a[k]-b[k]))
		e = max(e, math.Abs(a[k]+b[k]))
	}
	return min(d, e)
}

// angles covers the whole range: every multiple of 15° from −180° to 180°
// on each axis, ±90° exactly in float32 and a little either side.
func angles() [][3]float32 {
	var vs []float32
	for d := -180; d <= 180; d += 15 {
		vs = append(vs, float32(float64(d)*math.Pi/180))
	}
	h := float32(math.Pi / 2)
	vs = append(vs, math.Nextafter32(h, 0), math.Nextafter32(h, 2), -math.Nextafter32(h, 0), -math.Nextafter32(h, 2), 1e-7, -3e-5)
	var out [][3]float32
	for _, x := range vs {
		for _, y := range vs {
			for _, z := range vs {
				out = append(out, [3]float32{x, y, z})
			}
		}
	}
	return out
}

func TestEulerMatMatchesMathgl(t *testing.T) {
	for _, e := range angles() {
		if d := matDiff(xform.EulerMat(e), fromMgl(mglEuler(e))); d > 1e-14 {
			t.Fatalf("EulerMat(%v) differs from mathgl's Rz·Ry·Rx by %g", e, d)
		}
	}
}

func TestEulerMatAxes(t *testing.T) {
	deg := func(x, y, z float64) [3]float32 {
		return [3]float32{float32(x * math.Pi / 180), float32(y * math.Pi / 180), float32(z * math.Pi / 180)}
	}
	for _, c := range []struct {
		e       [3]float32
		in, out [3]float64
	}{
		{deg(0, 0, 90), [3]float64{1, 0, 0}, [3]float64{0, 1, 0}},  // Z turns X to Y
		{deg(90, 0, 0), [3]float64{0, 1, 0}, [3]float64{0, 0, 1}},  // X turns Y to Z
		{deg(0, 90, 0), [3]float64{0, 0, 1}, [3]float64{1, 0, 0}},  // Y turns Z to X
		{deg(90, 0, 90), [3]float64{0, 1, 0}, [3]float64{0, 0, 1}}, // X first: Y→Z, then Z stays
		{deg(90, 90, 0), [3]float64{0, 1, 0}, [3]float64{1, 0, 0}}, // Y→Z by X, Z→X by Y
	} {
		got := xform.EulerMat(c.e).Apply(c.in)
		for k := range 3 {
			if math.Abs(got[k]-c.out[k]) > 1e-7 {
				t.Errorf("EulerMat(%v)·%v = %v, want %v", c.e, c.in, got, c.out)
				break
			}
		}
	}
}

func TestEulerQuatMatchesMathgl(t *testing.T) {
	for _, e := range angles() {
		q := xform.EulerQuat(e)
		if d := quatDiff(q, quatFromMgl(mglEulerQuat(e))); d > 1e-14 {
			t.Fatalf("EulerQuat(%v) = %v differs from mathgl's qz·qy·qx by %g", e, q, d)
		}
		if d := matDiff(q.Mat(), xform.EulerMat(e)); d > 1e-14 {
			t.Fatalf("EulerQuat(%v).Mat() differs from EulerMat by %g", e, d)
		}
	}
}

// wrapDiff is |a − b| modulo 2π.
func wrapDiff(a, b float64) float64 {
	d := math.Mod(math.Abs(a-b), 2*math.Pi)
	return min(d, 2*math.Pi-d)
}

func TestEulerRoundTrip(t *testing.T) {
	for _, e := range angles() {
		m := xform.EulerMat(e)
		got := m.Euler()
		if d := matDiff(xform.EulerMat(got), m); d > 1e-6 {
			t.Fatalf("EulerMat(%v).Euler() = %v, whose matrix differs by %g", e, got, d)
		}
		// The range is ±π/2 and ±π rounded to float32 (which rounds π up).
		pi := float64(float32(math.Pi))
		if math.Abs(float64(got[1])) > pi/2 || math.Abs(float64(got[0])) > pi || math.Abs(float64(got[2])) > pi {
			t.Fatalf("EulerMat(%v).Euler() = %v: out of range", e, got)
		}
		// Inside the range the angles are unique, and come back, up to
		// the float32 angle nearest ±90° (cos y ≈ 7.5e-8, above the
		// gimbal rule's 1e-8). float32(π/2) itself is past 90°.
		if math.Abs(float64(e[1])) <= math.Pi/2 {
			for k := range 3 {
				if wrapDiff(float64(got[k]), float64(e[k])) > 1e-6 {
					t.Fatalf("EulerMat(%v).Euler() = %v, want the same angles", e, got)
				}
			}
		}
	}
}

// TestGimbalLock checks the one rule: at cos y = 0 exactly, z is 0 and the
// turn is in x (x − z for y = +90°, x + z for y = −90°).
func TestGimbalLock(t *testing.T) {
	for _, sy := range []float64{1, -1} {
		ry := mgl64.Mat3{0, 0, -sy, 0, 1, 0, sy, 0, 0} // column-major: exact ±90° about Y
		for _, x := range []float64{0, 0.3, -2, math.Pi / 2, 3} {
			for _, z := range []float64{0, 0.5, -1.25, 3} {
				m := fromMgl(mgl64.Rotate3DZ(z).Mul3(ry).Mul3(mgl64.Rotate3DX(x)))
				got := m.Euler()
				wantX := x - sy*z
				if got[2] != 0 || float64(got[1]) != float64(float32(sy*math.Pi/2)) || wrapDiff(float64(got[0]), wantX) > 1e-6 {
					t.Errorf("y = %v°, x = %v, z = %v: Euler() = %v, want (%v, %v, 0)", sy*90, x, z, got, wantX, sy*math.Pi/2)
				}
				if d := matDiff(xform.EulerMat(got), m); d > 1e-6 {
					t.Errorf("y = %v°, x = %v, z = %v: EulerMat(Euler()) differs by %g", sy*90, x, z, d)
				}
			}
		}
	}
}

// TestNearGimbalLock checks both sides of the rule's threshold: composed
// matrices a few ulps of float64 from the exact pole still give a matrix
// within float32 rounding of themselves.
func TestNearGimbalLock(t *testing.T) {
	for _, cy := range []float64{0, 1e-12, 5e-9, 1e-8, 2e-8, 1e-7, 1e-5} {
		y := math.Acos(cy)
		for _, s := range []float64{1, -1} {
			m := fromMgl(mgl64.Rotate3DZ(0.7).Mul3(mgl64.Rotate3DY(s * y)).Mul3(mgl64.Rotate3DX(-1.1)))
			got := m.Euler()
			if d := matDiff(xform.EulerMat(got), m); d > 2e-7 {
				t.Errorf("cos y = %g, y sign %v: EulerMat(Euler()) differs by %g", cy, s, d)
			}
		}
	}
}

func randRotation(r *rand.Rand) xform.Quat {
	q := xform.Quat{r.NormFloat64(), r.NormFloat64(), r.NormFloat64(), r.NormFloat64()}
	return q.Normalize()
}

func TestMatQuatMatchesMathgl(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var ms []xform.Mat3
	for range 2000 {
		ms = append(ms, randRotation(r).Mat())
	}
	// Half turns (trace −1), where a careless conversion divides by 0.
	for _, axis := range [][3]float64{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {1, 1, 0}, {1, -2, 3}} {
		ms = append(ms, xform.AxisAngle(axis, math.Pi).Mat(), xform.AxisAngle(axis, math.Pi-1e-9).Mat())
	}
	ms = append(ms, xform.Identity3)
	for _, m := range ms {
		q := m.Quat()
		if d := math.Abs(q.Dot(q) - 1); d > 1e-14 {
			t.Fatalf("Quat of %v has |q|² − 1 = %g", m, d)
		}
		if d := matDiff(q.Mat(), m); d > 1e-14 {
			t.Fatalf("Quat(%v).Mat() differs by %g", m, d)
		}
		var m4 mgl64.Mat4
		for i := 0; i < 3; i++ {
			for c := 0; c < 3; c++ {
				m4[4*c+i] = m[i][c]
			}
		}
		m4[15] = 1
		if d := quatDiff(q, quatFromMgl(mgl64.Mat4ToQuat(m4).Normalize())); d > 1e-12 {
			t.Fatalf("Quat of %v = %v differs from mathgl's Mat4ToQuat by %g", m, q, d)
		}
	}
}

func TestQuatEuler(t *testing.T) {
	for _, e := range angles() {
		q := xform.EulerQuat(e)
		if q.Euler() != q.Mat().Euler() {
			t.Fatalf("Quat.Euler differs from Mat().Euler() for %v", e)
		}
		if d := matDiff(xform.EulerMat(q.Euler()), xform.EulerMat(e)); d > 1e-6 {
			t.Fatalf("EulerQuat(%v).Euler() is %g off", e, d)
		}
	}
}

func TestAxisAngleMatchesMathgl(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 500 {
		axis := [3]float64{r.NormFloat64(), r.NormFloat64(), r.NormFloat64()}
		angle := (r.Float64()*2 - 1) * 4 * math.Pi
		got := xform.AxisAngle(axis, angle)
		want := quatFromMgl(mgl64.QuatRotate(angle, mgl64.Vec3(axis).Normalize()))
		if d := quatDiff(got, want); d > 1e-14 {
			t.Fatalf("AxisAngle(%v, %v) = %v, mathgl %v", axis, angle, got, want)
		}
		want3 := fromMgl(mgl64.HomogRotate3D(angle, mgl64.Vec3(axis).Normalize()).Mat3())
		if d := matDiff(got.Mat(), want3); d > 1e-14 {
			t.Fatalf("AxisAngle(%v, %v).Mat() is %g from mathgl's HomogRotate3D", axis, angle, d)
		}
	}
	nan, inf := math.NaN(), math.Inf(1)
	for _, c := range []struct {
		axis  [3]float64
		angle float64
	}{{[3]float64{}, 1}, {[3]float64{nan, 0, 0}, 1}, {[3]float64{inf, 0, 0}, 1}, {[3]float64{1, 0, 0}, nan}, {[3]float64{1, 0, 0}, inf}} {
		if got := xform.AxisAngle(c.axis, c.angle); got != xform.IdentityQuat {
			t.Errorf("AxisAngle(%v, %v) = %v, want the identity", c.axis, c.angle, got)
		}
	}
}

func TestQuatMulMatchesMatrices(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for range 500 {
		a, b := randRotation(r), randRotation(r)
		if d := matDiff(a.Mul(b).Mat(), a.Mat().Mul(b.Mat())); d > 1e-14 {
			t.Fatalf("(a⊗b).Mat() differs from a.Mat()·b.Mat() by %g", d)
		}
		mq := mgl64.Quat{W: a[3], V: mgl64.Vec3{a[0], a[1], a[2]}}.Mul(mgl64.Quat{W: b[3], V: mgl64.Vec3{b[0], b[1], b[2]}})
		if d := quatDiff(a.Mul(b), quatFromMgl(mq)); d > 1e-14 {
			t.Fatalf("a⊗b differs from mathgl's by %g", d)
		}
		if d := matDiff(a.Conj().Mat(), a.Mat().Transpose()); d > 1e-14 {
			t.Fatalf("Conj is not the inverse rotation (%g)", d)
		}
		if d := quatDiff(a.Neg(), a); d != 0 {
			t.Fatalf("−q is not q as a rotation")
		}
	}
	if got := (xform.Quat{}).Normalize(); got != xform.IdentityQuat {
		t.Errorf("zero quaternion normalises to %v, want the identity", got)
	}
	if got := (xform.Quat{math.NaN(), 0, 0, 1}).Normalize(); got != xform.IdentityQuat {
		t.Errorf("NaN quaternion normalises to %v, want the identity", got)
	}
}

func TestSlerpMatchesMathgl(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for range 500 {
		a, b := randRotation(r), randRotation(r)
		ma := mgl64.Quat{W: a[3], V: mgl64.Vec3{a[0], a[1], a[2]}}
		mb := mgl64.Quat{W: b[3], V: mgl64.Vec3{b[0], b[1], b[2]}}
		for _, s := range []float64{0, 0.1, 0.5, 0.9, 1} {
			got := xform.Slerp(a, b, s)
			if d := quatDiff(got, quatFromMgl(mgl64.QuatSlerp(ma, mb, s))); d > 1e-12 {
				t.Fatalf("Slerp(%v, %v, %v) = %v differs from mathgl's by %g", a, b, s, got, d)
			}
			nb := b
			if a.Dot(b) < 0 {
				nb = b.Neg()
			}
			want := mgl64.QuatNlerp(ma, mgl64.Quat{W: nb[3], V: mgl64.Vec3{nb[0], nb[1], nb[2]}}, s)
			if d := quatDiff(xform.Nlerp(a, b, s), quatFromMgl(want)); d > 1e-12 {
				t.Fatalf("Nlerp(%v, %v, %v) differs from mathgl's by %g", a, b, s, d)
			}
		}
	}
	// Nearly equal rotations blend linearly; still unit and between.
	a := xform.AxisAngle([3]float64{0, 1, 0}, 0.3)
	b := xform.AxisAngle([3]float64{0, 1, 0}, 0.3+1e-5)
	got := xform.Slerp(a, b, 0.5)
	if d := quatDiff(got, xform.AxisAngle([3]float64{0, 1, 0}, 0.3+0.5e-5)); d > 1e-12 {
		t.Errorf("Slerp of nearly equal rotations is %g off", d)
	}
	// The other hemisphere: the short way round.
	if d := quatDiff(xform.Slerp(a, b.Neg(), 0.5), got); d > 1e-12 {
		t.Errorf("Slerp to −b does not take the short arc (%g)", d)
	}
}

func TestArc32MatchesSlerp(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	pairs := [][2]xform.Quat{}
	for range 500 {
		pairs = append(pairs, [2]xform.Quat{randRotation(r), randRotation(r)})
	}
	for _, tiny := range []float64{0, 1e-7, 1e-4, 1.9e-3, 2.1e-3} {
		a := randRotation(r)
		pairs = append(pairs, [2]xform.Quat{a, xform.AxisAngle([3]float64{1, 2, 3}, tiny).Mul(a)})
	}
	for _, p := range pairs {
		a, b := p[0].F32(), p[1].F32()
		bb, arc := xform.ShortArc(a, b)
		if bb.Dot(a) < 0 {
			t.Fatalf("ShortArc left b in the other hemisphere")
		}
		for _, s := range []float32{0, 0.25, 0.5, 0.75, 1} {
			got := arc.Slerp(a, bb, s).F64()
			want := xform.Slerp(a.F64(), b.F64(), float64(s))
			if d := quatDiff(got, want); d > 1e-6 {
				t.Fatalf("Arc32.Slerp(%v, %v, %v) = %v, Slerp %v (%g)", a, b, s, got, want, d)
			}
		}
	}
}

func TestFloat32Forms(t *testing.T) {
	for _, e := range angles() {
		q := xform.EulerQuat(e).F32()
		m := q.Mat()
		want := xform.EulerMat(e)
		wf := want.F32()
		for k := range 9 {
			if math.Abs(float64(m[k]-wf[k])) > 1e-6 {
				t.Fatalf("Quat32.Mat of %v is %v, want %v", e, m, wf)
			}
		}
		v := [3]float32{1, -2, 0.5}
		got, w := wf.Apply(v), want.Apply32(v)
		for k := range 3 {
			if math.Abs(float64(got[k]-w[k])) > 1e-5 {
				t.Fatalf("Mat32.Apply = %v, Mat3.Apply32 = %v", got, w)
			}
		}
		if d := quatDiff(q.F64(), xform.EulerQuat(e)); d > 1e-7 {
			t.Fatalf("F32/F64 lose %g", d)
		}
	}
}

func TestOrthonormalize(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for range 500 {
		m := randRotation(r).Mat()
		if d := matDiff(m.Orthonormalize(), m); d > 1e-14 {
			t.Fatalf("Orthonormalize moved a rotation by %g", d)
		}
		// The drift of a float32 product.
		p := m
		for i := range 3 {
			for j := range 3 {
				p[i][j] += (r.Float64()*2 - 1) * 1e-6
			}
		}
		o := p.Orthonormalize()
		if d := matDiff(o.Transpose().Mul(o), xform.Identity3); d > 1e-14 {
			t.Fatalf("Orthonormalize gave a matrix %g from orthonormal", d)
		}
		if d := det(o); math.Abs(d-1) > 1e-14 {
			t.Fatalf("Orthonormalize gave determinant %v", d)
		}
		if d := matDiff(o, m); d > 1e-5 {
			t.Fatalf("Orthonormalize moved a nearly orthonormal matrix by %g", d)
		}
	}
	z := (xform.Mat3{}).Orthonormalize()
	for _, row := range z {
		for _, v := range row {
			if v != 0 {
				t.Fatalf("Orthonormalize of 0 = %v, want 0", z)
			}
		}
	}
}

func det(m xform.Mat3) float64 {
	return m[0][0]*(m[1][1]*m[2][2]-m[1][2]*m[2][1]) - m[0][1]*(m[1][0]*m[2][2]-m[1][2]*m[2][0]) + m[0][2]*(m[1][0]*m[2][1]-m[1][1]*m[2][0])
}

func mglRigid(a xform.Rigid) mgl64.Mat4 {
	var m mgl64.Mat4
	for r := 0; r < 3; r++ {
		for c := 0; c < 3; c++ {
			m[4*c+r] = a.R[r][c]
		}
		m[12+r] = a.T[r]
	}
	m[15] = 1
	return m
}

func rigidDiff(a xform.Rigid, m mgl64.Mat4) float64 {
	var d float64
	b := mglRigid(a)
	for k := range 16 {
		d = max(d, math.Abs(b[k]-m[k]))
	}
	return d
}

func TestRigidMatchesMathgl(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	rnd := func() xform.Rigid {
		return xform.Rigid{R: randRotation(r).Mat(), T: [3]float64{r.NormFloat64() * 10, r.NormFloat64() * 10, r.NormFloat64() * 10}}
	}
	for range 500 {
		a, b := rnd(), rnd()
		ma, mb := mglRigid(a), mglRigid(b)
		if d := rigidDiff(a.Mul(b), ma.Mul4(mb)); d > 1e-12 {
			t.Fatalf("Mul differs from mathgl's by %g", d)
		}
		if d := rigidDiff(a.Inverse(), ma.Inv()); d > 1e-12 {
			t.Fatalf("Inverse differs from mathgl's Inv by %g", d)
		}
		if d := rigidDiff(a.InvMul(b), ma.Inv().Mul4(mb)); d > 1e-12 {
			t.Fatalf("InvMul differs from mathgl's by %g", d)
		}
		v := [3]float64{r.NormFloat64(), r.NormFloat64(), r.NormFloat64()}
		got, want := a.Apply(v), ma.Mul4x1(mgl64.Vec4{v[0], v[1], v[2], 1})
		for k := range 3 {
			if math.Abs(got[k]-want[k]) > 1e-12 {
				t.Fatalf("Apply(%v) = %v, mathgl %v", v, got, want)
			}
		}
	}
	if d := rigidDiff(xform.IdentityRigid, mgl64.Ident4()); d != 0 {
		t.Errorf("IdentityRigid is not the identity")
	}
}

func TestJointLocalAndMGL(t *testing.T) {
	for _, e := range angles()[:400] {
		pos := [3]float32{1.5, -2, 30}
		want := mgl32.Translate3D(pos[0], pos[1], pos[2]).Mul4(mgl32.HomogRotate3DZ(e[2]).Mul4(mgl32.HomogRotate3DY(e[1])).Mul4(mgl32.HomogRotate3DX(e[0])))
		got := xform.JointLocal(pos, e).MGL()
		if d := mat4Diff(got, want); d > 1e-5 {
			t.Fatalf("JointLocal(%v, %v).MGL() = %v, want %v", pos, e, got, want)
		}
		if back := xform.RigidFromMGL(got).MGL(); back != got {
			t.Fatalf("RigidFromMGL(m).MGL() = %v, want %v", back, got)
		}
		m3 := xform.EulerMat(e).MGL()
		if back := xform.Mat3FromMGL(m3).MGL(); back != m3 {
			t.Fatalf("Mat3FromMGL(m).MGL() = %v, want %v", back, m3)
		}
		if d := matDiff(xform.Mat3FromMGL(m3), xform.Mat3FromMGL(want.Mat3())); d > 1e-6 {
			t.Fatalf("EulerMat(%v).MGL() = %v, want %v", e, m3, want.Mat3())
		}
	}
}

func mat4Diff(a, b mgl32.Mat4) float64 {
	var d float64
	for k := range 16 {
		d = max(d, math.Abs(float64(a[k]-b[k])))
	}
	return d
}

func TestNaNStaysVisible(t *testing.T) {
	nan := float32(math.NaN())
	e := xform.EulerMat([3]float32{nan, 0, 0}).Euler()
	if !math.IsNaN(float64(e[0])) {
		t.Errorf("Euler of a NaN matrix = %v, want NaN", e)
	}
	if q := xform.EulerMat([3]float32{nan, 0, 0}).Quat(); q != xform.IdentityQuat {
		t.Errorf("Quat of a NaN matrix = %v, want the identity", q)
	}
	v := [3]float32{1, 2, 3}
	if xform.Vec32(xform.Vec64(v)) != v {
		t.Error("Vec32(Vec64(v)) != v")
	}
}

func BenchmarkArc32Slerp(b *testing.B) {
	a := xform.EulerQuat([3]float32{0.1, 0.2, 0.3}).F32()
	c := xform.EulerQuat([3]float32{1, -0.5, 2}).F32()
	c, arc := xform.ShortArc(a, c)
	var q xform.Quat32
	for i := 0; b.Loop(); i++ {
		q = arc.Slerp(a, c, float32(i&1023)/1024)
	}
	_ = q
}
