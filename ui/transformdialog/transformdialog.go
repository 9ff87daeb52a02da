// Package transformdialog is Model ▸ Transform…: the dialog that moves,
// turns, mirrors and scales the whole model with its animation (unit
// conversion, scale, mirror, rotation, up axis, recentring), applied as
// one undoable command, document.TransformModel, built with model/transform
// in the order "ms3dtool transform" applies its flags. A transform the
// model cannot take (a non-uniform scale of an animated model) is refused
// with the reason shown in the dialog, which stays open.
//
// It runs on Fyne's goroutine.
package transformdialog

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"ms3dstudio/document"
	"ms3dstudio/model"
	"ms3dstudio/model/transform"
	"ms3dstudio/model/xform"
)

// Choices of the drop-downs.
const (
	noUnits   = "—"
	noMirror  = "None"
	keepUp    = "Keep (MilkShape is Y up)"
	zUpToYUp  = "Z up → Y up (stand a Blender or 3ds Max model up)"
	yUpToZUp  = "Y up → Z up"
	keepPlace = "Keep"
	toOrigin  = "Box centre on the origin"
	toFloor   = "On the floor, centred (Y = 0)"
)

// units lists the length units Units converts between.
var units = []string{noUnits, "m", "cm", "mm", "inch", "ft"}

// Dialog is the Transform dialog. Its widgets are exported for the tests,
// which drive it as a user does.
type Dialog struct {
	doc *document.Document
	// applied is called after a transform was applied.
	applied func()
	dlg     *dialog.CustomDialog

	// From and To convert lengths between units (none when either is —).
	From, To *widget.Select
	// Scale is one factor, or X,Y,Z (per axis: refused for an animated
	// model).
	Scale *widget.Entry
	// Mirror mirrors across the plane normal to an axis.
	Mirror *widget.Select
	// RotateX, RotateY and RotateZ turn by degrees, about X first.
	RotateX, RotateY, RotateZ *widget.Entry
	// Up turns the model's up axis.
	Up *widget.Select
	// Center moves the model's box to the origin or onto the floor.
	Center *widget.Select
	// Size says the model's box now and after the transform.
	Size *widget.Label
	// Error says why the transform cannot be applied.
	Error *widget.Label
	// ApplyButton applies the transform and closes the dialog.
	ApplyButton *widget.Button
}

// Show opens the Transform dialog for doc in w; applied, when not nil, is
// called after a transform was applied.
func Show(w fyne.Window, doc *document.Document, applied func()) *Dialog {
	d := &Dialog{doc: doc, applied: applied}
	d.Size = widget.NewLabel("")
	d.Size.TextStyle.Monospace = true
	d.Size.Wrapping = fyne.TextWrapWord // a long box must not widen the dialog
	d.Error = widget.NewLabel("")
	d.Error.Wrapping = fyne.TextWrapWord
	d.Error.Importance = widget.DangerImportance
	d.Error.Hide()
	ready := false // until every field exists
	changed := func(string) {
		if ready {
			d.preview()
		}
	}
	d.From = widget.NewSelect(units, changed)
	d.To = widget.NewSelect(units, changed)
	d.From.SetSelected(noUnits)
	d.To.SetSelected(noUnits)
	d.Scale = widget.NewEntry()
	d.Scale.SetPlaceHolder("1, or X,Y,Z")
	d.Mirror = widget.NewSelect([]string{noMirror, "X", "Y", "Z"}, changed)
	d.Mirror.SetSelected(noMirror)
	d.RotateX, d.RotateY, d.RotateZ = widget.NewEntry(), widget.NewEntry(), widget.NewEntry()
	d.Up = widget.NewSelect([]string{keepUp, zUpToYUp, yUpToZUp}, changed)
	d.Up.SetSelected(keepUp)
	d.Center = widget.NewSelect([]string{keepPlace, toOrigin, toFloor}, changed)
	d.Center.SetSelected(keepPlace)
	for _, e := range []*widget.Entry{d.Scale, d.RotateX, d.RotateY, d.RotateZ} {
		if e != d.Scale {
			e.SetPlaceHolder("0")
		}
		e.OnChanged = changed
		e.OnSubmitted = func(string) { d.Apply() }
	}

	form := widget.NewForm(
		widget.NewFormItem("Units", container.NewGridWithColumns(2, d.From, labelled("to", d.To))),
		widget.NewFormItem("Scale", d.Scale),
		widget.NewFormItem("Mirror", d.Mirror),
		widget.NewFormItem("Rotate (°)", container.NewGridWithColumns(3, labelled("X", d.RotateX), labelled("Y", d.RotateY), labelled("Z", d.RotateZ))),
		widget.NewFormItem("Up axis", d.Up),
		widget.NewFormItem("Recentre", d.Center))
	order := widget.NewLabel("Applied in this order: units, scale, mirror, rotation, up axis, then the recentring. Vertices, the skeleton and every key change together, so the animation plays transformed; Undo takes it all back.")
	order.Wrapping = fyne.TextWrapWord
	body := container.NewVBox(order, form, widget.NewSeparator(), d.Size, d.Error)
	d.ApplyButton = widget.NewButton("Apply", d.Apply)
	d.ApplyButton.Importance = widget.HighImportance
	cancel := widget.NewButton("Cancel", func() { d.dlg.Hide() })
	d.dlg = dialog.NewCustomWithoutButtons("Transform Model", body, w)
	d.dlg.SetButtons([]fyne.CanvasObject{cancel, d.ApplyButton})
	d.dlg.Resize(fyne.NewSize(min(640, w.Canvas().Size().Width-40), body.MinSize().Height+120))
	ready = true
	d.preview()
	d.dlg.Show()
	return d
}

