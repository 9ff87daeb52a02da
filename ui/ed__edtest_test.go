package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"ms3dstudio/document"
)

// fakeViewport stands in for the GL viewport: it records highlights and
// lets a test report picks.
type fakeViewport struct {
	widget.BaseWidget
	group, joint int
	pick         func(part string, index int)
}

func newFakeViewport() *fakeViewport {
	v := &fakeViewport{group: -2, joint: -2}
	v.ExtendBaseWidget(v)
	return v
}

func (v *fakeViewport) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(canvas.NewRectangle(nil))
}

func (v *fakeViewport) HighlightGroup(g int) { v.group = g }

func (v *fakeViewport) HighlightJoint(j int) { v.joint = j }

func (v *fakeViewport) SetOnPick(f func(part string, i int)) { v.pick = f }

// newTestEditor builds an editor in a test window.
func newTestEditor(t *testing.T) (*Editor, fyne.Window, *fakeViewport) {
	t.Helper()
	a := test.NewTempApp(t)
	w := test.NewTempWindow(t, nil)
	w.Resize(fyne.NewSize(1200, 800))
	vp := newFakeViewport()
	e := NewEditor(Config{Window: w, Viewport: vp, Prefs: a.Preferences()})
	e.Timeline.ExternalClock = true
	e.Properties.Post = func(f func()) { f() }
	e.Install()
	return e, w, vp
}

// openDoc opens a file into the editor and fails the test on error.
func openDoc(t *testing.T, e *Editor, path string) *document.Document {
	t.Helper()
	if err := e.openNow(path); err != nil {
		t.Fatal(err)
	}
	return e.Document()
}
