package main

import (
	"errors"
	"fmt"
	"image"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"github.com/go-gl/mathgl/mgl32"

	"ms3dstudio/app/quitguard"
	"ms3dstudio/document"
	"ms3dstudio/document/recovery"
	"ms3dstudio/internal/atomicfile"
	"ms3dstudio/model"
	"ms3dstudio/model/anim"
	"ms3dstudio/model/sample"
	"ms3dstudio/model/texpath"
	"ms3dstudio/ui"
	"ms3dstudio/ui/textures"
	"ms3dstudio/viewport"
)

// studio wires one main window: the editor widgets, the GL viewport and the
// animation of the document shown.
type studio struct {
	app  fyne.App
	win  fyne.Window
	view *viewport.View
	ed   *ui.Editor

	doc    *document.Document
	unsub  func()
	skel   *anim.Skeleton
	global []mgl32.Mat4
	skin   []mgl32.Mat4
	time   float32
	images []image.Image // decoded texture of each material, nil where none
	watch  *textures.Watch
	// guard, when set (by main, not by tests), ends a process that is
	// stuck after quitting (see app/quitguard) and holds the exit status.
	guard *quitguard.Guard
}

// quit stops the viewport and quits the app, which then exits with status
// code: the result of a --benchmark or --turntable run. Call it on the UI
// goroutine.
func (s *studio) quit(code int) {
	if s.guard != nil {
		s.guard.SetCode(code)
		s.guard.Quitting()
	}
	s.view.Stop()
	s.app.Quit()
}

// newStudio builds the main window; store keeps the recovery copies of
// unsaved work (nil keeps none).
func newStudio(a fyne.App, size fyne.Size, store *recovery.Store) *studio {
	s := &studio{app: a, win: a.NewWindow("MS3D Studio"), view: viewport.New()}
	s.win.Resize(size)
	s.ed = ui.NewEditor(ui.Config{
		Window:      s.win,
		Viewport:    pickable{View: s.view, skeletonBefore: new(bool)},
		View:        s.viewActions(),
		OnDocument:  s.setDocument,
		OnTime:      s.setTime,
		OnPreview:   s.pose,
		Skeleton:    func() *anim.Skeleton { return s.skel },
		BeforeClose: s.view.Stop,
		About:       "MS3D Studio\nInspect, animate, fix and save MilkShape 3D models.",
		Recovery:    store,
		OnRecovered: s.recovered,
	})
	s.ed.Install()
	// Without file notifications textures simply do not reload live.
	s.watch, _ = textures.NewWatch(a.Preferences())
	s.win.SetOnDropped(func(_ fyne.Position, uris []fyne.URI) {
		for _, u := range uris {
			if isModel(u.Path()) {
				s.ed.OpenPath(u.Path())
				return
			}
		}
		if len(uris) > 0 {
			dialog.ShowInformation("Not a model", fmt.Sprintf("%s is not a model MS3D Studio opens (%s).", filepath.Base(uris[0].Path()), strings.Join(document.Formats, ", ")), s.win)
		}
	})
	return s
}

func isModel(path string) bool { return document.CanOpen(path) }

// openSample shows the generated sample model, its texture served from
// memory.
func (s *studio) openSample() {
	d := document.New(sample.Model(), "", nil)
	d.SetUntitledName(sample.Name)
	s.serveSampleTexture(d)
	s.ed.SetDocument(d)
}

// recovered prepares a document made from a recovery copy: the sample's
// copy (untitled, under the sample's name) gets the sample's texture.
func (s *studio) recovered(d *document.Document) {
	if d.Path() == "" && d.Name() == sample.Name {
		s.serveSampleTexture(d)
	}
}

