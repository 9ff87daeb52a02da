package textures

import (
	"fmt"
	"path/filepath"
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/widget"

	"ms3dstudio/texture"
	"ms3dstudio/ui/widgets"
)

// Show opens the dialog.
func (t *Dialog) Show() {
	u := &texturesUI{}
	cols := []string{"Material", "Kind", "Stored path", "Status", "Image", "Size", "Format"}
	widths := []float32{150, 80, 220, 360, thumbSize + 8, 80, 60}
	u.table = widget.NewTableWithHeaders(
		func() (int, int) { return len(t.plan.Items), len(cols) },
		func() fyne.CanvasObject {
			img := canvas.NewImageFromImage(nil)
			img.FillMode = canvas.ImageFillContain
			img.SetMinSize(fyne.NewSquareSize(thumbSize))
			l := widget.NewLabel("")
			l.Truncation = fyne.TextTruncateEllipsis
			return container.NewStack(l, img)
		},
		func(id widget.TableCellID, o fyne.CanvasObject) {
			st := o.(*fyne.Container)
			l, img := st.Objects[0].(*widget.Label), st.Objects[1].(*canvas.Image)
			rows := t.Rows()
			if id.Row >= len(rows) {
				return
			}
			r := rows[id.Row]
			l.Show()
			img.Hide()
			switch id.Col {
			case 0:
				l.SetText(r.Material)
			case 1:
				l.SetText(r.Kind)
			case 2:
				l.SetText(r.Stored)
			case 3:
				l.SetText(r.Status)
			case 4:
				l.Hide()
				img.Image = t.probes[id.Row].thumb
				img.Show()
				img.Refresh()
			case 5:
				l.SetText(r.Size)
			case 6:
				l.SetText(r.Format)
			}
		})
	u.table.ShowHeaderColumn = false
	u.table.CreateHeader = func() fyne.CanvasObject { return widget.NewLabel("") }
	u.table.UpdateHeader = func(id widget.TableCellID, o fyne.CanvasObject) {
		if id.Col >= 0 {
			o.(*widget.Label).SetText(cols[id.Col])
		}
	}
	for c, w := range widths {
		u.table.SetColumnWidth(c, w)
	}
	for r := range t.plan.Items {
		u.table.SetRowHeight(r, thumbSize+8)
	}
	u.table.OnSelected = func(id widget.TableCellID) {
		t.sel = id.Row
		u.candidates.Refresh()
	}
	u.candidates = widget.NewList(
		func() int {
			if t.sel < 0 || t.sel >= len(t.plan.Items) {
				return 0
			}
			return len(t.plan.Items[t.sel].Candidates)
		},
		func() fyne.CanvasObject {
			img := canvas.NewImageFromImage(nil)
			img.FillMode = canvas.ImageFillContain
			img.SetMinSize(fyne.NewSquareSize(thumbSize))
			return container.NewBorder(nil, nil, img, nil, widget.NewLabel(""))
		},
		func(k widget.ListItemID, o fyne.CanvasObject) {
			if t.sel < 0 || t.sel >= len(t.plan.Items) || k >= len(t.plan.Items[t.sel].Candidates) {
				return
			}
			it := t.plan.Items[t.sel]
			c := it.Candidates[k]
			mark := "  "
			if c.Path == it.Target {
				mark = "✓ "
			}
			box := o.(*fyne.Container)
			l, img := box.Objects[0].(*widget.Label), box.Objects[1].(*canvas.Image)
			pr := t.byPath[c.Path]
			text := mark + c.Path + "  (" + c.Rule + ")"
			switch {
			case pr.info.Err != nil:
				text += " · cannot be decoded: " + pr.info.Err.Error()
			case pr.info.Width > 0:
				text += fmt.Sprintf(" · %s %d×%d", pr.info.Format, pr.info.Width, pr.info.Height)
			}
			l.SetText(text)
			img.Image = pr.thumb
			img.Refresh()
		})
	u.candidates.OnSelected = func(k widget.ListItemID) {
		if t.sel >= 0 {
			t.Choose(t.sel, k)
		}
	}
	u.bar = widget.NewProgressBar()
	u.bar.Hide()
	u.cancel = widget.NewButton("Cancel", t.Cancel)
	u.status = widget.NewLabel("")
	u.status.Truncation = fyne.TextTruncateEllipsis
	search := widget.NewButton("Search Folder…", func() {
		pick := t.PickFolder
		if pick == nil {
			pick = t.pickFolder
		}
		pick(func(dir string) { t.Search(dir) })
	})
	backslash := widget.NewCheck("Backslashes (MilkShape style)", func(on bool) {
		t.style = texture.Relative
		if on {
			t.style = texture.Backslash
		}
		t.refresh()
	})
	u.apply = widget.NewButton("Apply", func() { t.Apply() })
	u.apply.Importance = widget.HighImportance
	collect := widget.NewButton("Collect into "+CollectFolder+"/", func() {
		if err := t.Collect(); err != nil {
			dialog.ShowError(err, t.win)
		}
	})
	edit := widget.NewButton("Edit Path…", func() {
		if t.sel < 0 || t.sel >= len(t.plan.Items) {
			return
		}
		row := t.sel
		pick := t.PickFile
		if pick == nil {
			pick = t.pickFile
		}
		pick(filepath.Dir(t.doc.Path()), func(p string) { t.SetPath(row, p) })
	})
	buttons := container.NewHBox(search, u.cancel, backslash, layout.NewSpacer(), edit, collect, u.apply)
	bottom := container.NewVBox(
		widget.NewLabel("Candidates for the selected path (click one to use it):"),
		container.NewGridWrap(fyne.NewSize(1040, 120), u.candidates),
		u.bar, u.status, buttons)
	content := container.NewBorder(nil, bottom, nil, nil, u.table)
	u.dlg = dialog.NewCustom("Textures", "Close", content, t.win)
	u.dlg.SetOnClosed(func() { t.Close(); t.ui = nil })
	u.dlg.Resize(fyne.NewSize(1100, 640))
	t.ui = u
	t.refresh()
	u.dlg.Show()
}

