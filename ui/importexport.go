package ui

import (
	"fmt"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/widget"

	"ms3dstudio/document"
	"ms3dstudio/formats/max3ds"
)

// Reimport reads the imported document's file again with other import
// options (the .3ds pivot rule and axes, the SMD animations) and shows the
// result in its place. Edits made since the import are lost, so they are
// confirmed first.
func (e *Editor) Reimport(opt document.OpenOptions) error {
	d := e.doc
	if d == nil || d.Imported() == nil {
		return fmt.Errorf("the document was not imported")
	}
	nd, err := document.OpenWith(d.Path(), opt)
	if err != nil {
		dialog.ShowError(err, e.win)
		return err
	}
	replace := func() { e.SetDocument(nd) }
	if d.CanUndo() {
		dialog.ShowConfirm("Import again?", "Importing again with other options discards the edits made since the import.", func(ok bool) {
			if ok {
				replace()
			}
		}, e.win)
		return nil
	}
	replace()
	return nil
}

// importOptions is the properties section of an imported document: the
// import options, changed live.
func (p *Properties) importOptions(im *document.Import) {
	f := p.section("Import")
	p.row(f, "Imported from", strings.ToUpper(im.Format))
	if im.Format == "3ds" {
		in := im.Info
		p.row(f, "Scene", fmt.Sprintf("%d objects, %d nodes, %d frames (saved at frame %d); %d cameras and %d lights left out",
			in.Objects, in.Nodes, in.Frames, in.SavedFrame, in.Cameras, in.Lights))
		rules := []string{"auto", "apply", "ignore"}
		pivot := widget.NewSelect(rules, nil)
		pivot.SetSelected(rules[im.Options.Pivot])
		pivot.OnChanged = func(s string) {
			r, err := max3ds.ParsePivotRule(s)
			if err == nil && r != im.Options.Pivot && p.OnReimport != nil {
				opt := im.Options
				opt.Pivot = r
				p.OnReimport(opt)
			}
		}
		f.Append("Pivot rule", pivot)
		used := in.PivotRule
		if in.PivotAuto {
			used += " (chosen automatically)"
		}
		p.row(f, "Pivot used", fmt.Sprintf("%s; stored vertices reproduced to %.2g (apply) / %.2g (ignore) of the scene size", used, in.ApplyError, in.IgnoreError))
		keep := widget.NewCheck("Keep the 3DS Z-up axes", nil)
		keep.SetChecked(im.Options.KeepAxes)
		keep.OnChanged = func(b bool) {
			if b != im.Options.KeepAxes && p.OnReimport != nil {
				opt := im.Options
				opt.KeepAxes = b
				p.OnReimport(opt)
			}
		}
		f.Append("Axes", keep)
	}
	if len(im.Options.Anims) > 0 {
		p.row(f, "Animations", strings.Join(im.Options.Anims, ", "))
	}
}

// ShowImportAnimation adds an animation SMD to a document imported from an
// SMD reference: the reference is imported again with the animation as one
// more clip.
func (e *Editor) ShowImportAnimation() {
	d := e.doc
	if d == nil || d.Imported() == nil || d.Imported().Format != "smd" {
		dialog.ShowInformation("Import Animation", "Open an SMD reference first (File ▸ Open…); its animations are then added as clips.", e.win)
		return
	}
	fd := dialog.NewFileOpen(func(r fyne.URIReadCloser, err error) {
		if err != nil || r == nil {
			if err != nil {
				dialog.ShowError(err, e.win)
			}
			return
		}
		path := r.URI().Path()
		r.Close()
		opt := d.Imported().Options
		opt.Anims = append(append([]string(nil), opt.Anims...), path)
		e.Reimport(opt)
	}, e.win)
	fd.SetFilter(storage.NewExtensionFileFilter([]string{".smd", ".SMD"}))
	fd.Show()
}

// ExportTo exports the document to path in the format its extension names,
// posing static formats at the timeline's time, and reports what was
// written.
func (e *Editor) ExportTo(path string) error {
	if e.doc == nil {
		return nil
	}
	files, found, err := document.Export(e.doc.Model(), path, e.doc.TextureResolver(),
		document.ExportOptions{Time: float32(e.Timeline.Time()), AllClips: true})
	if err != nil {
		dialog.ShowError(err, e.win)
		return err
	}
	msg := "Wrote " + strings.Join(baseNames(files), ", ") + "."
	if len(found) > 0 {
		msg += fmt.Sprintf("\n%s about what the format could not hold (first: %s).", plural(len(found), "note"), found[0].Message)
	}
	dialog.ShowInformation("Export", msg, e.win)
	return nil
}

// ShowExport asks for a file name and exports there (.glb, .gltf, .obj,
// .smd or .ms3d, by the name's extension; .glb when it has none).
func (e *Editor) ShowExport() {
	if e.doc == nil {
		return
	}
	fd := dialog.NewFileSave(func(w fyne.URIWriteCloser, err error) {
		if err != nil || w == nil {
			if err != nil {
				dialog.ShowError(err, e.win)
			}
			return
		}
		path := w.URI().Path()
		w.Close()
		if filepath.Ext(path) == "" {
			path += ".glb"
		}
		e.ExportTo(path)
	}, e.win)
	base := strings.TrimSuffix(e.doc.Name(), filepath.Ext(e.doc.Name()))
	fd.SetFileName(base + ".glb")
	fd.SetFilter(storage.NewExtensionFileFilter(document.ExportFormats))
	if dir := e.startDir(); dir != "" {
		if l, err := storage.ListerForURI(storage.NewFileURI(dir)); err == nil {
			fd.SetLocation(l)
		}
	}
	fd.Show()
}

func baseNames(paths []string) []string {
	out := make([]string, len(paths))
	for i, p := range paths {
		out[i] = filepath.Base(p)
	}
	return out
}