func labelled(name string, o fyne.CanvasObject) fyne.CanvasObject {
	return container.NewBorder(nil, nil, widget.NewLabel(name), nil, o)
}

// Transform returns the transform the fields give, and the label of its
// undo step: the one step's name ("Scale model") or "Transform model".
func (d *Dialog) Transform() (transform.Transform, string, error) {
	t := transform.Identity
	var steps []string
	if d.From.Selected != noUnits && d.To.Selected != noUnits && d.From.Selected != d.To.Selected {
		u, err := transform.Units(d.From.Selected, d.To.Selected)
		if err != nil {
			return t, "", err
		}
		t, steps = t.Then(u), append(steps, "Convert units")
	}
	if s := strings.TrimSpace(d.Scale.Text); s != "" {
		k, err := transform.ParseVec(s)
		if err != nil {
			return t, "", fmt.Errorf("scale %q: want one number, or X,Y,Z", s)
		}
		if k[0] == 0 || k[1] == 0 || k[2] == 0 {
			return t, "", fmt.Errorf("scale %q: a factor of 0 flattens the model; to mirror, choose an axis in Mirror", s)
		}
		if k != [3]float64{1, 1, 1} {
			t, steps = t.Then(transform.ScaleXYZ(k)), append(steps, "Scale model")
		}
	}
	if i := strings.Index("XYZ", d.Mirror.Selected); d.Mirror.Selected != noMirror && i >= 0 {
		t, steps = t.Then(transform.Mirror(i)), append(steps, "Mirror model")
	}
	var deg [3]float64
	for k, e := range []*widget.Entry{d.RotateX, d.RotateY, d.RotateZ} {
		s := strings.TrimSpace(e.Text)
		if s == "" {
			continue
		}
		v, err := strconv.ParseFloat(s, 64)
		if err != nil || math.IsNaN(v) || math.Abs(v) > 1e6 {
			return t, "", fmt.Errorf("rotation about %c %q: want degrees", "XYZ"[k], s)
		}
		deg[k] = v
	}
	if deg != [3]float64{} {
		t, steps = t.Then(transform.Rotate(deg)), append(steps, "Rotate model")
	}
	switch d.Up.Selected {
	case zUpToYUp:
		t, steps = t.Then(transform.Up(transform.Axis{Index: 2}, transform.Y)), append(steps, "Change up axis")
	case yUpToZUp:
		t, steps = t.Then(transform.Up(transform.Y, transform.Axis{Index: 2})), append(steps, "Change up axis")
	}
	switch d.Center.Selected {
	case toOrigin:
		t, steps = transform.Center(d.doc.Model(), t, transform.CenterOrigin), append(steps, "Recentre model")
	case toFloor:
		t, steps = transform.Center(d.doc.Model(), t, transform.CenterFloor), append(steps, "Recentre model")
	}
	label := "Transform model"
	if len(steps) == 1 {
		label = steps[0]
	}
	return t, label, nil
}

// Apply transforms the model as one undoable edit and closes the dialog;
// a transform the fields do not give, or the model refuses, is said in
// Error and the dialog stays open.
func (d *Dialog) Apply() {
	t, label, err := d.Transform()
	if err == nil && !t.IsIdentity() {
		err = d.doc.Do(document.TransformModel(label, t))
	}
	if err != nil {
		var notRigid *transform.NotRigidError
		if errors.As(err, &notRigid) {
			err = fmt.Errorf("refused: %w", err)
		}
		d.Error.SetText(err.Error())
		d.Error.Show()
		return
	}
	d.dlg.Hide()
	if d.applied != nil && !t.IsIdentity() {
		d.applied()
	}
}

// preview shows the model's box now and after the transform the fields
// give.
func (d *Dialog) preview() {
	d.Error.Hide()
	m := d.doc.Model()
	now := box(m, transform.Identity)
	text := "Box now:        " + boxText(now)
	if t, _, err := d.Transform(); err == nil {
		text += "\nBox afterwards: " + boxText(box(m, t))
	}
	d.Size.SetText(text)
}

// box returns the box of m's vertices moved by t.
func box(m *model.Model, t transform.Transform) model.Box {
	var b model.Box
	for _, v := range m.Vertices {
		b.Add(xform.Vec32(t.Apply(xform.Vec64(v.Position))))
	}
	return b
}

func boxText(b model.Box) string {
	if !b.OK {
		return "no vertices"
	}
	size := max(b.Hi[0]-b.Lo[0], b.Hi[1]-b.Lo[1], b.Hi[2]-b.Lo[2])
	f := func(v float32) string {
		if math.Abs(float64(v)) < 1e-6*float64(size) {
			v = 0 // rounding left by a recentring, not a place
		}
		return strconv.FormatFloat(float64(v), 'g', 4, 32)
	}
	return fmt.Sprintf("size %s × %s × %s, from (%s, %s, %s) to (%s, %s, %s)",
		f(b.Hi[0]-b.Lo[0]), f(b.Hi[1]-b.Lo[1]), f(b.Hi[2]-b.Lo[2]), f(b.Lo[0]), f(b.Lo[1]), f(b.Lo[2]), f(b.Hi[0]), f(b.Hi[1]), f(b.Hi[2]))
}
