package animedit

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"ms3dstudio/model"
	"ms3dstudio/model/anim"
	"ms3dstudio/model/num"
)

// Changed says which parts of a model an Edit changed. Values combine as
// bits.
type Changed uint8

// The parts of a model that operations change.
const (
	// ChangedKeys: rotation or position keys of one or more joints.
	ChangedKeys Changed = 1 << iota
	// ChangedMeta: the frame rate or the number of frames.
	ChangedMeta
	// ChangedSkeleton: joints were added, deleted or reparented, or a rest
	// rotation or position changed (names and parent names included).
	ChangedSkeleton
	// ChangedSkin: vertex bone ids, weights or the vertex-extra block.
	ChangedSkin
	// ChangedComments: joint comments were renumbered or dropped.
	ChangedComments
)

// String lists the parts as "keys|meta".
func (c Changed) String() string {
	if c == 0 {
		return "none"
	}
	var parts []string
	for i, n := range []string{"keys", "meta", "skeleton", "skin", "comments"} {
		if c&(1<<i) != 0 {
			parts = append(parts, n)
		}
	}
	return strings.Join(parts, "|")
}

// Edit is an applied operation: what it changed and what it replaced.
type Edit struct {
	// Summary says in one line what the operation did ("set 2 keys at
	// frame 8").
	Summary string
	// Details lists each change for a report, one line each ("joint1:
	// rotation key at frame 8 added: (0, 0, 30)°").
	Details []string
	// Changed says which parts of the model changed; 0 when nothing did.
	Changed Changed
	// Joints lists, in increasing order, the joints whose keys the edit
	// wrote, so that an anim.Skeleton catches up with
	// Skeleton.RebuildJoints(m, e.Joints...) after an edit (or its Revert)
	// that changed only keys and meta. It is nil when no keys were written
	// or when Changed has ChangedSkeleton: joint indices may have moved,
	// and the skeleton must be rebuilt in full.
	Joints []int
	// Replaced counts the keys the edit replaced by other keys landing on
	// them (a move, scale or paste onto keys that were not moved): keys
	// that are gone, which a user must have been shown.
	Replaced int
	undo     []func(m *model.Model)
}

// Revert undoes the edit on m: the model the edit was applied to, in the
// state the edit left it (later edits reverted first).
func (e *Edit) Revert(m *model.Model) {
	for i := len(e.undo) - 1; i >= 0; i-- {
		e.undo[i](m)
	}
}

func (e *Edit) detail(format string, a ...any) {
	e.Details = append(e.Details, fmt.Sprintf(format, a...))
}

// noteJoint adds joint j to e.Joints, keeping it sorted and without
// repeats.
func (e *Edit) noteJoint(j int) {
	if i, found := slices.BinarySearch(e.Joints, j); !found {
		e.Joints = slices.Insert(e.Joints, i, j)
	}
}

func (e *Edit) onUndo(c Changed, f func(m *model.Model)) {
	e.Changed |= c
	e.undo = append(e.undo, f)
}

// Error reports an operation that was refused. The model is unchanged.
type Error struct {
	// Op names the operation ("set keys").
	Op string
	// Msg says what was wrong, as a sentence fragment fit for a dialog.
	Msg string
}

// Error formats the error as "animedit: set keys: frame must be ≥ 0, got -1".
func (e *Error) Error() string { return "animedit: " + e.Op + ": " + e.Msg }

func refuse(op, format string, a ...any) error {
	return &Error{Op: op, Msg: fmt.Sprintf(format, a...)}
}

// Kind selects a joint's rotation or position keys.
type Kind uint8

// The two kinds of keys.
const (
	Rotation Kind = iota
	Position
)

// String returns "rotation" or "position".
func (k Kind) String() string {
	if k == Position {
		return "position"
	}
	return "rotation"
}

// KeyRef names one key: joint Joint's key of kind Kind at Time seconds
// (matched within 1/1000 frame). A time identifies a key across edits that
// insert or delete other keys, which an index would not.
type KeyRef struct {
	Joint int
	Kind  Kind
	Time  float32
}

