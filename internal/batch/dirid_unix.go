//go:build unix

package batch

import (
	"io/fs"
	"syscall"
)

// idOf returns the folder's device and inode.
func idOf(path string, st fs.FileInfo) dirID {
	if s, ok := st.Sys().(*syscall.Stat_t); ok {
		return dirID{dev: uint64(s.Dev), ino: uint64(s.Ino)}
	}
	return realPath(path)
}
