// Package atomicfile writes files so that a reader, a crash or a full disk
// never leaves a half-written file in place: the data goes to a temporary
// file in the same folder, is flushed to disk, and is renamed over the
// target only when complete.
package atomicfile

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// WriteFile writes data to path atomically. An existing file keeps its
// permissions; a new one gets perm. When backup is true and path exists and
// path+".bak" does not, the original is first copied to path+".bak" (the
// backup of the file as it was before the first overwrite).
func WriteFile(path string, data []byte, perm os.FileMode, backup bool) (err error) {
	if st, err := os.Stat(path); err == nil {
		if !st.Mode().IsRegular() {
			return fmt.Errorf("atomicfile: %s is not a regular file", path)
		}
		perm = st.Mode().Perm()
		if backup {
			if err := makeBackup(path, perm); err != nil {
				return err
			}
		}
	} else if !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("atomicfile: %w", err)
	}
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	tmp, err := os.CreateTemp(dir, "."+base+".tmp-*")
	if err != nil {
		return fmt.Errorf("atomicfile: creating temporary file: %w", err)
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if err = write(tmp, data); err != nil {
		return fmt.Errorf("atomicfile: writing %s: %w", tmp.Name(), err)
	}
	if err = tmp.Chmod(perm); err != nil {
		return fmt.Errorf("atomicfile: %w", err)
	}
	if err = tmp.Sync(); err != nil {
		return fmt.Errorf("atomicfile: flushing %s: %w", tmp.Name(), err)
	}
	if err = tmp.Close(); err != nil {
		return fmt.Errorf("atomicfile: closing %s: %w", tmp.Name(), err)
	}
	if beforeRename != nil {
		if err = beforeRename(tmp.Name()); err != nil {
			return fmt.Errorf("atomicfile: replacing %s: %w", path, err)
		}
	}
	if err = os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("atomicfile: replacing %s: %w", path, err)
	}
	syncDir(dir)
	return nil
}

// Test hooks: write puts the data in the temporary file (a test writes
// slowly through it to be killed mid-save) and beforeRename, when set, runs
// between the complete temporary file and the rename (a test fails the save
// there).
var (
	write = func(f *os.File, data []byte) error {
		_, err := f.Write(data)
		return err
	}
	beforeRename func(tmp string) error
)

// makeBackup copies path to path+".bak" unless that backup already exists.
func makeBackup(path string, perm os.FileMode) error {
	bak := path + ".bak"
	if _, err := os.Stat(bak); err == nil {
		return nil
	}
	src, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("atomicfile: backup: %w", err)
	}
	defer src.Close()
	data, err := io.ReadAll(src)
	if err != nil {
		return fmt.Errorf("atomicfile: backup: %w", err)
	}
	return WriteFile(bak, data, perm, false)
}

// syncDir flushes the folder entry of a rename where the platform allows it
// (on Windows opening a folder for sync fails, and the rename is already
// durable enough there).
func syncDir(dir string) {
	d, err := os.Open(dir)
	if err != nil {
		return
	}
	_ = d.Sync()
	d.Close()
}
