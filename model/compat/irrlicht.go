package compat

import (
	"fmt"
	"math"
	"slices"

	"ms3dstudio/model"
	"ms3dstudio/model/fix"
	"ms3dstudio/model/num"
	"ms3dstudio/model/xform"
)

// The quirks of Irrlicht's skeleton (CMS3DMeshFileLoader.cpp and
// CSkinnedMesh.cpp, 1.8.5) and their fixes. Each fix keeps the pose as
// model/anim plays it.

// Size is a model's size: the diagonal of its bind-pose bounding box, 1 for
// a model without extent. The Irrlicht thresholds are fractions of it.
func Size(m *model.Model) float64 {
	lo, hi, ok := m.Bounds()
	if !ok {
		return 1
	}
	var s float64
	for k := range 3 {
		d := float64(hi[k]) - float64(lo[k])
		s += d * d
	}
	if s = math.Sqrt(s); s == 0 || math.IsNaN(s) || math.IsInf(s, 0) {
		return 1
	}
	return s
}

// irrlichtBoneLimit is the first bone id Irrlicht cannot read: it reads the
// bone bytes as signed chars, so 128 to 254 are negative and name no joint.
const irrlichtBoneLimit = 128

// checkBoneIDs reports vertices on joints Irrlicht cannot name.
func checkBoneIDs(m *model.Model, r Rule) []model.Finding {
	n, first := 0, -1
	var inf [4]model.Influence
	for v := range m.Vertices {
		k := m.Influences(v, &inf)
		for _, in := range inf[:k] {
			if in.Joint >= irrlichtBoneLimit {
				if n == 0 {
					first = v
				}
				n++
				break
			}
		}
	}
	if n == 0 {
		return nil
	}
	fixMsg := "put the joints the vertices are bound to (and their parents) first"
	if len(bonesFirst(m)) > irrlichtBoneLimit {
		fixMsg = ""
	}
	return []model.Finding{finding(r.Code, model.At(model.PartVertex, first),
		fmt.Sprintf("Irrlicht leaves %s unskinned: it reads bone ids as signed bytes, so joints %d and above name no joint; vertex %d is the first", vertices(n), irrlichtBoneLimit, first),
		fixMsg)}
}

// bonesFirst returns the joints vertices are bound to, with their
// ancestors, in file order.
func bonesFirst(m *model.Model) []int {
	h := m.ResolveHierarchy()
	need := make([]bool, len(m.Joints))
	var inf [4]model.Influence
	for v := range m.Vertices {
		k := m.Influences(v, &inf)
		for _, in := range inf[:k] {
			for j := in.Joint; j >= 0 && !need[j]; j = h.Parent[j] {
				need[j] = true
			}
		}
	}
	var out []int
	for j, ok := range need {
		if ok {
			out = append(out, j)
		}
	}
	return out
}

// fixBoneIDs moves the joints the vertices are bound to, and their
// ancestors, to the front, keeping the file order within both parts, and
// renumbers the bone ids and joint comments. Parents are found by name, so
// the skeleton and the pose are unchanged.
func fixBoneIDs(m *model.Model, r Rule) []fix.Change {
	if len(checkBoneIDs(m, r)) == 0 {
		return nil
	}
	first := bonesFirst(m)
	if len(first) > irrlichtBoneLimit {
		return nil
	}
	order := append([]int(nil), first...)
	for j := range m.Joints {
		if !slices.Contains(first, j) {
			order = append(order, j)
		}
	}
	newIndex := make([]int, len(m.Joints))
	joints := make([]model.Joint, len(m.Joints))
	for to, from := range order {
		newIndex[from] = to
		joints[to] = m.Joints[from]
	}
	m.Joints = joints
	for v := range m.Vertices {
		for b, id := range m.Vertices[v].Bones {
			if id != model.NoBone && int(id) < len(newIndex) {
				m.Vertices[v].Bones[b] = uint16(newIndex[id])
			}
		}
	}
	for c, cm := range m.Comments.Joints {
		if cm.Index >= 0 && int(cm.Index) < len(newIndex) {
			m.Comments.Joints[c].Index = int32(newIndex[cm.Index])
		}
	}
	return []fix.Change{change(r.Code, model.At(model.PartJoint, -1),
		fmt.Sprintf("joints reordered: the %s vertices are bound to (with their parents) come first, as joints 0 to %d; bone ids and joint comments renumbered (nothing is lost)", plural(len(first), "joint"), len(first)-1))}
}

