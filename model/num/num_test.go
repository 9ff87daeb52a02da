package num

import (
	"math"
	"testing"
)

func TestFinite(t *testing.T) {
	inf, nan := math.Inf(1), math.NaN()
	for _, c := range []struct {
		f    float64
		want bool
	}{
		{0, true}, {math.Copysign(0, -1), true}, {1, true}, {-1e300, true},
		{math.MaxFloat64, true}, {math.SmallestNonzeroFloat64, true},
		{inf, false}, {-inf, false}, {nan, false},
	} {
		if got := Finite(c.f); got != c.want {
			t.Errorf("Finite(%v) = %v, want %v", c.f, got, c.want)
		}
		f32 := float32(c.f)
		want32 := !math.IsNaN(float64(f32)) && !math.IsInf(float64(f32), 0)
		if got := Finite(f32); got != want32 {
			t.Errorf("Finite(float32(%v)) = %v, want %v", c.f, got, want32)
		}
	}
	// float32 overflows where float64 does not.
	big := 1e300
	if Finite(float32(big)) {
		t.Error("Finite(float32(1e300)) = true, want false (it is +Inf)")
	}
	if !Finite(float32(math.MaxFloat32)) {
		t.Error("Finite(MaxFloat32) = false")
	}
}

func TestFiniteEveryFloat32Exponent(t *testing.T) {
	// Every exponent and a few mantissas of each: Finite must agree with
	// the bit pattern (exponent all ones means Inf or NaN).
	for e := uint32(0); e < 256; e++ {
		for _, m := range []uint32{0, 1, 0x400000, 0x7fffff} {
			for _, s := range []uint32{0, 1 << 31} {
				b := s | e<<23 | m
				f := math.Float32frombits(b)
				if got, want := Finite(f), e != 255; got != want {
					t.Errorf("Finite(%#08x) = %v, want %v", b, got, want)
				}
			}
		}
	}
}

func TestAllFiniteAndOr0(t *testing.T) {
	nan := float32(math.NaN())
	inf := float32(math.Inf(-1))
	if !AllFinite[float32]() {
		t.Error("AllFinite() = false, want true")
	}
	if !AllFinite[float32](1, 2, 3) || AllFinite(1, nan, 3) || AllFinite(inf) {
		t.Error("AllFinite is wrong")
	}
	if !Finite3([3]float32{1, 2, 3}) || Finite3([3]float32{1, 2, nan}) || Finite3([3]float64{math.Inf(1), 0, 0}) {
		t.Error("Finite3 is wrong")
	}
	if Or0(nan) != 0 || Or0(inf) != 0 || Or0(float32(2.5)) != 2.5 {
		t.Error("Or0 is wrong")
	}
	if got := Or0x3([3]float32{nan, 4, inf}); got != [3]float32{0, 4, 0} {
		t.Errorf("Or0x3 = %v", got)
	}
}
