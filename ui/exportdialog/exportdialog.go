// Package exportdialog is File ▸ Export…: one dialog with the folder, the
// file name and the format, and under them the options of the chosen
// format (the engine an SMD is for, the clip and frame rate of a B3D, MD2
// or MD3, an MD2's skin size, the pose of an OBJ, the split of an MS3D too
// large for one file), mapped onto exporter.Options; after writing,
// a report of every file written and every finding (what the format could
// not hold). The formats and their options are one table (formats.go).
//
// It reaches files only through exporter.Write, and runs on Fyne's
// goroutine.
package exportdialog

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/widget"

	"ms3dstudio/document"
	"ms3dstudio/document/check"
	"ms3dstudio/document/exporter"
	"ms3dstudio/model"
	"ms3dstudio/model/clips"
	"ms3dstudio/model/fit"
	"ms3dstudio/ui/widgets"
)

// formatPref remembers the format last exported to.
const formatPref = "export.format"

// Choices of the Animations, Clip, Pose and Profile options.
const (
	everyClip     = "Every clip, one SMD each"
	wholeTimeline = "The whole timeline (one SMD)"
	referenceOnly = "None: the reference SMD only"
	wholeClip     = "The whole timeline"
	clipPrefix    = "Clip: "
	restPose      = "The rest pose"
	sourceProfile = "Source (Half-Life 2)"
	goldProfile   = "GoldSrc (Half-Life)"
)

// Config is what the dialog needs of the editor.
type Config struct {
	Window   fyne.Window
	Document *document.Document
	// Time is the timeline's time in seconds, at which static formats are
	// posed unless the rest pose is chosen.
	Time float32
	// Dir is the folder first shown ("" the home folder).
	Dir string
	// Format is the extension chosen first (".glb"); "" is the one last
	// exported to, or .glb.
	Format string
	// Prefs remembers the format last exported to; nil remembers none.
	Prefs fyne.Preferences
	// OnWritten, when set, is called after an export with the files
	// written and the findings.
	OnWritten func(files []string, found []model.Finding)
}

// Dialog is the Export dialog. Its widgets are exported for the tests,
// which drive it as a user does.
type Dialog struct {
	cfg    Config
	dir    string
	format format
	dlg    *dialog.CustomDialog

	// Folder shows the folder written into; Choose picks another.
	Folder *widget.Label
	Choose *widget.Button
	// Name is the file name; a known extension typed there chooses its
	// format, and choosing a format changes the extension.
	Name *widget.Entry
	// Format chooses the format by its label.
	Format *widget.Select
	// Profile is the engine an SMD is for; Animations which animation
	// SMDs are written.
	Profile, Animations *widget.Select
	// Clip is one clip or the whole timeline (B3D, MD2, MD3).
	Clip *widget.Select
	// FPS is the frame rate (empty: the format's default).
	FPS *widget.Entry
	// SkinWidth and SkinHeight are an MD2's skin size (empty: the
	// texture's).
	SkinWidth, SkinHeight *widget.Entry
	// Pose is the current frame or the rest pose (OBJ).
	Pose *widget.RadioGroup
	// Split writes a model one MS3D file cannot hold as several.
	Split *widget.Check
	// Note says what the format writes besides the options; Error why
	// the last export did not happen.
	Note, Error *widget.Label
	// ExportButton writes the file.
	ExportButton *widget.Button

	options *fyne.Container
	// syncing is set while the name and the format are being made to
	// agree, so that each does not set the other again.
	syncing bool
}

