// Package uitest holds helpers for the tests of ui and its packages that
// need nothing of ui itself: the corpus, the objects a widget or dialog
// shows, typing into entries, comparing rendered ink. It imports no package
// of ui, so that the internal tests of every ui package can use it (the
// editor is built by ui/internal/edtest). It is test support: only _test.go
// files import it.
package uitest

import (
	"fmt"
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
	"ms3dstudio/model"
	"ms3dstudio/model/sample"
)

// CorpusEntries returns the paths of the corpus files.
func CorpusEntries(tb testing.TB) []string {
	var out []string
	for _, e := range corpus.MS3D(tb) {
		out = append(out, e.Path)
	}
	return out
}

// CorpusPath returns the corpus file whose path ends with suffix.
func CorpusPath(t *testing.T, suffix string) string { return corpus.File(t, suffix).Path }

// CopyCorpus copies a corpus file into a temporary folder.
func CopyCorpus(t *testing.T, suffix string) string {
	t.Helper()
	return CopyCorpusTo(t, suffix, filepath.Join(t.TempDir(), filepath.Base(suffix)))
}

// CopyCorpusTo copies the corpus file whose path ends with suffix to path
// (in a folder that exists) and returns path.
func CopyCorpusTo(t *testing.T, suffix, path string) string {
	t.Helper()
	data, err := os.ReadFile(CorpusPath(t, suffix))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// OverlayButton finds a button with the given text in the top overlay (a
// dialog).
func OverlayButton(t testing.TB, w fyne.Window, text string) *widget.Button {
	t.Helper()
	top := w.Canvas().Overlays().Top()
	if top == nil {
		t.Fatalf("no dialog is shown (looking for %q)", text)
	}
	return Button(t, top, text)
}

// Button returns the button with the given text among the objects o shows,
// failing the test when there is none.
func Button(t testing.TB, o fyne.CanvasObject, text string) *widget.Button {
	t.Helper()
	b := Find(o, func(b *widget.Button) bool { return b.Text == text })
	if b == nil {
		t.Fatalf("no %q button", text)
	}
	return b
}

// HasButton reports whether o shows a button with the given text.
func HasButton(o fyne.CanvasObject, text string) bool {
	return Find(o, func(b *widget.Button) bool { return b.Text == text }) != nil
}

// Find returns the first object of type T that o shows (o itself, or one
// laid out inside it) for which match is true, or T's zero value.
func Find[T any](o fyne.CanvasObject, match func(T) bool) T {
	for _, c := range test.LaidOutObjects(o) {
		if t, ok := c.(T); ok && match(t) {
			return t
		}
	}
	var zero T
	return zero
}

// OverlayText returns all label texts of the top overlay.
func OverlayText(w fyne.Window) string {
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

// Submit types Enter into an entry.
func Submit(e fyne.Focusable) { e.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn}) }

// SetAndSubmit replaces an entry's text and presses Enter.
func SetAndSubmit(e interface {
	fyne.Focusable
	SetText(string)
}, text string) {
	e.SetText(text)
	Submit(e)
}

// JointIndex returns the index of the joint called name.
func JointIndex(t *testing.T, m *model.Model, name string) int {
	t.Helper()
	for i, j := range m.Joints {
		if j.Name.Text() == model.Str(name) {
			return i
		}
	}
	t.Fatalf("no joint %q", name)
	return -1
}

// MenuItem returns the first item of the menu called menu in m whose label
// starts with label ("Undo" finds "Undo Rename joint"), failing the test
// when there is none.
func MenuItem(t testing.TB, m *fyne.MainMenu, menu, label string) *fyne.MenuItem {
	t.Helper()
	for _, mn := range m.Items {
		if mn.Label != menu {
			continue
		}
		for _, it := range mn.Items {
			if strings.HasPrefix(it.Label, label) {
				return it
			}
		}
	}
	t.Fatalf("no %s ▸ %s… in the main menu", menu, label)
	return nil
}

// BenchPath returns the corpus file whose path ends with name, for a
// benchmark.
func BenchPath(b *testing.B, name string) string {
	b.Helper()
	for _, e := range CorpusEntries(b) {
		if len(e) >= len(name) && e[len(e)-len(name):] == name {
			return e
		}
	}
	b.Fatalf("no %s", name)
	return ""
}

// SampleFile writes the built-in sample model (or m, when given) to a
// temporary .ms3d file.
func SampleFile(t *testing.T, m *model.Model) string {
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

// GroupsScene returns a model of n groups of one triangle each (three
// vertices of its own), alternating between two materials: 3n vertices,
// the shape of a scene imported from a richer format (305 groups are past
// MS3D's 255; 25,000 are 75,000 vertices, past its 65,534).
func GroupsScene(n int) *model.Model {
	m := &model.Model{Version: 4, FPS: 24, Materials: []model.Material{{Name: "a", Transparency: 1}, {Name: "b", Transparency: 1}}}
	none := [4]uint16{model.NoBone, model.NoBone, model.NoBone, model.NoBone}
	for g := range n {
		v := uint32(len(m.Vertices))
		for _, p := range [][3]float32{{float32(g), 0, 0}, {float32(g) + 0.5, 0, 0}, {float32(g), 0.5, 0}} {
			m.Vertices = append(m.Vertices, model.Vertex{Position: p, Bones: none})
		}
		m.Triangles = append(m.Triangles, model.Triangle{Vertices: [3]uint32{v, v + 1, v + 2}, Group: uint16(g),
			Normals: [3][3]float32{{0, 0, 1}, {0, 0, 1}, {0, 0, 1}}})
		m.Groups = append(m.Groups, model.Group{Name: model.Str(fmt.Sprintf("part%d", g)), Triangles: []uint32{uint32(g)}, Material: int16(g % 2)})
	}
	return m
}
