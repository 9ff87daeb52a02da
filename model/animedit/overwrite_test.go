package animedit_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"ms3dstudio/model"
	"ms3dstudio/model/animedit"
)

// lost returns the keys of before, not among kept, that are gone from after
// or hold another value there: the keys an edit replaced.
func lost(before, after *model.Model, kept []animedit.KeyRef) []animedit.KeyRef {
	var out []animedit.KeyRef
	for j := range before.Joints {
		for _, kind := range []animedit.Kind{animedit.Rotation, animedit.Position} {
			for _, k := range animedit.Keys(before, j, kind) {
				r := animedit.KeyRef{Joint: j, Kind: kind, Time: k.Time}
				if slices.Contains(kept, r) {
					continue
				}
				i := slices.IndexFunc(animedit.Keys(after, j, kind), func(a model.Key) bool { return a.Time == k.Time })
				if i < 0 || animedit.Keys(after, j, kind)[i].Value != k.Value {
					out = append(out, r)
				}
			}
		}
	}
	return out
}

// TestMoveOverwritesNamesWhatMoveKeysReplaces: on the nehe lesson model,
// moving joint4's keys at frame 8 by 16 frames replaces its keys at 24 (the
// dope sheet dropped such keys without a word), and for random selections and
// moves on it and on the sample, the preview names exactly the keys that
// MoveKeys, ScaleKeys and Paste replace.
func TestMoveOverwritesNamesWhatMoveKeysReplaces(t *testing.T) {
	nehe := readModel(t, neheModel(t))
	j4 := animedit.FindJoint(nehe, "joint4")
	if j4 < 0 {
		t.Fatal("no joint4")
	}
	sel := animedit.KeysInRange(nehe, []int{j4}, 8, 8)
	if len(sel) != 2 {
		t.Fatalf("joint4's keys at frame 8: %v, want a rotation and a position key", sel)
	}
	got := animedit.MoveOverwrites(nehe, sel, 16)
	if len(got) != 2 {
		t.Fatalf("moving %v by 16 frames replaces %v, by the preview; want joint4's two keys at 24", sel, got)
	}
	for _, r := range got {
		if r.Joint != j4 || animedit.FrameOf(nehe, r.Time) < 23.99 || animedit.FrameOf(nehe, r.Time) > 24.01 {
			t.Errorf("preview names %v; want joint4's keys at frame 24", r)
		}
	}
	if desc := animedit.DescribeKeys(nehe, got, 5); len(desc) == 0 || desc[0] != "joint4 rotation key at frame 24" {
		t.Errorf("DescribeKeys = %q", desc)
	}

	rng := rand.New(rand.NewPCG(1, 2))
	for _, m := range []*model.Model{nehe, keyed(t)} {
		all := animedit.AllKeys(m, nil)
		for range 200 {
			var refs []animedit.KeyRef
			for _, r := range all {
				if rng.IntN(3) == 0 {
					refs = append(refs, r)
				}
			}
			if len(refs) == 0 {
				continue
			}
			frames := float64(rng.IntN(41) - 10)
			c := m.Clone()
			if _, err := animedit.MoveKeys(c, refs, frames); err == nil {
				if want, got := lost(m, c, refs), animedit.MoveOverwrites(m, refs, frames); !slices.Equal(want, got) {
					t.Fatalf("move %v by %g: replaced %v, preview says %v", refs, frames, want, got)
				}
			}
			factor := []float64{0.5, 2, 3, 0.25}[rng.IntN(4)]
			c = m.Clone()
			if _, err := animedit.ScaleKeys(c, refs, factor); err == nil {
				if want, got := lost(m, c, refs), animedit.ScaleOverwrites(m, refs, factor); !slices.Equal(want, got) {
					t.Fatalf("scale %v by %g: replaced %v, preview says %v", refs, factor, want, got)
				}
			}
			clip, err := animedit.Copy(m, refs[:1])
			if err != nil {
				t.Fatal(err)
			}
			at := float64(rng.IntN(30))
			c = m.Clone()
			if _, err := animedit.Paste(c, clip, at, animedit.ByName); err == nil {
				if want, got := lost(m, c, nil), animedit.PasteOverwrites(m, clip, at, animedit.ByName); !slices.Equal(want, got) {
					t.Fatalf("paste %v at %g: replaced %v, preview says %v", refs[:1], at, want, got)
				}
			}
		}
	}
}

// BenchmarkRetimePreview: what the dope sheet asks at every pointer
// move while a whole dense row (2,133 keys) is dragged.
func BenchmarkRetimePreview(b *testing.B) {
	m := &model.Model{FPS: 15, TotalFrames: 5000, Joints: []model.Joint{{Name: model.Str("hips")}}}
	for f := 1; f <= 2133; f++ {
		m.Joints[0].RotationKeys = append(m.Joints[0].RotationKeys, model.Key{Time: float32(f) / 15})
	}
	refs := animedit.KeysInRange(m, nil, 1, 1000)
	p := animedit.NewRetimePreview(m, refs)
	b.ReportAllocs()
	for b.Loop() {
		p.Move(7)
	}
}

// TestCompareKeyRefs sorts references given in reverse into joint order,
// rotation before position within a joint, then time order.
func TestCompareKeyRefs(t *testing.T) {
	want := []animedit.KeyRef{
		{Joint: 0, Kind: animedit.Rotation, Time: 0.5},
		{Joint: 0, Kind: animedit.Position, Time: 0.25},
		{Joint: 0, Kind: animedit.Position, Time: 1},
		{Joint: 1, Kind: animedit.Rotation, Time: 0},
		{Joint: 1, Kind: animedit.Rotation, Time: 2},
		{Joint: 2, Kind: animedit.Position, Time: 0},
	}
	got := slices.Clone(want)
	slices.Reverse(got)
	slices.SortFunc(got, animedit.CompareKeyRefs)
	if !slices.Equal(got, want) {
		t.Errorf("sorted %v, want %v", got, want)
	}
	if c := animedit.CompareKeyRefs(want[1], want[1]); c != 0 {
		t.Errorf("a reference compares %d with itself, want 0", c)
	}
}
