// Package ui holds MS3D Studio's Fyne widgets: the outline tree, the
// property panel, the problems panel, the status bar, the timeline and the
// editor that lays them out around the viewport with the main menu and the
// keyboard shortcuts.
//
// The widgets are thin. Edits go through document commands (so they
// undo), playback logic lives in ui/playback, and selection is shared
// through a Hub that every panel and the viewport (through the Viewport
// interface) read and write.
//
// Widgets, the Hub and the document are touched only on Fyne's goroutine.
// The goroutines the package starts reach them only through fyne.Do:
// the timeline's playback ticker (at most one tick waits on Fyne's
// goroutine; it reads whether the viewport paces playback through an
// atomic), the autosave ticker of Editor.StartAutosave, the textures
// dialog's decoding of the files it lists and its folder searches (their
// results are dropped when a newer plan or search replaced theirs), and the
// short-lived goroutine the property panel starts to queue its rebuild
// after the event that caused it. Callbacks that other packages run on
// their own goroutines, the texture watcher's (texture.Watcher) and the
// recovery keeper's (recovery.Keeper.Keep), post to Fyne's goroutine the
// same way.
package ui
