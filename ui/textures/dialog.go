package textures

import (
	"context"
	"errors"
	"fmt"
	"image"
	"image/draw"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"ms3dstudio/document"
	"ms3dstudio/model/texpath"
	"ms3dstudio/texture"
	"ms3dstudio/ui/widgets"
)

// CollectFolder is the folder beside the model that Collect copies
// textures into.
const CollectFolder = "textures"

// thumbSize is the side of the thumbnails, in pixels.
const thumbSize = 48

// progressInterval is the least time between two progress updates.
const progressInterval = 100 * time.Millisecond

// maxCandidateThumbs is how many candidates of one path get a thumbnail.
const maxCandidateThumbs = 8

// searchDirsKey is the preference that remembers a model's search folders.
func searchDirsKey(modelPath string) string { return "textures.search:" + modelPath }

// RememberedSearchDirs returns the folders searched for the model at
// modelPath's textures, as the textures dialog remembered them.
func RememberedSearchDirs(prefs fyne.Preferences, modelPath string) []string {
	if prefs == nil || modelPath == "" {
		return nil
	}
	return prefs.StringList(searchDirsKey(modelPath))
}

// Row is one row of the textures table as text.
type Row struct {
	Material string
	// Kind is "texture" or "alpha map".
	Kind   string
	Stored string
	Status string
	Size   string
	Format string
	// Candidates counts the files a search proposed.
	Candidates int
}

// probe is what decoding a row's file said.
type probe struct {
	info  texture.Info
	thumb image.Image
	done  bool
}

// Dialog is the Materials ▸ Textures… window: every texture and
// alpha-map path of the document, searching folders for the missing ones,
// choosing among several matches, applying the paths (one undo step),
// collecting the files beside the model, and editing one path. Searches run
// off the UI goroutine; their results reach it through post (fyne.Do).
type Dialog struct {
	doc   *document.Document
	win   fyne.Window
	prefs fyne.Preferences
	do    func(document.Command) error
	post  func(func())

	// PickFolder asks for a folder to search; nil uses Fyne's folder
	// dialog.
	PickFolder func(done func(dir string))
	// PickFile asks for a texture file, starting in folder start; nil uses
	// Fyne's file dialog.
	PickFile func(start string, done func(path string))

	plan   *texture.Plan
	probes []probe
	// byPath holds what decoding each target and candidate file said.
	byPath  map[string]probe
	gen     int // plan generation, so that stale probes are dropped
	indexes []*texture.Index
	choices map[itemKey]string // chosen candidate per path
	style   texture.Style
	sel     int

	cancel   context.CancelFunc
	searchID int
	busy     atomic.Int32 // background goroutines running
	status   string
	progress float64 // estimated share done (0–1) while searching, −1 idle

	unsub func()
	ui    *texturesUI
}

type itemKey struct {
	material int
	alpha    bool
}

// texturesUI holds the widgets; nil until Show.
type texturesUI struct {
	dlg        dialog.Dialog
	table      *widget.Table
	candidates *widget.List
	bar        *widget.ProgressBar
	cancel     *widget.Button
	status     *widget.Label
	apply      *widget.Button
}

// NewDialog returns the dialog for d in window w; do runs commands
// (the editor's Do, which shows refusals), prefs remembers search folders.
func NewDialog(d *document.Document, w fyne.Window, prefs fyne.Preferences, do func(document.Command) error) *Dialog {
	return newDialog(d, w, prefs, do, fyne.Do)
}

// newDialog is NewDialog with the function that hands
// results to the UI goroutine.
func newDialog(d *document.Document, w fyne.Window, prefs fyne.Preferences, do func(document.Command) error, post func(func())) *Dialog {
	t := &Dialog{doc: d, win: w, prefs: prefs, do: do, post: post, choices: map[itemKey]string{}, sel: -1, progress: -1}
	t.unsub = d.Subscribe(func(ch document.Change) {
		if ch.What.Has(document.Textures | document.Saved | document.Material) {
			t.rebuild()
		}
	})
	t.rebuild()
	return t
}

// Close stops a running search and forgets the document.
func (t *Dialog) Close() {
	t.Cancel()
	if t.unsub != nil {
		t.unsub()
		t.unsub = nil
	}
}

// Idle reports that no search or decoding runs in the background, so
// everything they found has been posted (tests).
func (t *Dialog) Idle() bool { return t.busy.Load() == 0 }

// Plan returns the current plan.
func (t *Dialog) Plan() *texture.Plan { return t.plan }

// Status returns the status line.
func (t *Dialog) Status() string { return t.status }

// SetStyle chooses how Apply spells paths.
func (t *Dialog) SetStyle(s texture.Style) { t.style = s }

