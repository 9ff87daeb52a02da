package main

import (
	"bytes"
	"fmt"
	"os"
	"sync"
	"syscall"
	"testing"

	"golang.org/x/sys/unix"
)

// terminal is a pseudo-terminal: programs write to Tty as to a terminal,
// and what they wrote is read from the other end.
type terminal struct {
	Tty    *os.File
	master *os.File
	mu     sync.Mutex
	got    bytes.Buffer
	done   chan struct{}
}

// openTerminal opens a pseudo-terminal (Linux's /dev/ptmx) and starts
// reading what is written to it; the test fails when there is none.
func openTerminal(tb testing.TB) *terminal {
	tb.Helper()
	master, err := os.OpenFile("/dev/ptmx", os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		tb.Fatalf("no pseudo-terminal: %v", err)
	}
	fd := int(master.Fd())
	if err := unix.IoctlSetPointerInt(fd, unix.TIOCSPTLCK, 0); err != nil {
		tb.Fatalf("unlocking the pseudo-terminal: %v", err)
	}
	n, err := unix.IoctlGetInt(fd, unix.TIOCGPTN)
	if err != nil {
		tb.Fatalf("naming the pseudo-terminal: %v", err)
	}
	tty, err := os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		tb.Fatalf("opening the pseudo-terminal: %v", err)
	}
	t := &terminal{Tty: tty, master: master, done: make(chan struct{})}
	go func() {
		defer close(t.done)
		buf := make([]byte, 4096)
		for {
			n, err := master.Read(buf)
			t.mu.Lock()
			t.got.Write(buf[:n])
			t.mu.Unlock()
			if err != nil {
				return
			}
		}
	}()
	tb.Cleanup(func() { t.Close() })
	return t
}

// Close closes both ends and returns everything written to the terminal.
func (t *terminal) Close() string {
	t.Tty.Close()
	<-t.done // reading the master ends with EIO once the tty is closed
	t.master.Close()
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.got.String()
}
