package max3ds

import (
	"sort"

	"ms3dstudio/model/num"
	"ms3dstudio/model/xform"
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
	if !num.Finite3(v) {
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
func rotKeyQuat(k RotKey) xform.Quat {
	return xform.AxisAngle(vec32(k.Axis), -float64(k.Angle))
}

// orientations accumulates a rotation track into absolute orientations:
// the first key is absolute and each next one is relative to the one before,
// q_i = axisangle(k_i) ⊗ q_{i−1}.
func orientations(keys []RotKey) []xform.Quat {
	qs := make([]xform.Quat, len(keys))
	q := xform.IdentityQuat
	for i, k := range keys {
		q = rotKeyQuat(k).Mul(q).Normalize()
		qs[i] = q
	}
	return qs
}

// quatAt evaluates accumulated orientations at frame f: slerped between keys
// along each key's own rotation, held outside them.
func quatAt(keys []RotKey, qs []xform.Quat, f float64) xform.Quat {
	if len(keys) == 0 {
		return xform.IdentityQuat
	}
	k, s := seek(len(keys), func(i int) float64 { return float64(keys[i].Frame) }, f)
	if s == 0 {
		return qs[k]
	}
	// The next key turns by its own angle, which may exceed half a turn:
	// interpolate the delta rather than the shortest arc between the ends.
	next := keys[k+1]
	a := -float64(next.Angle)
	if !num.Finite(a) {
		return qs[k]
	}
	return xform.AxisAngle(vec32(next.Axis), a*s).Mul(qs[k]).Normalize()
}

// floatAt evaluates a one-number track at frame f.
func floatAt(keys []FloatKey, f float64, def float64) float64 {
	if len(keys) == 0 {
		return def
	}
	k, s := seek(len(keys), func(i int) float64 { return float64(keys[i].Frame) }, f)
	a := float64(keys[k].Value)
	if !num.Finite(a) {
		a = def
	}
	if s == 0 {
		return a
	}
	b := float64(keys[k+1].Value)
	if !num.Finite(b) {
		b = def
	}
	return a + (b-a)*s
}