// rebuild resolves every path again (after an edit, a reload or a search)
// and decodes the files off the UI goroutine.
func (t *Dialog) rebuild() {
	t.plan = texture.NewPlan(t.doc.Model(), t.doc.Path(), t.doc.TextureResolver(), t.indexes...)
	for i := range t.plan.Items {
		it := &t.plan.Items[i]
		want, ok := t.choices[itemKey{it.Material, it.AlphaMap}]
		if !ok {
			continue
		}
		for k, c := range it.Candidates {
			if c.Path == want {
				t.plan.Choose(i, k)
			}
		}
	}
	t.gen++
	gen := t.gen
	t.probes = make([]probe, len(t.plan.Items))
	targets := make([]string, len(t.plan.Items))
	var others []string // candidates, a few per path, for their thumbnails
	for i, it := range t.plan.Items {
		targets[i] = it.Target
		for _, c := range it.Candidates[:min(len(it.Candidates), maxCandidateThumbs)] {
			others = append(others, c.Path)
		}
	}
	known := t.byPath
	// A resolver that is not the real file system (the sample's textures
	// in memory) is read through its FS.
	var memFS fs.FS
	inMemory := map[string]bool{}
	if res := t.doc.TextureResolver(); res != nil {
		memFS = res.FS
		for _, it := range t.plan.Items {
			if it.Resolved.Found && it.Resolved.OSPath == "" {
				inMemory[it.Target] = true
			}
		}
	}
	t.busy.Add(1)
	go func() {
		defer t.busy.Add(-1)
		out := make([]probe, len(targets))
		cache := map[string]probe{}
		get := func(p string) probe {
			if pr, ok := cache[p]; ok {
				return pr
			}
			pr, ok := known[p]
			if !ok {
				var img image.Image
				var info texture.Info
				if inMemory[p] {
					img, info = texture.Probe(memFS, p)
				} else {
					img, info = texture.ProbeFile(p)
				}
				pr = probe{info: info, thumb: thumbnail(img), done: true}
			}
			cache[p] = pr
			return pr
		}
		for i, p := range targets {
			if p == "" {
				out[i].done = true
				continue
			}
			out[i] = get(p)
		}
		for _, p := range others {
			get(p)
		}
		t.post(func() {
			if gen == t.gen {
				t.probes, t.byPath = out, cache
				t.refresh()
			}
		})
	}()
	t.refresh()
}

// thumbnail scales img down to at most thumbSize pixels a side.
func thumbnail(img image.Image) image.Image {
	if img == nil {
		return nil
	}
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	if w <= thumbSize && h <= thumbSize {
		return img
	}
	s := max(w, h)
	tw, th := max(1, w*thumbSize/s), max(1, h*thumbSize/s)
	out := image.NewNRGBA(image.Rect(0, 0, tw, th))
	src := image.NewNRGBA(b)
	draw.Draw(src, b, img, b.Min, draw.Src)
	for y := 0; y < th; y++ {
		for x := 0; x < tw; x++ {
			sx, sy := x*w/tw, y*h/th
			copy(out.Pix[out.PixOffset(x, y):][:4], src.Pix[src.PixOffset(b.Min.X+sx, b.Min.Y+sy):][:4])
		}
	}
	return out
}

// Rows returns the table as text.
func (t *Dialog) Rows() []Row {
	m := t.doc.Model()
	out := make([]Row, len(t.plan.Items))
	for i, it := range t.plan.Items {
		r := Row{Kind: "texture", Stored: it.Stored.Display(), Candidates: len(it.Candidates)}
		if it.AlphaMap {
			r.Kind = "alpha map"
		}
		if it.Material < len(m.Materials) {
			r.Material = fmt.Sprintf("%d %s", it.Material, m.Materials[it.Material].Name.Display())
		}
		pr := t.probes[i]
		switch {
		case it.Target == "":
			r.Status = "missing"
		case !pr.done:
			r.Status = "decoding…"
		case pr.info.Err != nil:
			r.Status = "cannot be decoded: " + pr.info.Err.Error()
		case it.Resolved.Found && it.Resolved.Rule == texpath.RuleExact:
			r.Status = "found exactly"
		case it.Resolved.Found:
			r.Status = "found by " + it.Resolved.Rule + ": " + it.Target
		default:
			r.Status = fmt.Sprintf("missing; %s: %s", it.Rule, it.Target)
			if len(it.Candidates) > 1 {
				r.Status += fmt.Sprintf(" (1 of %d)", len(it.Candidates))
			}
		}
		if pr.done && pr.info.Width > 0 {
			r.Size = fmt.Sprintf("%d×%d", pr.info.Width, pr.info.Height)
		}
		r.Format = pr.info.Format
		out[i] = r
	}
	return out
}

