package anim

import (
	"fmt"
	"math"
	"runtime"
	"sync"

	"github.com/go-gl/mathgl/mgl32"

	"ms3dstudio/model"
	"ms3dstudio/model/num"
	"ms3dstudio/model/xform"
)

// Skeleton is a model's joint tree with its rest pose and cleaned keyframes,
// ready to be posed at any time. It copies what it needs from the model, so
// later edits of the model do not show until Rebuild (or RebuildJoints) is
// called.
//
// Pose, SkinMatrices and the accessors only read the Skeleton: they are safe
// for concurrent use. Rebuild and RebuildJoints are not.
type Skeleton struct {
	parent []int32
	order  []int32
	names  []string

	restRot    []xform.Mat32 // local rest rotation, per joint
	restPos    [][3]float32  // local rest translation, per joint
	restGlobal []mgl32.Mat4  // G_rest
	invBind    []mgl32.Mat4  // G_rest⁻¹

	tracks []track
	// src is what each joint was built from, for RebuildJoints to tell
	// whether the tree or a rest value changed.
	src []jointSource
	// hierarchy holds the findings of model.Model.ResolveHierarchy.
	hierarchy []model.Finding
	// store holds the arrays Rebuild cuts the tracks' slices from: one
	// allocation per kind of array instead of one per joint.
	store track

	first, last float32
	hasKeys     bool
}

// track is one joint's cleaned keys. The rest transform is folded in: rotQ
// holds q_rest ⊗ q_key and posV holds p_rest + R_rest·t_key, the local
// rotation and translation themselves. Both maps commute with the
// interpolation (left-multiplying by a unit quaternion keeps angles, so
// slerp(q_r⊗a, q_r⊗b) = q_r⊗slerp(a, b); an affine map keeps linear blends),
// so nothing is lost. Each joint has its own slices so that one joint's keys
// can be derived again without touching the others'.
type track struct {
	rotT   []float32
	rotQ   []xform.Quat32 // each in the hemisphere of the key before it
	rotSeg []xform.Arc32  // segment k → k+1
	posT   []float32
	posV   [][3]float32
	// findings are the joint's own findings: a non-finite rest value and
	// the keys that were skipped or repeated.
	findings []model.Finding
}

// jointSource is the part of a model.Joint that the joint tree and the rest
// pose depend on, as the Skeleton last saw it. The rest values are kept as
// bits, so that a NaN compares equal to itself.
type jointSource struct {
	name, parent model.Str
	rot, pos     [3]uint32
}

func sourceOf(j *model.Joint) jointSource {
	src := jointSource{name: j.Name, parent: j.Parent}
	for c := 0; c < 3; c++ {
		src.rot[c] = math.Float32bits(j.Rotation[c])
		src.pos[c] = math.Float32bits(j.Position[c])
	}
	return src
}

// NewSkeleton builds the skeleton of m. The findings report what had to be
// repaired to make it playable (see the package documentation for the
// codes); the skeleton is usable whatever they say.
func NewSkeleton(m *model.Model) (*Skeleton, []model.Finding) {
	s := &Skeleton{}
	return s, s.Rebuild(m)
}

