package main

import (
	"os"
	"sync"
	"syscall"
	"testing"
)

// TestRescueOnlyAfterASignal: the rescue runs once, and only when a
// termination signal arrived; the quit guard and main both calling it
// run it once.
func TestRescueOnlyAfterASignal(t *testing.T) {
	quiet := make(chan os.Signal, 1)
	ran := 0
	r := onceAfterSignal(quiet, func() { ran++ })
	r()
	quiet <- syscall.SIGTERM
	r()
	if ran != 0 {
		t.Fatalf("a quit without a signal rescued (%d), or the first call did not settle it", ran)
	}

	stopped := make(chan os.Signal, 1)
	stopped <- syscall.SIGINT
	var mu sync.Mutex
	n := 0
	r = onceAfterSignal(stopped, func() { mu.Lock(); n++; mu.Unlock() })
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() { defer wg.Done(); r() }()
	}
	wg.Wait()
	r()
	if n != 1 {
		t.Fatalf("rescued %d times after one signal, want once", n)
	}
}
