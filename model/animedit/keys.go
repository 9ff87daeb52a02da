package animedit

import (
	"fmt"
	"math"
	"slices"

	"ms3dstudio/model"
	"ms3dstudio/model/num"
)

// JointPose is the pose of one joint to key: its rotation and position
// relative to the rest pose, as the file's keys store them.
type JointPose struct {
	Joint int
	// Rotation is Euler radians (X, then Y, then Z), keyed when
	// KeyRotation is set.
	Rotation [3]float32
	// Position is a translation in the joint's rest frame, keyed when
	// KeyPosition is set.
	Position                 [3]float32
	KeyRotation, KeyPosition bool
}

// SetKeys keys each pose at MilkShape frame frame (time frame/fps; sub-frame
// allowed): a key already at that time gets the new value, otherwise a key
// is inserted in time order. Each joint may appear once.
func SetKeys(m *model.Model, frame float64, poses []JointPose) (*Edit, error) {
	const op = "set keys"
	if err := checkFrame(op, "the frame", frame); err != nil {
		return nil, err
	}
	if len(poses) == 0 {
		return nil, refuse(op, "no joint to key")
	}
	seen := map[int]bool{}
	for _, p := range poses {
		if err := checkJoint(op, m, p.Joint); err != nil {
			return nil, err
		}
		if seen[p.Joint] {
			return nil, refuse(op, "joint %s is given twice", jointName(m, p.Joint))
		}
		seen[p.Joint] = true
		if !p.KeyRotation && !p.KeyPosition {
			return nil, refuse(op, "joint %s: neither rotation nor position to key", jointName(m, p.Joint))
		}
		if p.KeyRotation && !num.Finite3(p.Rotation) {
			return nil, refuse(op, "joint %s: rotation must be finite, got %v", jointName(m, p.Joint), Degrees(p.Rotation))
		}
		if p.KeyPosition && !num.Finite3(p.Position) {
			return nil, refuse(op, "joint %s: position must be finite, got %v", jointName(m, p.Joint), p.Position)
		}
	}
	t := timeOf(frame, m.FPS)
	s := newStaging(m)
	e := &Edit{}
	n := 0
	put := func(j int, k Kind, v [3]float32) {
		tr := track{j, k}
		keys, replaced, old := withKey(s.get(tr), model.Key{Time: t, Value: v}, m.FPS)
		if replaced && old.Value == v {
			return
		}
		s.set(tr, keys)
		n++
		what := "added"
		if replaced {
			what = "changed from " + fmtValue(k, old.Value)
		}
		e.detail("joint %s: %s key at frame %s %s: %s", jointName(m, j), k, fmtFrame(frame), what, fmtValue(k, v))
	}
	for _, p := range poses {
		if p.KeyRotation {
			put(p.Joint, Rotation, p.Rotation)
		}
		if p.KeyPosition {
			put(p.Joint, Position, p.Position)
		}
	}
	if err := s.check(op); err != nil {
		return nil, err
	}
	s.commit(e, t)
	e.Summary = fmt.Sprintf("set %s at frame %s", plural(n, "key"), fmtFrame(frame))
	return e, nil
}

// AllKeys returns a reference to every key of the given joints (every joint
// when joints is nil), joint by joint, rotation keys first.
func AllKeys(m *model.Model, joints []int) []KeyRef {
	return keysWhere(m, joints, func(model.Key) bool { return true })
}

// KeysInRange returns the keys of the given joints (every joint when joints
// is nil) from frame from to frame to, both included (within 1/1000 frame).
func KeysInRange(m *model.Model, joints []int, from, to float64) []KeyRef {
	fps := float64(m.EffectiveFPS())
	return keysWhere(m, joints, func(k model.Key) bool {
		f := float64(k.Time) * fps
		return f >= from-frameTolerance && f <= to+frameTolerance
	})
}

func keysWhere(m *model.Model, joints []int, keep func(model.Key) bool) []KeyRef {
	var refs []KeyRef
	each := func(j int) {
		if j < 0 || j >= len(m.Joints) {
			return
		}
		for _, kind := range []Kind{Rotation, Position} {
			for _, k := range *keysOf(&m.Joints[j], kind) {
				if num.Finite(k.Time) && keep(k) {
					refs = append(refs, KeyRef{Joint: j, Kind: kind, Time: k.Time})
				}
			}
		}
	}
	if joints == nil {
		for j := range m.Joints {
			each(j)
		}
	} else {
		for _, j := range joints {
			each(j)
		}
	}
	return refs
}

