package ui

import (
	"fmt"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"

	"ms3dstudio/document"
	"ms3dstudio/ui/widgets"
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
		msg += fmt.Sprintf("\n%s about what the format could not hold (first: %s).", widgets.Plural(len(found), "note"), found[0].Message)
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
