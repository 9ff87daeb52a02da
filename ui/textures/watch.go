package textures

import (
	"fyne.io/fyne/v2"

	"ms3dstudio/document"
	"ms3dstudio/texture"
)

// Watch reloads the textures of the document shown when their files
// change on disk or a missing one appears (texture.Watcher), and applies
// the search folders remembered for the model. The watcher's goroutine
// reaches the document only through fyne.Do.
type Watch struct {
	w     *texture.Watcher
	prefs fyne.Preferences
	doc   *document.Document
	unsub func()
	post  func(func())
}

// NewWatch starts watching for nothing; SetDocument says what. When
// the platform has no file notification it returns a watch that does
// nothing, and the error.
func NewWatch(prefs fyne.Preferences) (*Watch, error) {
	return newWatch(prefs, fyne.Do)
}

// newWatch is NewWatch with the function that hands the
// reload to the UI goroutine.
func newWatch(prefs fyne.Preferences, post func(func())) (*Watch, error) {
	tw := &Watch{prefs: prefs, post: post}
	w, err := texture.NewWatcher(func() { tw.post(tw.reload) }, 0)
	if err != nil {
		return tw, err
	}
	tw.w = w
	return tw, nil
}

// SetDocument follows d (nil for none; a nil watch does nothing): its remembered search folders are
// used, and the folders of its textures watched. Call it on the UI
// goroutine after the viewport subscribed to d, so that the reload reaches
// the viewport.
func (tw *Watch) SetDocument(d *document.Document) {
	if tw == nil {
		return // not started yet: the editor shows its first document while it is built
	}
	if tw.unsub != nil {
		tw.unsub()
		tw.unsub = nil
	}
	tw.doc = d
	if d == nil {
		tw.watch()
		return
	}
	if dirs := RememberedSearchDirs(tw.prefs, d.Path()); len(dirs) > 0 {
		d.SetSearchDirs(dirs...)
		d.ReloadTextures()
	}
	tw.unsub = d.Subscribe(func(ch document.Change) {
		if ch.What.Has(document.Textures | document.Saved) {
			tw.watch()
		}
	})
	tw.watch()
}

// watch watches the folders of the current document and returns them.
func (tw *Watch) watch() []string {
	if tw.w == nil {
		return nil
	}
	if tw.doc == nil || tw.doc.Path() == "" {
		return tw.w.Watch()
	}
	plan := texture.NewPlan(tw.doc.Model(), tw.doc.Path(), tw.doc.TextureResolver())
	return tw.w.Watch(plan.WatchDirs(RememberedSearchDirs(tw.prefs, tw.doc.Path())...)...)
}

func (tw *Watch) reload() {
	if tw.doc != nil {
		tw.doc.ReloadTextures()
	}
}

// Close stops watching.
func (tw *Watch) Close() {
	if tw == nil {
		return
	}
	if tw.unsub != nil {
		tw.unsub()
		tw.unsub = nil
	}
	if tw.w != nil {
		tw.w.Close()
	}
}