// Show opens the Export dialog for cfg.Document.
func Show(cfg Config) *Dialog {
	d := &Dialog{cfg: cfg, dir: cfg.Dir}
	if d.dir == "" {
		d.dir, _ = os.UserHomeDir()
	}
	doc := cfg.Document
	m := doc.Model()

	d.Folder = widget.NewLabel(d.dir)
	d.Folder.Wrapping = fyne.TextWrapBreak
	d.Choose = widget.NewButton("Choose folder…", d.chooseFolder)
	d.Name = widget.NewEntry()
	labels := make([]string, len(formats))
	for i, f := range formats {
		labels[i] = f.label
	}
	d.Format = widget.NewSelect(labels, func(label string) {
		if d.syncing {
			return
		}
		for _, f := range formats {
			if f.label == label {
				d.setFormat(f, true)
			}
		}
	})

	d.Profile = widget.NewSelect([]string{sourceProfile, goldProfile}, nil)
	d.Profile.SetSelected(sourceProfile)
	list, _ := clips.Read(m)
	anims := []string{everyClip}
	if len(list) == 0 {
		anims[0] = wholeTimeline
	}
	anims = append(anims, referenceOnly)
	whole := []string{wholeClip}
	for _, c := range list {
		anims = append(anims, clipPrefix+c.Name)
		whole = append(whole, clipPrefix+c.Name)
	}
	d.Animations = widget.NewSelect(anims, nil)
	d.Animations.SetSelected(anims[0])
	if !animated(m) {
		d.Animations.SetSelected(referenceOnly)
	}
	d.Clip = widget.NewSelect(whole, nil)
	d.Clip.SetSelected(wholeClip)
	if len(list) == 0 {
		d.Clip.Disable()
	}
	d.FPS = widget.NewEntry()
	d.SkinWidth, d.SkinHeight = widget.NewEntry(), widget.NewEntry()
	d.SkinWidth.SetPlaceHolder("width: the texture's")
	d.SkinHeight.SetPlaceHolder("height: the texture's")
	current := "The current frame (" + widgets.FrameText(float64(cfg.Time*m.EffectiveFPS())) + ")"
	d.Pose = widget.NewRadioGroup([]string{current, restPose}, nil)
	d.Pose.Required = true
	d.Pose.SetSelected(current)
	d.Split = widget.NewCheck("Split into several files when one cannot hold the model", nil)
	d.Note = widget.NewLabel("")
	d.Note.Wrapping = fyne.TextWrapWord
	d.Error = widget.NewLabel("")
	d.Error.Wrapping = fyne.TextWrapWord
	d.Error.Importance = widget.DangerImportance
	d.Error.Hide()
	d.options = container.NewVBox()

	base := strings.TrimSuffix(doc.Name(), filepath.Ext(doc.Name()))
	d.Name.SetText(base)
	d.Name.OnChanged = func(name string) {
		if f, ok := formatOf(filepath.Ext(name)); ok && !d.syncing && f.ext != d.format.ext {
			d.setFormat(f, false)
		}
	}
	first := cfg.Format
	if first == "" && cfg.Prefs != nil {
		first = cfg.Prefs.StringWithFallback(formatPref, ".glb")
	}
	f, ok := formatOf(first)
	if !ok {
		f = formats[0]
	}
	d.setFormat(f, true)

	form := widget.NewForm(
		widget.NewFormItem("Folder", container.NewBorder(nil, nil, nil, d.Choose, d.Folder)),
		widget.NewFormItem("File name", d.Name),
		widget.NewFormItem("Format", d.Format))
	body := container.NewVBox(form, widget.NewSeparator(), d.options, d.Error)
	d.ExportButton = widget.NewButton("Export", d.Export)
	d.ExportButton.Importance = widget.HighImportance
	cancel := widget.NewButton("Cancel", func() { d.dlg.Hide() })
	d.dlg = dialog.NewCustomWithoutButtons("Export", container.NewVScroll(body), cfg.Window)
	d.dlg.SetButtons([]fyne.CanvasObject{cancel, d.ExportButton})
	d.dlg.Resize(fyne.NewSize(min(680, cfg.Window.Canvas().Size().Width-40), min(520, cfg.Window.Canvas().Size().Height-40)))
	d.dlg.Show()
	d.Name.OnSubmitted = func(string) { d.Export() }
	cfg.Window.Canvas().Focus(d.Name)
	return d
}

// SetFormat chooses the format whose extension is ext (".b3d"), as
// choosing it in Format does.
func (d *Dialog) SetFormat(ext string) error {
	f, ok := formatOf(ext)
	if !ok {
		return fmt.Errorf("export: unknown format %q (want one of %s)", ext, strings.Join(exporter.Formats, ", "))
	}
	d.setFormat(f, true)
	return nil
}

// SetFolder makes dir the folder written into.
func (d *Dialog) SetFolder(dir string) {
	d.dir = dir
	d.Folder.SetText(dir)
}

// Path returns the path the export writes: the folder and the name, with
// the format's extension when the name has none of the formats'.
func (d *Dialog) Path() string {
	name := strings.TrimSpace(d.Name.Text)
	if _, ok := formatOf(filepath.Ext(name)); !ok {
		name += d.format.ext
	}
	return filepath.Join(d.dir, name)
}

