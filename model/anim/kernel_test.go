package anim

import "testing"

// forKernels runs f once with the pure-Go kernels and once with the
// assembly ones when this CPU has them.
func forKernels(t *testing.T, f func(t *testing.T)) {
	t.Helper()
	saved := useFMA
	defer func() { useFMA = saved }()
	for _, k := range []struct {
		name string
		fma  bool
	}{{"go", false}, {"fma", true}} {
		if k.fma && !haveFMA {
			t.Log("no AVX2/FMA kernels on this machine")
			continue
		}
		useFMA = k.fma
		t.Run(k.name, f)
	}
}
