package cputime

import (
	"runtime"
	"testing"
	"time"
)

// TestProcessCountsWork burns 200 ms of CPU on this goroutine and expects
// the process's CPU time to grow by about that much, and not to grow while
// the process sleeps.
func TestProcessCountsWork(t *testing.T) {
	if runtime.GOOS != "linux" && runtime.GOOS != "darwin" && runtime.GOOS != "windows" {
		t.Skip("no process CPU time on", runtime.GOOS)
	}
	before, ok := Process()
	if !ok {
		t.Fatal("no process CPU time")
	}
	x := 1.0
	for end := time.Now().Add(200 * time.Millisecond); time.Now().Before(end); {
		for i := 0; i < 1000; i++ {
			x = x*1.0000001 + 1e-9
		}
	}
	busy, _ := Process()
	time.Sleep(200 * time.Millisecond)
	idle, _ := Process()
	if d := busy - before; d < 100*time.Millisecond || d > 2*time.Second {
		t.Errorf("200 ms of work counted as %v (x=%v)", d, x)
	}
	if d := idle - busy; d > 50*time.Millisecond {
		t.Errorf("200 ms asleep counted as %v of CPU", d)
	}
}
