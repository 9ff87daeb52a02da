package anim

import (
	"math"
	"math/rand/v2"
	"reflect"
	"runtime"
	"slices"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"ms3dstudio/model"
	"ms3dstudio/model/xform"
)

// editKeys changes joint j's keys at random the ways an editor does:
// replacing a value, inserting and deleting keys, and now and then a key
// the player must skip or repeat. Lists are never grown in place: decoded
// models share one backing array between joints.
func editKeys(r *rand.Rand, j *model.Joint) {
	f := func(s float32) float32 { return (r.Float32()*2 - 1) * s }
	for _, keys := range []*[]model.Key{&j.RotationKeys, &j.PositionKeys} {
		ks := slices.Clip(*keys)
		switch op := r.IntN(8); {
		case op < 3 && len(ks) > 0: // replace a value
			ks = slices.Clone(ks)
			ks[r.IntN(len(ks))].Value = [3]float32{f(2), f(2), f(2)}
		case op < 5: // insert a key in time order
			t := f(3) + 3
			i, _ := slices.BinarySearchFunc(ks, t, func(k model.Key, t float32) int {
				return model.CompareTimes(k.Time, t)
			})
			ks = slices.Insert(ks, i, model.Key{Time: t, Value: [3]float32{f(1), f(1), f(1)}})
		case op < 6 && len(ks) > 0: // delete a key
			i := r.IntN(len(ks))
			ks = slices.Delete(slices.Clone(ks), i, i+1)
		case op < 7 && len(ks) > 0: // a key the player skips or repeats
			bad := ks[r.IntN(len(ks))]
			switch r.IntN(3) {
			case 0:
				bad.Value[r.IntN(3)] = float32(math.NaN())
			case 1:
				bad.Time -= 0.5 // earlier than the key before it
			}
			ks = slices.Insert(ks, r.IntN(len(ks)+1), bad)
		default: // no keys of this kind at all, or unchanged
			if r.IntN(2) == 0 {
				ks = nil
			}
		}
		*keys = ks
	}
}

// sameSkeleton fails t unless a and b pose, skin and report exactly alike
// (bit for bit) at the given times and at the keys' own times.
func sameSkeleton(t *testing.T, a, b *Skeleton, times []float32) {
	t.Helper()
	if a.Len() != b.Len() || !slices.Equal(a.Order(), b.Order()) {
		t.Fatalf("trees differ: %d joints in order %v, want %d in %v", a.Len(), a.Order(), b.Len(), b.Order())
	}
	n := a.Len()
	for i := 0; i < n; i++ {
		ra, pa := a.KeyCounts(i)
		rb, pb := b.KeyCounts(i)
		if ra != rb || pa != pb || a.Parent(i) != b.Parent(i) || a.Name(i) != b.Name(i) {
			t.Fatalf("joint %d: %d/%d keys, parent %d, name %q; want %d/%d, %d, %q", i, ra, pa, a.Parent(i), a.Name(i), rb, pb, b.Parent(i), b.Name(i))
		}
		ta, tb := &a.tracks[i], &b.tracks[i]
		if !slices.Equal(ta.rotT, tb.rotT) || !slices.Equal(ta.rotQ, tb.rotQ) || !slices.Equal(ta.rotSeg, tb.rotSeg) ||
			!slices.Equal(ta.posT, tb.posT) || !slices.Equal(ta.posV, tb.posV) {
			t.Fatalf("joint %d: tracks differ", i)
		}
		if !sameBits(a.InverseBind(i), b.InverseBind(i)) {
			t.Fatalf("joint %d: inverse bind %v, want %v", i, a.InverseBind(i), b.InverseBind(i))
		}
	}
	fa, la, oka := a.KeyRange()
	fb, lb, okb := b.KeyRange()
	if fa != fb || la != lb || oka != okb {
		t.Fatalf("KeyRange = %v, %v, %v; want %v, %v, %v", fa, la, oka, fb, lb, okb)
	}
	ga, gb := make([]mgl32.Mat4, n), make([]mgl32.Mat4, n)
	a.RestPose(ga)
	b.RestPose(gb)
	if i := firstDiff(ga, gb); i >= 0 {
		t.Fatalf("rest pose of joint %d: %v, want %v", i, ga[i], gb[i])
	}
	// The keys' own times, and the times between them, of up to 64 keys
	// a track.
	for i := range b.tracks {
		for _, ts := range [][]float32{b.tracks[i].rotT, b.tracks[i].posT} {
			step := max(1, len(ts)/64)
			for k := 0; k < len(ts); k += step {
				times = append(times, ts[k])
				if k+1 < len(ts) {
					times = append(times, (ts[k]+ts[k+1])/2)
				}
			}
		}
	}
	for _, tm := range times {
		a.Pose(tm, ga)
		b.Pose(tm, gb)
		if i := firstDiff(ga, gb); i >= 0 {
			t.Fatalf("pose at %v, joint %d: %v, want %v", tm, i, ga[i], gb[i])
		}
		a.SkinMatrices(ga, ga)
		b.SkinMatrices(gb, gb)
		if i := firstDiff(ga, gb); i >= 0 {
			t.Fatalf("skinning matrix at %v, joint %d: %v, want %v", tm, i, ga[i], gb[i])
		}
	}
}