// Search searches the folders dirs, one after the other, off the UI
// goroutine and, as each is done, proposes its files for the missing paths
// and remembers it for this model. A running search is cancelled first.
func (t *Dialog) Search(dirs ...string) {
	if len(dirs) == 0 {
		return
	}
	dir := dirs[0]
	t.Cancel()
	ctx, cancel := context.WithCancel(context.Background())
	t.cancel = cancel
	t.searchID++
	id := t.searchID
	t.progress = 0
	t.status = "searching " + dir + "…"
	t.refresh()
	t.busy.Add(1)
	go func() {
		defer t.busy.Add(-1)
		var last time.Time
		ix, err := texture.Search(ctx, dir, texture.SearchOptions{Progress: func(p texture.Progress) {
			// At most ten updates a second: each one repaints the window.
			if p.Done || time.Since(last) < progressInterval {
				return
			}
			last = time.Now()
			t.post(func() {
				if id == t.searchID && t.progress >= 0 {
					t.progress = float64(p.Folders) / float64(max(1, p.Folders+p.Pending))
					t.status = fmt.Sprintf("searching %s: %s in %s…", dir, widgets.Plural(p.Files, "file"), widgets.Plural(p.Folders, "folder"))
					if t.ui != nil {
						// The table has not changed.
						t.ui.status.SetText(t.status)
						t.ui.bar.SetValue(t.progress)
					}
				}
			})
		}})
		t.post(func() {
			cancel()
			if id != t.searchID {
				return // a newer search replaced this one
			}
			t.cancel, t.progress = nil, -1
			switch {
			case errors.Is(err, context.Canceled):
				t.status = fmt.Sprintf("search cancelled after %s", widgets.Plural(ix.Files, "file"))
			case err != nil:
				t.status = "search failed: " + err.Error()
			default:
				t.indexes = append(t.indexes, ix)
				t.remember(dir)
				t.status = fmt.Sprintf("searched %s: %s in %s in %d ms", dir, widgets.Plural(ix.Files, "file"), widgets.Plural(ix.Folders, "folder"), ix.Elapsed.Milliseconds())
				if len(ix.Problems) > 0 {
					var ps []string
					for _, p := range ix.Problems[:min(3, len(ix.Problems))] {
						ps = append(ps, p.String())
					}
					t.status += fmt.Sprintf("; %d problems: %s", len(ix.Problems), strings.Join(ps, "; "))
				}
				t.rebuild()
				if len(dirs) > 1 {
					t.Search(dirs[1:]...)
				}
				return
			}
			t.refresh()
		})
	}()
}

// Cancel stops a running search.
func (t *Dialog) Cancel() {
	if t.cancel != nil {
		t.cancel()
	}
}

// Searching reports whether a search is running.
func (t *Dialog) Searching() bool { return t.progress >= 0 }

func (t *Dialog) remember(dir string) {
	if t.prefs == nil || t.doc.Path() == "" {
		return
	}
	key := searchDirsKey(t.doc.Path())
	dirs := t.prefs.StringList(key)
	if !slices.Contains(dirs, dir) {
		dirs = append(dirs, dir)
		t.prefs.SetStringList(key, dirs)
	}
}

// Choose makes row i use its k-th candidate.
func (t *Dialog) Choose(i, k int) error {
	if err := t.plan.Choose(i, k); err != nil {
		return err
	}
	it := t.plan.Items[i]
	t.choices[itemKey{it.Material, it.AlphaMap}] = it.Target
	t.rebuild()
	return nil
}

// Edits returns what Apply would change.
func (t *Dialog) Edits() []texture.Edit { return t.plan.Edits(t.style) }

// Apply rewrites every path the plan changes, as one undoable command.
func (t *Dialog) Apply() error {
	edits := t.Edits()
	if len(edits) == 0 {
		t.status = "nothing to change"
		t.refresh()
		return nil
	}
	var pe []document.PathEdit
	for _, e := range edits {
		pe = append(pe, document.PathEdit{Material: e.Material, AlphaMap: e.AlphaMap, Path: e.New})
	}
	if err := t.do(document.RemapPaths("Remap textures", pe)); err != nil {
		return err
	}
	t.status = fmt.Sprintf("changed %s (Undo reverts them)", widgets.Plural(len(pe), "path"))
	t.refresh()
	return nil
}

// Collect copies every found file into CollectFolder beside the model and
// points the paths there (one undoable command; the copies stay).
func (t *Dialog) Collect() error {
	if t.doc.Path() == "" {
		return errors.New("save the model first: textures are collected beside it")
	}
	copies, err := t.plan.Collect(CollectFolder)
	if err != nil {
		t.rebuild()
		return err
	}
	n := 0
	for _, c := range copies {
		if !c.Existed {
			n++
		}
	}
	if err := t.Apply(); err != nil {
		return err
	}
	t.status = fmt.Sprintf("copied %s into %s; %s", widgets.Plural(n, "file"), CollectFolder, t.status)
	t.refresh()
	return nil
}

// SetPath points row i at file, stored relative to the model's folder
// when a relative path leads there.
func (t *Dialog) SetPath(i int, file string) error {
	if i < 0 || i >= len(t.plan.Items) {
		return fmt.Errorf("no texture row %d", i)
	}
	it := t.plan.Items[i]
	p := filepath.ToSlash(file)
	if dir := filepath.Dir(t.doc.Path()); t.doc.Path() != "" {
		if r, err := filepath.Rel(dir, file); err == nil {
			p = filepath.ToSlash(r)
		}
	}
	if t.style == texture.Backslash {
		p = strings.ReplaceAll(p, "/", `\`)
	}
	if it.AlphaMap {
		return t.do(document.SetAlphaMap(it.Material, p))
	}
	return t.do(document.SetTexture(it.Material, p))
}
