package xform_test

import (
	"math"
	"testing"

	"ms3dstudio/model/num"
	"ms3dstudio/model/xform"
)

// FuzzEuler checks, for any MS3D Euler angles and any blend factor, that
// every path from the angles to a rotation gives the same rotation and that
// decomposing it gives it back: EulerMat, EulerQuat, Mat3.Quat, Mat3.Euler,
// Slerp and the float32 forms. Non-finite angles must not panic.
func FuzzEuler(f *testing.F) {
	h := float32(math.Pi / 2)
	for _, c := range [][4]float32{
		{0, 0, 0, 0},
		{0.1, 0.2, 0.3, 0.5},
		{3, h, -1, 0.25},                      // float32 "90°", just past it
		{3, math.Nextafter32(h, 0), -1, 0.25}, // just below
		{-2, -h, 2.5, 1},                      // −90°
		{float32(math.Pi), float32(math.Pi), float32(math.Pi), 0.75}, // half turns
		{1e-30, -1e-30, 0, 1e-3},
		{1e30, -7e12, 12345.678, 0.5}, // many turns
		{float32(math.NaN()), 0, 0, 0.5},
		{float32(math.Inf(1)), 0, 0, 0.5},
	} {
		f.Add(c[0], c[1], c[2], c[3])
	}
	f.Fuzz(func(t *testing.T, x, y, z, s float32) {
		e := [3]float32{x, y, z}
		m := xform.EulerMat(e)
		back := m.Euler()
		q := xform.EulerQuat(e)
		if !num.Finite3(e) {
			_, _ = m.Quat(), q.Mat()
			return
		}
		if d := matDiff(m.Transpose().Mul(m), xform.Identity3); d > 1e-14 {
			t.Fatalf("EulerMat(%v) is %g from orthonormal", e, d)
		}
		if d := matDiff(q.Mat(), m); d > 1e-14 {
			t.Fatalf("EulerQuat(%v).Mat() is %g from EulerMat", e, d)
		}
		if d := matDiff(m.Quat().Mat(), m); d > 1e-14 {
			t.Fatalf("EulerMat(%v).Quat().Mat() is %g off", e, d)
		}
		if d := matDiff(xform.EulerMat(back), m); d > 1e-6 {
			t.Fatalf("EulerMat(%v).Euler() = %v, %g off", e, back, d)
		}
		pi := float32(math.Pi)
		if !(back[1] >= -pi/2 && back[1] <= pi/2 && back[0] >= -pi && back[0] <= pi && back[2] >= -pi && back[2] <= pi) {
			t.Fatalf("EulerMat(%v).Euler() = %v: out of range", e, back)
		}
		if !(s >= 0 && s <= 1) {
			return
		}
		// Blend from the identity towards q and from q to its own
		// decomposition (the same rotation): both stay unit, the latter
		// stays put.
		for _, p := range []xform.Quat{xform.Slerp(xform.IdentityQuat, q, float64(s)), xform.Nlerp(xform.IdentityQuat, q, float64(s))} {
			if d := math.Abs(p.Dot(p) - 1); d > 1e-12 {
				t.Fatalf("blend of %v at %v has |q|² − 1 = %g", q, s, d)
			}
		}
		if d := quatDiff(xform.Slerp(q, xform.EulerQuat(back), float64(s)), q); d > 1e-6 {
			t.Fatalf("Slerp between one rotation's two forms moved it by %g", d)
		}
		a := xform.IdentityQuat.F32()
		b, arc := xform.ShortArc(a, q.F32())
		if d := quatDiff(arc.Slerp(a, b, s).F64(), xform.Slerp(xform.IdentityQuat, q, float64(s))); d > 1e-6 {
			t.Fatalf("Arc32.Slerp is %g from Slerp towards %v at %v", d, q, s)
		}
	})
}