func sameBits(a, b mgl32.Mat4) bool {
	for i := range a {
		if math.Float32bits(a[i]) != math.Float32bits(b[i]) {
			return false
		}
	}
	return true
}

func firstDiff(a, b []mgl32.Mat4) int {
	for i := range a {
		if !sameBits(a[i], b[i]) {
			return i
		}
	}
	return -1
}

func sampleTimes(r *rand.Rand, n int) []float32 {
	ts := []float32{float32(math.NaN()), -1, 0, 1e9}
	for range n {
		ts = append(ts, r.Float32()*7-0.5)
	}
	return ts
}

// checkRebuildJoints edits m at random for rounds rounds, bringing one
// skeleton up to date with RebuildJoints and comparing it with a skeleton
// built from scratch each time.
func checkRebuildJoints(t *testing.T, m *model.Model, seed uint64, rounds int) {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 12))
	sk, _ := NewSkeleton(m)
	for round := range rounds {
		var edited []int
		for range 1 + r.IntN(3) {
			j := r.IntN(len(m.Joints))
			editKeys(r, &m.Joints[j])
			edited = append(edited, j)
		}
		if r.IntN(4) == 0 {
			// A rest edit on another joint, which RebuildJoints must find
			// by itself.
			j := r.IntN(len(m.Joints))
			m.Joints[j].Rotation[r.IntN(3)] += 0.25
			if r.IntN(8) == 0 {
				m.Joints[j].Position[r.IntN(3)] = float32(math.Inf(1))
			}
		}
		got := sk.RebuildJoints(m, edited...)
		want, wantFs := NewSkeleton(m)
		if !reflect.DeepEqual(got, wantFs) {
			t.Fatalf("round %d: findings\n%v\nwant\n%v", round, got, wantFs)
		}
		sameSkeleton(t, sk, want, sampleTimes(r, 16))
		if t.Failed() {
			return
		}
	}
}

func TestRebuildJointsEqualsRebuild(t *testing.T) {
	for seed := range uint64(4) {
		checkRebuildJoints(t, mixedModel(40, 12, 6), seed, 60)
	}
	// A model whose parents come after their children, with a cycle.
	m := twoJoints()
	m.Joints = append(m.Joints, model.Joint{Name: "a", Parent: "b"}, model.Joint{Name: "b", Parent: "a"})
	checkRebuildJoints(t, m, 9, 40)
}

// TestRebuildJointsFallsBack changes what the joint tree depends on: the
// joint count, a name, a parent name. RebuildJoints must notice and rebuild
// everything, whatever joints it is told about.
func TestRebuildJointsFallsBack(t *testing.T) {
	for _, tc := range []struct {
		name string
		edit func(m *model.Model)
	}{
		{"joint added", func(m *model.Model) { m.Joints = append(m.Joints, model.Joint{Name: "extra", Parent: "joint3"}) }},
		{"joint removed", func(m *model.Model) { m.Joints = m.Joints[:len(m.Joints)-1] }},
		{"joints swapped", func(m *model.Model) { m.Joints[1], m.Joints[2] = m.Joints[2], m.Joints[1] }},
		{"renamed", func(m *model.Model) { m.Joints[2].Name = "renamed" }},
		{"reparented", func(m *model.Model) { m.Joints[5].Parent = "joint1" }},
		{"parent lost", func(m *model.Model) { m.Joints[5].Parent = "nobody" }},
		{"index out of range", func(m *model.Model) {}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := mixedModel(40, 8, 5)
			sk, _ := NewSkeleton(m)
			tc.edit(m)
			got := sk.RebuildJoints(m, 0, len(m.Joints))
			want, wantFs := NewSkeleton(m)
			if !reflect.DeepEqual(got, wantFs) {
				t.Fatalf("findings\n%v\nwant\n%v", got, wantFs)
			}
			sameSkeleton(t, sk, want, sampleTimes(rand.New(rand.NewPCG(1, 2)), 16))
		})
	}
}

// TestRebuildJointsNoJoints: an empty list, or no joints at all, leaves the
// skeleton as it was.
func TestRebuildJointsNoJoints(t *testing.T) {
	m := twoJoints()
	sk, _ := NewSkeleton(m)
	if fs := sk.RebuildJoints(m); fs != nil {
		t.Errorf("findings %v", fs)
	}
	want, _ := NewSkeleton(m)
	sameSkeleton(t, sk, want, []float32{0, 1, 2, 3})
	empty := &model.Model{}
	sk.RebuildJoints(empty)
	if sk.Len() != 0 {
		t.Errorf("Len = %d after rebuilding an empty model", sk.Len())
	}
}

func TestRebuildJointsAllocatesLittle(t *testing.T) {
	m := mixedModel(40, 16, 200)
	sk, _ := NewSkeleton(m)
	m.Joints[3].RotationKeys[7].Value[0] += 0.5
	if n := testing.AllocsPerRun(50, func() { sk.RebuildJoints(m, 3) }); n != 0 {
		t.Errorf("RebuildJoints of a joint with clean keys allocates %v times", n)
	}
}