// resolved is a KeyRef found in its track.
type resolved struct {
	KeyRef
	index int
	key   model.Key
}

// resolve finds every referenced key, refusing references to joints or
// keys that do not exist; a key referenced twice counts once.
func resolve(op string, m *model.Model, refs []KeyRef) ([]resolved, error) {
	if len(refs) == 0 {
		return nil, refuse(op, "no keys selected")
	}
	var out []resolved
	seen := map[track]map[int]bool{}
	for _, r := range refs {
		if r.Joint < 0 || r.Joint >= len(m.Joints) {
			return nil, refuse(op, "a selected key is on joint %d, which does not exist (the model has %d joints)", r.Joint, len(m.Joints))
		}
		if r.Kind > Position {
			return nil, refuse(op, "no key kind %d", r.Kind)
		}
		if !num.Finite(r.Time) {
			return nil, refuse(op, "a selected key time is %g", r.Time)
		}
		keys := *keysOf(&m.Joints[r.Joint], r.Kind)
		i := find(keys, r.Time, m.FPS)
		if i < 0 {
			return nil, refuse(op, "joint %s has no %s key at frame %s", jointName(m, r.Joint), r.Kind, fmtFrame(FrameOf(m, r.Time)))
		}
		tr := track{r.Joint, r.Kind}
		if seen[tr] == nil {
			seen[tr] = map[int]bool{}
		}
		if seen[tr][i] {
			continue
		}
		seen[tr][i] = true
		out = append(out, resolved{KeyRef: r, index: i, key: keys[i]})
	}
	return out, nil
}

// firstFrame returns the earliest frame of the keys, each frame snapped
// (snapFrame); +Inf when there are none.
func firstFrame(m *model.Model, rs []resolved) float64 {
	first := math.Inf(1)
	for _, r := range rs {
		first = min(first, snapFrame(FrameOf(m, r.key.Time)))
	}
	return first
}

// byTrack groups resolved keys by track, in the order tracks first appear.
func byTrack(rs []resolved) ([]track, map[track][]resolved) {
	var order []track
	g := map[track][]resolved{}
	for _, r := range rs {
		tr := track{r.Joint, r.Kind}
		if _, ok := g[tr]; !ok {
			order = append(order, tr)
		}
		g[tr] = append(g[tr], r)
	}
	return order, g
}

// without returns a new list without the keys at the given indices.
func without(keys []model.Key, drop map[int]bool) []model.Key {
	out := make([]model.Key, 0, len(keys))
	for i, k := range keys {
		if !drop[i] {
			out = append(out, k)
		}
	}
	return out
}

// DeleteKeys deletes the referenced keys.
func DeleteKeys(m *model.Model, refs []KeyRef) (*Edit, error) {
	const op = "delete keys"
	rs, err := resolve(op, m, refs)
	if err != nil {
		return nil, err
	}
	e := &Edit{}
	s := newStaging(m)
	order, g := byTrack(rs)
	for _, tr := range order {
		drop := map[int]bool{}
		for _, r := range g[tr] {
			drop[r.index] = true
			e.detail("joint %s: %s key at frame %s deleted (was %s)", jointName(m, tr.joint), tr.kind, fmtFrame(FrameOf(m, r.key.Time)), fmtValue(tr.kind, r.key.Value))
		}
		s.set(tr, without(s.get(tr), drop))
	}
	s.commit(e, -1)
	e.Summary = "deleted " + plural(len(rs), "key")
	return e, nil
}

// DeleteKeysAt deletes every key at frame frame of the given joints (every
// joint when joints is nil). Deleting where there is no key changes nothing.
func DeleteKeysAt(m *model.Model, frame float64, joints []int) (*Edit, error) {
	const op = "delete keys"
	if err := checkFrame(op, "the frame", frame); err != nil {
		return nil, err
	}
	for _, j := range joints {
		if err := checkJoint(op, m, j); err != nil {
			return nil, err
		}
	}
	refs := KeysInRange(m, joints, frame, frame)
	if len(refs) == 0 {
		return &Edit{Summary: fmt.Sprintf("no keys at frame %s", fmtFrame(frame))}, nil
	}
	e, err := DeleteKeys(m, refs)
	if err == nil {
		e.Summary += " at frame " + fmtFrame(frame)
	}
	return e, err
}

