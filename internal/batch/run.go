package batch

import "runtime"

// DefaultJobs is how many jobs Run runs at once when asked for 0: the
// number of CPUs the process may use.
func DefaultJobs() int { return runtime.GOMAXPROCS(0) }

// Run calls job(i) for every i from 0 to n-1, on up to jobs goroutines at
// once (DefaultJobs when jobs < 1). Each result is handed to finished as
// soon as it is ready, in the order the jobs end, and to emit in the order
// of i: emit(i) comes once the results of 0 … i are all ready. Both are
// called on Run's goroutine, one at a time, so they need no locking; Run
// returns when every result has been emitted. A job's result never stops
// the others: a job that fails says so in its result. finished may be nil.
func Run[R any](n, jobs int, job func(i int) R, finished func(i int, r R), emit func(i int, r R)) {
	if jobs < 1 {
		jobs = DefaultJobs()
	}
	jobs = min(jobs, n)
	type result struct {
		i int
		r R
	}
	next := make(chan int)
	results := make(chan result)
	for range jobs {
		go func() {
			for i := range next {
				results <- result{i, job(i)}
			}
		}()
	}
	// The indexes are handed out from a goroutine of their own: this one
	// collects the results.
	go func() {
		for i := range n {
			next <- i
		}
		close(next)
	}()
	ready := make([]bool, n)
	held := make([]R, n)
	var zero R
	emitted := 0
	for range n {
		res := <-results
		if finished != nil {
			finished(res.i, res.r)
		}
		ready[res.i], held[res.i] = true, res.r
		for emitted < n && ready[emitted] {
			emit(emitted, held[emitted])
			held[emitted] = zero // let a large result go once it is out
			emitted++
		}
	}
}
