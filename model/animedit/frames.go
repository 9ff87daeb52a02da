package animedit

import (
	"fmt"
	"math"
	"runtime"
	"sync"

	"github.com/go-gl/mathgl/mgl32"

	"ms3dstudio/model"
	"ms3dstudio/model/anim"
	"ms3dstudio/model/num"
	"ms3dstudio/model/validate"
	"ms3dstudio/model/xform"
)

// InsertFrames inserts n empty frames at frame frame: every key at that
// frame or later moves n frames later, and TotalFrames grows by n.
// RemoveFrames(m, frame, n) undoes it.
func InsertFrames(m *model.Model, frame float64, n int) (*Edit, error) {
	const op = "insert frames"
	if err := checkFrame(op, "the frame", frame); err != nil {
		return nil, err
	}
	if n < 1 || n > MaxFrames || int64(m.TotalFrames)+int64(n) > MaxFrames {
		return nil, refuse(op, "the number of frames must be 1–%d, and the animation at most %d frames long, got %d", MaxFrames-max(m.TotalFrames, 0), MaxFrames, n)
	}
	e := &Edit{}
	moved := shiftFrom(m, e, frame, float64(n), frame)
	setTotalFrames(m, e, max(m.TotalFrames, 0)+int32(n))
	e.Summary = fmt.Sprintf("inserted %s at frame %s (%s moved)", plural(n, "frame"), fmtFrame(frame), plural(moved, "key"))
	return e, nil
}

// RemoveFrames removes n frames at frame frame: the keys in frames
// [frame, frame+n) are deleted, every later key moves n frames earlier, and
// TotalFrames shrinks by n (not below 0).
func RemoveFrames(m *model.Model, frame float64, n int) (*Edit, error) {
	const op = "remove frames"
	if err := checkFrame(op, "the frame", frame); err != nil {
		return nil, err
	}
	if n < 1 || n > MaxFrames {
		return nil, refuse(op, "the number of frames must be 1–%d, got %d", MaxFrames, n)
	}
	e := &Edit{}
	moved := shiftFrom(m, e, frame, -float64(n), frame+float64(n))
	setTotalFrames(m, e, max(m.TotalFrames-int32(n), 0))
	e.Summary = fmt.Sprintf("removed %s at frame %s (%s moved)", plural(n, "frame"), fmtFrame(frame), plural(moved, "key"))
	return e, nil
}

// shiftFrom moves every key at frame from or later by by frames, deleting
// those before frame keepFrom (all within the tolerance), and returns how
// many keys moved.
func shiftFrom(m *model.Model, e *Edit, from, by, keepFrom float64) int {
	s := newStaging(m)
	moved, deleted := 0, 0
	for j := range m.Joints {
		for _, kind := range []Kind{Rotation, Position} {
			tr := track{j, kind}
			keys := s.get(tr)
			var out []model.Key
			changed := false
			for _, k := range keys {
				f := FrameOf(m, k.Time)
				switch {
				case !(f >= from-frameTolerance): // earlier, or a NaN time: kept
				case f < keepFrom-frameTolerance:
					changed = true
					deleted++
					e.detail("joint %s: %s key at frame %s deleted", jointName(m, j), kind, fmtFrame(f))
					continue
				default:
					k.Time = timeOf(f+by, m.FPS)
					changed = true
					moved++
				}
				out = append(out, k)
			}
			if changed {
				s.set(tr, out)
			}
		}
	}
	if moved > 0 {
		e.detail("%s moved by %s frames", plural(moved, "key"), fmtFrame(by))
	}
	s.commit(e, -1)
	return moved
}

// Keep says what SetFPS keeps of the keys.
type Keep uint8

// What SetFPS keeps.
const (
	// KeepSeconds keeps key times in seconds: the animation plays as
	// before, its keys fall on other frame numbers, and TotalFrames is
	// scaled to keep the length in seconds.
	KeepSeconds Keep = iota
	// KeepFrames keeps keys on their frame numbers and TotalFrames: the
	// animation plays faster or slower.
	KeepFrames
)

// String returns "seconds" or "frames".
func (k Keep) String() string {
	if k == KeepFrames {
		return "frames"
	}
	return "seconds"
}

func checkFPS(op string, fps float32) error {
	if !num.Finite(fps) || fps < 1 || fps > validate.MaxFPS {
		return refuse(op, "the frame rate must be 1–%d fps, got %g", validate.MaxFPS, fps)
	}
	return nil
}

