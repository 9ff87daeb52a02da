package gltf

import (
	"encoding/binary"
	"fmt"
	"math"
	"slices"

	"github.com/go-gl/mathgl/mgl32"
	qgltf "github.com/qmuntal/gltf"
	"github.com/qmuntal/gltf/modeler"

	"ms3dstudio/model"
	"ms3dstudio/model/anim"
	"ms3dstudio/model/num"
)

// skeleton builds the joint nodes in their rest pose under one root node.
func (b *builder) skeleton() {
	if len(b.m.Joints) == 0 {
		return
	}
	skel, findings := anim.NewSkeleton(b.m)
	b.findings = append(b.findings, findings...)
	b.skel = skel
	n := skel.Len()
	rest := make([]mgl32.Mat4, n)
	skel.RestPose(rest)

	b.rootNode = b.addNode(&qgltf.Node{Name: "Skeleton"})
	b.addRoot(b.rootNode)
	names := newUniqueNames()
	b.jointNode = make([]int, n)
	for i := range n {
		b.jointNode[i] = b.addNode(&qgltf.Node{Name: names.take(skel.Name(i), fmt.Sprintf("joint%d", i))})
	}
	for i := range n {
		node := b.doc.Nodes[b.jointNode[i]]
		t, q := b.local(rest, i)
		node.Translation = [3]float64{float64(t[0]), float64(t[1]), float64(t[2])}
		node.Rotation = [4]float64{float64(q[0]), float64(q[1]), float64(q[2]), float64(q[3])}
		parent := b.rootNode
		if p := skel.Parent(i); p >= 0 {
			parent = b.jointNode[p]
		}
		b.doc.Nodes[parent].Children = append(b.doc.Nodes[parent].Children, b.jointNode[i])
	}
}

// local returns joint i's local translation and rotation (x, y, z, w) from
// the global matrices of a pose. Values that are not finite (a pose that
// overflowed float32) become the identity, which the validator accepts.
func (b *builder) local(global []mgl32.Mat4, i int) ([3]float32, [4]float32) {
	var parent *mgl32.Mat4
	if p := b.skel.Parent(i); p >= 0 {
		parent = &global[p]
	}
	t, q := localTR(parent, &global[i])
	if !num.Finite3(t) {
		t = [3]float32{}
	}
	if !num.AllFinite(q[:]...) {
		q = [4]float32{0, 0, 0, 1}
	}
	return t, q
}

// writeSkin adds the skin of the joint nodes (and the root node when
// withRoot is set) and returns its index.
func (b *builder) writeSkin(withRoot bool) int {
	n := b.skel.Len()
	joints := slices.Clone(b.jointNode)
	ibm := make([][4][4]float32, n, n+1)
	for i := range n {
		// qmuntal/gltf's matrices are [row][column]; mgl32's are
		// column-major.
		m := b.skel.InverseBind(i)
		for r := range 4 {
			ibm[i][r] = [4]float32{m[r], m[4+r], m[8+r], m[12+r]}
		}
	}
	if withRoot {
		joints = append(joints, b.rootNode)
		ibm = append(ibm, [4][4]float32{{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1}})
	}
	// The validator rejects inverse bind matrices in a buffer view with a
	// vertex-attribute target, which modeler.WriteInverseBindMatrices sets.
	acc := modeler.WriteAccessor(b.doc, qgltf.TargetNone, ibm)
	b.doc.Skins = append(b.doc.Skins, &qgltf.Skin{
		Name:                "Armature",
		InverseBindMatrices: qgltf.Index(acc),
		Skeleton:            qgltf.Index(b.rootNode),
		Joints:              joints,
	})
	return len(b.doc.Skins) - 1
}

// animations adds one animation per clip, or one for the whole timeline.
func (b *builder) animations() {
	if b.skel == nil {
		return
	}
	first, last, ok := b.skel.KeyRange()
	if !ok {
		return
	}
	a := animator{b: b, inputs: map[string]int{}}
	if len(b.opt.Clips) == 0 {
		// The timeline runs to the last frame even when the keys stop
		// earlier, so that a looping player waits as long as the viewport.
		end := last
		if b.m.TotalFrames > 0 {
			end = max(end, anim.FrameToTime(float32(b.m.TotalFrames), b.m.EffectiveFPS()))
		}
		// glTF times cannot be negative: keys before 0 shift the clip.
		start := min(0, first)
		name := b.opt.AnimationName
		if name == "" {
			name = "Take"
		}
		a.clip(name, start, end)
		return
	}
	for _, c := range b.opt.Clips {
		start, end := c.Times(b.m)
		a.clip(c.Name, start, end)
	}
}

// animator samples the skeleton into glTF animation channels.
type animator struct {
	b *builder
	// inputs maps the bytes of an input time list to its accessor, so that
	// the rotation and translation of a joint keyed at the same times, and
	// joints keyed alike, share one accessor.
	inputs    map[string]int
	cur, left []mgl32.Mat4
}

// track is one channel being sampled.
type track struct {
	joint int
	rot   bool
	times []float32 // model times to sample, increasing
	next  int       // index into times of the next sample
	in    []float32 // glTF times
	vec   [][3]float32
	quat  [][4]float32
}

