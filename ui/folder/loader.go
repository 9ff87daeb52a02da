package folder

import (
	"context"
	"image"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"

	"ms3dstudio/document"
	"ms3dstudio/model"
	"ms3dstudio/viewport/thumbnail"
)

// Thumb is what drawing one model found: its picture and the facts the
// folder view shows under it.
type Thumb struct {
	// Image is the model's thumbnail, nil when nothing was drawn.
	Image image.Image
	// Format is the file's format as its extension names it ("MS3D").
	Format string
	// Triangles, Errors and Warnings count the model's triangles and the
	// findings of each severity, as the problems panel counts them.
	Triangles, Errors, Warnings int
	// Err says why the file did not open, or why it drew nothing; the
	// counts are zero when it did not open.
	Err error
	// Opened is set when the file opened.
	Opened bool
}

// Draw opens the model at path as the editor opens it (document.Open,
// textures from beside it) and draws its thumbnail size pixels a side: one
// read gives both the picture and the facts. It only reads the file and
// touches nothing shared, so any number of goroutines may call it at once.
func Draw(path string, size int) Thumb {
	t := Thumb{Format: strings.ToUpper(strings.TrimPrefix(filepath.Ext(path), "."))}
	d, err := document.Open(path)
	if err != nil {
		t.Err = err
		return t
	}
	t.Opened = true
	m := d.Model()
	t.Triangles = len(m.Triangles)
	t.Errors, t.Warnings, _ = model.CountSeverities(d.Findings())
	img, err := thumbnail.Render(m, d.Textures().Images, thumbnail.Options{Size: size})
	if err != nil {
		t.Err = err
		return t
	}
	t.Image = img
	return t
}

// loader draws the thumbnails of a list of models on a bounded number of
// goroutines: the models in view first, in the list's order, then those
// after them and then those before, so that scrolling on finds them
// ready. One more goroutine hands the results to deliver on the UI
// goroutine through post, as many in one post as are ready, so that the UI
// goroutine wakes once for a batch and runs one delivery at a time. The
// workers end when every model is drawn or when close is called (a worker
// finishes the model it is drawing, and what is not delivered yet is
// dropped); done is closed once they and the poster have ended.
type loader struct {
	paths   []string
	draw    func(path string) Thumb
	post    func(func())
	deliver func(i int, t Thumb)
	ctx     context.Context
	cancel  context.CancelFunc
	results chan result
	done    chan struct{}
	running atomic.Int32

	mu    sync.Mutex
	taken []bool
	first int // the first model in view
}

// result is one model's thumbnail on its way to the UI goroutine.
type result struct {
	i int
	t Thumb
}

// newLoader returns the loader of paths; start starts it.
func newLoader(paths []string, draw func(string) Thumb, post func(func()), deliver func(int, Thumb)) *loader {
	ctx, cancel := context.WithCancel(context.Background())
	return &loader{paths: paths, draw: draw, post: post, deliver: deliver, ctx: ctx, cancel: cancel,
		results: make(chan result), done: make(chan struct{}), taken: make([]bool, len(paths))}
}

// start starts at most workers goroutines drawing, and the poster.
func (l *loader) start(workers int) {
	n := max(0, min(workers, len(l.paths)))
	if n == 0 {
		close(l.done)
		return
	}
	l.running.Store(int32(n))
	for range n {
		go l.work()
	}
	go l.postResults()
}

func (l *loader) work() {
	defer func() {
		if l.running.Add(-1) == 0 {
			close(l.results)
		}
	}()
	for {
		i := l.take()
		if i < 0 {
			return
		}
		t := l.draw(l.paths[i])
		select {
		case l.results <- result{i, t}:
		case <-l.ctx.Done():
			return
		}
	}
}

// postResults hands what the workers drew to the UI goroutine until they
// have all ended, then closes done.
func (l *loader) postResults() {
	defer close(l.done)
	for r := range l.results {
		batch := []result{r}
	more:
		for {
			select {
			case r, ok := <-l.results:
				if !ok {
					break more
				}
				batch = append(batch, r)
			default:
				break more
			}
		}
		if l.ctx.Err() != nil {
			continue
		}
		l.post(func() {
			for _, r := range batch {
				l.deliver(r.i, r.t)
			}
		})
	}
}

// take returns the next model to draw, or −1 when all are taken or the
// loader is closed.
func (l *loader) take() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.ctx.Err() != nil {
		return -1
	}
	// From the first model in view on: the rest of the view, what comes
	// after it, and then what comes before it.
	n := len(l.paths)
	for k := range n {
		if i := (l.first + k) % n; !l.taken[i] {
			l.taken[i] = true
			return i
		}
	}
	return -1
}

// scrolled says which model is the first the grid shows.
func (l *loader) scrolled(first int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.first = max(0, min(first, len(l.paths)-1))
}

// close stops the workers; done is closed once each has finished the
// model it was drawing.
func (l *loader) close() { l.cancel() }