// CompareKeyRefs orders key references for sorting: joint by joint,
// rotation keys before position keys, then by time (model.CompareTimes).
func CompareKeyRefs(a, b KeyRef) int {
	return cmp.Or(cmp.Compare(a.Joint, b.Joint), cmp.Compare(a.Kind, b.Kind), model.CompareTimes(a.Time, b.Time))
}

// MaxKeys is the most keys of one kind a joint holds in a file (a 16-bit
// count).
const MaxKeys = 65535

// MaxJoints is the most joints a model can have: bone ids are bytes, and 255
// means no bone.
const MaxJoints = 255

// MaxFrames bounds TotalFrames and key frames: a day at 1000 fps, far more
// than any animation, small enough that times keep sub-frame precision.
const MaxFrames = 1 << 26

// frameTolerance is how close, in frames, two key times must be to be the
// same key time (model.Model.FramesNeeded uses the same tolerance).
const frameTolerance = 1e-3

// Degrees converts Euler angles from radians to degrees.
func Degrees(r [3]float32) [3]float32 {
	const k = 180 / math.Pi
	return [3]float32{float32(float64(r[0]) * k), float32(float64(r[1]) * k), float32(float64(r[2]) * k)}
}

// Radians converts Euler angles from degrees to radians.
func Radians(d [3]float32) [3]float32 {
	const k = math.Pi / 180
	return [3]float32{float32(float64(d[0]) * k), float32(float64(d[1]) * k), float32(float64(d[2]) * k)}
}

// FrameOf returns the MilkShape frame of time t at m's frame rate.
func FrameOf(m *model.Model, t float32) float64 {
	return float64(t) * float64(m.EffectiveFPS())
}

// timeOf returns the time of frame f at fps, snapping f to the nearest
// whole frame when it is within the tolerance of one, so that a key moved or
// pasted onto frame 9 has exactly the time anim.FrameToTime(9, fps) gives.
func timeOf(f float64, fps float32) float32 {
	if r := math.Round(f); math.Abs(f-r) <= frameTolerance {
		return anim.FrameToTime(float32(r), fps)
	}
	return float32(f / float64(effFPS(fps)))
}

// snapFrame rounds f to a whole frame when it is within the tolerance of
// one (a key time read back as a frame carries float32 rounding).
func snapFrame(f float64) float64 {
	if r := math.Round(f); math.Abs(f-r) <= frameTolerance {
		return r
	}
	return f
}

func effFPS(fps float32) float32 {
	m := model.Model{FPS: fps}
	return m.EffectiveFPS()
}

// sameTime reports whether a and b are the same key time at fps.
func sameTime(a, b, fps float32) bool {
	return math.Abs(float64(a)-float64(b))*float64(effFPS(fps)) <= frameTolerance
}

// checkFrame refuses a frame that is not a finite number within 0–MaxFrames.
func checkFrame(op, what string, f float64) error {
	if !num.Finite(f) || f < 0 {
		return refuse(op, "%s must be a finite frame ≥ 0, got %g", what, f)
	}
	if f > MaxFrames {
		return refuse(op, "%s %g is past the last frame a model can have (%d)", what, f, MaxFrames)
	}
	return nil
}

func jointName(m *model.Model, j int) string {
	return fmt.Sprintf("%q", m.Joints[j].Name.Display())
}

func checkJoint(op string, m *model.Model, j int) error {
	if j < 0 || j >= len(m.Joints) {
		return refuse(op, "no joint %d (the model has %d)", j, len(m.Joints))
	}
	return nil
}

func keysOf(j *model.Joint, k Kind) *[]model.Key {
	if k == Position {
		return &j.PositionKeys
	}
	return &j.RotationKeys
}

// Keys returns joint j's keys of kind k (not a copy).
func Keys(m *model.Model, j int, k Kind) []model.Key { return *keysOf(&m.Joints[j], k) }

// find returns the index of the key at time t (within the tolerance), or −1.
func find(keys []model.Key, t, fps float32) int {
	for i, k := range keys {
		if sameTime(k.Time, t, fps) {
			return i
		}
	}
	return -1
}

