package ui

import (
	"fmt"

	"fyne.io/fyne/v2"

	"ms3dstudio/document"
	"ms3dstudio/ui/hub"
	"ms3dstudio/ui/textures"
)

// prefs returns the preferences the editor remembers things in.
func (e *Editor) prefs() fyne.Preferences {
	if e.cfg.Prefs != nil {
		return e.cfg.Prefs
	}
	return fyne.CurrentApp().Preferences()
}

// ShowTextures opens Materials ▸ Textures… for the document and searches
// the folders remembered for it again.
func (e *Editor) ShowTextures() { e.showTextures() }

// showTextures opens the dialog and returns it (nil without a document).
func (e *Editor) showTextures() *textures.Dialog {
	if e.doc == nil {
		return nil
	}
	td := textures.NewDialog(e.doc, e.win, e.prefs(), e.Do)
	td.Show()
	if dirs := textures.RememberedSearchDirs(e.prefs(), e.doc.Path()); len(dirs) > 0 {
		td.Search(dirs...)
	}
	return td
}

// newMaterial adds a material with MilkShape's defaults and selects it.
func (e *Editor) newMaterial() {
	if e.doc == nil {
		return
	}
	n := len(e.doc.Model().Materials)
	if e.Do(document.AddMaterial(document.NewMaterial(fmt.Sprintf("Material %d", n)))) == nil {
		e.hub.Select(hub.Selection{Kind: hub.KindMaterial, Index: n})
	}
}

// materialsMenu is the Materials menu.
func (e *Editor) materialsMenu() *fyne.Menu {
	tex := fyne.NewMenuItem("Textures…", e.ShowTextures)
	tex.Shortcut = ctrl(fyne.KeyT)
	return fyne.NewMenu("Materials", tex, fyne.NewMenuItemSeparator(), fyne.NewMenuItem("New Material", e.newMaterial))
}
