package texture

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"ms3dstudio/model"
	"ms3dstudio/model/texpath"
)

// Limits a search keeps to unless SearchOptions says otherwise.
const (
	// DefaultMaxDepth is how many folders deep below its root a search goes.
	DefaultMaxDepth = 16
	// DefaultMaxFiles is how many files a search indexes before it stops.
	DefaultMaxFiles = 500_000
	// progressEvery is how many files pass between progress reports.
	progressEvery = 2048
)

// ImageExts are the extensions a search treats as spellings of one
// texture: a missing "skin.tga" is found as "skin.png", "SKIN.BMP" or
// "skin.dds".
var ImageExts = []string{".tga", ".png", ".bmp", ".jpg", ".jpeg", ".dds", ".pcx"}

// Rules by which a search matches a file to a texture path, best first.
// The names are stable: the CLI prints them.
const (
	// MatchName: a file with exactly the path's file name.
	MatchName = "search: same name"
	// MatchCase: a file whose name differs only in letter case.
	MatchCase = "search: name ignoring case"
	// MatchShortName: a file whose long name has the path's 8.3 short name.
	MatchShortName = "search: 8.3 short name"
	// MatchExtension: an image file with the same name but another
	// extension (see ImageExts).
	MatchExtension = "search: other extension"
)

// readDir lists a folder; tests replace it to make folders unreadable.
var readDir = os.ReadDir

var matchRank = map[string]int{MatchName: 0, MatchCase: 1, MatchShortName: 2, MatchExtension: 3}

// SearchOptions bounds a search and reports its progress.
type SearchOptions struct {
	// MaxDepth is how many folders deep below the root the search goes
	// (0: DefaultMaxDepth; the root's own files are depth 0).
	MaxDepth int
	// MaxFiles is how many files are indexed before the search stops
	// (0: DefaultMaxFiles).
	MaxFiles int
	// Progress, when set, is called on the searching goroutine every few
	// thousand files and once at the end with Done set.
	Progress func(Progress)
}

// Progress says how far a search has come.
type Progress struct {
	Folders, Files int
	// Pending counts the folders found but not listed yet, so that
	// Folders/(Folders+Pending) estimates how far the search is.
	Pending int
	// Folder is the folder being listed.
	Folder string
	Done   bool
}

// Kinds of SearchProblem.
const (
	// ProblemLoop: a symbolic link leads back to a folder above it; it is
	// not followed.
	ProblemLoop = "symlink loop"
	// ProblemUnreadable: a folder could not be listed.
	ProblemUnreadable = "unreadable folder"
	// ProblemTooDeep: a folder lies deeper than MaxDepth; it is skipped.
	ProblemTooDeep = "too deep"
	// ProblemTooMany: the search stopped at MaxFiles files.
	ProblemTooMany = "too many files"
	// ProblemBrokenLink: a symbolic link leads nowhere.
	ProblemBrokenLink = "broken symlink"
)

// SearchProblem is a part of the tree a search could not or would not
// look into.
type SearchProblem struct {
	Kind string `json:"kind"`
	Path string `json:"path"`
	// Detail is the error or the folder a loop leads back to.
	Detail string `json:"detail,omitempty"`
}

func (p SearchProblem) String() string {
	if p.Detail == "" {
		return p.Kind + ": " + p.Path
	}
	return p.Kind + ": " + p.Path + ": " + p.Detail
}

// Index is what a search found under one folder: every file by name, for
// matching texture paths (Find).
type Index struct {
	// Root is the folder searched, as given.
	Root string
	// Files and Folders count what was listed.
	Files, Folders int
	// Problems lists loops, unreadable folders and limits reached.
	Problems []SearchProblem
	// Complete is false when the search was cancelled or stopped at a
	// limit: a file may exist that the index does not know.
	Complete bool
	// Elapsed is how long the search took.
	Elapsed time.Duration

	names  map[string][]string // lower-case file name → OS paths
	stems  map[string][]string // lower-case name without extension of image files → OS paths
	shorts map[string][]string // texpath.ShortNameKeys → lower-case file names
}

