package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"ms3dstudio/document"
	"ms3dstudio/internal/corpus"
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
func (v *fakeViewport) HighlightGroup(g int)                 { v.group = g }
func (v *fakeViewport) HighlightJoint(j int)                 { v.joint = j }
func (v *fakeViewport) SetOnPick(f func(part string, i int)) { v.pick = f }

// corpusEntries returns the paths of the corpus files.
func corpusEntries(tb testing.TB) []string {
	var out []string
	for _, e := range corpus.MS3D(tb) {
		out = append(out, e.Path)
	}
	return out
}

// corpusPath returns the corpus file whose path ends with suffix.
func corpusPath(t *testing.T, suffix string) string { return corpus.File(t, suffix).Path }

// copyCorpus copies a corpus file into a temporary folder.
func copyCorpus(t *testing.T, suffix string) string {
	t.Helper()
	data, err := os.ReadFile(corpusPath(t, suffix))
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), filepath.Base(suffix))
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// newTestEditor builds an editor in a test window.
func newTestEditor(t *testing.T) (*Editor, fyne.Window, *fakeViewport) {
	t.Helper()
	a := test.NewTempApp(t)
	w := test.NewTempWindow(t, nil)
	w.Resize(fyne.NewSize(1200, 800))
	vp := newFakeViewport()
	e := NewEditor(Config{Window: w, Viewport: vp, Prefs: a.Preferences()})
	e.Timeline.ExternalClock = true
	e.Properties.post = func(f func()) { f() }
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

// overlayButton finds a button with the given text in the top overlay (a
// dialog).
func overlayButton(t *testing.T, w fyne.Window, text string) *widget.Button {
	t.Helper()
	top := w.Canvas().Overlays().Top()
	if top == nil {
		t.Fatalf("no dialog is shown (looking for %q)", text)
	}
	for _, o := range test.LaidOutObjects(top) {
		if b, ok := o.(*widget.Button); ok && b.Text == text {
			return b
		}
	}
	t.Fatalf("no %q button in the dialog", text)
	return nil
}

// overlayText returns all label texts of the top overlay.
func overlayText(w fyne.Window) string {
	top := w.Canvas().Overlays().Top()
	if top == nil {
		return ""
	}
	var b strings.Builder
	for _, o := range test.LaidOutObjects(top) {
		switch l := o.(type) {
		case *widget.Label:
			b.WriteString(l.Text + "\n")
		case *canvas.Text:
			b.WriteString(l.Text + "\n")
		}
	}
	return b.String()
}

// submit types Enter into an entry.
func submit(e *CommitEntry) { e.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn}) }

// setAndSubmit replaces an entry's text and presses Enter.
func setAndSubmit(e *CommitEntry, text string) {
	e.SetText(text)
	submit(e)
}
