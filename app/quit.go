package main

import (
	"fmt"
	"io"
	"os"
	"sync"
	"sync/atomic"
	"time"
)

// Quitting, and a guard against Fyne 2.7.1 hanging once it has quit.
//
// When Fyne's main loop stops it queues its stopped hook (which flushes the
// preferences) on the lifecycle event queue; that queue's goroutine posts
// the hook to the main loop and waits for it. If the post lands after the
// loop's last drain of its function queue (internal/driver/glfw/loop.go,
// runGL, and runOnMainWithWait, which only runs a function in place once
// "drained" is set), nobody ever runs it: the event queue is stuck and
// ShowAndRun, which waits for that queue to empty, never returns. The
// window is gone by then and the user's files are written (quitting waits
// for them), so the process only looks dead to the user while it holds on
// to its memory, and to a script (bench-viewport.sh, the tests that run
// the app) it hangs. Seen once in about 100 --benchmark runs of
// bench-viewport.sh (and in none of 300 short ones run to look for it).

// quitGrace is how long the process may take to end once it has begun to
// quit before quitGuard ends it: a normal exit takes a few milliseconds.
const quitGrace = 5 * time.Second

// quitGuard ends the process if it is still running quitGrace after it
// began to quit, with the exit status the app chose.
type quitGuard struct {
	grace time.Duration
	exit  func(code int) // os.Exit, except in tests
	log   io.Writer      // os.Stderr, except in tests
	code  atomic.Int32
	once  sync.Once
}

// SetCode sets the exit status the process ends with (0 unless a
// --benchmark or --turntable run failed). Any goroutine may call it.
func (g *quitGuard) SetCode(code int) { g.code.Store(int32(code)) }

// Code returns the exit status set by SetCode.
func (g *quitGuard) Code() int { return int(g.code.Load()) }

// Quitting starts the countdown; later calls do nothing. It is called when
// the window closes and before the app quits on its own (--benchmark,
// --turntable).
func (g *quitGuard) Quitting() {
	g.once.Do(func() {
		time.AfterFunc(g.grace, func() {
			fmt.Fprintf(g.log, "app: still running %v after quitting (the toolkit's shutdown is stuck); exiting\n", g.grace)
			g.exit(g.Code())
		})
	})
}

// QuittingOn calls Quitting when a value arrives on sig: main passes a
// channel notified of SIGINT and SIGTERM. Fyne quits on those signals
// itself (without asking about unsaved changes, and without closing the
// window, so SetOnClosed does not run), and its shutdown can hang there
// as on any quit.
func (g *quitGuard) QuittingOn(sig <-chan os.Signal) {
	go func() {
		if _, ok := <-sig; ok {
			g.Quitting()
		}
	}()
}