// Rebuild rebuilds s from m, reusing its memory. Call it after any edit of
// m's joints: names, parents, rest rotation or position, or keys. After an
// edit of the keys of a few joints, RebuildJoints is much cheaper.
func (s *Skeleton) Rebuild(m *model.Model) []model.Finding {
	n := len(m.Joints)
	h := m.ResolveHierarchy()
	s.hierarchy = h.Findings

	s.parent = resize(s.parent, n)
	s.order = s.order[:0]
	s.names = resize(s.names, n)
	s.restRot = resize(s.restRot, n)
	s.restPos = resize(s.restPos, n)
	s.restGlobal = resize(s.restGlobal, n)
	s.invBind = resize(s.invBind, n)
	s.src = resize(s.src, n)
	if cap(s.tracks) >= n {
		s.tracks = s.tracks[:n]
	} else {
		// Keep the old tracks' findings for the joints that remain.
		s.tracks = append(s.tracks[:cap(s.tracks)], make([]track, n-cap(s.tracks))...)
	}

	for _, j := range h.Order {
		s.order = append(s.order, int32(j))
	}
	nrot, npos := 0, 0
	for i := range m.Joints {
		j := &m.Joints[i]
		s.parent[i] = int32(h.Parent[i])
		s.names[i] = j.Name.Display()
		nrot += len(j.RotationKeys)
		npos += len(j.PositionKeys)
	}
	s.carve(m, nrot, npos)
	keys := nrot + npos
	// Joints are derived independently of each other, so a model with
	// many keys is split into runs of joints with about the same number of
	// keys, one per goroutine.
	parts := min(runtime.GOMAXPROCS(0), keys/buildKeysPerPart, n)
	if parts <= 1 {
		s.buildJoints(m, 0, n)
	} else {
		var wg sync.WaitGroup
		lo, done := 0, 0
		for p := 1; p <= parts; p++ {
			hi, goal := lo, keys*p/parts
			for hi < n && (done < goal || hi == lo) {
				done += len(m.Joints[hi].RotationKeys) + len(m.Joints[hi].PositionKeys)
				hi++
			}
			if p == parts {
				hi = n
			}
			if p < parts {
				from := lo
				wg.Go(func() { s.buildJoints(m, from, hi) })
			} else {
				s.buildJoints(m, lo, hi)
			}
			lo = hi
		}
		wg.Wait()
	}
	s.finish()
	return s.findings()
}

// carve gives each track empty slices cut from s.store, with room for the
// joint's keys and no more: a track that later needs more (RebuildJoints)
// gets slices of its own, and never writes over its neighbours'.
func (s *Skeleton) carve(m *model.Model, nrot, npos int) {
	st := &s.store
	st.rotT = resize(st.rotT, nrot)
	st.rotQ = resize(st.rotQ, nrot)
	st.rotSeg = resize(st.rotSeg, nrot)
	st.posT = resize(st.posT, npos)
	st.posV = resize(st.posV, npos)
	r, p := 0, 0
	for i := range m.Joints {
		t := &s.tracks[i]
		nr, np := r+len(m.Joints[i].RotationKeys), p+len(m.Joints[i].PositionKeys)
		t.rotT, t.rotQ, t.rotSeg = st.rotT[r:r:nr], st.rotQ[r:r:nr], st.rotSeg[r:r:nr]
		t.posT, t.posV = st.posT[p:p:np], st.posV[p:p:np]
		r, p = nr, np
	}
}

// buildKeysPerPart is about the fewest keys worth a goroutine of Rebuild:
// deriving a key costs some 100 ns, starting a goroutine a microsecond.
var buildKeysPerPart = 4096

// buildJoints derives joints lo to hi−1.
func (s *Skeleton) buildJoints(m *model.Model, lo, hi int) {
	for i := lo; i < hi; i++ {
		s.buildJoint(i, &m.Joints[i])
	}
}

// RebuildJoints brings s up to date with m after an edit of the keys of the
// given joints (indices into m.Joints), re-deriving only those joints'
// tracks: its cost grows with their keys and the number of joints, not with
// every key of the model. Joints whose rest rotation or position changed are
// found and re-derived whether or not they are listed. When m's joint
// count, names or parent names differ from those s was built from, or an
// index is out of range, it does a full Rebuild. Either way s ends exactly
// as Rebuild(m) would leave it, and the findings are those Rebuild would
// return — provided that no joint other than the listed ones had its keys
// changed.
func (s *Skeleton) RebuildJoints(m *model.Model, joints ...int) []model.Finding {
	if !s.sameTree(m) {
		return s.Rebuild(m)
	}
	for _, i := range joints {
		if i < 0 || i >= len(m.Joints) {
			return s.Rebuild(m)
		}
	}
	for _, i := range joints {
		s.buildJoint(i, &m.Joints[i])
	}
	for i := range m.Joints {
		if j := &m.Joints[i]; sourceOf(j) != s.src[i] {
			s.buildJoint(i, j)
		}
	}
	s.finish()
	return s.findings()
}

// sameTree reports whether m has the joints, names and parent names s was
// built from: then the hierarchy, the evaluation order and the names are
// unchanged.
func (s *Skeleton) sameTree(m *model.Model) bool {
	if len(m.Joints) != len(s.src) {
		return false
	}
	for i := range m.Joints {
		if j := &m.Joints[i]; j.Name != s.src[i].name || j.Parent != s.src[i].parent {
			return false
		}
	}
	return true
}