// Clip is a set of copied keys, by joint name, with frames relative to the
// earliest copied key, ready to paste at another frame, onto another joint
// or into another model.
type Clip struct {
	Keys []ClipKey
}

// ClipKey is one copied key.
type ClipKey struct {
	// Joint is the name of the joint the key was copied from.
	Joint model.Str
	Kind  Kind
	// Frame is the key's frame minus the earliest copied key's frame.
	Frame float64
	Value [3]float32
}

// Joints returns the names of the joints the clip holds keys of, in the
// order they first appear.
func (c *Clip) Joints() []model.Str {
	var names []model.Str
	for _, k := range c.Keys {
		if !slices.Contains(names, k.Joint) {
			names = append(names, k.Joint)
		}
	}
	return names
}

// Copy copies the referenced keys into a clip. The model is not changed.
func Copy(m *model.Model, refs []KeyRef) (*Clip, error) {
	rs, err := resolve("copy keys", m, refs)
	if err != nil {
		return nil, err
	}
	first := firstFrame(m, rs)
	c := &Clip{}
	for _, r := range rs {
		c.Keys = append(c.Keys, ClipKey{Joint: m.Joints[r.Joint].Name.Text(), Kind: r.Kind,
			Frame: snapFrame(FrameOf(m, r.key.Time)) - first, Value: r.key.Value})
	}
	return c, nil
}

// ByName, as Paste's onto, pastes each key onto the joint of the same name.
const ByName = -1

// Paste pastes the clip's keys with their earliest key at frame frame. With
// onto = ByName each key goes to the joint of its name (exact, then ignoring
// ASCII case, as parents are found); a name the model has no joint for is
// refused. Otherwise every key goes to joint onto, and the clip must hold
// keys of one joint only. Pasted keys replace keys at the same time.
func Paste(m *model.Model, c *Clip, frame float64, onto int) (*Edit, error) {
	const op = "paste keys"
	if c == nil || len(c.Keys) == 0 {
		return nil, refuse(op, "nothing to paste")
	}
	if err := checkFrame(op, "the frame", frame); err != nil {
		return nil, err
	}
	target := map[model.Str]int{}
	if onto != ByName {
		if err := checkJoint(op, m, onto); err != nil {
			return nil, err
		}
		if names := c.Joints(); len(names) > 1 {
			return nil, refuse(op, "the keys are of %d joints; paste them by name, or copy the keys of one joint to paste onto joint %s", len(names), jointName(m, onto))
		}
	}
	for _, name := range c.Joints() {
		j := onto
		if onto == ByName {
			if j = findJoint(m, name); j < 0 {
				return nil, refuse(op, "the model has no joint %q to paste its keys onto", name.Display())
			}
		}
		target[name] = j
	}
	s := newStaging(m)
	e := &Edit{}
	latest := float32(-1)
	for _, k := range c.Keys {
		f := frame + k.Frame
		if err := checkFrame(op, "a pasted key's frame", f); err != nil {
			return nil, err
		}
		if !num.Finite3(k.Value) {
			return nil, refuse(op, "a %s key of %q is not finite", k.Kind, k.Joint.Display())
		}
		j := target[k.Joint]
		t := timeOf(f, m.FPS)
		tr := track{j, k.Kind}
		keys, replaced, old := withKey(s.get(tr), model.Key{Time: t, Value: k.Value}, m.FPS)
		s.set(tr, keys)
		latest = max(latest, t)
		what := "added"
		if replaced {
			what = "replaced"
			if old.Value != k.Value {
				e.Replaced++
			}
		}
		e.detail("joint %s: %s key at frame %s %s: %s", jointName(m, j), k.Kind, fmtFrame(f), what, fmtValue(k.Kind, k.Value))
	}
	if err := s.check(op); err != nil {
		return nil, err
	}
	s.commit(e, latest)
	e.Summary = fmt.Sprintf("pasted %s at frame %s", plural(len(c.Keys), "key"), fmtFrame(frame))
	return e, nil
}

