package document

import (
	"fmt"

	"ms3dstudio/model"
	"ms3dstudio/model/animedit"
)

// animCmd is a command that runs one model/animedit operation: Apply runs
// the operation and keeps its Edit, Revert calls Edit.Revert. Redo runs the
// operation again with the same arguments on the reverted model, which
// animedit guarantees gives the same result.
type animCmd struct {
	label string
	// joint is the joint the change is about, or −1 for several.
	joint int
	op    func(m *model.Model) (*animedit.Edit, error)
	edit  *animedit.Edit
	// replaced is how many keys the last Apply replaced (see Label).
	replaced int
}

// Label names the edit; one that replaced keys says how many ("Move keys,
// replacing 2 keys"), so that its undo item tells what the drop cost.
func (c *animCmd) Label() string {
	if c.replaced > 0 {
		return fmt.Sprintf("%s, replacing %d %s", c.label, c.replaced, map[bool]string{true: "key", false: "keys"}[c.replaced == 1])
	}
	return c.label
}

func (c *animCmd) Apply(m *model.Model) (Change, error) {
	edit, err := c.op(m)
	if err != nil {
		return Change{}, err
	}
	c.edit = edit
	c.replaced = edit.Replaced
	ch := Change{What: aspectsOf(edit.Changed), Part: model.PartJoint, Index: c.joint}
	if edit.Changed == 0 {
		ch.What = 0
	}
	return ch, nil
}

func (c *animCmd) Revert(m *model.Model) {
	if c.edit != nil {
		c.edit.Revert(m)
		c.edit = nil
	}
}

// aspectsOf maps what an animedit operation changed to the aspects
// subscribers refresh. A skeleton change (joints added, deleted or
// reparented, a rest pose changed) also renames parents and renumbers bone
// ids, so it reports Names and Skin too: the outline rebuilds its tree and
// the viewport its mesh.
func aspectsOf(c animedit.Changed) Aspect {
	var a Aspect
	if c&animedit.ChangedKeys != 0 {
		a |= Keys
	}
	if c&animedit.ChangedMeta != 0 {
		a |= Meta
	}
	if c&animedit.ChangedSkeleton != 0 {
		a |= Rest | Names | Keys | Skin
	}
	if c&animedit.ChangedSkin != 0 {
		a |= Skin
	}
	if c&animedit.ChangedComments != 0 {
		a |= Comments
	}
	return a
}

// oneJoint returns the joint of poses when they are all of one, else −1.
func oneJoint(joints []int) int {
	if len(joints) == 0 {
		return -1
	}
	for _, j := range joints[1:] {
		if j != joints[0] {
			return -1
		}
	}
	return joints[0]
}

func refJoints(refs []animedit.KeyRef) []int {
	js := make([]int, len(refs))
	for i, r := range refs {
		js[i] = r.Joint
	}
	return js
}

// SetKeys returns the command that keys each pose at MilkShape frame frame
// (animedit.SetKeys): rotation keys in Euler radians relative to the rest
// pose, position keys in the rest frame. It is what a gizmo drag commits on
// release and what "Set Key" runs.
func SetKeys(frame float64, poses []animedit.JointPose) Command {
	poses = append([]animedit.JointPose(nil), poses...)
	js := make([]int, len(poses))
	for i, p := range poses {
		js[i] = p.Joint
	}
	label := "Set keys"
	if len(poses) == 1 {
		label = "Set key"
	}
	return &animCmd{label: label, joint: oneJoint(js), op: func(m *model.Model) (*animedit.Edit, error) {
		return animedit.SetKeys(m, frame, poses)
	}}
}

// DeleteKeys returns the command that deletes the referenced keys.
func DeleteKeys(refs []animedit.KeyRef) Command {
	refs = append([]animedit.KeyRef(nil), refs...)
	return &animCmd{label: "Delete keys", joint: oneJoint(refJoints(refs)), op: func(m *model.Model) (*animedit.Edit, error) {
		return animedit.DeleteKeys(m, refs)
	}}
}

// DeleteKeysAt returns the command that deletes every key at frame frame of
// the given joints (all joints when nil).
func DeleteKeysAt(frame float64, joints []int) Command {
	joints = append([]int(nil), joints...)
	if len(joints) == 0 {
		joints = nil
	}
	return &animCmd{label: "Delete keys", joint: oneJoint(joints), op: func(m *model.Model) (*animedit.Edit, error) {
		return animedit.DeleteKeysAt(m, frame, joints)
	}}
}

// PasteKeys returns the command that pastes a clip of copied keys with its
// earliest key at frame frame, onto joint onto or, with animedit.ByName,
// each key onto the joint of its name. A clip naming a joint the model
// lacks is refused and the model left unchanged.
func PasteKeys(clip *animedit.Clip, frame float64, onto int) Command {
	j := onto
	if j < 0 {
		j = -1
	}
	return &animCmd{label: "Paste keys", joint: j, op: func(m *model.Model) (*animedit.Edit, error) {
		return animedit.Paste(m, clip, frame, onto)
	}}
}

