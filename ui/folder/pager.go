package folder

import (
	"fmt"
	"path/filepath"
)

// Pager steps through the models of the shown document's folder: Next and
// Previous open the model after or before it in natural order (Compare)
// and stop at the last and the first. A model that does not open becomes
// the place the next step starts from, so that paging moves on past it
// while the document shown stays.
type Pager struct {
	// Path returns the shown document's path ("" when it has none).
	Path func() string
	// Open opens path as File ▸ Open does, asking first about unsaved
	// changes, and calls done with the outcome (never when the user
	// cancelled).
	Open func(path string, done func(err error))
	// Show shows where the pager stands: "3 of 12 in walks", "12 of 12 in
	// walks: the last", or "" for a document in no folder.
	Show func(text string)

	// failed is the model the last step could not open, while from, the
	// path shown then, is still shown: steps start there.
	failed, from string
}

// Next opens the model after the shown one (or after the one that last
// failed to open). It returns an error when the folder cannot be listed.
func (p *Pager) Next() error { return p.step(1) }

// Previous opens the model before the shown one (or before the one that
// last failed to open).
func (p *Pager) Previous() error { return p.step(-1) }

func (p *Pager) step(dir int) error {
	shown := p.Path()
	start := shown
	if p.failed != "" && p.from == shown {
		start = p.failed
	}
	if start == "" {
		return nil
	}
	l, err := List(filepath.Dir(start))
	if err != nil {
		return err
	}
	name, ok := l.Step(filepath.Base(start), dir)
	if !ok {
		end := "the last"
		if dir < 0 {
			end = "the first"
		}
		p.show(l, filepath.Base(start), end)
		return nil
	}
	target := l.Path(name)
	if target == shown {
		// Back from a model that did not open onto the one shown.
		p.failed = ""
		p.show(l, name, "")
		return nil
	}
	p.Open(target, func(err error) {
		if err != nil {
			p.failed, p.from = target, p.Path()
			p.show(l, name, name+" did not open")
		}
	})
	return nil
}

// Shown tells the pager that the document at path is shown (any way it
// was opened): steps start from it, and Show says where it stands.
func (p *Pager) Shown(path string) {
	p.failed = ""
	if path == "" {
		p.Show("")
		return
	}
	l, err := List(filepath.Dir(path))
	if err != nil {
		p.Show("")
		return
	}
	p.show(l, filepath.Base(path), "")
}

// show shows the place of the model called name in l, with a note.
func (p *Pager) show(l Listing, name, note string) {
	s := fmt.Sprintf("%d of %d in %s", l.Position(name), len(l.Models), filepath.Base(l.Dir))
	if l.Position(name) == 0 {
		s = fmt.Sprintf("%d models in %s", len(l.Models), filepath.Base(l.Dir))
	}
	if note != "" {
		s += ": " + note
	}
	p.Show(s)
}
