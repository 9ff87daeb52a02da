// Package samefile tells whether two paths name one file on disk, as
// os.SameFile does for paths that both exist.
package samefile

import "os"

// Is reports whether paths a and b name one file: equal paths, or two
// paths that both exist and os.SameFile says are one file (a link, another
// spelling of the folder). A path that does not exist names no file.
func Is(a, b string) bool {
	if a == b {
		return true
	}
	sa, err := os.Stat(a)
	if err != nil {
		return false
	}
	sb, err := os.Stat(b)
	return err == nil && os.SameFile(sa, sb)
}
