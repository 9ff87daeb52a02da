package anim

import (
	"runtime"
	"sync"
	"sync/atomic"
	"time"
)

// The skinning pool: worker goroutines started on first need and kept for
// the life of the process, shared by every Skinner but used by one Skin call
// at a time (a Skin call that finds the pool busy does its work alone).
//
// Handing work over through a channel alone was measured useless here: the
// woken goroutine starts only after the caller has done most of the work
// itself. So both sides spin (yielding with runtime.Gosched, so that other
// goroutines still run) for a short while before they park, and a frame
// that follows a frame finds its workers awake. Idle workers park after
// spinTime and then cost nothing.

// maxWorkers bounds the pool.
const maxWorkers = 63

// spinTime is how long a waiting side polls before it parks.
const spinTime = 50 * time.Microsecond

// job is one share of a Skinner phase.
type job struct {
	s                  *Skinner
	phase, part, parts int
}

type worker struct {
	ready atomic.Uint32 // 1 while job is posted and not done
	job   job
	wake  waker
	_     [64]byte // keep workers' hot fields on separate cache lines
}

var pool struct {
	mu      sync.Mutex // held by the Skin call using the pool
	workers []*worker
	pending atomic.Uint32 // posted jobs not done yet
	done    waker         // wakes the dispatching caller
}

// dispatch runs parts shares of a phase of s: the caller does share 0 and
// pool workers the others. It reports false, having done nothing, when the
// pool is in use by another Skin call.
func dispatch(s *Skinner, phase, parts int) bool {
	if !pool.mu.TryLock() {
		return false
	}
	defer pool.mu.Unlock()
	for len(pool.workers) < min(parts-1, maxWorkers) {
		w := &worker{wake: newWaker()}
		pool.workers = append(pool.workers, w)
		go w.loop()
	}
	if pool.done.ch == nil {
		pool.done = newWaker()
	}
	parts = min(parts, len(pool.workers)+1)
	pool.pending.Store(uint32(parts - 1))
	for p := 1; p < parts; p++ {
		w := pool.workers[p-1]
		w.job = job{s: s, phase: phase, part: p, parts: parts}
		w.ready.Store(1)
		w.wake.wake()
	}
	s.part(phase, 0, parts)
	pool.done.wait(&pool.pending, 0)
	return true
}

func (w *worker) loop() {
	for {
		w.wake.wait(&w.ready, 1)
		j := w.job
		j.s.part(j.phase, j.part, j.parts)
		w.job = job{} // do not keep the Skinner alive
		w.ready.Store(0)
		if pool.pending.Add(^uint32(0)) == 0 {
			pool.done.wake()
		}
	}
}

// waker lets one goroutine wait for an atomic value set by others: it
// spins for spinTime, then parks on a channel until woken.
type waker struct {
	parked atomic.Bool
	ch     chan struct{} // capacity 1: at most one wake-up is in flight
}

func newWaker() waker { return waker{ch: make(chan struct{}, 1)} }

// wait returns once v holds want.
func (w *waker) wait(v *atomic.Uint32, want uint32) {
	start := time.Now()
	for i := 0; v.Load() != want; i++ {
		if i%64 == 63 && time.Since(start) > spinTime {
			w.park(v, want)
			return
		}
		runtime.Gosched()
	}
}

// park blocks until v holds want. The setter stores v before calling wake,
// and park publishes parked before it looks at v, so one of the two always
// sees the other: no wake-up is lost.
func (w *waker) park(v *atomic.Uint32, want uint32) {
	for {
		w.parked.Store(true)
		if v.Load() == want {
			if !w.parked.CompareAndSwap(true, false) {
				<-w.ch // a waker saw us parked: take its token
			}
			return
		}
		<-w.ch
	}
}

// wake wakes the waiting goroutine if it is parked; call it after storing
// the value it waits for.
func (w *waker) wake() {
	if w.parked.CompareAndSwap(true, false) {
		w.ch <- struct{}{}
	}
}
