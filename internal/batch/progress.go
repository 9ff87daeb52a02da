package batch

import (
	"fmt"
	"io"
	"os"
	"time"

	"golang.org/x/term"
)

// redrawEvery is how often at most the progress line is redrawn.
const redrawEvery = 100 * time.Millisecond

// Progress draws one line on a terminal that says how far a batch has
// come: "validate: 12/40 files, 1 failed, about 3 s left". The line is
// redrawn in place (carriage return, erase to the end of the line) at most
// every 100 ms; Clear takes it away before other output is written, and
// Finish leaves the final count on its own line. A Progress is used from
// one goroutine (Run's finished and emit callbacks are).
type Progress struct {
	w            io.Writer
	label        string
	total        int
	done, failed int
	start, drawn time.Time
	shown        bool
	// now is the clock; tests set it.
	now func() time.Time
}

// NewProgress returns the progress of a batch of total files, labelled
// with the command's name, drawn on w (a terminal) from now on.
func NewProgress(w io.Writer, label string, total int) *Progress {
	p := &Progress{w: w, label: label, total: total, now: time.Now}
	p.start = p.now()
	return p
}

// Finished counts one more file done, failed or not, and redraws the line
// when it was last drawn long enough ago (or this is the last file).
func (p *Progress) Finished(failed bool) {
	p.done++
	if failed {
		p.failed++
	}
	if t := p.now(); p.done == p.total || t.Sub(p.drawn) >= redrawEvery {
		p.draw(t)
	}
}

// Clear erases the line, if it is shown, so that other output can be
// written; the next Finished or Redraw draws it again.
func (p *Progress) Clear() {
	if p.shown {
		fmt.Fprint(p.w, "\r\x1b[K")
		p.shown = false
	}
}

// Redraw draws the line again after Clear.
func (p *Progress) Redraw() {
	if !p.shown && p.done > 0 {
		p.draw(p.now())
	}
}

// Finish draws the final count, with the time the batch took, and ends
// the line.
func (p *Progress) Finish() {
	p.Clear()
	fmt.Fprintf(p.w, "%s: %s, %s\n", p.label, p.counts(), "took "+duration(p.now().Sub(p.start)))
}

func (p *Progress) draw(t time.Time) {
	left := "estimating the time left"
	if p.done > 0 {
		rest := time.Duration(float64(t.Sub(p.start)) / float64(p.done) * float64(p.total-p.done))
		left = "about " + duration(rest) + " left"
	}
	fmt.Fprintf(p.w, "\r\x1b[K%s: %s, %s", p.label, p.counts(), left)
	p.drawn, p.shown = t, true
}

func (p *Progress) counts() string {
	s := fmt.Sprintf("%d/%d files", p.done, p.total)
	if p.failed > 0 {
		s += fmt.Sprintf(", %d failed", p.failed)
	}
	return s
}

// duration rounds d for a person: "<1 s", "42 s", "3 min 5 s", "2 h 10 min".
func duration(d time.Duration) string {
	s := int(d.Round(time.Second) / time.Second)
	switch {
	case s < 1:
		return "<1 s"
	case s < 60:
		return fmt.Sprintf("%d s", s)
	case s < 3600:
		return fmt.Sprintf("%d min %d s", s/60, s%60)
	}
	return fmt.Sprintf("%d h %d min", s/3600, s%3600/60)
}

// IsTerminal reports whether w is a terminal, where a Progress is shown.
func IsTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}