// checkRestDegrees reports joints with position keys and no rotation keys
// whose rest rotation is not zero: Irrlicht animates such a joint with its
// rest rotation converted to degrees and read back as radians.
func checkRestDegrees(m *model.Model, r Rule) []model.Finding {
	var out []model.Finding
	for i, j := range m.Joints {
		if len(j.PositionKeys) == 0 || len(j.RotationKeys) > 0 || j.Rotation == [3]float32{} {
			continue
		}
		deg := [3]float64{}
		for k := range 3 {
			deg[k] = float64(j.Rotation[k]) * 180 / math.Pi
		}
		out = append(out, finding(r.Code, model.At(model.PartJoint, i),
			fmt.Sprintf("Irrlicht misplays joint %d (%s): it has position keys and no rotation keys, and Irrlicht then turns it by its rest rotation in degrees (%.4g, %.4g, %.4g) read as radians", i, quote(j.Name), deg[0], deg[1], deg[2]),
			"fold the rest rotations into the keys"))
		if len(out) == maxListed {
			break
		}
	}
	return out
}

// fixRebase re-bases the skeleton on identity rest rotations, when the
// position-key or the rest-rotation quirk shows. Each joint's frame is turned
// by the inverse of its global rest rotation W: the rest local becomes
// T(W_parent·p), a rotation key R becomes W·R·Wᵀ and a position key t
// becomes W·t. Every skinning matrix G(t)·G(rest)⁻¹ is unchanged (the
// constant turn cancels), and slerp and lerp commute with the constant
// rotations, so the model plays exactly as before; and with no rest rotation
// left, Irrlicht's way of adding position keys is the format's.
func fixRebase(m *model.Model, r Rule) []fix.Change {
	if len(checkPositionKeys(m, r)) == 0 && len(checkRestDegrees(m, r)) == 0 {
		return nil
	}
	h := m.ResolveHierarchy()
	global := make([]xform.Mat3, len(m.Joints))
	for _, j := range h.Order {
		w := xform.EulerMat(m.Joints[j].Rotation)
		if p := h.Parent[j]; p >= 0 {
			w = global[p].Mul(w)
		}
		global[j] = w
	}
	turned, keys := 0, 0
	for _, j := range h.Order {
		jt := &m.Joints[j]
		w := global[j]
		parent := xform.Identity3
		if p := h.Parent[j]; p >= 0 {
			parent = global[p]
		}
		if jt.Rotation != [3]float32{} {
			turned++
		}
		jt.Position = parent.Apply32(jt.Position)
		jt.Rotation = [3]float32{}
		for k := range jt.RotationKeys {
			key := &jt.RotationKeys[k]
			key.Value = w.Mul(xform.EulerMat(key.Value)).Mul(w.Transpose()).Euler()
		}
		for k := range jt.PositionKeys {
			key := &jt.PositionKeys[k]
			key.Value = w.Apply32(key.Value)
		}
		keys += len(jt.RotationKeys) + len(jt.PositionKeys)
	}
	return []fix.Change{change(r.Code, model.At(model.PartJoint, -1),
		fmt.Sprintf("skeleton re-based on zero rest rotations: the rest rotations of %s folded into their children's rest positions and into %s (the animation plays exactly as before; nothing is lost)", plural(turned, "joint"), plural(keys, "key")))}
}

// Irrlicht blends rotation keys whose quaternions' dot product exceeds
// 1 − irrlichtLerpThreshold (closer than about 36°) linearly and never
// normalises the result (core::quaternion::slerp).
const irrlichtLerpThreshold = 0.05

// LerpTolerance is the distortion, as a fraction of the model's size, that
// the rotation-lerp rule accepts.
const LerpTolerance = 1e-4