// buildJoint derives joint i's rest values, track and findings from j;
// s.names[i] must be set.
func (s *Skeleton) buildJoint(i int, j *model.Joint) {
	s.src[i] = sourceOf(j)
	t := &s.tracks[i]
	t.findings = t.findings[:0]
	rot, pos := j.Rotation, j.Position
	if !num.Finite3(rot) || !num.Finite3(pos) {
		rot, pos = num.Or0x3(rot), num.Or0x3(pos)
		t.findings = append(t.findings, model.Finding{Code: model.CodeJointNonFinite, Severity: model.Error, Where: model.At(model.PartJoint, i),
			Message: fmt.Sprintf("joint %q has a non-finite rest rotation or position; those components are taken as 0", s.names[i]),
			Fix:     "set the non-finite components to 0"})
	}
	s.restRot[i] = xform.EulerMat(rot).F32()
	s.restPos[i] = pos
	// Each key's rotation is the product, in float64, of the float32 forms
	// of the rest and key quaternions (the form every rotation is kept in).
	restQ := xform.EulerQuat(rot).F32().F64()

	var st keyStats
	t.rotT = resize(t.rotT, len(j.RotationKeys))[:0]
	t.rotQ = resize(t.rotQ, len(j.RotationKeys))[:0]
	t.rotSeg = resize(t.rotSeg, len(j.RotationKeys))[:0]
	for _, k := range j.RotationKeys {
		if st.accept(k, t.rotT) {
			t.addRotKey(k.Time, restQ.Mul(xform.EulerQuat(k.Value).F32().F64()).F32())
		}
	}
	rotStats := st
	st = keyStats{}
	t.posT = resize(t.posT, len(j.PositionKeys))[:0]
	t.posV = resize(t.posV, len(j.PositionKeys))[:0]
	for _, k := range j.PositionKeys {
		if st.accept(k, t.posT) {
			d := s.restRot[i].Apply(k.Value)
			t.posT = append(t.posT, k.Time)
			t.posV = append(t.posV, [3]float32{pos[0] + d[0], pos[1] + d[1], pos[2] + d[2]})
		}
	}
	t.findings = appendKeyFindings(t.findings, i, s.names[i], rotStats, st)
}

// finish derives what depends on every joint: the key range, the rest pose
// and the inverse bind matrices.
func (s *Skeleton) finish() {
	s.first, s.last, s.hasKeys = 0, 0, false
	for i := range s.tracks {
		s.noteRange(s.tracks[i].rotT)
		s.noteRange(s.tracks[i].posT)
	}
	// The rest pose goes through the same code as Pose, so a keyless
	// skeleton poses to exactly its rest matrices.
	s.pose(0, s.restGlobal, true)
	for i := range s.invBind {
		s.invBind[i] = rigidInverse(&s.restGlobal[i])
	}
}

// findings returns a new slice of the hierarchy's findings followed by each
// joint's, in joint order; nil when there are none.
func (s *Skeleton) findings() []model.Finding {
	n := len(s.hierarchy)
	for i := range s.tracks {
		n += len(s.tracks[i].findings)
	}
	if n == 0 {
		return nil
	}
	fs := make([]model.Finding, 0, n)
	fs = append(fs, s.hierarchy...)
	for i := range s.tracks {
		fs = append(fs, s.tracks[i].findings...)
	}
	return fs
}

// keyStats counts the keys of one track that were rejected or repeated.
type keyStats struct {
	nan, order, repeat int
}

// accept decides whether key k follows the kept keys times: keys with a
// non-finite time or value and keys earlier than the last kept key are
// rejected; a key at the same time as the last kept key is kept (it makes a
// step) and counted.
func (st *keyStats) accept(k model.Key, times []float32) bool {
	if !num.Finite(k.Time) || !num.Finite3(k.Value) {
		st.nan++
		return false
	}
	if n := len(times); n > 0 {
		switch {
		case k.Time < times[n-1]:
			st.order++
			return false
		case k.Time == times[n-1]:
			st.repeat++
		}
	}
	return true
}

