// Package folder is the editor's way through a folder of models: the Pager
// behind File ▸ Next/Previous Model in Folder (Ctrl+Page Down, Ctrl+Page
// Up), and the View of File ▸ Open Folder…, a grid of the folder's
// subfolders and models with a thumbnail, the format, the triangle count
// and the problems of each, to walk through and pick from.
//
// A folder's models are the files document.CanOpen accepts, hidden ones
// left out, in natural order (Compare: walk2 before walk10, case set
// aside). Paging stops at the first and the last model rather than
// wrapping round, and the status bar says so: in a folder of hundreds, a
// silent jump back to the first would read as more models. Opening goes
// through the editor's open, which asks about unsaved changes first.
//
// Dependencies: folder imports document (what opens), viewport/thumbnail
// (the cgo-free software renderer that draws the pictures), ui/problems
// (the finding counts) and ui/widgets; the editor (ui) imports it.
//
// Goroutines: the View runs on Fyne's goroutine. While it shows a folder,
// at most four goroutines (one fewer than the processors, at least one)
// draw its thumbnails, the models in view first, and one more hands what
// they drew to Fyne's goroutine through fyne.Do, as many at once as are
// ready. They end when every model is drawn, or when the view closes or
// shows another folder; Done says when. The Pager starts none: it lists
// the folder on Fyne's goroutine (300 models take 0.3 ms).
package folder
