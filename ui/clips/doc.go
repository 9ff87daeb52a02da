// Package clips is the editor's clips panel (Panel): the named clips of
// the model (idle 1–30, walk 31–60, stored in its comment by model/clips),
// added, renamed, moved and deleted as one undoable edit each; selecting a
// clip makes it the playback range of the timeline and the dope sheet.
//
// Dependencies: clips imports document, model/clips, ui/timeline and
// ui/dopesheet; the editor (ui) imports it. It runs on Fyne's goroutine and
// starts no goroutine.
package clips
