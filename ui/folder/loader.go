package folder

import (
	"context"
	"image"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"ms3dstudio/document"
	"ms3dstudio/ui/problems"
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
	t.Errors, t.Warnings, _ = problems.CountSeverities(d.Findings())
	img, err := thumbnail.Render(m, d.Textures().Images, thumbnail.Options{Size: size})
	if err != nil {
		t.Err = err
		return t
	}
	t.Image = img
	return t
}

// loader draws the thumbnails of a list of models on a bounded number of
// goroutines: the models the grid showed last first (the grid asks for
// each model a cell shows, so the models in view are the newest asked),
// then the rest in the list's order, so that scrolling finds them ready.
// One more goroutine hands the results to deliver on the UI goroutine
// through post, as many in one post as are ready, so that the UI goroutine
// wakes once for a batch and runs one delivery at a time. The workers end
// when every model is drawn or when close is called (a worker finishes the
// model it is drawing, and what is not delivered yet is dropped); done is
// closed once they and the poster have ended.
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

	mu     sync.Mutex
	taken  []bool
	wanted []int // models asked for and not taken, newest last
	next   int   // the first model the prefetch has not looked at
}

// result is one model's thumbnail on its way to the UI goroutine.
type result struct {
	i int
	t Thumb
}

// newLoader returns the loader of paths; start starts it. Models can be
// asked for (want) before it starts.
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
	for len(l.wanted) > 0 {
		i := l.wanted[len(l.wanted)-1]
		l.wanted = l.wanted[:len(l.wanted)-1]
		if !l.taken[i] {
			l.taken[i] = true
			return i
		}
	}
	for ; l.next < len(l.paths); l.next++ {
		if !l.taken[l.next] {
			l.taken[l.next] = true
			return l.next
		}
	}
	return -1
}

// want asks for model i before the others asked for so far (a cell of
// the grid shows it now).
func (l *loader) want(i int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.taken[i] {
		return
	}
	// Scrolling back and forth over models not drawn yet asks for them
	// again and again: keep each one once, where it was asked for last.
	if len(l.wanted) >= 2*len(l.paths) {
		seen := make([]bool, len(l.paths))
		kept := make([]int, 0, len(l.paths))
		for k := len(l.wanted) - 1; k >= 0; k-- {
			if m := l.wanted[k]; !l.taken[m] && !seen[m] {
				seen[m] = true
				kept = append(kept, m)
			}
		}
		slices.Reverse(kept)
		l.wanted = kept
	}
	l.wanted = append(l.wanted, i)
}

// close stops the workers; done is closed once each has finished the
// model it was drawing.
func (l *loader) close() { l.cancel() }