// withKey returns a new list: keys with k in place of the key at k's time,
// or inserted in time order; replaced tells which.
func withKey(keys []model.Key, k model.Key, fps float32) (out []model.Key, replaced bool, old model.Key) {
	out = make([]model.Key, len(keys), len(keys)+1)
	copy(out, keys)
	if i := find(keys, k.Time, fps); i >= 0 {
		old = out[i]
		out[i] = k
		return out, true, old
	}
	i := model.InsertIndex(keys, k.Time)
	out = append(out[:i+1], keys[i:]...)
	out[i] = k
	return out, false, old
}

// track is one joint's keys of one kind.
type track struct {
	joint int
	kind  Kind
}

// staging collects new key lists for tracks before any is written, so that
// an operation can be refused after it has computed everything.
type staging struct {
	m     *model.Model
	order []track
	lists map[track][]model.Key
}

func newStaging(m *model.Model) *staging {
	return &staging{m: m, lists: map[track][]model.Key{}}
}

// get returns the track's staged list, or its current one. Callers never
// modify the result in place.
func (s *staging) get(tr track) []model.Key {
	if l, ok := s.lists[tr]; ok {
		return l
	}
	return *keysOf(&s.m.Joints[tr.joint], tr.kind)
}

func (s *staging) set(tr track, keys []model.Key) {
	if _, ok := s.lists[tr]; !ok {
		s.order = append(s.order, tr)
	}
	s.lists[tr] = keys
}

// check refuses lists longer than MaxKeys or with times that are not finite
// or are negative among the keys this operation wrote.
func (s *staging) check(op string) error {
	for _, tr := range s.order {
		if n := len(s.lists[tr]); n > MaxKeys {
			return refuse(op, "joint %s would have %d %s keys; a joint holds at most %d", jointName(s.m, tr.joint), n, tr.kind, MaxKeys)
		}
	}
	return nil
}

// commit writes the staged lists into the model, recording the old lists in
// e, and grows TotalFrames to hold the latest key written (latest < 0: no
// key written).
func (s *staging) commit(e *Edit, latest float32) {
	for _, tr := range s.order {
		p := keysOf(&s.m.Joints[tr.joint], tr.kind)
		old := *p
		*p = s.lists[tr]
		e.onUndo(ChangedKeys, func(m *model.Model) { *keysOf(&m.Joints[tr.joint], tr.kind) = old })
		e.noteJoint(tr.joint)
	}
	if latest >= 0 {
		growFrames(s.m, e, latest)
	}
}

// growFrames makes TotalFrames hold a key at time t.
func growFrames(m *model.Model, e *Edit, t float32) {
	need := m.FramesNeeded(t)
	if need <= float64(m.TotalFrames) {
		return
	}
	setTotalFrames(m, e, int32(need))
}

// setFPS sets the model's frame rate, with its undo and its detail line.
func setFPS(m *model.Model, e *Edit, fps float32) {
	old := m.FPS
	m.FPS = fps
	e.onUndo(ChangedMeta, func(m *model.Model) { m.FPS = old })
	e.detail("fps %g → %g", old, fps)
}

func setTotalFrames(m *model.Model, e *Edit, n int32) {
	old := m.TotalFrames
	if old == n {
		return
	}
	m.TotalFrames = n
	e.detail("total frames %d → %d", old, n)
	e.onUndo(ChangedMeta, func(m *model.Model) { m.TotalFrames = old })
}

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// fmtFrame writes a frame number briefly: "8", "8.5".
func fmtFrame(f float64) string {
	return strconv.FormatFloat(math.Round(f*1000)/1000, 'f', -1, 64)
}

// fmtValue writes a key value in the units users see: degrees for
// rotations, model units for positions.
func fmtValue(k Kind, v [3]float32) string {
	if k == Rotation {
		d := Degrees(v)
		return fmt.Sprintf("(%.4g, %.4g, %.4g)°", d[0], d[1], d[2])
	}
	return fmt.Sprintf("(%.4g, %.4g, %.4g)", v[0], v[1], v[2])
}