// serveSampleTexture has d, the sample or a copy of it, find the sample's
// texture in memory until it is saved, and writes the texture beside the
// file it is saved to: saved somewhere, the sample needs it there.
func (s *studio) serveSampleTexture(d *document.Document) {
	d.SetTextureResolver(texpath.New(sample.Files(), "."))
	var cancel func()
	cancel = d.Subscribe(func(ch document.Change) {
		if !ch.What.Has(document.Saved) || d.Path() == "" {
			return
		}
		cancel()
		dir := filepath.Dir(d.Path())
		if err := writeMissing(sample.Files(), dir); err != nil {
			dialog.ShowError(fmt.Errorf("the model was saved, but its texture could not be written beside it: %w", err), s.win)
		}
		d.SetTextureResolver(nil)
		if s.doc == d {
			s.images = s.loadTextures()
			s.view.UpdateTextures(s.images)
		}
	})
}

// writeMissing copies every file of fsys into dir unless dir already has a
// file of that name (it is never overwritten).
func writeMissing(fsys fs.FS, dir string) error {
	return fs.WalkDir(fsys, ".", func(p string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() {
			return err
		}
		dst := filepath.Join(dir, filepath.FromSlash(p))
		if _, err := os.Stat(dst); err == nil {
			return nil
		}
		data, err := fs.ReadFile(fsys, p)
		if err != nil {
			return err
		}
		return atomicfile.WriteFile(dst, data, 0o644, false)
	})
}

// openAtStart opens the file given on the command line (or by the desktop,
// which passes it the same way). When it cannot be read, the sample opens
// and the error is shown over it: the app never exits on bad input.
func (s *studio) openAtStart(path string) {
	d, err := document.Open(path)
	if err != nil {
		s.openSample()
		dialog.ShowError(err, s.win)
		return
	}
	s.ed.Recent.Add(path)
	s.ed.SetDocument(d)
}

// rescue keeps the document's unsaved changes in a recovery copy and says
// so on standard error; main calls it when the app was stopped by a signal
// (the toolkit then quits without letting the editor ask), after the
// toolkit's loop has ended.
func (s *studio) rescue() {
	c, err := s.ed.RescueUnsaved(time.Now())
	switch {
	case errors.Is(err, ui.ErrNothingToRescue):
	case err != nil:
		fmt.Fprintf(os.Stderr, "app: stopped with unsaved changes, and keeping a copy of them failed: %v\n", err)
	default:
		fmt.Fprintf(os.Stderr, "app: stopped with unsaved changes to %s; a copy is kept in %s and offered when %s is opened next\n", c.Name, c.Data, c.Name)
	}
}

// setDocument follows the document the editor shows: it rebuilds the
// skeleton, loads the textures, hands the mesh to the viewport and listens
// for edits.
func (s *studio) setDocument(d *document.Document) {
	if s.unsub != nil {
		s.unsub()
		s.unsub = nil
	}
	s.doc = d
	if d == nil {
		s.watch.SetDocument(nil)
		s.view.SetModel(&model.Model{}, nil)
		return
	}
	m := d.Model()
	s.skel, _ = anim.NewSkeleton(m)
	s.resize()
	s.images = s.loadTextures()
	s.view.SetModel(m, s.images)
	s.pose()
	s.unsub = d.Subscribe(s.changed)
	s.watch.SetDocument(d)
}

// changed re-skins or re-uploads what an edit touched. Textures are decoded
// again only when a texture path changed (a bulk fix says so too); colour
// and geometry edits reuse the decoded images.
func (s *studio) changed(ch document.Change) {
	m := s.doc.Model()
	// A save into another folder changes where relative paths lead: the
	// viewport draws what the paths name from there (the document decodes
	// the images again only when the folder changed).
	if ch.What.Has(document.Textures | document.Saved) {
		s.images = s.loadTextures()
	}
	switch {
	case ch.What.Has(document.Geometry | document.Skin | document.Material):
		s.view.SetModel(m, s.images)
	case ch.What.Has(document.Textures | document.Saved):
		s.view.UpdateTextures(s.images)
	}
	if ch.What.Has(document.Geometry | document.Skin | document.Material | document.Keys | document.Rest | document.Names | document.Meta) {
		if ch.What&^(document.Keys|document.Meta) == 0 && ch.Part == model.PartJoint && ch.Index >= 0 {
			s.skel.RebuildJoints(m, ch.Index) // one joint's keys: re-derive only its track
		} else {
			s.skel.Rebuild(m)
		}
		s.resize()
		s.pose()
	}
}

