package quitguard

import (
	"bytes"
	"io"
	"os"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// syncBuffer is a bytes.Buffer the guard's timer goroutine and the test can
// share.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestQuitGuardEndsAStuckProcess: once quitting has begun, a process still
// running after the grace period is ended once, with the exit status the
// app set (a failed --turntable's 1), and says why on stderr; before
// quitting begins nothing happens, however long it runs.
func TestQuitGuardEndsAStuckProcess(t *testing.T) {
	exited := make(chan int, 2)
	var log syncBuffer
	g := &Guard{Name: "app", Grace: 20 * time.Millisecond, Log: &log, Exit: func(code int) { exited <- code }}
	g.SetCode(1)
	select {
	case code := <-exited:
		t.Fatalf("exited with %d before quitting began", code)
	case <-time.After(100 * time.Millisecond):
	}
	start := time.Now()
	g.Quitting()
	g.Quitting() // the window closing after the app quit on its own
	select {
	case code := <-exited:
		if code != 1 {
			t.Errorf("exit status %d, want the 1 set", code)
		}
		if waited := time.Since(start); waited < 20*time.Millisecond {
			t.Errorf("exited %v after quitting began, before the %v grace", waited, g.Grace)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("a process stuck after quitting was not ended")
	}
	select {
	case code := <-exited:
		t.Errorf("exited a second time (%d): Quitting twice armed two timers", code)
	case <-time.After(100 * time.Millisecond):
	}
	if msg := log.String(); !strings.Contains(msg, "still running") || !strings.Contains(msg, "after quitting") {
		t.Errorf("stderr %q does not say why the process was ended", msg)
	}
}

// TestQuitGuardArmedByATerminationSignal: a signal on the channel main
// notifies of SIGINT and SIGTERM arms the guard as quitting from the app
// does (Fyne quits on them without closing the window), and nothing
// happens before one arrives.
func TestQuitGuardArmedByATerminationSignal(t *testing.T) {
	exited := make(chan int, 1)
	g := &Guard{Name: "app", Grace: 20 * time.Millisecond, Log: io.Discard, Exit: func(code int) { exited <- code }}
	sig := make(chan os.Signal, 1)
	g.QuittingOn(sig)
	select {
	case code := <-exited:
		t.Fatalf("exited with %d before any signal", code)
	case <-time.After(100 * time.Millisecond):
	}
	sig <- syscall.SIGTERM
	select {
	case code := <-exited:
		if code != 0 {
			t.Errorf("exit status %d, want 0", code)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("a process stuck after SIGTERM was not ended")
	}
}