// TestCorpusRebuildJoints edits the keys of every corpus skeleton at random
// and checks RebuildJoints against a skeleton built from scratch.
func TestCorpusRebuildJoints(t *testing.T) {
	for n, c := range corpusSkeletons(t, false) {
		t.Run(c.e.String(), func(t *testing.T) {
			checkRebuildJoints(t, c.m, uint64(n), 8)
		})
	}
}

// TestLocal checks Local against Pose: a root's local matrix is its global
// matrix, and a child's global matrix is its parent's times its local one,
// bit for bit.
func TestLocal(t *testing.T) {
	m := mixedModel(10, 24, 9)
	m.Joints[5].RotationKeys = nil
	m.Joints[6].PositionKeys = nil
	m.Joints[7].RotationKeys, m.Joints[7].PositionKeys = nil, nil
	sk, _ := NewSkeleton(m)
	g := make([]mgl32.Mat4, sk.Len())
	for _, tm := range sampleTimes(rand.New(rand.NewPCG(3, 4)), 32) {
		sk.Pose(tm, g)
		for j := range g {
			l := sk.Local(j, tm)
			want := l
			if p := sk.Parent(j); p >= 0 {
				r := xform.Mat32{l[0], l[4], l[8], l[1], l[5], l[9], l[2], l[6], l[10]}
				composeParent(&want, &g[p], &r, [3]float32{l[12], l[13], l[14]})
			}
			if !sameBits(want, g[j]) {
				t.Fatalf("joint %d at %v: parent · Local = %v, Pose gives %v", j, tm, want, g[j])
			}
		}
	}
}

// TestRebuildParallel builds skeletons split across goroutines and checks
// them against one built in a single run, bad keys included.
func TestRebuildParallel(t *testing.T) {
	defer func(k int) { buildKeysPerPart = k }(buildKeysPerPart)
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(5))
	r := rand.New(rand.NewPCG(5, 6))
	for _, nj := range []int{1, 2, 3, 7, 40} {
		m := mixedModel(10, nj, 30)
		for j := range m.Joints {
			if r.IntN(3) == 0 {
				editKeys(r, &m.Joints[j])
			}
		}
		buildKeysPerPart = 1 << 30
		want, wantFs := NewSkeleton(m)
		for _, per := range []int{1, 7, 50} {
			buildKeysPerPart = per
			got, fs := NewSkeleton(m)
			if !reflect.DeepEqual(fs, wantFs) {
				t.Fatalf("%d joints, %d keys a part: findings\n%v\nwant\n%v", nj, per, fs, wantFs)
			}
			sameSkeleton(t, got, want, sampleTimes(r, 8))
			// Rebuilding reuses the tracks whichever part built them.
			got.Rebuild(mixedModel(10, nj+1, 3))
			got.Rebuild(m)
			sameSkeleton(t, got, want, sampleTimes(r, 8))
		}
	}
}

// localBySeek is Local computed as pose does, each key found by binary
// search.
func localBySeek(sk *Skeleton, j int, t float32) mgl32.Mat4 {
	tr := &sk.tracks[j]
	r, p := sk.restRot[j], sk.restPos[j]
	if len(tr.rotT) > 0 {
		r = tr.rotAt(t).Mat()
	}
	if len(tr.posT) > 0 {
		p = tr.posAt(t)
	}
	return mgl32.Mat4{r[0], r[3], r[6], 0, r[1], r[4], r[7], 0, r[2], r[5], r[8], 0, p[0], p[1], p[2], 1}
}

// TestLocals checks Locals and Local against localBySeek for times in order, out of order,
// repeated, NaN and outside the keys, and that neither allocates.
func TestLocals(t *testing.T) {
	m := mixedModel(10, 12, 40)
	r := rand.New(rand.NewPCG(7, 8))
	for j := range m.Joints {
		if r.IntN(3) == 0 {
			editKeys(r, &m.Joints[j])
		}
	}
	sk, _ := NewSkeleton(m)
	var times []float32
	for f := -3; f < 200; f++ {
		times = append(times, float32(f)/30)
		if f%17 == 0 {
			times = append(times, float32(f)/30, float32(math.NaN()), float32(f)/60)
		}
	}
	for j := range m.Joints {
		times = append(times, sk.tracks[j].rotT...)
	}
	dst := make([]mgl32.Mat4, len(times))
	for j := range m.Joints {
		sk.Locals(j, times, dst)
		for n, tm := range times {
			if want := localBySeek(sk, j, tm); !sameBits(dst[n], want) || !sameBits(sk.Local(j, tm), want) {
				t.Fatalf("joint %d, time %v (%d): Locals gives %v, Local %v, want %v", j, tm, n, dst[n], sk.Local(j, tm), want)
			}
		}
	}
	if n := testing.AllocsPerRun(20, func() { sk.Locals(3, times, dst); _ = sk.Local(4, 0.5) }); n != 0 {
		t.Errorf("Locals and Local allocate %v times", n)
	}
}
