//go:build unix && !linux

package recovery

import (
	"errors"
	"syscall"
)

// processRuns reports whether a process with number pid exists (signal 0
// checks without sending anything; EPERM means it runs as another user).
func processRuns(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}
