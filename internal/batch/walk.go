// Package batch runs one job over many files: it expands the folders named
// on a command line into the files they hold (Expand: their own files, or
// the whole tree, following symbolic links but never round a loop), runs
// the job on several files at once and hands the results back in the
// order of the input, not the order they finish in (Run), and draws a
// progress line on a terminal (Progress).
//
// It knows nothing of models: the caller says which files a folder
// contributes (ExpandOptions.Match) and what the job does.
package batch

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
)

// Item is one file to work on.
type Item struct {
	// Path is the file as the user would write it: a named file as
	// given, a file found in a folder as that folder's argument joined
	// with the path below it.
	Path string
	// Root is the folder argument the file was found under; empty for a
	// file named on the command line.
	Root string
	// Rel is the file's path below Root, with the system's separators
	// (a named file's base name): where an output folder puts what is
	// made of it.
	Rel string
}

// Named reports whether the user named the file rather than a folder
// holding it.
func (it Item) Named() bool { return it.Root == "" }

// Kinds of Problem.
const (
	// ProblemUnreadable: a folder could not be listed; its files are not
	// in the batch.
	ProblemUnreadable = "unreadable folder"
	// ProblemLoop: a symbolic link leads back to a folder it is inside
	// of; it is not followed (the folder is walked once, where it is).
	ProblemLoop = "symlink loop"
)

// Problem is a folder, or a link to one, that Expand did not walk.
type Problem struct {
	Kind string
	Path string
	// Detail is the error, or for a loop the folder the link leads to.
	Detail string
}

func (p Problem) String() string {
	if p.Detail == "" {
		return p.Kind + ": " + p.Path
	}
	return p.Kind + ": " + p.Path + ": " + p.Detail
}

// Failed reports whether the problem leaves files out of the batch: an
// unreadable folder does; a loop does not, since what it leads to is
// walked anyway.
func (p Problem) Failed() bool { return p.Kind != ProblemLoop }

// ExpandOptions say how folders are walked.
type ExpandOptions struct {
	// Recursive walks the folders below a folder argument too; without
	// it a folder contributes only its own files.
	Recursive bool
	// Match says which files found in a folder join the batch (every
	// file when nil). Files named on the command line always do.
	Match func(path string) bool
	// Exclude are folders not to walk below a folder argument, such as an
	// output folder inside the tree being read (what a first run wrote is
	// not read by the next). A folder argument is walked even when it is
	// one of them; folders that do not exist are ignored.
	Exclude []string
}

// readDir lists a folder; tests replace it to make folders unreadable
// whatever the user running them may read.
var readDir = os.ReadDir

// Expand turns command-line arguments into the files to work on, in the
// order of the arguments: an argument that is not a folder (a file, or a
// name that does not exist: the job says why it cannot read it) is one
// item; a folder is replaced by its matching files in name order, with
// each subfolder's files (when Recursive) where the subfolder's name
// sorts. Symbolic links to files are items like the files; links to
// folders are followed unless they lead to a folder that contains them
// (a loop, reported) or to one already walked (each folder is walked
// once, so no file comes twice from folders). Folders are told apart by
// device and inode where the system has them.
func Expand(args []string, opt ExpandOptions) ([]Item, []Problem) {
	w := walker{opt: opt, seen: map[dirID]bool{}, exclude: map[dirID]bool{}}
	for _, dir := range opt.Exclude {
		if st, err := os.Stat(dir); err == nil && st.IsDir() {
			w.exclude[idOf(dir, st)] = true
		}
	}
	for _, arg := range args {
		st, err := os.Stat(arg)
		if err != nil || !st.IsDir() {
			w.items = append(w.items, Item{Path: arg, Rel: filepath.Base(arg)})
			continue
		}
		id := idOf(arg, st)
		if w.seen[id] {
			continue
		}
		w.seen[id] = true
		w.walk(arg, arg, "", []folder{{id, arg}})
	}
	return w.items, w.problems
}

// dirID names a folder: its device and inode, or where the system has
// none its real path.
type dirID struct {
	dev, ino uint64
	path     string
}

type walker struct {
	opt      ExpandOptions
	seen     map[dirID]bool // the folders walked
	exclude  map[dirID]bool
	items    []Item
	problems []Problem
}

// folder is a folder being walked.
type folder struct {
	id   dirID
	path string
}

// walk adds the files of dir (the folder argument root's subfolder rel)
// and, when recursive, of the folders below it. parents are the folders
// being walked, root first and dir last.
func (w *walker) walk(root, dir, rel string, parents []folder) {
	entries, err := readDir(dir)
	if err != nil {
		w.problems = append(w.problems, Problem{Kind: ProblemUnreadable, Path: dir, Detail: reason(err)})
		// os.ReadDir returns what it read before the error.
	}
	for _, e := range entries {
		name := e.Name()
		p, r := filepath.Join(dir, name), filepath.Join(rel, name)
		isDir := e.IsDir()
		var st fs.FileInfo
		if e.Type()&fs.ModeSymlink != 0 {
			// A link to nowhere is a file that cannot be read: it joins
			// the batch if its name matches, and the job says so.
			if st, err = os.Stat(p); err == nil {
				isDir = st.IsDir()
			}
		}
		if !isDir {
			if w.opt.Match == nil || w.opt.Match(p) {
				w.items = append(w.items, Item{Path: p, Root: root, Rel: r})
			}
			continue
		}
		if !w.opt.Recursive {
			continue
		}
		if st == nil {
			if st, err = os.Stat(p); err != nil {
				w.problems = append(w.problems, Problem{Kind: ProblemUnreadable, Path: p, Detail: reason(err)})
				continue
			}
		}
		id := idOf(p, st)
		if i := slices.IndexFunc(parents, func(f folder) bool { return f.id == id }); i >= 0 {
			w.problems = append(w.problems, Problem{Kind: ProblemLoop, Path: p, Detail: "leads back to " + parents[i].path})
			continue
		}
		if w.seen[id] || w.exclude[id] {
			continue
		}
		w.seen[id] = true
		w.walk(root, p, r, append(parents[:len(parents):len(parents)], folder{id, p}))
	}
}

// reason is err without the path os errors repeat.
func reason(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}