// SetFPS sets the frame rate, keeping the keys' seconds or their frame
// numbers.
func SetFPS(m *model.Model, fps float32, keep Keep) (*Edit, error) {
	const op = "set fps"
	if err := checkFPS(op, fps); err != nil {
		return nil, err
	}
	if keep > KeepFrames {
		return nil, refuse(op, "no such choice %d of what to keep", keep)
	}
	oldFPS, old := m.EffectiveFPS(), m.FPS
	ratio := float64(fps) / float64(oldFPS)
	e := &Edit{}
	frames := int32(0)
	if m.TotalFrames > 0 {
		frames = m.TotalFrames
		if keep == KeepSeconds {
			frames = int32(math.Ceil(float64(m.TotalFrames)*ratio - frameTolerance))
		}
	}
	if frames > MaxFrames {
		return nil, refuse(op, "%d frames at %g fps are more than a model can have (%d)", frames, fps, MaxFrames)
	}
	moved := 0
	if keep == KeepFrames {
		s := newStaging(m)
		for j := range m.Joints {
			for _, kind := range []Kind{Rotation, Position} {
				tr := track{j, kind}
				keys := s.get(tr)
				if len(keys) == 0 {
					continue
				}
				out := make([]model.Key, len(keys))
				for i, k := range keys {
					out[i] = k
					if num.Finite(k.Time) {
						out[i].Time = timeOf(float64(k.Time)*float64(oldFPS), fps)
						moved++
					}
				}
				s.set(tr, out)
			}
		}
		s.commit(e, -1)
	}
	setFPS(m, e, fps)
	if m.TotalFrames > 0 {
		setTotalFrames(m, e, frames)
	}
	if keep == KeepFrames {
		e.detail("%s retimed to keep their frames", plural(moved, "key"))
	} else {
		growFrames(m, e, lastKeyTime(m))
	}
	e.Summary = fmt.Sprintf("fps %g → %g, keeping %s", old, fps, keep)
	return e, nil
}

func lastKeyTime(m *model.Model) float32 {
	t, _ := m.LastKey()
	return t
}

// SetTotalFrames sets the number of frames. It refuses to end the animation
// before a key: delete or move those keys first.
func SetTotalFrames(m *model.Model, n int) (*Edit, error) {
	const op = "set total frames"
	if n < 0 || n > MaxFrames {
		return nil, refuse(op, "the number of frames must be 0–%d, got %d", MaxFrames, n)
	}
	if t, j := m.LastKey(); j >= 0 && m.FramesNeeded(t) > float64(n) {
		return nil, refuse(op, "joint %s has a key at frame %s, after frame %d; delete or move the keys after it first", jointName(m, j), fmtFrame(FrameOf(m, t)), n)
	}
	e := &Edit{}
	setTotalFrames(m, e, int32(n))
	e.Summary = fmt.Sprintf("total frames %d", n)
	return e, nil
}

// PoseAt returns the pose of the given joints (every joint when joints is
// nil) at MilkShape frame frame as sk plays it, relative to the rest pose as
// keys store it: for keying the current pose. sk must have been built from m
// as it is now. Each pose keys rotation and position when the joint has
// keys of that kind, rotation alone when it has none.
func PoseAt(m *model.Model, sk *anim.Skeleton, frame float64, joints []int) ([]JointPose, error) {
	const op = "pose"
	if err := checkFrame(op, "the frame", frame); err != nil {
		return nil, err
	}
	if sk.Len() != len(m.Joints) {
		return nil, refuse(op, "the skeleton has %d joints, the model %d: rebuild it", sk.Len(), len(m.Joints))
	}
	if joints == nil {
		joints = make([]int, len(m.Joints))
		for j := range joints {
			joints[j] = j
		}
	}
	for _, j := range joints {
		if err := checkJoint(op, m, j); err != nil {
			return nil, err
		}
	}
	global := make([]mgl32.Mat4, sk.Len())
	sk.Pose(timeOf(frame, m.FPS), global)
	out := make([]JointPose, len(joints))
	for n, j := range joints {
		rot, pos := relative(m, sk, global, j)
		jt := &m.Joints[j]
		out[n] = JointPose{Joint: j, Rotation: rot, Position: pos,
			KeyRotation: len(jt.RotationKeys) > 0 || len(jt.PositionKeys) == 0,
			KeyPosition: len(jt.PositionKeys) > 0}
	}
	return out, nil
}

// bake writes the keys of frames lo to hi−1 into lists (index frame −
// start). A key is the joint's local transform relative to its rest pose,
// restInv · L(t), so each keyed joint's own keys are evaluated, track by
// track over all the frames (anim.Skeleton.Locals), and the joints above it
// are not posed.
func bake(sk *anim.Skeleton, tracks []track, restInv []xform.Rigid, lists [][]model.Key, fps float32, start, lo, hi int) {
	times := make([]float32, hi-lo)
	for f := range times {
		times[f] = anim.FrameToTime(float32(lo+f), fps)
	}
	locals := make([]mgl32.Mat4, len(times))
	prev := -1
	for n, tr := range tracks {
		if tr.joint != prev { // a joint's two tracks are next to each other
			prev = tr.joint
			sk.Locals(tr.joint, times, locals)
		}
		ri := &restInv[tr.joint]
		out := lists[n][lo-start : hi-start]
		// Of restInv · L, a rotation key needs the rotation and a position
		// key the translation. L is column-major: row i, column c is
		// L[4c+i].
		for f := range out {
			l := &locals[f]
			var v [3]float32
			if tr.kind == Rotation {
				var r xform.Mat3
				for i := 0; i < 3; i++ {
					a0, a1, a2 := ri.R[i][0], ri.R[i][1], ri.R[i][2]
					for c := 0; c < 3; c++ {
						r[i][c] = a0*float64(l[4*c]) + a1*float64(l[4*c+1]) + a2*float64(l[4*c+2])
					}
				}
				v = r.Euler()
			} else {
				v = xform.Vec32(ri.Apply([3]float64{float64(l[12]), float64(l[13]), float64(l[14])}))
			}
			out[f] = model.Key{Time: times[f], Value: v}
		}
	}
}