// appendKeyFindings appends one finding per problem kind for joint i to fs.
func appendKeyFindings(fs []model.Finding, i int, name string, rot, pos keyStats) []model.Finding {
	at := model.At(model.PartJoint, i)
	if n := rot.nan + pos.nan; n > 0 {
		fs = append(fs, model.Finding{Code: model.CodeKeyNonFinite, Severity: model.Error, Where: at,
			Message: fmt.Sprintf("joint %q has %d rotation and %d position keys with a non-finite time or value; they are skipped", name, rot.nan, pos.nan),
			Fix:     "delete those keys"})
	}
	if n := rot.order + pos.order; n > 0 {
		fs = append(fs, model.Finding{Code: model.CodeKeyOrder, Severity: model.Error, Where: at,
			Message: fmt.Sprintf("joint %q has %d rotation and %d position keys earlier than the key before them; they are skipped", name, rot.order, pos.order),
			Fix:     "delete those keys"})
	}
	if n := rot.repeat + pos.repeat; n > 0 {
		fs = append(fs, model.Finding{Code: model.CodeKeyOrder, Severity: model.Warning, Where: at,
			Message: fmt.Sprintf("joint %q has %d rotation and %d position keys at the same time as the key before them; the pose jumps there", name, rot.repeat, pos.repeat),
			Fix:     "delete the earlier of each pair"})
	}
	return fs
}

// addRotKey appends the local rotation q at time t, keeping consecutive
// quaternions in the same hemisphere so that every segment is slerped along
// the shortest arc.
func (t *track) addRotKey(at float32, q xform.Quat32) {
	if n := len(t.rotQ); n > 0 {
		q, t.rotSeg[n-1] = xform.ShortArc(t.rotQ[n-1], q)
	}
	t.rotT = append(t.rotT, at)
	t.rotQ = append(t.rotQ, q)
	t.rotSeg = append(t.rotSeg, xform.Arc32{})
}

func (s *Skeleton) noteRange(times []float32) {
	if len(times) == 0 {
		return
	}
	if !s.hasKeys {
		s.first, s.last, s.hasKeys = times[0], times[len(times)-1], true
		return
	}
	s.first = min(s.first, times[0])
	s.last = max(s.last, times[len(times)-1])
}

// Len returns the number of joints.
func (s *Skeleton) Len() int { return len(s.parent) }

// Parent returns the index of joint i's parent, or −1 for a root (including
// joints whose parent could not be resolved).
func (s *Skeleton) Parent(i int) int { return int(s.parent[i]) }

// Name returns joint i's name for display (see model.Str.Display).
func (s *Skeleton) Name(i int) string { return s.names[i] }

// Order returns the joint indices in evaluation order: parents before
// children.
func (s *Skeleton) Order() []int {
	o := make([]int, len(s.order))
	for k, j := range s.order {
		o[k] = int(j)
	}
	return o
}

// KeyRange returns the times of the earliest and latest playable keys of any
// joint; ok is false when the skeleton has no keys.
func (s *Skeleton) KeyRange() (first, last float32, ok bool) {
	return s.first, s.last, s.hasKeys
}

// KeyCounts returns how many playable rotation and position keys joint i
// has after cleaning.
func (s *Skeleton) KeyCounts(i int) (rot, pos int) {
	return len(s.tracks[i].rotT), len(s.tracks[i].posT)
}

// RestPose copies the rest global matrices G_rest into global, which must
// hold at least Len matrices.
func (s *Skeleton) RestPose(global []mgl32.Mat4) {
	s.check("RestPose", "global", len(global))
	copy(global, s.restGlobal)
}

// InverseBind returns G_rest⁻¹ of joint i, the inverse bind matrix of
// glTF-style skinning.
func (s *Skeleton) InverseBind(i int) mgl32.Mat4 { return s.invBind[i] }

// Pose writes the global matrix of every joint at time t (seconds) into
// global, indexed by joint, which must hold at least Len matrices. A NaN
// time holds the first keys. Pose allocates nothing.
func (s *Skeleton) Pose(t float32, global []mgl32.Mat4) {
	s.check("Pose", "global", len(global))
	s.pose(t, global, false)
}

