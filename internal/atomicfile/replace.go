package atomicfile

import (
	"errors"
	"fmt"
	"io"
	"os"
)

// ForeignError is the error of WriteOver for a file that is there and is
// not one the caller may replace.
type ForeignError struct {
	Path string
	// Want says what the file would have to be ("an MD2 file").
	Want string
}

// Error says which file was left alone and why.
func (e *ForeignError) Error() string {
	return fmt.Sprintf("%s exists and is not %s: it is left as it is", e.Path, e.Want)
}

// headSize is how much of an existing file WriteOver reads to judge it.
const headSize = 4096

// WriteOver is WriteFile (without a backup) for a file that may replace
// only its own kind: when path exists, ours is called with its first 4096
// bytes (fewer for a shorter file), and unless it reports true the file is
// left as it is and the error is a *ForeignError naming want. An exporter
// uses it so that writing model.md2 never replaces another program's file
// of that name that is not an MD2 model.
func WriteOver(path string, data []byte, perm os.FileMode, want string, ours func(head []byte) bool) error {
	if err := CheckOver(path, want, ours); err != nil {
		return err
	}
	return WriteFile(path, data, perm, false)
}

// CheckOver says whether WriteOver with want and ours would write path,
// without writing: nil when path does not exist or ours accepts its first
// 4096 bytes, a *ForeignError when it does not, or the error reading it.
func CheckOver(path, want string, ours func(head []byte) bool) error {
	f, err := os.Open(path)
	switch {
	case err == nil:
		head := make([]byte, headSize)
		n, rerr := io.ReadFull(f, head)
		f.Close()
		if rerr != nil && !errors.Is(rerr, io.ErrUnexpectedEOF) && !errors.Is(rerr, io.EOF) {
			return fmt.Errorf("atomicfile: reading %s: %w", path, rerr)
		}
		if !ours(head[:n]) {
			return &ForeignError{Path: path, Want: want}
		}
	case !errors.Is(err, os.ErrNotExist):
		return fmt.Errorf("atomicfile: %w", err)
	}
	return nil
}
