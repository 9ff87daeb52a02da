//go:build !unix

package batch

import "io/fs"

// idOf returns the folder's real path: fs.FileInfo carries no file
// identity here that can be a map key.
func idOf(path string, _ fs.FileInfo) dirID { return realPath(path) }
