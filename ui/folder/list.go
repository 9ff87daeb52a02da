package folder

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"ms3dstudio/document"
)

// Listing is what one folder holds for the pager and the folder view: its
// models (the files document.CanOpen accepts) and its subfolders, each
// by base name in natural order (Compare). Hidden entries (names starting
// with a dot) are left out, as file managers leave them out.
type Listing struct {
	Dir     string
	Models  []string
	Folders []string
}

// List reads dir. A symbolic link counts as what it points to; a broken
// one, or one that cannot be followed, is left out.
func List(dir string) (Listing, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return Listing{}, fmt.Errorf("listing the folder %s: %w", dir, err)
	}
	l := Listing{Dir: dir}
	for _, e := range entries {
		name := e.Name()
		if strings.HasPrefix(name, ".") {
			continue
		}
		isDir, regular := e.IsDir(), e.Type().IsRegular()
		if e.Type()&os.ModeSymlink != 0 {
			st, err := os.Stat(filepath.Join(dir, name))
			if err != nil {
				continue
			}
			isDir, regular = st.IsDir(), st.Mode().IsRegular()
		}
		switch {
		case isDir:
			l.Folders = append(l.Folders, name)
		case regular && document.CanOpen(name):
			l.Models = append(l.Models, name)
		}
	}
	slices.SortFunc(l.Models, Compare)
	slices.SortFunc(l.Folders, Compare)
	return l, nil
}

// Path returns the path of the model or folder called name in the
// listing's folder.
func (l Listing) Path(name string) string { return filepath.Join(l.Dir, name) }

// Step returns the model after name (step > 0) or before it (step < 0)
// in natural order, and false at either end. name need not be listed (a
// file removed or renamed since): the step starts from where it would
// sort.
func (l Listing) Step(name string, step int) (string, bool) {
	i, found := slices.BinarySearchFunc(l.Models, name, Compare)
	switch {
	case step > 0 && found:
		i++
	case step < 0:
		i--
	}
	if step == 0 || i < 0 || i >= len(l.Models) {
		return "", false
	}
	return l.Models[i], true
}

// Position returns the 1-based place of the model called name, or 0 when
// it is not listed.
func (l Listing) Position(name string) int {
	if i, found := slices.BinarySearchFunc(l.Models, name, Compare); found {
		return i + 1
	}
	return 0
}
