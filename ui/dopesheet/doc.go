// Package dopesheet is the dope sheet: every joint's keys against time, a
// row per joint in the hierarchy, where keys are selected, moved, deleted
// and joints reparented by dragging (DopeSheet). It knows no document: it
// reports what the user did through its On… callbacks, which the Animator
// (ui/animate) turns into document commands, and it is the time axis the
// timeline's ruler follows (it implements timeline.TimeAxis without
// importing ui/timeline).
//
// Dependencies: dopesheet imports model, model/animedit, ui/widgets and
// ui/internal/textimage; ui/animate and ui/clips import it. It runs on
// Fyne's goroutine and starts no goroutine.
package dopesheet
