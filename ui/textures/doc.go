// Package textures is the editor's Materials ▸ Textures… dialog (Dialog):
// every texture and alpha-map path of the document with its status, size,
// format and thumbnail, a search of folders for the missing files, a
// choice among several matches, Apply (one undoable edit), Collect (copies
// beside the model) and editing one path; and the watch that reloads the
// document's textures when their files change on disk (Watch). What it
// shows is computed by texture/ (Plan, Search, Probe, Watcher); the
// package only lays it out and hands the results to the document.
//
// Dependencies: textures imports document, model/texpath, texture and
// ui/widgets; the editor (ui) and the app import it.
//
// Goroutines: the dialog runs on Fyne's goroutine and starts two kinds of
// goroutine, each of which reaches the dialog only through fyne.Do: one
// that decodes the listed files and their thumbnails after every rebuild
// (stale results are dropped), and one per Search that walks a folder with
// texture.Search (progress at most ten times a second; Cancel stops it).
// Idle reports when none is running. The Watch's texture.Watcher runs its
// own goroutine, which hands each reload to Fyne's goroutine through
// fyne.Do.
package textures