// relative returns joint j's rotation (Euler radians) and position relative
// to its rest pose, from the global matrices of a pose: the key values that
// reproduce it.
func relative(m *model.Model, sk *anim.Skeleton, global []mgl32.Mat4, j int) (rot, pos [3]float32) {
	local := toRigid(&global[j])
	if p := sk.Parent(j); p >= 0 {
		local = toRigid(&global[p]).Inverse().Mul(local)
	}
	jt := &m.Joints[j]
	k := xform.JointLocal(jt.Position, jt.Rotation).Inverse().Mul(local)
	return k.R.Euler(), xform.Vec32(k.T)
}

// Resample sets the frame rate to fps and bakes keys at every frame of the
// new rate, equal to the animation as anim plays it at those times: frames
// 1 to the frame that reaches the old end (TotalFrames, or the last key when
// TotalFrames is 0), and frame 0 too when a key lies before frame 1. Keys
// after the end are dropped (Woman4 has one at 2.5·10³⁸ s, a remnant of its
// damaged key block). Only joints
// with keys of a kind get keys of that kind; rotations are baked as Euler
// angles relative to the rest pose, positions in the rest frame. Keys the
// player skips (non-finite or out of order) are dropped with the rest.
func Resample(m *model.Model, fps float32) (*Edit, error) {
	const op = "resample"
	if err := checkFPS(op, fps); err != nil {
		return nil, err
	}
	sk, _ := anim.NewSkeleton(m)
	oldFPS := m.EffectiveFPS()
	first, last, hasKeys := sk.KeyRange()
	end := float64(m.TotalFrames) / float64(oldFPS)
	if m.TotalFrames <= 0 {
		end = 0
		if hasKeys {
			end = float64(last)
		}
	}
	framesF := math.Ceil(end*float64(fps) - frameTolerance)
	if framesF > MaxFrames {
		return nil, refuse(op, "%g frames at %g fps are more than a model can have (%d)", framesF, fps, MaxFrames)
	}
	frames := int(framesF)
	start := 1
	if hasKeys && float64(first)*float64(fps) < 1-frameTolerance {
		start = 0
	}
	count := max(frames-start+1, 0)
	if count > MaxKeys {
		return nil, refuse(op, "%d keys per joint at %g fps; a joint holds at most %d", count, fps, MaxKeys)
	}

	var tracks []track
	for j := range m.Joints {
		r, p := sk.KeyCounts(j)
		if r > 0 {
			tracks = append(tracks, track{j, Rotation})
		}
		if p > 0 {
			tracks = append(tracks, track{j, Position})
		}
	}
	lists := make([][]model.Key, len(tracks))
	backing := make([]model.Key, len(tracks)*count)
	for n := range lists {
		lists[n] = backing[n*count : (n+1)*count : (n+1)*count]
	}
	restInv := make([]xform.Rigid, len(m.Joints))
	for j := range m.Joints {
		jt := &m.Joints[j]
		restInv[j] = xform.JointLocal(jt.Position, jt.Rotation).Inverse()
	}
	// Frames are independent and Skeleton.Pose is safe for concurrent use:
	// each worker bakes a run of frames.
	workers := max(1, min(runtime.GOMAXPROCS(0), count/256))
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		lo, hi := start+count*w/workers, start+count*(w+1)/workers
		wg.Add(1)
		go func() {
			defer wg.Done()
			bake(sk, tracks, restInv, lists, fps, start, lo, hi)
		}()
	}
	wg.Wait()

	e := &Edit{}
	before, past := 0, 0
	s := newStaging(m)
	for j := range m.Joints {
		for _, kind := range []Kind{Rotation, Position} {
			if keys := *keysOf(&m.Joints[j], kind); len(keys) > 0 {
				before += len(keys)
				for _, k := range keys {
					if float64(k.Time)*float64(fps) > float64(frames)+frameTolerance {
						past++
					}
				}
				s.set(track{j, kind}, nil)
			}
		}
	}
	for n, tr := range tracks {
		s.set(tr, lists[n])
	}
	s.commit(e, -1)
	setFPS(m, e, fps)
	setTotalFrames(m, e, int32(max(frames, 0)))
	e.detail("%s replaced by %s on %s", plural(before, "key"), plural(count*len(tracks), "key"), plural(len(tracks), "track"))
	if past > 0 {
		e.detail("%s after the last frame dropped", plural(past, "key"))
	}
	e.Summary = fmt.Sprintf("resampled to %g fps: %s per track, frames %d–%d", fps, plural(count, "key"), start, frames)
	return e, nil
}
