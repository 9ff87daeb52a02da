package batch

import "path/filepath"

// realPath names a folder by its absolute path with every link resolved.
func realPath(path string) dirID {
	if r, err := filepath.EvalSymlinks(path); err == nil {
		path = r
	}
	if a, err := filepath.Abs(path); err == nil {
		path = a
	}
	return dirID{path: path}
}