// Local returns joint i's local matrix at time t (seconds): its rest
// transform followed by its keys, L(t) = L_rest · [R(keyRotation(t)) |
// keyPosition(t)], the matrix Pose multiplies with the parent's global
// matrix (the global matrix itself for a root). It is what Pose computes
// for the joint, without posing the joints above it. A NaN time holds the
// first keys.
func (s *Skeleton) Local(i int, t float32) mgl32.Mat4 {
	var m [1]mgl32.Mat4
	s.Locals(i, []float32{t}, m[:])
	return m[0]
}

// Locals writes joint i's local matrix (see Local) at each of times into
// dst, which must be at least as long. Times in increasing order are
// fastest: each key is then found from the one before. Locals allocates
// nothing.
func (s *Skeleton) Locals(i int, times []float32, dst []mgl32.Mat4) {
	if len(dst) < len(times) {
		panic(fmt.Sprintf("anim: Skeleton.Locals: dst holds %d matrices for %d times", len(dst), len(times)))
	}
	tr := &s.tracks[i]
	r0 := &s.restRot[i]
	p0 := s.restPos[i]
	var rk, pk int // the keys found for the time before
	for n, t := range times {
		r, p := r0, p0
		var keyed xform.Mat32
		if len(tr.rotT) > 0 {
			var q xform.Quat32
			q, rk = tr.rotFrom(t, rk)
			keyed = q.Mat()
			r = &keyed
		}
		if len(tr.posT) > 0 {
			p, pk = tr.posFrom(t, pk)
		}
		dst[n] = mgl32.Mat4{
			r[0], r[3], r[6], 0,
			r[1], r[4], r[7], 0,
			r[2], r[5], r[8], 0,
			p[0], p[1], p[2], 1,
		}
	}
}

// SkinMatrices writes the skinning matrix G_anim·G_rest⁻¹ of every joint
// into skin, given the global matrices from Pose. Both must hold at least
// Len matrices; they may be the same slice.
func (s *Skeleton) SkinMatrices(global, skin []mgl32.Mat4) {
	s.check("SkinMatrices", "global", len(global))
	s.check("SkinMatrices", "skin", len(skin))
	for i := range s.invBind {
		skin[i] = mulAffine(&global[i], &s.invBind[i])
	}
}

func (s *Skeleton) check(fn, what string, n int) {
	if n < len(s.parent) {
		panic(fmt.Sprintf("anim: Skeleton.%s: %s holds %d matrices, the skeleton has %d joints", fn, what, n, len(s.parent)))
	}
}

// pose evaluates every joint at time t, at rest when rest is set.
func (s *Skeleton) pose(t float32, global []mgl32.Mat4, rest bool) {
	for _, j := range s.order {
		r := &s.restRot[j]
		p := s.restPos[j]
		tr := &s.tracks[j]
		var keyed xform.Mat32
		if !rest && len(tr.rotT) > 0 {
			keyed = tr.rotAt(t).Mat()
			r = &keyed
		}
		if !rest && len(tr.posT) > 0 {
			p = tr.posAt(t)
		}
		g := &global[j]
		if pi := s.parent[j]; pi >= 0 {
			composeParent(g, &global[pi], r, p)
		} else {
			*g = mgl32.Mat4{
				r[0], r[3], r[6], 0,
				r[1], r[4], r[7], 0,
				r[2], r[5], r[8], 0,
				p[0], p[1], p[2], 1,
			}
		}
	}
}

// composeParent writes g = parent · [r | p]; parent is rigid (last row
// 0 0 0 1).
func composeParent(g, parent *mgl32.Mat4, r *xform.Mat32, p [3]float32) {
	// parent is column-major: element (row i, column c) is parent[4c+i].
	for i := 0; i < 3; i++ {
		a0, a1, a2 := parent[i], parent[4+i], parent[8+i]
		g[i] = a0*r[0] + a1*r[3] + a2*r[6]
		g[4+i] = a0*r[1] + a1*r[4] + a2*r[7]
		g[8+i] = a0*r[2] + a1*r[5] + a2*r[8]
		g[12+i] = a0*p[0] + a1*p[1] + a2*p[2] + parent[12+i]
	}
	g[3], g[7], g[11], g[15] = 0, 0, 0, 1
}

