package ui

import (
	"fyne.io/fyne/v2"

	"ms3dstudio/ui/transformdialog"
)

// modelMenu is the Model menu: changes to the whole model.
func (e *Editor) modelMenu() *fyne.Menu {
	return fyne.NewMenu("Model", fyne.NewMenuItem("Transform…", e.ShowTransform))
}

// ShowTransform opens Model ▸ Transform… (ui/transformdialog): scale,
// rotate, mirror, up axis, recentring and units, applied to the whole model
// with its animation as one undoable edit.
func (e *Editor) ShowTransform() { e.showTransform() }

func (e *Editor) showTransform() *transformdialog.Dialog {
	if e.doc == nil {
		return nil
	}
	return transformdialog.Show(e.win, e.doc, func() {
		// Scaled ×100 or moved onto the floor, the model may be out of
		// view: show all of it, as opening it did.
		if f, ok := e.cfg.Viewport.(Framer); ok {
			f.FrameAll()
		}
	})
}
