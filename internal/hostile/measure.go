package hostile

import "runtime"

// Allocated runs f and returns the heap allocations it made and the bytes
// they took (the deltas of runtime.MemStats' Mallocs and TotalAlloc): the
// count of work and the memory that tests of these inputs bound.
func Allocated(f func()) (allocs, bytes uint64) {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.Mallocs - before.Mallocs, after.TotalAlloc - before.TotalAlloc
}