// IrrlichtLerpError bounds how far Irrlicht's blend of two keys' absolute
// local rotations a and b (unit quaternions) moves a point at distance 1
// from the joint, against the slerp the format asks for: the Frobenius norm
// of the difference of the matrices, sampled across the interval. It is 0
// when Irrlicht slerps the pair (more than about 36° apart). Irrlicht blends
// MS3D and B3D keys alike, and mirroring both rotations (as its loaders do)
// does not change the error.
func IrrlichtLerpError(a, b xform.Quat) float64 {
	d := a.Dot(b)
	if d < 0 {
		b, d = b.Neg(), -d
	}
	if d <= 1-irrlichtLerpThreshold {
		return 0
	}
	worst := 0.0
	for i := 1; i < 8; i++ {
		u := float64(i) / 8
		var q xform.Quat
		for k := range 4 {
			q[k] = (1-u)*a[k] + u*b[k]
		}
		got, want := unitFormula(q), xform.Slerp(a, b, u).Mat()
		var e float64
		for r := range 3 {
			for c := range 3 {
				e += (got[r][c] - want[r][c]) * (got[r][c] - want[r][c])
			}
		}
		worst = max(worst, math.Sqrt(e))
	}
	return worst
}

// unitFormula is the rotation-matrix formula of a unit quaternion applied to
// q whatever its length, as Irrlicht's quaternion::getMatrix_transposed does.
func unitFormula(q xform.Quat) xform.Mat3 {
	x, y, z, w := q[0], q[1], q[2], q[3]
	return xform.Mat3{
		{1 - 2*(y*y+z*z), 2 * (x*y - z*w), 2 * (x*z + y*w)},
		{2 * (x*y + z*w), 1 - 2*(x*x+z*z), 2 * (y*z - x*w)},
		{2 * (x*z - y*w), 2 * (y*z + x*w), 1 - 2*(x*x+y*y)},
	}
}

// Reaches returns, for each joint of m, a bound on the distance from the
// joint to any point its rotation moves: the farthest bind-pose vertex bound
// to it or to a joint below it, plus the longest position key of every joint
// below it (which can carry vertices farther out).
func Reaches(m *model.Model) []float64 {
	h := m.ResolveHierarchy()
	n := len(m.Joints)
	origin := make([][3]float64, n)
	global := make([]xform.Rigid, n)
	for _, j := range h.Order {
		g := xform.JointLocal(m.Joints[j].Position, m.Joints[j].Rotation)
		if p := h.Parent[j]; p >= 0 {
			g = global[p].Mul(g)
		}
		global[j], origin[j] = g, g.T
	}
	reach := make([]float64, n)
	var inf [4]model.Influence
	for v := range m.Vertices {
		p := xform.Vec64(m.Vertices[v].Position)
		k := m.Influences(v, &inf)
		for _, in := range inf[:k] {
			for j := in.Joint; j >= 0; j = h.Parent[j] {
				reach[j] = max(reach[j], dist64(p, origin[j]))
			}
		}
	}
	for j := range m.Joints {
		longest := 0.0
		for _, k := range m.Joints[j].PositionKeys {
			if num.Finite3(k.Value) {
				longest = max(longest, dist64(xform.Vec64(k.Value), [3]float64{}))
			}
		}
		for a := h.Parent[j]; a >= 0; a = h.Parent[a] {
			reach[a] += longest
		}
	}
	return reach
}

func dist64(a, b [3]float64) float64 {
	return math.Sqrt((a[0]-b[0])*(a[0]-b[0]) + (a[1]-b[1])*(a[1]-b[1]) + (a[2]-b[2])*(a[2]-b[2]))
}

// lerpInterval is a pair of rotation keys Irrlicht blends too far off.
type lerpInterval struct {
	joint, key int // the interval from key to key+1
	err        float64
}