// MoveKeys returns the command that moves the referenced keys by frames
// frames (negative: earlier; sub-frame allowed).
func MoveKeys(refs []animedit.KeyRef, frames float64) Command {
	refs = append([]animedit.KeyRef(nil), refs...)
	return &animCmd{label: "Move keys", joint: oneJoint(refJoints(refs)), op: func(m *model.Model) (*animedit.Edit, error) {
		return animedit.MoveKeys(m, refs, frames)
	}}
}

// ScaleKeys returns the command that scales the referenced keys' times
// about the earliest of them by factor.
func ScaleKeys(refs []animedit.KeyRef, factor float64) Command {
	refs = append([]animedit.KeyRef(nil), refs...)
	return &animCmd{label: "Scale keys", joint: oneJoint(refJoints(refs)), op: func(m *model.Model) (*animedit.Edit, error) {
		return animedit.ScaleKeys(m, refs, factor)
	}}
}

// InsertFrames returns the command that inserts n frames at frame frame
// (later keys move n frames later).
func InsertFrames(frame float64, n int) Command {
	return &animCmd{label: "Insert frames", joint: -1, op: func(m *model.Model) (*animedit.Edit, error) {
		return animedit.InsertFrames(m, frame, n)
	}}
}

// RemoveFrames returns the command that removes n frames at frame frame
// (their keys are deleted, later keys move n frames earlier).
func RemoveFrames(frame float64, n int) Command {
	return &animCmd{label: "Remove frames", joint: -1, op: func(m *model.Model) (*animedit.Edit, error) {
		return animedit.RemoveFrames(m, frame, n)
	}}
}

// ChangeFPS returns the command that sets the frame rate keeping the keys'
// seconds or their frame numbers (animedit.SetFPS). SetFPS only sets the
// number.
func ChangeFPS(fps float32, keep animedit.Keep) Command {
	return &animCmd{label: "Set frame rate", joint: -1, op: func(m *model.Model) (*animedit.Edit, error) {
		return animedit.SetFPS(m, fps, keep)
	}}
}

// ChangeTotalFrames returns the command that sets the number of frames,
// refusing to end the animation before a key (animedit.SetTotalFrames).
func ChangeTotalFrames(n int) Command {
	return &animCmd{label: "Set total frames", joint: -1, op: func(m *model.Model) (*animedit.Edit, error) {
		return animedit.SetTotalFrames(m, n)
	}}
}

// Resample returns the command that sets the frame rate to fps and bakes a
// key at every frame of the new rate.
func Resample(fps float32) Command {
	return &animCmd{label: "Resample", joint: -1, op: func(m *model.Model) (*animedit.Edit, error) {
		return animedit.Resample(m, fps)
	}}
}

// AddJoint returns the command that adds a joint called name as the last
// joint, a child of parent (−1: a root), with its rest origin at model-space
// position at.
func AddJoint(parent int, name string, at [3]float32) Command {
	stored := model.EncodeText(name)
	return &animCmd{label: "Add joint", joint: -1, op: func(m *model.Model) (*animedit.Edit, error) {
		return animedit.AddJoint(m, parent, stored, at)
	}}
}

// DeleteJoint returns the command that deletes joint j: its keys go, its
// children and vertices go to its parent, later bone ids are renumbered.
func DeleteJoint(j int) Command {
	return &animCmd{label: "Delete joint", joint: -1, op: func(m *model.Model) (*animedit.Edit, error) {
		return animedit.DeleteJoint(m, j)
	}}
}

// Reparent returns the command that makes joint j a child of parent (−1: a
// root), keeping its rest pose in model space.
func Reparent(j, parent int) Command {
	return &animCmd{label: "Reparent joint", joint: j, op: func(m *model.Model) (*animedit.Edit, error) {
		return animedit.Reparent(m, j, parent)
	}}
}

// AssignVertices returns the command that binds the vertices 100 % to
// joint j.
func AssignVertices(verts []int, j int) Command {
	verts = append([]int(nil), verts...)
	return &animCmd{label: "Assign vertices", joint: j, op: func(m *model.Model) (*animedit.Edit, error) {
		return animedit.AssignVertices(m, verts, j)
	}}
}

// SetWeights returns the command that binds each vertex to up to four
// joints with the given weights (normalised; the vertex-extra block is
// created when needed).
func SetWeights(verts []int, ws []animedit.Weight) Command {
	verts = append([]int(nil), verts...)
	ws = append([]animedit.Weight(nil), ws...)
	return &animCmd{label: "Set weights", joint: -1, op: func(m *model.Model) (*animedit.Edit, error) {
		return animedit.SetWeights(m, verts, ws)
	}}
}
