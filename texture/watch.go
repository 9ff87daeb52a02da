package texture

import (
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/fsnotify/fsnotify"

	"ms3dstudio/formats/teximage"
)

// DefaultDebounce is how long a Watcher waits after the last event before
// it reports: an image editor saving a file makes several events.
const DefaultDebounce = 150 * time.Millisecond

// Watcher reports when an image file appears, changes or goes away in the
// folders it watches: where a model's textures are, where the missing ones
// would be, and the search folders. It watches folders rather than files,
// so that editors that save by writing a new file and renaming it over the
// old one, and textures that appear later, are seen too. Events for files
// that are not images (the model itself being saved) are ignored.
type Watcher struct {
	w        *fsnotify.Watcher
	onChange func()
	debounce time.Duration

	mu    sync.Mutex
	dirs  []string
	timer *time.Timer
	errs  []error
	done  chan struct{}
}

// NewWatcher starts a watcher that calls onChange, on its own goroutine,
// once the events in the watched folders have been quiet for debounce (0
// means DefaultDebounce). A UI hands the call to its own goroutine (fyne.Do).
func NewWatcher(onChange func(), debounce time.Duration) (*Watcher, error) {
	fw, err := fsnotify.NewWatcher()
	if err != nil {
		return nil, err
	}
	if debounce <= 0 {
		debounce = DefaultDebounce
	}
	w := &Watcher{w: fw, onChange: onChange, debounce: debounce, done: make(chan struct{})}
	go w.run()
	return w, nil
}

// Watch replaces the watched folders with dirs (duplicates and folders that
// do not exist are skipped) and returns the folders watched.
func (w *Watcher) Watch(dirs ...string) []string {
	want := map[string]bool{}
	for _, d := range dirs {
		if d != "" {
			want[filepath.Clean(d)] = true
		}
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	var keep []string
	for _, d := range w.dirs {
		if want[d] {
			keep = append(keep, d)
			delete(want, d)
		} else {
			w.w.Remove(d)
		}
	}
	for d := range want {
		if err := w.w.Add(d); err == nil {
			keep = append(keep, d)
		}
	}
	slices.Sort(keep)
	w.dirs = keep
	return slices.Clone(keep)
}

// Close stops the watcher; onChange is not called afterwards.
func (w *Watcher) Close() error {
	err := w.w.Close()
	<-w.done
	w.mu.Lock()
	if w.timer != nil {
		w.timer.Stop()
	}
	w.onChange = nil
	w.mu.Unlock()
	return err
}

func (w *Watcher) run() {
	defer close(w.done)
	for {
		select {
		case ev, ok := <-w.w.Events:
			if !ok {
				return
			}
			if isImage(ev.Name) {
				w.kick()
			}
		case err, ok := <-w.w.Errors:
			if !ok {
				return
			}
			w.mu.Lock()
			w.errs = append(w.errs, err)
			w.mu.Unlock()
			w.kick() // events may have been lost: reload to be safe
		}
	}
}

func (w *Watcher) kick() {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.timer != nil {
		w.timer.Reset(w.debounce)
		return
	}
	w.timer = time.AfterFunc(w.debounce, func() {
		w.mu.Lock()
		fn := w.onChange
		w.mu.Unlock()
		if fn != nil {
			fn()
		}
	})
}

func isImage(name string) bool {
	return teximage.FormatOf(name) != "" || slices.Contains(ImageExts, strings.ToLower(filepath.Ext(name)))
}

// WatchDirs returns the folders to watch for the plan's textures: the
// folder of every file found, the folder a missing path names (relative to
// the model's folder) and the model's own folder, then the search folders.
func (p *Plan) WatchDirs(searchDirs ...string) []string {
	dir := filepath.Dir(p.ModelFile)
	out := []string{dir}
	for _, it := range p.Items {
		if it.Target != "" {
			out = append(out, filepath.Dir(it.Target))
			continue
		}
		rel := strings.ReplaceAll(string(it.Stored.Text()), `\`, "/")
		if !strings.Contains(rel, ":") && !strings.HasPrefix(rel, "/") {
			out = append(out, filepath.Dir(filepath.Join(dir, filepath.FromSlash(rel))))
		}
	}
	return append(out, searchDirs...)
}