// findJoint returns the joint called name (exactly, else ignoring ASCII
// case), or −1.
func findJoint(m *model.Model, name model.Str) int {
	name = name.Text()
	for i := range m.Joints {
		if m.Joints[i].Name.Text() == name {
			return i
		}
	}
	for i := range m.Joints {
		if model.EqualFold(m.Joints[i].Name, name) {
			return i
		}
	}
	return -1
}

// FindJoint returns the index of the joint called name (exactly, else
// ignoring ASCII case, as parents are found), or −1.
func FindJoint(m *model.Model, name string) int { return findJoint(m, model.Str(name)) }

// MoveKeys moves the referenced keys by frames frames (sub-frame allowed;
// negative moves earlier). A key moved onto a key that is not moved
// replaces it. Keys may not move before time 0.
func MoveKeys(m *model.Model, refs []KeyRef, frames float64) (*Edit, error) {
	const op = "move keys"
	if !num.Finite(frames) {
		return nil, refuse(op, "the shift must be a finite number of frames, got %g", frames)
	}
	e, err := retime(op, m, refs, func(f, _ float64) float64 { return f + frames })
	if err == nil {
		e.Summary = fmt.Sprintf("moved %s by %s frames", e.Summary, fmtFrame(frames))
	}
	return e, err
}

// ScaleKeys scales the times of the referenced keys about the earliest of
// them by factor (> 0): a key d frames after it ends up d·factor frames
// after it. A key scaled onto a key that is not scaled replaces it.
func ScaleKeys(m *model.Model, refs []KeyRef, factor float64) (*Edit, error) {
	const op = "scale keys"
	if !num.Finite(factor) || factor <= 0 {
		return nil, refuse(op, "the factor must be a finite number > 0, got %g", factor)
	}
	e, err := retime(op, m, refs, func(f, first float64) float64 { return first + (f-first)*factor })
	if err == nil {
		e.Summary = fmt.Sprintf("scaled %s by %g", e.Summary, factor)
	}
	return e, err
}

// retime gives each referenced key the frame to(frame, earliest frame).
// Summary is set to the count of keys moved.
func retime(op string, m *model.Model, refs []KeyRef, to func(f, first float64) float64) (*Edit, error) {
	rs, err := resolve(op, m, refs)
	if err != nil {
		return nil, err
	}
	first := firstFrame(m, rs)
	s := newStaging(m)
	e := &Edit{}
	latest := float32(-1)
	order, g := byTrack(rs)
	for _, tr := range order {
		keys := s.get(tr)
		drop := map[int]bool{}
		for _, r := range g[tr] {
			drop[r.index] = true
		}
		rest := without(keys, drop)
		var moved []model.Key
		for _, r := range g[tr] {
			from := snapFrame(FrameOf(m, r.key.Time))
			f := to(from, first)
			if err := checkFrame(op, fmt.Sprintf("joint %s's %s key from frame %s would move to frame %s, but the frame", jointName(m, tr.joint), tr.kind, fmtFrame(from), fmtFrame(f)), f); err != nil {
				return nil, err
			}
			t := timeOf(f, m.FPS)
			if find(moved, t, m.FPS) >= 0 {
				return nil, refuse(op, "two %s keys of joint %s would land on frame %s", tr.kind, jointName(m, tr.joint), fmtFrame(f))
			}
			moved = append(moved, model.Key{Time: t, Value: r.key.Value})
			latest = max(latest, t)
			e.detail("joint %s: %s key frame %s → %s", jointName(m, tr.joint), tr.kind, fmtFrame(from), fmtFrame(f))
		}
		for _, k := range moved {
			var replaced bool
			var old model.Key
			rest, replaced, old = withKey(rest, k, m.FPS)
			if replaced && old.Value != k.Value {
				e.Replaced++
			}
			if replaced {
				e.detail("joint %s: %s key at frame %s replaced (was %s)", jointName(m, tr.joint), tr.kind, fmtFrame(FrameOf(m, old.Time)), fmtValue(tr.kind, old.Value))
			}
		}
		s.set(tr, rest)
	}
	if err := s.check(op); err != nil {
		return nil, err
	}
	s.commit(e, latest)
	e.Summary = plural(len(rs), "key")
	return e, nil
}