// mulAffine returns a·b for matrices whose last row is 0 0 0 1.
func mulAffine(a, b *mgl32.Mat4) mgl32.Mat4 {
	var g mgl32.Mat4
	for i := 0; i < 3; i++ {
		a0, a1, a2 := a[i], a[4+i], a[8+i]
		for c := 0; c < 4; c++ {
			g[4*c+i] = a0*b[4*c] + a1*b[4*c+1] + a2*b[4*c+2]
		}
		g[12+i] += a[12+i]
	}
	g[15] = 1
	return g
}

// rigidInverse inverts a rotation-plus-translation matrix in float64:
// [R | t]⁻¹ = [Rᵀ | −Rᵀt].
func rigidInverse(m *mgl32.Mat4) mgl32.Mat4 {
	var inv mgl32.Mat4
	for i := 0; i < 3; i++ {
		var t float64
		for c := 0; c < 3; c++ {
			// Row i of Rᵀ is column i of R.
			inv[4*c+i] = m[4*i+c]
			t -= float64(m[4*i+c]) * float64(m[12+c])
		}
		inv[12+i] = float32(t)
	}
	inv[15] = 1
	return inv
}

// rotAt evaluates the rotation keys at t.
func (tr *track) rotAt(t float32) xform.Quat32 {
	return tr.rotKey(seek(tr.rotT, t))
}

// rotFrom evaluates the rotation keys at t, looking for its key from key
// hint on (see seekFrom), and returns the key found.
func (tr *track) rotFrom(t float32, hint int) (xform.Quat32, int) {
	k, u := seekFrom(tr.rotT, t, hint)
	return tr.rotKey(k, u), k
}

// rotKey returns the rotation blended from key k towards key k+1 by u.
func (tr *track) rotKey(k int, u float32) xform.Quat32 {
	if u == 0 {
		return tr.rotQ[k]
	}
	return tr.rotSeg[k].Slerp(tr.rotQ[k], tr.rotQ[k+1], u)
}

// posAt evaluates the position keys at t.
func (tr *track) posAt(t float32) [3]float32 {
	return tr.posKey(seek(tr.posT, t))
}

// posFrom is rotFrom for the position keys.
func (tr *track) posFrom(t float32, hint int) ([3]float32, int) {
	k, u := seekFrom(tr.posT, t, hint)
	return tr.posKey(k, u), k
}

// posKey returns the position blended from key k towards key k+1 by u.
func (tr *track) posKey(k int, u float32) [3]float32 {
	a := tr.posV[k]
	if u == 0 {
		return a
	}
	b := tr.posV[k+1]
	return [3]float32{a[0] + u*(b[0]-a[0]), a[1] + u*(b[1]-a[1]), a[2] + u*(b[2]-a[2])}
}

// seek finds the key segment of non-decreasing times ts (at least one) that
// holds t: it returns k and u ∈ [0, 1) such that the value is key k blended
// towards key k+1 by u; k is the latest key at or before t. Outside the key
// range, and for a NaN t, u is 0 and k the nearest end key.
func seek(ts []float32, t float32) (k int, u float32) {
	n := len(ts)
	if !(t >= ts[0]) {
		return 0, 0
	}
	if t >= ts[n-1] {
		return n - 1, 0
	}
	// Invariant: ts[lo] <= t < ts[hi], so ts[lo] < ts[lo+1] at the end.
	lo, hi := 0, n-1
	for hi-lo > 1 {
		mid := int(uint(lo+hi) >> 1)
		if ts[mid] <= t {
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo, (t - ts[lo]) / (ts[lo+1] - ts[lo])
}

// seekFrom is seek, looking first at the few keys from key hint on: when
// times come in increasing order, the key of each is at or just after the
// key of the one before. The result is seek's whatever hint is.
func seekFrom(ts []float32, t float32, hint int) (k int, u float32) {
	n := len(ts)
	if hint < 0 || hint >= n-1 || !(t >= ts[hint]) {
		return seek(ts, t)
	}
	// ts[hint] <= t: the key is the last one at or before t, from hint on.
	for k = hint; k < hint+4; k++ {
		if k == n-1 {
			return k, 0
		}
		if t < ts[k+1] {
			return k, (t - ts[k]) / (ts[k+1] - ts[k])
		}
	}
	return seek(ts, t)
}

// resize returns s with length n, reusing its array when it is big enough.
// The elements are not cleared.
func resize[T any](s []T, n int) []T {
	if cap(s) >= n {
		return s[:n]
	}
	return make([]T, n)
}
