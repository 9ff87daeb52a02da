// Package animate is the editor's animation panel and Animate menu
// (Animator): pose mode with the viewport's gizmo and the pose fields,
// the unkeyed preview pose, auto-key, setting, deleting, copying,
// pasting and scaling keys, inserting and removing frames, the frame rate,
// the playback range, the skeleton edits (add, delete, reparent joints),
// binding vertices to joints, and the dope sheet it drives. Every edit is
// one document command; the pose maths is model/animedit's.
//
// Dependencies: animate imports document, model, model/anim,
// model/animedit, ui/hub, ui/widgets, ui/timeline and ui/dopesheet; the
// editor (ui) and the app (for PoseView and GizmoDrag) import it. It
// knows the editor only through Config.
//
// It runs on Fyne's goroutine and starts no goroutine.
package animate
