package atomicfile

import (
	"errors"
	"os"
	"path/filepath"
)

// SameFile reports whether a and b name the same file: the same file on
// disk when both exist, the same absolute path otherwise. A writer asks
// it before writing b from a, so that writing a file over itself is done
// only on purpose (with a backup) and never by a second name for it.
func SameFile(a, b string) bool {
	sa, errA := os.Stat(a)
	sb, errB := os.Stat(b)
	if errA == nil && errB == nil {
		return os.SameFile(sa, sb)
	}
	if errB != nil && !errors.Is(errB, os.ErrNotExist) {
		return false
	}
	pa, errA := filepath.Abs(a)
	pb, errB := filepath.Abs(b)
	return errA == nil && errB == nil && pa == pb
}
