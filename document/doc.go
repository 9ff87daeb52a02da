// Package document is the editable MS3D Studio document: a model, the file
// it came from, what the reader noticed about it, and an undo/redo history
// of small commands.
//
// Every edit is a Command that changes one thing (a name, a colour, a key)
// and remembers only what it replaced, so undo restores the exact bytes that
// were there: a document whose edits were all undone saves byte-identical to
// the file it was read from (formats/ms3d is lossless). Subscribers hear of
// every change with what changed (the Aspect) and where (the part and the
// element index), so a UI refreshes only what it shows of that element and a
// viewport re-skins only when geometry, skin or keys changed.
//
// Saving goes through formats/ms3d.Encode and internal/atomicfile: a temporary
// file is renamed over the target, and the file as it was before the first
// overwrite is kept as name.ms3d.bak. The history keeps a save point, so
// undoing past a save makes the document modified again.
//
// A Document is not safe for concurrent use: the app calls it on Fyne's
// goroutine only. Anything that reads the model on another goroutine (a
// renderer) must copy what it needs when it is notified.
package document
