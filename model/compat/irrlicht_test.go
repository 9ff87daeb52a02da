package compat_test

import (
	"testing"

	"ms3dstudio/formats/ms3d/ms3dfix"
	"ms3dstudio/internal/corpus"
	"ms3dstudio/model/compat"
	"ms3dstudio/model/fix"
)

// TestIrrlichtFixKeepsCorpusPoses runs the Irrlicht fixes on every corpus
// file after model/fix (what `ms3dtool fix --for irrlicht` does) and checks
// that the model plays as before (and that a second run changes nothing):
// every skinned vertex within 1e-5 of the
// model's size of where it was, at every key time of either model and half
// way between. The Irrlicht judge itself is in package interop.
func TestIrrlichtFixKeepsCorpusPoses(t *testing.T) {
	corpus.EachMS3D(t, func(t *testing.T, e corpus.Entry, data []byte) {
		before, _, err := ms3dfix.Decode(data, fix.Options{})
		if err != nil {
			t.Fatal(err)
		}
		after := before.Clone()
		changes := compat.Fix(after, compat.Irrlicht)
		for _, c := range changes {
			t.Log(c)
		}
		if again := compat.Fix(after, compat.Irrlicht); len(again) != 0 {
			t.Errorf("a second Fix changed again: %v", again)
		}
		if d, at := poseDiff(before, after); d > 1e-5 {
			t.Errorf("after the Irrlicht fixes a vertex is %.3g of the model's size off its pose at %g s", d, at)
		}
	})
}