// Search lists the folder root and the folders below it, up to the limits
// of opt, and returns the index of every file found. Symbolic links to
// files are indexed; links to folders are followed unless they lead back to
// a folder being listed (a loop, reported) or to one already listed. When
// ctx is cancelled the search stops soon and returns what it has with
// ctx's error; folders that cannot be listed are problems, not errors. The
// error is non-nil otherwise only when root itself cannot be listed.
func Search(ctx context.Context, root string, opt SearchOptions) (*Index, error) {
	start := time.Now()
	if opt.MaxDepth <= 0 {
		opt.MaxDepth = DefaultMaxDepth
	}
	if opt.MaxFiles <= 0 {
		opt.MaxFiles = DefaultMaxFiles
	}
	ix := &Index{Root: root, names: map[string][]string{}, stems: map[string][]string{}, shorts: map[string][]string{}}
	realRoot, err := filepath.EvalSymlinks(root)
	if err != nil {
		return nil, fmt.Errorf("texture search: %w", err)
	}
	if st, err := os.Stat(realRoot); err != nil {
		return nil, fmt.Errorf("texture search: %w", err)
	} else if !st.IsDir() {
		return nil, fmt.Errorf("texture search: %s is not a folder", root)
	}
	type folder struct {
		path, real string
		depth      int
	}
	visited := map[string]bool{realRoot: true}
	stack := []*folder{{path: root, real: realRoot}}
	progress := func(f string, done bool) {
		if opt.Progress != nil {
			opt.Progress(Progress{Folders: ix.Folders, Files: ix.Files, Pending: len(stack), Folder: f, Done: done})
		}
	}
	finish := func(err error) (*Index, error) {
		ix.Elapsed = time.Since(start)
		progress("", true)
		return ix, err
	}
	nextReport := progressEvery
	for len(stack) > 0 {
		if err := ctx.Err(); err != nil {
			return finish(err)
		}
		f := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		entries, err := readDir(f.path)
		if err != nil {
			if f.depth == 0 {
				return nil, fmt.Errorf("texture search: %w", err)
			}
			ix.Problems = append(ix.Problems, SearchProblem{Kind: ProblemUnreadable, Path: f.path, Detail: unwrapPath(err)})
			if len(entries) == 0 {
				continue
			}
		}
		ix.Folders++
		var sub []*folder
		for _, e := range entries {
			name := e.Name()
			p := filepath.Join(f.path, name)
			isDir := e.IsDir()
			real := filepath.Join(f.real, name)
			if e.Type()&fs.ModeSymlink != 0 {
				st, err := os.Stat(p)
				if err != nil {
					ix.Problems = append(ix.Problems, SearchProblem{Kind: ProblemBrokenLink, Path: p, Detail: unwrapPath(err)})
					continue
				}
				isDir = st.IsDir()
				if isDir {
					if real, err = filepath.EvalSymlinks(p); err != nil {
						ix.Problems = append(ix.Problems, SearchProblem{Kind: ProblemBrokenLink, Path: p, Detail: unwrapPath(err)})
						continue
					}
					if within(f.real, real) {
						ix.Problems = append(ix.Problems, SearchProblem{Kind: ProblemLoop, Path: p, Detail: "leads back to " + real})
						continue
					}
				}
			} else if !isDir && !e.Type().IsRegular() {
				continue // devices, sockets, pipes
			}
			if isDir {
				if visited[real] {
					continue // reached again through another link
				}
				if f.depth+1 > opt.MaxDepth {
					ix.Problems = append(ix.Problems, SearchProblem{Kind: ProblemTooDeep, Path: p, Detail: fmt.Sprintf("more than %d folders below %s", opt.MaxDepth, root)})
					continue
				}
				visited[real] = true
				sub = append(sub, &folder{path: p, real: real, depth: f.depth + 1})
				continue
			}
			if ix.Files >= opt.MaxFiles {
				ix.Problems = append(ix.Problems, SearchProblem{Kind: ProblemTooMany, Path: f.path, Detail: fmt.Sprintf("stopped after %d files", opt.MaxFiles)})
				return finish(nil)
			}
			ix.add(name, p)
			if ix.Files >= nextReport {
				nextReport += progressEvery
				progress(f.path, false)
				if err := ctx.Err(); err != nil {
					return finish(err)
				}
			}
		}
		// Push in reverse so that folders are listed in name order.
		for i := len(sub) - 1; i >= 0; i-- {
			stack = append(stack, sub[i])
		}
	}
	ix.Complete = true
	return finish(nil)
}