// lerpIntervals lists the rotation-key intervals where Irrlicht's lerp moves
// the skin more than LerpTolerance of the model's size.
func lerpIntervals(m *model.Model) []lerpInterval {
	limit := LerpTolerance * Size(m)
	var reach []float64
	var out []lerpInterval
	for j, jt := range m.Joints {
		rest := xform.EulerQuat(jt.Rotation)
		keys := jt.RotationKeys
		for k := 0; k+1 < len(keys); k++ {
			if !(keys[k+1].Time > keys[k].Time) {
				continue
			}
			a, b := rest.Mul(xform.EulerQuat(keys[k].Value)), rest.Mul(xform.EulerQuat(keys[k+1].Value))
			e := IrrlichtLerpError(a, b)
			if e == 0 {
				continue
			}
			if reach == nil {
				reach = Reaches(m)
			}
			if e *= reach[j]; e > limit {
				out = append(out, lerpInterval{j, k, e})
			}
		}
	}
	return out
}

// checkRotationLerp reports joints whose rotation keys Irrlicht blends with
// its un-normalised lerp far enough off to show.
func checkRotationLerp(m *model.Model, r Rule) []model.Finding {
	size := Size(m)
	var out []model.Finding
	ivs := lerpIntervals(m)
	for i := 0; i < len(ivs); {
		j, worst, n := ivs[i].joint, ivs[i], 0
		for ; i < len(ivs) && ivs[i].joint == j; i++ {
			n++
			if ivs[i].err > worst.err {
				worst = ivs[i]
			}
		}
		jt := m.Joints[j]
		out = append(out, finding(r.Code, model.At(model.PartJoint, j),
			fmt.Sprintf("Irrlicht shrinks joint %d (%s) between %s less than 36° apart: it blends them linearly without normalising, which moves the skin up to %.3g units (%.3g of the model's size), between the keys at %g s and %g s",
				j, quote(jt.Name), plural(n+1, "rotation key"), worst.err, worst.err/size, jt.RotationKeys[worst.key].Time, jt.RotationKeys[worst.key+1].Time),
			"add rotation keys between them, on the slerp"))
		if len(out) == maxListed {
			break
		}
	}
	return out
}

// fixRotationLerp adds rotation keys inside each interval lerpIntervals
// lists, evenly in time and on the slerp between its keys (so the model
// plays as before), until Irrlicht's blend of every part is within
// LerpTolerance of the model's size.
func fixRotationLerp(m *model.Model, r Rule) []fix.Change {
	ivs := lerpIntervals(m)
	if len(ivs) == 0 {
		return nil
	}
	limit := LerpTolerance * Size(m)
	reach := Reaches(m)
	added, joints := 0, 0
	for i := len(ivs) - 1; i >= 0; {
		j := ivs[i].joint
		jt := &m.Joints[j]
		rest := xform.EulerQuat(jt.Rotation)
		joints++
		// Intervals of one joint from the last, so that inserting keys does
		// not move the ones still to do.
		for ; i >= 0 && ivs[i].joint == j; i-- {
			k := ivs[i].key
			k0, k1 := jt.RotationKeys[k], jt.RotationKeys[k+1]
			q0, q1 := xform.EulerQuat(k0.Value), xform.EulerQuat(k1.Value)
			parts := int(math.Ceil(math.Sqrt(ivs[i].err / limit)))
			var insert []model.Key
			for ; parts < 1<<12; parts++ {
				insert = insert[:0]
				prev, ok := rest.Mul(q0), true
				for p := 1; p <= parts; p++ {
					var key model.Key
					var q xform.Quat
					if p == parts {
						q = q1
					} else {
						key.Time = k0.Time + (k1.Time-k0.Time)*float32(p)/float32(parts)
						u := float64(key.Time-k0.Time) / float64(k1.Time-k0.Time)
						q = xform.Slerp(q0, q1, u)
						key.Value = q.Euler()
						q = xform.EulerQuat(key.Value)
						insert = append(insert, key)
					}
					next := rest.Mul(q)
					if IrrlichtLerpError(prev, next)*reach[j] > limit {
						ok = false
						break
					}
					prev = next
				}
				if ok {
					break
				}
			}
			jt.RotationKeys = slices.Insert(jt.RotationKeys, k+1, insert...)
			added += len(insert)
		}
	}
	return []fix.Change{change(r.Code, model.At(model.PartJoint, -1),
		fmt.Sprintf("%s added to %s, on the slerp between their neighbours, where Irrlicht's linear blend would show (the animation plays as before)", plural(added, "rotation key"), plural(joints, "joint")))}
}