// setFormat shows f's options; rename gives the file name f's extension.
func (d *Dialog) setFormat(f format, rename bool) {
	d.format = f
	d.syncing = true
	defer func() { d.syncing = false }()
	if d.Format.Selected != f.label {
		d.Format.SetSelected(f.label)
	}
	if rename {
		name := strings.TrimSpace(d.Name.Text)
		if _, ok := formatOf(filepath.Ext(name)); ok {
			name = strings.TrimSuffix(name, filepath.Ext(name))
		}
		d.Name.SetText(name + f.ext)
	}
	if d.cfg.Prefs != nil {
		d.cfg.Prefs.SetString(formatPref, f.ext)
	}
	m := d.cfg.Document.Model()
	switch f.ext {
	case ".b3d":
		d.FPS.SetPlaceHolder(widgets.FormatFloat(m.EffectiveFPS()) + " (the model's)")
	default:
		d.FPS.SetPlaceHolder("every frame (" + widgets.FormatFloat(m.EffectiveFPS()) + " a second)")
	}
	items := make([]*widget.FormItem, 0, len(f.options))
	for _, o := range f.options {
		switch o {
		case optProfile:
			items = append(items, widget.NewFormItem("Engine", d.Profile))
		case optAnimations:
			items = append(items, widget.NewFormItem("Animations", d.Animations))
		case optClip:
			items = append(items, widget.NewFormItem("Clip", d.Clip))
		case optFPS:
			items = append(items, widget.NewFormItem("Frame rate", d.FPS))
		case optSkin:
			items = append(items, widget.NewFormItem("Skin size", container.NewGridWithColumns(2, d.SkinWidth, d.SkinHeight)))
		case optPose:
			items = append(items, widget.NewFormItem("Pose", d.Pose))
		case optSplit:
			items = append(items, widget.NewFormItem("", d.Split))
		}
	}
	d.options.Objects = nil
	if len(items) > 0 {
		d.options.Add(widget.NewForm(items...))
	}
	note := ""
	if f.note != nil {
		var plan []model.Finding
		if f.ext == ".ms3d" {
			plan = d.cfg.Document.PlanSave(d.Path())
		}
		note = f.note(m, plan)
	}
	d.Note.SetText(note)
	if note != "" {
		d.options.Add(d.Note)
	}
	d.options.Refresh()
	d.Error.Hide()
}

// Options returns the export options the dialog's widgets give for its
// format, or why they give none (a frame rate or skin size that is not a
// positive number).
func (d *Dialog) Options() (exporter.Options, error) {
	f := d.format
	opt := exporter.Options{Time: d.cfg.Time}
	if f.has(optProfile) {
		name := "source"
		if d.Profile.Selected == goldProfile {
			name = "goldsrc"
		}
		t, err := check.ParseTarget(name)
		if err != nil {
			return opt, err
		}
		opt.SMDProfile = t.Engine
	}
	if f.has(optAnimations) {
		switch s := d.Animations.Selected; s {
		case everyClip, wholeTimeline:
			opt.AllClips = true
		case referenceOnly:
		default:
			opt.Clip = strings.TrimPrefix(s, clipPrefix)
		}
	}
	if f.has(optClip) && d.Clip.Selected != wholeClip {
		opt.Clip = strings.TrimPrefix(d.Clip.Selected, clipPrefix)
	}
	if f.has(optFPS) {
		if s := strings.TrimSpace(d.FPS.Text); s != "" {
			v, err := strconv.ParseFloat(s, 32)
			if err != nil || !(v > 0 && v <= 1000) {
				return opt, fmt.Errorf("frame rate %q: want a number of frames a second above 0 and at most 1000, or nothing for %s", s, d.FPS.PlaceHolder)
			}
			opt.FPS = float32(v)
		}
	}
	if f.has(optSkin) {
		w, h := strings.TrimSpace(d.SkinWidth.Text), strings.TrimSpace(d.SkinHeight.Text)
		if w != "" || h != "" {
			var err error
			if opt.SkinWidth, opt.SkinHeight, err = skinSize(w, h); err != nil {
				return opt, err
			}
		}
	}
	if f.has(optPose) {
		opt.Rest = d.Pose.Selected == restPose
	}
	if f.has(optSplit) {
		opt.Split = d.Split.Checked
	}
	return opt, nil
}

// skinSize reads an MD2 skin's width and height (1 to 4096 pixels each,
// both given).
func skinSize(w, h string) (int, int, error) {
	wi, err1 := strconv.Atoi(w)
	hi, err2 := strconv.Atoi(h)
	if err1 != nil || err2 != nil || wi < 1 || hi < 1 || wi > 4096 || hi > 4096 {
		return 0, 0, fmt.Errorf("skin size %q × %q: want a width and a height of 1 to 4096 pixels, or both empty for the texture's size", w, h)
	}
	return wi, hi, nil
}