// within reports whether folder dir is target or lies below it: a link
// from dir to target leads back up, so following it would loop.
func within(dir, target string) bool {
	return dir == target || strings.HasPrefix(dir, strings.TrimSuffix(target, string(filepath.Separator))+string(filepath.Separator))
}

func unwrapPath(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

func (ix *Index) add(name, path string) {
	ix.Files++
	low := strings.ToLower(name)
	if len(ix.names[low]) == 0 {
		for _, k := range texpath.ShortNameKeys(low) {
			ix.shorts[k] = append(ix.shorts[k], low)
		}
	}
	ix.names[low] = append(ix.names[low], path)
	ext := filepath.Ext(low)
	if slices.Contains(ImageExts, ext) {
		stem := low[:len(low)-len(ext)]
		ix.stems[stem] = append(ix.stems[stem], path)
	}
}

// Candidate is a file a search proposes for a texture path.
type Candidate struct {
	// Path is the file, an operating-system path.
	Path string `json:"path"`
	// Rule is the Match* rule that matched it.
	Rule string `json:"rule"`
}

// Find returns the files of the indexes that may be the file the texture
// path tex names, best first: same name, then same name ignoring case, then
// a long name with tex's 8.3 short name, then the same name with another
// image extension. Among equally good matches, files whose folders match
// more of tex's folders come first ("skins/ninja.bmp" prefers
// ".../skins/NINJA.BMP"). A file is listed once.
func Find(tex model.Str, indexes ...*Index) []Candidate {
	p := texpath.Parse(tex)
	base := p.Base()
	if base == "" || base == ".." {
		return nil
	}
	low := strings.ToLower(base)
	var out []Candidate
	seen := map[string]bool{}
	add := func(path, rule string) {
		if !seen[path] {
			seen[path] = true
			out = append(out, Candidate{Path: path, Rule: rule})
		}
	}
	for _, ix := range indexes {
		if ix == nil {
			continue
		}
		for _, path := range ix.names[low] {
			if filepath.Base(path) == base {
				add(path, MatchName)
			} else {
				add(path, MatchCase)
			}
		}
		if key, ok := texpath.ShortNameKey(base); ok {
			for _, name := range ix.shorts[key] {
				if texpath.ShortNameMatches(base, name) {
					for _, path := range ix.names[name] {
						add(path, MatchShortName)
					}
				}
			}
		}
		stem := strings.TrimSuffix(low, filepath.Ext(low))
		for _, path := range ix.stems[stem] {
			add(path, MatchExtension)
		}
	}
	dirs := p.Elems[:len(p.Elems)-1]
	score := func(path string) int {
		n := 0
		d := filepath.Dir(path)
		for i := len(dirs) - 1; i >= 0; i-- {
			if !strings.EqualFold(filepath.Base(d), dirs[i]) {
				break
			}
			n++
			d = filepath.Dir(d)
		}
		return n
	}
	slices.SortStableFunc(out, func(a, b Candidate) int {
		if d := matchRank[a.Rule] - matchRank[b.Rule]; d != 0 {
			return d
		}
		if d := score(b.Path) - score(a.Path); d != 0 {
			return d
		}
		return strings.Compare(a.Path, b.Path)
	})
	return out
}
