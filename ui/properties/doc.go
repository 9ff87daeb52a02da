// Package properties is the panel on the right of the editor
// (Properties): every field the model holds for the selected element,
// editable where a document command exists, with the material editors
// (colour pickers, sliders, groups, new, duplicate, delete), a joint's key
// lists and an imported file's import options. Entries commit on Enter or
// focus loss and show the command's error under themselves; rows scrolled
// out of view are hidden while the editor plays (SetCulling).
//
// Dependencies: properties imports document, texture, ui/hub and
// ui/widgets; the editor (ui) imports it.
//
// Goroutines: the panel runs on Fyne's goroutine. Its one goroutine is
// the deferred rebuild after a document change: Post (by default) starts a
// goroutine that only hands the rebuild back to Fyne's goroutine through
// fyne.Do, at most one at a time.
package properties