// clip adds the animation of model times start to end; glTF time 0 is
// model time start.
func (a *animator) clip(name string, start, end float32) {
	b := a.b
	skel := b.skel
	n := skel.Len()
	if a.cur == nil {
		a.cur = make([]mgl32.Mat4, n)
		a.left = make([]mgl32.Mat4, n)
	}
	var tracks []*track
	var all []float32
	for j := range n {
		rotN, posN := skel.KeyCounts(j)
		if rotN > 0 {
			tracks = append(tracks, newTrack(j, true, b.m.Joints[j].RotationKeys, start, end))
		}
		if posN > 0 {
			tracks = append(tracks, newTrack(j, false, b.m.Joints[j].PositionKeys, start, end))
		}
	}
	if len(tracks) == 0 {
		return
	}
	for _, tr := range tracks {
		all = append(all, tr.times...)
	}
	slices.Sort(all)
	all = slices.Compact(all)

	shift := float64(start)
	for _, u := range all {
		skel.Pose(u, a.cur)
		lt := math.Nextafter32(u, float32(math.Inf(-1)))
		posedLeft := false
		for _, tr := range tracks {
			if tr.next >= len(tr.times) || tr.times[tr.next] != u {
				continue
			}
			tr.next++
			in := float32(float64(u) - shift)
			if u > start {
				if !posedLeft {
					skel.Pose(lt, a.left)
					posedLeft = true
				}
				// Where the pose jumps, hold the value before the jump
				// up to one float32 step before u. Where it does not, the
				// extra sample lies on the curve and changes nothing.
				lin := min(float32(float64(lt)-shift), math.Nextafter32(in, float32(math.Inf(-1))))
				if len(tr.in) == 0 || lin > tr.in[len(tr.in)-1] {
					tr.sampleIfJump(a, lin)
				}
			}
			if k := len(tr.in); k > 0 && in <= tr.in[k-1] {
				in = math.Nextafter32(tr.in[k-1], float32(math.Inf(1)))
			}
			tr.sample(a, a.cur, in)
		}
	}

	an := &qgltf.Animation{Name: name}
	for _, tr := range tracks {
		input := a.input(tr.in)
		var output int
		path := qgltf.TRSTranslation
		if tr.rot {
			path = qgltf.TRSRotation
			output = modeler.WriteAccessor(b.doc, qgltf.TargetNone, tr.quat)
		} else {
			output = modeler.WriteAccessor(b.doc, qgltf.TargetNone, tr.vec)
		}
		an.Samplers = append(an.Samplers, &qgltf.AnimationSampler{Input: input, Output: output, Interpolation: qgltf.InterpolationLinear})
		an.Channels = append(an.Channels, &qgltf.AnimationChannel{
			Sampler: len(an.Samplers) - 1,
			Target:  qgltf.AnimationChannelTarget{Node: qgltf.Index(b.jointNode[tr.joint]), Path: path},
		})
	}
	b.doc.Animations = append(b.doc.Animations, an)
	b.info.shift = append(b.info.shift, shift)
}

// newTrack lists the times to sample for one channel: the clip's ends and
// every finite key time between them. Keys that anim skips add samples that
// lie on the curve anim plays, which is harmless.
func newTrack(joint int, rot bool, keys []model.Key, start, end float32) *track {
	times := []float32{start, end}
	for _, k := range keys {
		if k.Time > start && k.Time < end {
			times = append(times, k.Time)
		}
	}
	slices.Sort(times)
	return &track{joint: joint, rot: rot, times: slices.Compact(times)}
}

// sample appends the joint's local value in the pose global at glTF time in.
func (tr *track) sample(a *animator, global []mgl32.Mat4, in float32) {
	t, q := a.b.local(global, tr.joint)
	tr.in = append(tr.in, in)
	if !tr.rot {
		tr.vec = append(tr.vec, t)
		return
	}
	// Keep each quaternion in the hemisphere of the one before it, so that
	// players that slerp without choosing the shortest arc agree with the
	// ones that do.
	if k := len(tr.quat); k > 0 && dot4(tr.quat[k-1], q) < 0 {
		q = [4]float32{-q[0], -q[1], -q[2], -q[3]}
	}
	tr.quat = append(tr.quat, q)
}

// sampleIfJump samples the left pose at glTF time in when its value differs
// from the current pose's beyond rounding.
func (tr *track) sampleIfJump(a *animator, in float32) {
	lt, lq := a.b.local(a.left, tr.joint)
	rt, rq := a.b.local(a.cur, tr.joint)
	if tr.rot {
		if 1-math.Abs(dot4(lq, rq)) <= 1e-10 {
			return
		}
	} else {
		scale := 1.0
		for k := range 3 {
			scale = max(scale, math.Abs(float64(rt[k])))
		}
		var d float64
		for k := range 3 {
			d = max(d, math.Abs(float64(lt[k])-float64(rt[k])))
		}
		if d <= 1e-6*scale {
			return
		}
	}
	tr.sample(a, a.left, in)
}

// input writes (or reuses) the input accessor of times, with the bounds the
// specification requires.
func (a *animator) input(times []float32) int {
	key := make([]byte, 4*len(times))
	for i, t := range times {
		binary.LittleEndian.PutUint32(key[4*i:], math.Float32bits(t))
	}
	if acc, ok := a.inputs[string(key)]; ok {
		return acc
	}
	acc := modeler.WriteAccessor(a.b.doc, qgltf.TargetNone, times)
	a.b.doc.Accessors[acc].Min = []float64{float64(times[0])}
	a.b.doc.Accessors[acc].Max = []float64{float64(times[len(times)-1])}
	a.inputs[string(key)] = acc
	return acc
}

// uniqueNames hands out node names that no other node has: players such
// as three.js bind animation tracks by name.
type uniqueNames struct{ model.UniqueNames }

func newUniqueNames() *uniqueNames { return &uniqueNames{model.UniqueNames{Sep: "_"}} }

func (u *uniqueNames) take(name, fallback string) string {
	if name == "" {
		name = fallback
	}
	return u.Take(name)
}
