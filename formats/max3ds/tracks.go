package max3ds

import (
	"math"
	"sort"
)

// vecAt evaluates a position or scale track at frame f: linear between keys,
// the first and last keys held outside them, def without keys.
func vecAt(keys []VecKey, f float64, def vec) vec {
	if len(keys) == 0 {
		return def
	}
	k, s := seek(len(keys), func(i int) float64 { return float64(keys[i].Frame) }, f)
	a := clean(vec32(keys[k].Value), def)
	if s == 0 {
		return a
	}
	b := clean(vec32(keys[k+1].Value), def)
	return a.add(b.sub(a).scale(s))
}

// clean replaces a non-finite value by def.
func clean(v, def vec) vec {
	if !v.finite() {
		return def
	}
	return v
}

// seek returns the key at or before f and how far f is towards the next one
// (0 when f is at or outside the keys). Keys are searched by frame, in the
// order the track stores them.
func seek(n int, frame func(int) float64, f float64) (k int, s float64) {
	if f <= frame(0) {
		return 0, 0
	}
	if f >= frame(n-1) {
		return n - 1, 0
	}
	// First key after f.
	j := sort.Search(n, func(i int) bool { return frame(i) > f })
	// Frames out of order make the search meaningless but must not leave
	// the key range.
	j = max(1, min(j, n-1))
	k = j - 1
	a, b := frame(k), frame(j)
	if b <= a {
		return k, 0
	}
	return k, (f - a) / (b - a)
}

// rotKeyQuat returns the quaternion of one rotation key: angle −a about the
// key's axis (docs/3ds-format.md §2).
func rotKeyQuat(k RotKey) quat {
	return axisAngle(-float64(k.Angle), vec32(k.Axis))
}

// orientations accumulates a rotation track into absolute orientations:
// the first key is absolute and each next one is relative to the one before,
// q_i = axisangle(k_i) ⊗ q_{i−1}.
func orientations(keys []RotKey) []quat {
	qs := make([]quat, len(keys))
	q := identityQuat
	for i, k := range keys {
		q = rotKeyQuat(k).mul(q).normalize()
		qs[i] = q
	}
	return qs
}

// quatAt evaluates accumulated orientations at frame f: slerped between keys
// along each key's own rotation, held outside them.
func quatAt(keys []RotKey, qs []quat, f float64) quat {
	if len(keys) == 0 {
		return identityQuat
	}
	k, s := seek(len(keys), func(i int) float64 { return float64(keys[i].Frame) }, f)
	if s == 0 {
		return qs[k]
	}
	// The next key turns by its own angle, which may exceed half a turn:
	// interpolate the delta rather than the shortest arc between the ends.
	next := keys[k+1]
	a := -float64(next.Angle)
	if !isFinite(a) {
		return qs[k]
	}
	return axisAngle(a*s, vec32(next.Axis)).mul(qs[k]).normalize()
}

func isFinite(f float64) bool { return !math.IsNaN(f) && !math.IsInf(f, 0) }

// floatAt evaluates a one-number track at frame f.
func floatAt(keys []FloatKey, f float64, def float64) float64 {
	if len(keys) == 0 {
		return def
	}
	k, s := seek(len(keys), func(i int) float64 { return float64(keys[i].Frame) }, f)
	a := float64(keys[k].Value)
	if !isFinite(a) {
		a = def
	}
	if s == 0 {
		return a
	}
	b := float64(keys[k+1].Value)
	if !isFinite(b) {
		b = def
	}
	return a + (b-a)*s
}
