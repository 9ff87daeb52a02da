package ui_test

import (
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"ms3dstudio/document"
	"ms3dstudio/internal/posetest"
	"ms3dstudio/model"
	"ms3dstudio/model/anim"
	"ms3dstudio/model/transform"
	"ms3dstudio/model/xform"
	"ms3dstudio/ui"
	"ms3dstudio/ui/internal/edtest"
	"ms3dstudio/ui/internal/uitest"
)

// openAnimated opens the animated lesson31 model (9 joints, 24 frames) in
// an editor and returns also a copy of the model as it opened, to compare
// with after a transform (transform.Apply rebuilds what it changes, so the
// copy keeps the slices of before).
func openAnimated(t *testing.T) (*ui.Editor, fyne.Window, *document.Document, model.Model) {
	t.Helper()
	e, w, d := edtest.OpenEditor(t, uitest.CorpusPath(t, "lesson31_bcb6/Data/Model.ms3d"))
	return e, w, d, *d.Model()
}

// posedAt returns m's skinned vertex positions at frame f.
func posedAt(t *testing.T, m *model.Model, f float32) [][3]float32 {
	t.Helper()
	pos, _ := posetest.Posed(m, anim.FrameToTime(f, m.EffectiveFPS()))
	return pos
}

// maxApart is the largest distance between a[i] mapped by t and b[i].
func maxApart(a, b [][3]float32, t transform.Transform) float64 {
	moved := make([][3]float32, len(a))
	for i, p := range a {
		moved[i] = xform.Vec32(t.Apply(xform.Vec64(p)))
	}
	return posetest.MaxDistance(moved, b)
}

// TestTransformScaleCarriesTheAnimationAndUndoes: Model ▸ Transform…
// with a scale of 2 doubles the model at every frame as one undoable
// edit named for it, the viewport frames the model again, and Undo gives
// the model back.
func TestTransformScaleCarriesTheAnimationAndUndoes(t *testing.T) {
	e, _, vp := edtest.NewEditor(t)
	d := edtest.Open(t, e, uitest.CorpusPath(t, "lesson31_bcb6/Data/Model.ms3d"))
	before := *d.Model() // transform.Apply rebuilds what it changes
	uitest.MenuItem(t, e.Menu(), "Model", "Transform").Action()
	td := e.ShowTransformDialog()
	td.Scale.SetText("2")
	var b model.Box
	for _, v := range before.Vertices {
		b.Add(v.Position)
	}
	twice := strconv.FormatFloat(2*float64(b.Hi[1]-b.Lo[1]), 'g', 4, 32)
	if _, after, _ := strings.Cut(td.Size.Text, "afterwards"); !strings.Contains(after, " × "+twice+" × ") {
		t.Errorf("the preview does not give the doubled height %s: %q", twice, td.Size.Text)
	}
	test.Tap(td.ApplyButton)
	if td.Error.Visible() {
		t.Fatalf("refused: %s", td.Error.Text)
	}
	if d.UndoLabel() != "Scale model" {
		t.Errorf("undo label %q, want Scale model", d.UndoLabel())
	}
	if vp.Framed != 1 {
		t.Errorf("the viewport framed the model %d times after the transform, want once", vp.Framed)
	}
	for _, f := range []float32{1, 8, 12, 24} {
		if got := maxApart(posedAt(t, &before, f), posedAt(t, d.Model(), f), transform.Scale(2)); got > 1e-4 {
			t.Errorf("frame %g: the posed model is %g from twice the original's pose", f, got)
		}
	}
	e.Undo()
	if !slices.Equal(d.Model().Vertices, before.Vertices) || d.CanUndo() {
		t.Error("Undo did not give the model back")
	}
}

// TestTransformRefusesNonUniformScaleOfAnimatedModel: stretching one
// axis of an animated model is refused with the reason in the dialog,
// which stays open, and nothing changes.
func TestTransformRefusesNonUniformScaleOfAnimatedModel(t *testing.T) {
	e, w, d, before := openAnimated(t)
	td := e.ShowTransformDialog()
	td.Scale.SetText("1,2,1")
	test.Tap(td.ApplyButton)
	if !td.Error.Visible() || !strings.Contains(td.Error.Text, "rigid") {
		t.Errorf("error %q (shown %v), want the refusal's reason", td.Error.Text, td.Error.Visible())
	}
	if !uitest.HasButton(w.Canvas().Overlays().Top(), "Apply") {
		t.Error("the dialog closed on a refusal")
	}
	if d.CanUndo() || !slices.Equal(d.Model().Vertices, before.Vertices) {
		t.Error("the model changed though the transform was refused")
	}
}

// TestTransformUnitsUpAxisFloor: metres to centimetres, Z up stood up
// and set on the floor give the transform model/transform builds for the
// same steps, in the documented order, and the model stands on Y = 0.
func TestTransformUnitsUpAxisFloor(t *testing.T) {
	e, _, d, before := openAnimated(t)
	td := e.ShowTransformDialog()
	td.From.SetSelected("m")
	td.To.SetSelected("cm")
	td.Mirror.SetSelected("X")
	td.RotateY.SetText("30")
	td.Up.SetSelected(td.Up.Options[1]) // Z up → Y up
	td.Center.SetSelected(td.Center.Options[2])
	test.Tap(td.ApplyButton)
	if td.Error.Visible() {
		t.Fatalf("refused: %s", td.Error.Text)
	}
	u, _ := transform.Units("m", "cm")
	want := transform.Center(&before, u.Then(transform.Mirror(0)).Then(transform.Rotate([3]float64{0, 30, 0})).Then(transform.Up(transform.Axis{Index: 2}, transform.Y)), transform.CenterFloor)
	if got := maxApart(posedAt(t, &before, 12), posedAt(t, d.Model(), 12), want); got > 1e-2 { // centimetres
		t.Errorf("frame 12 is %g cm from the transform asked for", got)
	}
	lo := float32(math.Inf(1))
	for _, v := range d.Model().Vertices {
		lo = min(lo, v.Position[1])
	}
	if math.Abs(float64(lo)) > 1e-3 {
		t.Errorf("the lowest vertex is at y = %g, want the floor", lo)
	}
	if d.UndoLabel() != "Transform model" {
		t.Errorf("undo label %q", d.UndoLabel())
	}
}
