package folder

import (
	"testing"

	"fyne.io/fyne/v2"
)

// What the external tests (package folder_test, which build the editor
// with ui/internal/edtest) see of the view's internals.

// Tap taps the cell of the item called name in window w, as a click does.
func (v *View) Tap(t *testing.T, w fyne.Window, name string) { tap(t, w, v, itemNamed(t, v, name)) }

// Drawn returns how many thumbnails the view has shown.
func (v *View) Drawn() int { return v.drawn }

// Closed reports whether the view was closed.
func (v *View) Closed() bool { return v.closed }
