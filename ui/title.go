package ui

import (
	"strings"

	"ms3dstudio/document"
)

// AppName is the application's name as the title bar shows it.
const AppName = "MS3D Studio"

// ModifiedMark prefixes the title of a document with unsaved changes.
const ModifiedMark = "• "

// Title returns the window title for d: "name.ms3d — MS3D Studio", with
// ModifiedMark in front when d has unsaved changes, or the application name
// alone when there is no document.
func Title(d *document.Document) string {
	if d == nil {
		return AppName
	}
	t := d.Name() + " — " + AppName
	if im := d.Imported(); im != nil {
		t = d.Name() + " (imported from " + strings.ToUpper(im.Format) + ") — " + AppName
	}
	if d.Modified() {
		t = ModifiedMark + t
	}
	return t
}
