// Package quitguard ends a process that is still running some time after
// it began to quit, because Fyne 2.7.1 can hang in its shutdown. The app
// and the bench tools use it.
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
package quitguard

import (
	"fmt"
	"io"
	"os"
	"sync"
	"sync/atomic"
	"time"
)

// Grace is how long a process may take to end once it has begun to quit
// before a Guard ends it: a normal exit takes a few milliseconds.
const Grace = 5 * time.Second

// Guard ends the process if it is still running Grace after it began to
// quit, with the exit status the program chose.
type Guard struct {
	Name  string         // the program's name, at the start of its message
	Grace time.Duration  // Grace, except in tests
	Exit  func(code int) // os.Exit, except in tests
	Log   io.Writer      // os.Stderr, except in tests
	code  atomic.Int32
	once  sync.Once
}

// SetCode sets the exit status the process ends with (0 unless set,
// as the app does when a --benchmark or --turntable run failed). Any goroutine may call it.
func (g *Guard) SetCode(code int) { g.code.Store(int32(code)) }

// Code returns the exit status set by SetCode.
func (g *Guard) Code() int { return int(g.code.Load()) }

// Quitting starts the countdown; later calls do nothing. It is called when
// the window closes and before the app quits on its own (--benchmark,
// --turntable).
func (g *Guard) Quitting() {
	g.once.Do(func() {
		time.AfterFunc(g.Grace, func() {
			fmt.Fprintf(g.Log, "%s: still running %v after quitting (the toolkit's shutdown is stuck); exiting\n", g.Name, g.Grace)
			g.Exit(g.Code())
		})
	})
}

// QuittingOn calls Quitting when a value arrives on sig: main passes a
// channel notified of SIGINT and SIGTERM. Fyne quits on those signals
// itself (without asking about unsaved changes, and without closing the
// window, so SetOnClosed does not run), and its shutdown can hang there
// as on any quit.
func (g *Guard) QuittingOn(sig <-chan os.Signal) {
	go func() {
		if _, ok := <-sig; ok {
			g.Quitting()
		}
	}()
}
