// Package timeline is the editor's bottom strip: the ruler in MilkShape
// frames with a tick for every key of the selected joint, the scrubber, the
// transport buttons, loop, speed and the frame entry (Timeline). The
// playback logic is a ui/playback Player; the widget draws it and drives
// its clock.
//
// Dependencies: timeline imports ui/widgets and ui/playback (and
// ui/internal/textimage for the ruler's numbers); the editor (ui) and the
// panels that move the time (ui/animate, ui/clips) import it. It does not
// know the dope sheet: the ruler follows any TimeAxis, and the editor gives
// it the dope sheet.
//
// Goroutines: everything runs on Fyne's goroutine except the ticker. While
// playback runs without ExternalClock, Play starts one goroutine that ticks
// TickRate times a second and posts a Tick to Fyne's goroutine through
// fyne.Do, with at most one tick waiting there and none while a FramePacer
// paces playback (the one state it reads, through an atomic); Pause and
// Stop end it.
package timeline
