// Package animedit holds the pure editing operations on a model's
// animation, skeleton and skin binding that MS3D Studio's commands and
// "ms3dtool anim" share: setting, deleting, copying, pasting, moving and
// scaling keys; inserting and removing frames; changing the frame rate and
// resampling; adding, deleting and reparenting joints; binding vertices to
// joints. It follows the conventions of docs/ms3d-format.md §4: Euler
// angles in radians applied X, then Y, then Z; keys relative to the rest
// pose, the translation key in the rest frame; key times in seconds, and
// MilkShape frame F at time F/fps (anim.FrameToTime).
//
// # Do and undo
//
// Every operation is a function of a *model.Model and its arguments that
// either changes nothing and returns an error (a *Error saying what was
// refused and why), or applies the change and returns an *Edit. Everything
// is validated before the first field is written. The Edit says what
// changed (Summary, Details, Changed) and keeps only what it replaced, so
// Edit.Revert restores the model exactly; it is not a snapshot of the model.
// To redo, call the same operation with the same arguments again on the
// reverted model: operations are deterministic. A document command therefore
// wraps an operation as
//
//	Apply:  edit, err := animedit.SetKeys(m, frame, poses)  (keep edit)
//	Revert: edit.Revert(m)
//
// Edits must be reverted in the reverse order they were applied, on the
// model they were applied to. An Edit whose Changed is 0 changed nothing.
//
// Operations never modify a key list, the joint list or the vertex list in
// place when its length changes: they build new slices (a decoded model's
// key lists may share one backing array, and the slices an Edit keeps for
// undo must stay intact).
//
// # Keys
//
// Keys are addressed by KeyRef: a joint index, a kind and a time. Two times
// are the same key time when they are less than 1/1000 frame apart (times
// are single precision). Key values stay in radians; Degrees and Radians
// convert at the edges (the CLI and the pose fields take degrees). Setting a
// key where one exists replaces its value; keys otherwise go after every key
// that is not later, so sorted lists stay sorted. Moving, scaling or pasting
// a key onto another key of the same track replaces that key. When a key
// lands after the last frame, TotalFrames grows to hold it.
//
// After an Edit, the caller rebuilds what depends on what changed: an
// anim.Skeleton after ChangedKeys or ChangedSkeleton, an anim.Skinner after
// ChangedSkin or ChangedSkeleton. After an edit of keys alone, Edit.Joints
// lists the joints whose keys were written, and
// anim.Skeleton.RebuildJoints(m, edit.Joints...) re-derives only theirs.
package animedit
