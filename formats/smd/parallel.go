package smd

import "sync"

// Reading the triangles section in parallel. The parser's goroutine reads
// the lines as always — material lines, the section's end, the limits, the
// end of the file — and copies the vertex lines into batches for workers,
// which run lexVertex on them: it writes the corners straight into
// File.Triangles and leaves the links in the batch. The parser merges the
// batches in file order, giving each vertex its place in File.Links and
// reading the lines lexVertex did not take with the sequential paths, with
// their findings and errors. It merges every batch handed out before it
// reports anything itself or returns, so findings come in file order and the
// first error in the file is the one returned, as when reading sequentially:
// the file read is the same (readBoth checks it on every test input, with
// tiny batches). The parser's goroutine lexes a batch itself when every
// worker has one waiting, so a machine without a core to spare costs only
// the copies and the merge (about 7%). Memory stays bounded: a batch holds
// at most batchLines lines or about batchBytes bytes, and at most two per
// worker are out.

const (
	// parallelMin is the smallest input read in parallel, when its size is
	// known.
	parallelMin = 1 << 20
	// maxWorkers bounds the workers of one Read.
	maxWorkers = 4
	// batchLines and batchBytes bound a batch.
	batchLines = 2048
	batchBytes = 256 << 10
	// lexSlack is the room lexLine needs past a line's end.
	lexSlack = 18
)

// batch is a run of vertex lines of the triangles section.
type batch struct {
	text  []byte // the lines, each with a line end, then lexSlack bytes
	used  int    // the bytes of text the lines take
	lines []batchLine
	// first is the first line's corner, 3t+c for corner c of triangle t:
	// the lines are corners one after the other.
	first int
	// Set by the worker: how each line was taken, its link count, and the
	// links of the lines taken with links, in line order.
	kind  []uint8
	links []Link
	lex   lexed
	tris  []Triangle    // File.Triangles when the batch was handed out
	done  chan struct{} // receives when the worker is done
}

// batchLine locates a vertex line in its batch and in the input.
type batchLine struct {
	start  int32 // in text; the line ends before the next one's start, less one
	lineNo int
	offset int64 // of the line's start
}

// line returns line k of b, with lexSlack bytes of room past its end.
func (b *batch) line(k int) []byte {
	end := b.used
	if k+1 < len(b.lines) {
		end = int(b.lines[k+1].start)
	}
	return b.text[b.lines[k].start : end-1]
}

// corner returns the vertex of line k of b in tris.
func (b *batch) corner(tris []Triangle, k int) *Vertex {
	g := b.first + k
	return &tris[g/3].Corners[g%3]
}

// pool is the workers of one triangles section.
type pool struct {
	p       *parser
	work    chan *batch
	pending []*batch // handed out, in file order
	free    []*batch
	cur     *batch // being filled
	lines   int    // most lines in a batch
	max     int    // most batches out
	wg      sync.WaitGroup
}

func (p *parser) newPool() *pool {
	// The parser's goroutine lexes the batches the workers' queue has no
	// room for, so it counts as one of the workers; the queue holds one
	// batch a worker, so that a worker done with one finds the next.
	pl := &pool{p: p, lines: p.batchLines, work: make(chan *batch, p.workers-1), max: 2 * p.workers}
	pl.wg.Add(p.workers - 1)
	for range p.workers - 1 {
		go pl.worker()
	}
	return pl
}

func (pl *pool) worker() {
	defer pl.wg.Done()
	for b := range pl.work {
		pl.p.lexBatch(b)
		b.done <- struct{}{}
	}
}

// stop ends the workers once they are done with what they hold.
func (pl *pool) stop() {
	close(pl.work)
	pl.wg.Wait()
}

// lexBatch runs lexVertex on every line of b. It reads the parser's known
// bones and writes b and the corners of b's lines in b.tris, nothing else.
func (p *parser) lexBatch(b *batch) {
	b.kind = b.kind[:0]
	b.links = b.links[:0]
	for k := range b.lines {
		v := b.corner(b.tris, k)
		n, kind := p.lexVertex(b.line(k), &b.lex, v)
		if kind == lexLinks {
			v.LinkCount = int32(n)
			for k := 0; k < n; k++ {
				b.links = append(b.links, b.lex.link(k))
			}
		}
		b.kind = append(b.kind, uint8(kind))
	}
}

