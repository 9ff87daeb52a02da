// Package ui holds MS3D Studio's Fyne widgets: the outline tree, the
// property panel, the problems panel, the status bar, the timeline and the
// editor that lays them out around the viewport with the main menu and the
// keyboard shortcuts.
//
// The widgets are thin. Edits go through document commands (so they
// undo), playback logic lives in ui/playback, and selection is shared
// through a Hub that every panel and the viewport (through the Viewport
// interface) read and write. Everything here runs on Fyne's goroutine; the
// only goroutine the package starts is the timeline's playback ticker, and
// it reaches the widgets through fyne.Do.
package ui