// Export writes the file with the options shown, asking first when it
// would replace files — every file the export writes, not only the one
// named (an OBJ's .mtl, an SMD's animations and QC, a glTF's buffer);
// what stops it is shown in Error, and the dialog stays open then.
func (d *Dialog) Export() {
	if strings.TrimSpace(d.Name.Text) == "" {
		d.fail(errors.New("type a file name"))
		return
	}
	opt, err := d.Options()
	if err != nil {
		d.fail(err)
		return
	}
	doc := d.cfg.Document
	plan, err := exporter.Prepare(doc.Model(), d.Path(), doc.TextureResolver(), opt)
	if err != nil {
		var tooLarge *fit.TooLargeError
		if errors.As(err, &tooLarge) {
			err = fmt.Errorf("%w\n\nTick Split to write several files under the limits", err)
		}
		d.fail(err)
		return
	}
	if err := plan.Refused(); err != nil {
		d.fail(fmt.Errorf("%w; choose another name or folder", err))
		return
	}
	if have := plan.Existing(); len(have) > 0 {
		dialog.ShowConfirm(ReplaceTitle(have), ReplaceQuestion(have), func(ok bool) {
			if ok {
				d.write(plan)
			}
		}, d.cfg.Window)
		return
	}
	d.write(plan)
}

// ReplaceTitle is the title of the question before an export replaces
// the files have.
func ReplaceTitle(have []string) string {
	if len(have) == 1 {
		return "Replace file?"
	}
	return fmt.Sprintf("Replace %d files?", len(have))
}

// ReplaceQuestion names the files an export would replace, by name and
// folder (at most ten names, then how many more).
func ReplaceQuestion(have []string) string {
	if len(have) == 1 {
		return fmt.Sprintf("%s exists in %s. Replace it?", filepath.Base(have[0]), filepath.Dir(have[0]))
	}
	var b strings.Builder
	fmt.Fprintf(&b, "The export writes these files, which exist in %s:\n", filepath.Dir(have[0]))
	for i, f := range have {
		if i == 10 {
			fmt.Fprintf(&b, "… and %d more\n", len(have)-i)
			break
		}
		fmt.Fprintf(&b, "%s\n", filepath.Base(f))
	}
	b.WriteString("Replace them?")
	return b.String()
}

func (d *Dialog) write(plan *exporter.Plan) {
	files, found, err := plan.Write()
	if err != nil {
		d.fail(err)
		return
	}
	d.dlg.Hide()
	ShowReport(d.cfg.Window, "Exported", files, found)
	if d.cfg.OnWritten != nil {
		d.cfg.OnWritten(files, found)
	}
}

func (d *Dialog) fail(err error) {
	d.Error.SetText(err.Error())
	d.Error.Show()
}

func (d *Dialog) chooseFolder() {
	fd := dialog.NewFolderOpen(func(u fyne.ListableURI, err error) {
		if err == nil && u != nil {
			d.SetFolder(u.Path())
		}
	}, d.cfg.Window)
	if l, err := storage.ListerForURI(storage.NewFileURI(d.dir)); err == nil {
		fd.SetLocation(l)
	}
	fd.Show()
}

// ShowReport shows what an export wrote: every file, by name, in its
// folder, and every finding (what the format could not hold, what was
// changed to fit it), each in full.
func ShowReport(w fyne.Window, title string, files []string, found []model.Finding) {
	names := make([]string, len(files))
	for i, f := range files {
		names[i] = filepath.Base(f)
	}
	head := "Wrote nothing."
	if len(files) > 0 {
		head = fmt.Sprintf("Wrote %s into %s:", widgets.Count(len(files), "file", "files"), filepath.Dir(files[0]))
	}
	wrote := widget.NewLabel(strings.Join(names, "\n"))
	body := container.NewVBox(widget.NewLabel(head), wrote)
	if len(found) == 0 {
		body.Add(widget.NewLabel("The format held everything: no findings."))
		dialog.ShowCustom(title, "OK", body, w)
		return
	}
	body.Add(widget.NewLabel(fmt.Sprintf("What the format could not hold, or what was changed to fit it (%s):", widgets.Count(len(found), "finding", "findings"))))
	dlg := dialog.NewCustom(title, "OK", container.NewBorder(body, nil, nil, nil, widgets.FindingsView(found, 120)), w)
	dlg.Resize(fyne.NewSize(min(760, w.Canvas().Size().Width-40), min(480, w.Canvas().Size().Height-40)))
	dlg.Show()
}