// add puts the current line, corner c of triangle t, into the batch being
// filled, handing the batch out when it is full.
func (pl *pool) add(t, c int) error {
	b := pl.cur
	if b != nil && 3*t+c != b.first+len(b.lines) {
		// Not the next corner (which the triangles loop does not do):
		// start another batch.
		if err := pl.handOut(b); err != nil {
			return err
		}
		b = nil
	}
	if b == nil {
		if n := len(pl.free); n > 0 {
			b, pl.free = pl.free[n-1], pl.free[:n-1]
		} else {
			// A line never makes text grow: a batch is handed out once
			// past batchBytes, and lines are at most MaxLineLength.
			b = &batch{done: make(chan struct{}, 1),
				text:  make([]byte, 0, batchBytes+MaxLineLength+1+lexSlack),
				lines: make([]batchLine, 0, pl.lines),
				kind:  make([]uint8, 0, pl.lines)}
		}
		b.text, b.lines, b.first = b.text[:0], b.lines[:0], 3*t+c
		pl.cur = b
	}
	p := pl.p
	start := len(b.text)
	b.text = append(b.text, p.line...)
	// A line end after each line, as in the reader's buffer: lexLine does
	// not take a number whose digits run on past the line's end.
	b.text = append(b.text, '\n')
	b.lines = append(b.lines, batchLine{start: int32(start), lineNo: p.lineNo, offset: p.offset})
	if len(b.lines) < pl.lines && len(b.text) < batchBytes {
		return nil
	}
	return pl.handOut(b)
}

// handOut hands the batch being filled to a worker, or lexes it, and merges
// what is done.
func (pl *pool) handOut(b *batch) error {
	p := pl.p
	pl.cur = nil
	pl.seal(b)
	for len(pl.pending) >= pl.max {
		if err := pl.mergeFirst(); err != nil {
			return err
		}
	}
	pl.pending = append(pl.pending, b)
	select {
	case pl.work <- b: // a worker takes it, now or when it is done with the one it has
	default:
		// The workers have one each waiting (or the machine has no core
		// to spare): lex it here rather than wait.
		p.lexBatch(b)
		b.done <- struct{}{}
	}
	// Merge what is done at the head, without waiting.
	for len(pl.pending) > 0 {
		select {
		case <-pl.pending[0].done:
			b := pl.pending[0]
			pl.pending = pl.pending[:copy(pl.pending, pl.pending[1:])]
			if err := pl.merge(b); err != nil {
				return err
			}
			continue
		default:
		}
		break
	}
	return nil
}

// seal makes b ready for lexBatch: room past the last line, and the
// triangles as they are now (which do not move until b is merged: the
// parser flushes before File.Triangles grows).
func (pl *pool) seal(b *batch) {
	var pad [lexSlack]byte
	b.used = len(b.text)
	b.text = append(b.text, pad[:]...)
	b.tris = pl.p.f.Triangles
}

// mergeFirst waits for the oldest batch handed out and merges it.
func (pl *pool) mergeFirst() error {
	b := pl.pending[0]
	<-b.done
	pl.pending = pl.pending[:copy(pl.pending, pl.pending[1:])]
	return pl.merge(b)
}

// flush merges every batch handed out and the one being filled, in file
// order, and returns the first error of their lines.
func (pl *pool) flush() error {
	for len(pl.pending) > 0 {
		if err := pl.mergeFirst(); err != nil {
			return err
		}
	}
	if b := pl.cur; b != nil {
		pl.cur = nil
		pl.seal(b)
		pl.p.lexBatch(b)
		return pl.merge(b)
	}
	return nil
}

// merge places b's links in File.Links and reads the lines lexVertex did
// not take as the sequential reader does, with its findings and errors.
func (pl *pool) merge(b *batch) error {
	p := pl.p
	// The lines are read where they are in the input: their findings and
	// errors name them, and File.Links grows as it would have there.
	line, lineNo, offset, next := p.line, p.lineNo, p.offset, p.next
	defer func() { p.line, p.lineNo, p.offset, p.next = line, lineNo, offset, next }()
	links := b.links
	for k, ln := range b.lines {
		v := b.corner(p.f.Triangles, k)
		text := b.line(k)
		p.next = ln.offset + int64(len(text)) + 1 // give or take a "\r"
		switch b.kind[k] {
		case lexPlain:
		case lexLinks:
			n := int(v.LinkCount)
			if n > 0 {
				p.reserveLinks(n)
			}
			v.LinkStart = int32(len(p.f.Links))
			p.f.Links = append(p.f.Links, links[:n]...)
			links = links[n:]
		default:
			p.line, p.lineNo, p.offset = text, ln.lineNo, ln.offset
			if p.fastVertex(v) {
				continue
			}
			if err := p.split(); err != nil {
				return err
			}
			if err := p.vertex(v); err != nil {
				return err
			}
		}
	}
	b.tris = nil
	pl.free = append(pl.free, b)
	return nil
}