// loadTextures returns the document's decoded texture images; the
// document decodes them again only after a texture path or folder changed.
func (s *studio) loadTextures() []image.Image { return s.doc.Textures().Images }

func (s *studio) resize() {
	n := s.skel.Len()
	if cap(s.global) < n {
		s.global = make([]mgl32.Mat4, n)
		s.skin = make([]mgl32.Mat4, n)
	}
	s.global, s.skin = s.global[:n], s.skin[:n]
}

// setTime poses the model at the timeline's time.
func (s *studio) setTime(t float32) {
	s.time = t
	s.pose()
}

func (s *studio) pose() {
	if s.skel == nil {
		return
	}
	s.skel.Pose(s.time, s.global)
	if s.ed != nil {
		s.ed.Anim.ApplyPreview(s.skel, s.global)
	}
	s.skel.SkinMatrices(s.global, s.skin)
	s.view.SetPose(s.global, s.skin)
}

// viewActions are the View menu's toggles and commands, with single-key
// shortcuts.
func (s *studio) viewActions() []ui.ViewAction {
	toggle := func(label string, key fyne.KeyName, field func(*viewport.Options) *bool) ui.ViewAction {
		return ui.ViewAction{Label: label, Key: key,
			Checked: func() bool { o := s.view.Options(); return *field(&o) },
			Run: func() {
				o := s.view.Options()
				p := field(&o)
				*p = !*p
				s.view.SetOptions(o)
			}}
	}
	return []ui.ViewAction{
		{Label: "Frame All", Key: fyne.KeyF, Run: s.view.FrameAll},
		toggle("Wireframe", fyne.KeyW, func(o *viewport.Options) *bool { return &o.Wireframe }),
		toggle("Skeleton", fyne.KeyK, func(o *viewport.Options) *bool { return &o.Skeleton }),
		toggle("Normals", fyne.KeyN, func(o *viewport.Options) *bool { return &o.Normals }),
		toggle("Bounding Box", fyne.KeyB, func(o *viewport.Options) *bool { return &o.Bounds }),
		toggle("Grid", fyne.KeyG, func(o *viewport.Options) *bool { return &o.Grid }),
		toggle("Axes", fyne.KeyX, func(o *viewport.Options) *bool { return &o.Axes }),
		toggle("Two-Sided Lighting", fyne.KeyT, func(o *viewport.Options) *bool { return &o.TwoSided }),
		toggle("Hide Back Faces", fyne.KeyC, func(o *viewport.Options) *bool { return &o.CullBackFaces }),
		toggle("Textures Off", fyne.KeyE, func(o *viewport.Options) *bool { return &o.NoTextures }),
		toggle("Weight Heat-Map (selected joint)", fyne.KeyH, func(o *viewport.Options) *bool { return &o.HeatMap }),
		{Label: "Front View", Key: fyne.Key1, Run: func() { s.view.SetPresetView(viewport.Front) }},
		{Label: "Right View", Key: fyne.Key3, Run: func() { s.view.SetPresetView(viewport.Right) }},
		{Label: "Top View", Key: fyne.Key7, Run: func() { s.view.SetPresetView(viewport.Top) }},
		{Label: "Save Image…", Run: s.showSaveImage},
	}
}

// pickable adapts the viewport's picks to the editor's selection.
type pickable struct {
	*viewport.View
	// skeletonBefore is whether the skeleton showed before pose mode.
	skeletonBefore *bool
}

// SetOnPick implements ui.Picker.
func (p pickable) SetOnPick(fn func(part string, index int)) {
	p.View.SetOnPick(func(kind viewport.PickKind, index int) {
		switch kind {
		case viewport.PickGroup:
			fn(model.PartGroup, index)
		case viewport.PickJoint:
			fn(model.PartJoint, index)
		default:
			fn(model.PartFile, -1)
		}
	})
}
