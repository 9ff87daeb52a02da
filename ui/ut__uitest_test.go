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
	"github.com/go-gl/mathgl/mgl32"

	"ms3dstudio/document"
	"ms3dstudio/internal/corpus"
	"ms3dstudio/model"
	"ms3dstudio/model/anim"
	"ms3dstudio/model/sample"
)

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
func submit(e fyne.Focusable) { e.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn}) }

// setAndSubmit replaces an entry's text and presses Enter.
func setAndSubmit(e interface {
	fyne.Focusable
	SetText(string)
}, text string) {
	e.SetText(text)
	submit(e)
}

// jointIndex returns the index of the joint called name.
func jointIndex(t *testing.T, m *model.Model, name string) int {
	t.Helper()
	for i, j := range m.Joints {
		if j.Name.Text() == model.Str(name) {
			return i
		}
	}
	t.Fatalf("no joint %q", name)
	return -1
}

func benchPath(b *testing.B, name string) string {
	b.Helper()
	for _, e := range corpusEntries(b) {
		if len(e) >= len(name) && e[len(e)-len(name):] == name {
			return e
		}
	}
	b.Fatalf("no %s", name)
	return ""
}

// sampleFile writes the built-in sample model (or m, when given) to a
// temporary .ms3d file.
func sampleFile(t *testing.T, m *model.Model) string {
	t.Helper()
	if m == nil {
		m = sample.Model()
	}
	data, err := document.New(m, "", nil).Encode()
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), "sample.ms3d")
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// handAt returns joint j's origin at frame f as model/anim plays the
// document.
func originAt(t *testing.T, m *model.Model, j int, f float32) mgl32.Vec3 {
	t.Helper()
	sk, _ := anim.NewSkeleton(m)
	g := make([]mgl32.Mat4, sk.Len())
	sk.Pose(anim.FrameToTime(f, m.EffectiveFPS()), g)
	return g[j].Col(3).Vec3()
}
