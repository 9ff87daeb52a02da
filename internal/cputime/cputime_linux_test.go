package cputime

import (
	"runtime"
	"syscall"
	"testing"
	"time"
)

// threadCPU returns the CPU time the calling OS thread has used, as Linux
// counts it for the thread alone (RUSAGE_THREAD): a figure Process does
// not read.
func threadCPU(t *testing.T) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_THREAD, &ru); err != nil {
		t.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// TestProcessCountsEveryThread has two goroutines, each locked to its own
// OS thread, work until that thread has used 50 ms of CPU by its own count,
// and expects the process's CPU time to have grown by at least what the
// threads used together (and by not much more: nothing else runs). Work is
// measured by the CPU it used, not by the clock, so a loaded machine only
// makes the test take longer.
func TestProcessCountsEveryThread(t *testing.T) {
	const threads, each = 2, 50 * time.Millisecond
	before, ok := Process()
	if !ok {
		t.Fatal("no process CPU time")
	}
	used := make(chan time.Duration, threads)
	for range threads {
		go func() {
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			start := threadCPU(t)
			x := 1.0
			for threadCPU(t)-start < each {
				for range 10000 {
					x = x*1.0000001 + 1e-9
				}
			}
			if x == 0 {
				t.Error("the work was optimised away")
			}
			used <- threadCPU(t) - start
		}()
	}
	var sum time.Duration
	deadline := time.After(time.Minute) // a guard: the work takes 100 ms of CPU
	for range threads {
		select {
		case d := <-used:
			sum += d
		case <-deadline:
			t.Fatal("the threads did not get 50 ms of CPU each within a minute")
		}
	}
	after, _ := Process()
	if got := after - before; got < sum*9/10 || got > sum+time.Second {
		t.Errorf("the threads used %v of CPU; the process's CPU time grew by %v", sum, got)
	}
}
