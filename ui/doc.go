// Package ui is MS3D Studio's editor (Editor): it lays the panels out
// around the viewport, owns the main menu, the keyboard shortcuts, the
// file dialogs with the unsaved-changes confirmation, Open Recent, export
// and import, the fix preview, the status bar, the window title and the
// recovery copies of unsaved work; it fans document changes and the shared
// selection out to the panels.
//
// The panels are packages of their own, one for each thing the user sees:
//
//	ui/outline      the tree of groups, materials and joints
//	ui/properties   every field of the selected element, the material editors
//	ui/problems     the findings, the reader or engine to load in, the fixes
//	ui/timeline     the ruler, the transport and the frame entry
//	ui/dopesheet    the keys of every joint against time
//	ui/animate      pose mode, keys, frames, skeleton and binding; Animate menu
//	ui/clips        the named clips
//	ui/textures     Materials ▸ Textures… and the watch of the texture files
//	ui/playback     the playback clock (no widgets)
//
// over two small shared packages: ui/hub (the selection every panel and
// the viewport select through: Hub, Selection, Kind) and ui/widgets
// (CommitEntry, the key-forwarding drop-down, check box, list and tree,
// LiveText, the number formats, the theme). Test support lives under
// ui/internal (uitest, edtest); ui/internal/textimage draws the rasters'
// text.
//
// Dependencies run one way: hub and widgets at the bottom (model only);
// playback, timeline and dopesheet above widgets; outline, properties,
// problems and textures above hub and widgets (with document and
// texture); animate above timeline and dopesheet; clips above timeline and
// dopesheet; the editor (ui) on top, imported by the app (and edtest). The panels
// know the editor only through what it hands them (animate.Config, the
// callbacks of clips.New and the On… fields); none imports ui or a format
// package: the UI reaches files only through document.
//
// Goroutines. Fyne objects and the document are touched only on Fyne's
// goroutine: in callbacks, or through fyne.Do. The goroutines ui starts,
// and how each reaches the UI:
//   - the timeline's ticker (ui/timeline): while playing without
//     ExternalClock, TickRate times a second, it posts a Tick through
//     fyne.Do, at most one waiting and none while a FramePacer paces (it
//     reads whether one does through an atomic);
//   - the property panel's deferred rebuild (ui/properties, Post): a
//     goroutine that only calls fyne.Do with the rebuild, at most one
//     scheduled at a time;
//   - the textures dialog (ui/textures): after every rebuild a goroutine
//     decodes the listed files and thumbnails, and each Search walks a
//     folder on one; both post their results through fyne.Do, and results
//     of an older rebuild or search are dropped;
//   - the texture watch (ui/textures): texture.Watcher's goroutine hands
//     each reload to fyne.Do;
//   - autosave (StartAutosave): a ticker goroutine that runs Autosave
//     through fyne.Do; Autosave encodes the model on Fyne's goroutine and
//     document/recovery writes it on the keeper's goroutine, whose
//     completion comes back through fyne.Do.
//
// RescueUnsaved is the one entry point that may run on another goroutine:
// when the app is stopped by a signal, after Fyne's loop no longer runs
// and nothing changes the document.
package ui