// refresh shows the current state in the widgets.
func (t *Dialog) refresh() {
	u := t.ui
	if u == nil {
		return
	}
	for r := range t.plan.Items {
		u.table.SetRowHeight(r, thumbSize+8)
	}
	u.table.Refresh()
	u.candidates.Refresh()
	if t.Searching() {
		u.bar.SetValue(t.progress)
		u.bar.Show()
		u.cancel.Enable()
	} else {
		u.bar.Hide()
		u.cancel.Disable()
	}
	status := t.status
	if status == "" {
		missing := t.plan.Missing()
		status = fmt.Sprintf("%s, %d missing", widgets.Plural(len(t.plan.Items), "path"), missing)
	}
	if n := len(t.Edits()); n > 0 {
		status += " · Apply would change " + widgets.Plural(n, "path")
	}
	u.status.SetText(status)
}

func (t *Dialog) pickFolder(done func(string)) {
	fd := dialog.NewFolderOpen(func(u fyne.ListableURI, err error) {
		if err == nil && u != nil {
			done(u.Path())
		}
	}, t.win)
	fd.Resize(fyne.NewSize(900, 600))
	fd.Show()
}

func (t *Dialog) pickFile(start string, done func(string)) {
	fd := dialog.NewFileOpen(func(r fyne.URIReadCloser, err error) {
		if err == nil && r != nil {
			r.Close()
			done(r.URI().Path())
		}
	}, t.win)
	if start != "" && start != "." {
		if l, err := storage.ListerForURI(storage.NewFileURI(start)); err == nil {
			fd.SetLocation(l)
		}
	}
	fd.SetFilter(storage.NewExtensionFileFilter(append(slices.Clone(texture.ImageExts), ".gif", ".PNG", ".TGA", ".BMP", ".JPG", ".DDS", ".PCX")))
	fd.Resize(fyne.NewSize(900, 600))
	fd.Show()
}
