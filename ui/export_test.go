package ui

import (
	"os"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"

	"ms3dstudio/ui/exportdialog"
	"ms3dstudio/ui/textures"
	"ms3dstudio/ui/transformdialog"
)

// What the external tests (package ui_test, which use ui/internal/edtest)
// see of the editor's internals.

// OpenNow opens path without asking about unsaved changes.
func (e *Editor) OpenNow(path string) error { return e.openNow(path) }

// ViewItems returns the View menu's items of the app's actions.
func (e *Editor) ViewItems() []*fyne.MenuItem { return e.viewItems }

// RecentMenu returns the Open Recent submenu.
func (e *Editor) RecentMenu() *fyne.Menu { return e.recentMenu }

// ShowTexturesDialog opens Materials ▸ Textures… and returns the dialog.
func (e *Editor) ShowTexturesDialog() *textures.Dialog { return e.showTextures() }

// WaitKept waits until the recovery copies written so far are on disk.
func (e *Editor) WaitKept() { e.keeper.Wait() }

// Unkept reports whether the model changed since the last autosave.
func (e *Editor) Unkept() bool { return e.unkept }

// SetStat replaces how the recent list looks files up.
func (r *Recent) SetStat(stat func(string) (os.FileInfo, error)) { r.stat = stat }

// Ctrl is the shortcut of k with Ctrl (Cmd on macOS).
func Ctrl(k fyne.KeyName) *desktop.CustomShortcut { return ctrl(k) }

// CtrlShift is the shortcut of k with Ctrl+Shift.
func CtrlShift(k fyne.KeyName) *desktop.CustomShortcut { return ctrlShift(k) }

// ShowExportDialog opens File ▸ Export… and returns the dialog.
func (e *Editor) ShowExportDialog() *exportdialog.Dialog { return e.showExport("") }

// ShowTransformDialog opens Model ▸ Transform… and returns the dialog.
func (e *Editor) ShowTransformDialog() *transformdialog.Dialog { return e.showTransform() }
