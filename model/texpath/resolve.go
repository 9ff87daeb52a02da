package texpath

import (
	"io/fs"
	"path"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"

	"ms3dstudio/model"
)

// Rules that can find a texture, in the order they are tried. The names are
// stable: the CLI prints them and fix-ups record them.
const (
	// RuleExact: the path as written, relative to the model's folder (or
	// to the root for an absolute path), with every name matching exactly.
	RuleExact = "exact"
	// RuleCaseInsensitive: the path as written, but some name matches only
	// when letter case is ignored (a file copied from Windows to Linux).
	RuleCaseInsensitive = "case-insensitive"
	// RuleShortName: the path as written, but some name matches only as a
	// Windows 8.3 short name ("TEXTUR~1.JPG" for "texture_wood.jpg").
	RuleShortName = "short-name"
	// RuleSuffix: the last two or more names of the path, relative to the
	// model's folder ("C:/proj/data/tex/a.jpg" found as "tex/a.jpg").
	RuleSuffix = "suffix"
	// RuleBasename: the file name alone, in the model's folder.
	RuleBasename = "basename"
	// RuleSearchFolder: the file name alone, in one of the folders the
	// user chose.
	RuleSearchFolder = "search-folder"
)

// Resolver finds texture files for one model. All file access goes through
// FS, so a testing/fstest.MapFS works as well as the real file system
// (NewOS). Paths inside FS are slash-separated and unrooted, as io/fs
// requires.
type Resolver struct {
	// FS holds the model's folder, the search folders and, for absolute
	// texture paths, the root they start at.
	FS fs.FS
	// ModelDir is the folder of the model file inside FS ("." for the root).
	ModelDir string
	// SearchDirs are extra folders inside FS where textures are looked up
	// by file name, in order.
	SearchDirs []string

	// roots maps the drive of an absolute texture path ("" for a leading
	// slash, "C:", "//server/share") to the FS folder it starts at. When it
	// is nil, or says no, absolute paths start at the FS root.
	roots func(drive string) (string, bool)

	mu   sync.Mutex
	dirs map[string]*listing // folder → its last trusted listing
}

// New returns a resolver for a model whose folder is modelDir inside fsys.
func New(fsys fs.FS, modelDir string, searchDirs ...string) *Resolver {
	return &Resolver{FS: fsys, ModelDir: modelDir, SearchDirs: searchDirs}
}

// WithFS returns a resolver that looks in fsys the way r does (the same
// model folder, search folders and roots of absolute paths), with folder
// listings of its own.
func (r *Resolver) WithFS(fsys fs.FS) *Resolver {
	return &Resolver{FS: fsys, ModelDir: r.ModelDir, SearchDirs: r.SearchDirs, roots: r.roots}
}

// Candidate is one place a Resolver looked for a texture. Each candidate is
// looked up with exact names first, then ignoring case, then as 8.3 short
// names.
type Candidate struct {
	// Rule is the rule that tried the candidate (RuleExact stands for the
	// path as written, whatever matching it needed).
	Rule string
	// Path is the candidate inside the resolver's FS.
	Path string
}

// Result says how a texture path was resolved.
type Result struct {
	// Raw is the meaningful part of the texture string as stored.
	Raw model.Str
	// Empty reports an empty texture string: the material has no texture.
	// That is not a problem, and nothing is looked up.
	Empty bool
	// Found reports whether a file was found.
	Found bool
	// Rule names the rule that found the file (a Rule* constant), or is
	// empty when nothing was found.
	Rule string
	// Folded reports that some name matched only ignoring case or as an 8.3
	// short name. It is always true for RuleCaseInsensitive and
	// RuleShortName and may be true for the fallback rules.
	Folded bool
	// Path is the file found, inside the resolver's FS, with every name
	// spelled as it is on disk.
	Path string
	// OSPath is Path as an operating-system path when the resolver works on
	// the real file system (NewOS), otherwise empty.
	OSPath string
	// Tried lists the candidates in the order they were tried, up to and
	// including the one that was found.
	Tried []Candidate
}

// Resolve looks for the file a material's texture string names. The rules
// are tried in the order of the Rule* constants and the first file found
// wins; folders never count as found.
func (r *Resolver) Resolve(tex model.Str) Result {
	res := Result{Raw: tex.Text()}
	if res.Raw == "" {
		res.Empty = true
		return res
	}
	p := Parse(tex)
	if len(p.Elems) == 0 {
		return res
	}
	seen := map[string]bool{}
	try := func(rule, dir string, elems, raw []string) bool {
		full, ok := joinElems(dir, elems)
		if !ok || seen[full] {
			return false
		}
		seen[full] = true
		res.Tried = append(res.Tried, Candidate{Rule: rule, Path: full})
		found, how, ok := r.walk(dir, elems, raw)
		if !ok {
			return false
		}
		res.Found, res.Path, res.Rule, res.Folded = true, found, rule, how != matchExact
		if rule == RuleExact {
			switch how {
			case matchFold:
				res.Rule = RuleCaseInsensitive
			case matchShort:
				res.Rule = RuleShortName
			}
		}
		if osp, ok := r.OSPath(found); ok {
			res.OSPath = osp
		}
		return true
	}
	modelDir := cleanDir(r.ModelDir)
	start := modelDir
	if p.Abs {
		start = r.absRoot(p.Drive)
	}
	if try(RuleExact, start, p.Elems, p.raw) {
		return res
	}
	// Suffixes: drop leading names until two are left. ".." elements are
	// dropped too, so "../textures/a.jpg" also finds "textures/a.jpg".
	for i := 1; i <= len(p.Elems)-2; i++ {
		if p.Elems[i] == ".." {
			continue
		}
		if try(RuleSuffix, modelDir, p.Elems[i:], sub(p.raw, i)) {
			return res
		}
	}
	last := len(p.Elems) - 1
	if p.Elems[last] == ".." {
		return res
	}
	base, rawBase := p.Elems[last:], sub(p.raw, last)
	if try(RuleBasename, modelDir, base, rawBase) {
		return res
	}
	for _, d := range r.SearchDirs {
		if try(RuleSearchFolder, cleanDir(d), base, rawBase) {
			return res
		}
	}
	return res
}

// Portable returns a portable spelling of the texture string raw and
// whether raw is portable already (see IsPortable). It resolves raw and
// returns Suggest's proposal; a caller that wants to know whether to rewrite
// the path compares fixed with raw's text.
func (r *Resolver) Portable(raw model.Str) (fixed string, ok bool) {
	return r.Suggest(r.Resolve(raw)), IsPortable(raw)
}

// Suggest returns the texture string a model should store for a resolved
// texture. When the file was found, it is the forward-slash path from the
// model's folder to it, with names spelled as on disk, unless the stored
// string is portable and was found exactly as written (then it is kept).
// When nothing was found, it is what the package-level Portable works out
// from the string alone. The suggestion is UTF-8 (names as the file system
// spells them, or the stored bytes read as Windows-1252): a caller writing it
// back into a file chooses the code page.
func (r *Resolver) Suggest(res Result) string {
	fixed, ok := Portable(res.Raw)
	if !res.Found || (ok && res.Rule == RuleExact) {
		return fixed
	}
	return rel(cleanDir(r.ModelDir), res.Path)
}

// OSPath converts a path inside the resolver's FS into an operating-system
// path; ok is false when the FS is neither the real file system made by
// NewOS nor an OSPather that knows the file.
func (r *Resolver) OSPath(name string) (string, bool) {
	switch f := r.FS.(type) {
	case osFS:
		return f.toOS(name)
	case OSPather:
		return f.OSPath(name)
	}
	return "", false
}

// OSPather is an FS that knows the operating-system path of some of its
// files: one that shows files of the real file system with others over
// them (files an import holds in memory until they are saved).
type OSPather interface {
	fs.FS
	// OSPath returns the operating-system path of the named file, or
	// false when it has none.
	OSPath(name string) (string, bool)
}

func (r *Resolver) absRoot(drive string) string {
	if r.roots != nil {
		if d, ok := r.roots(drive); ok {
			return d
		}
	}
	return "."
}

func cleanDir(d string) string {
	if d == "" {
		return "."
	}
	return path.Clean(d)
}

func sub(s []string, i int) []string {
	if s == nil {
		return nil
	}
	return s[i:]
}

// joinElems joins elements onto dir, resolving ".."; ok is false when the
// path climbs above the FS root.
func joinElems(dir string, elems []string) (string, bool) {
	cur := dir
	for _, e := range elems {
		if e == ".." {
			if cur == "." {
				return "", false
			}
			cur = path.Dir(cur)
			continue
		}
		cur = path.Join(cur, e)
	}
	return cur, true
}

type match uint8

const (
	matchExact match = iota
	matchFold
	matchShort
)

// walk follows elems from the folder dir one name at a time, listing each
// folder so that names can be matched exactly, ignoring case, or as 8.3
// short names (in that order of preference). The last name must be a file,
// the others folders. It returns the path with on-disk spelling and the
// loosest kind of match it needed.
func (r *Resolver) walk(dir string, elems, raw []string) (string, match, bool) {
	cur, how := dir, matchExact
	for i, e := range elems {
		if e == ".." {
			if cur == "." {
				return "", 0, false
			}
			cur = path.Dir(cur)
			continue
		}
		names := []string{e}
		if raw != nil && raw[i] != e {
			names = append(names, raw[i])
		}
		wantDir := i < len(elems)-1
		name, m, ok := r.lookup(cur, names, wantDir)
		if !ok {
			return "", 0, false
		}
		cur, how = path.Join(cur, name), max(how, m)
	}
	return cur, how, true
}

// lookup finds one of names in folder dir.
func (r *Resolver) lookup(dir string, names []string, wantDir bool) (string, match, bool) {
	l, err := r.list(dir)
	if err != nil {
		// A folder that cannot be listed may still be searchable.
		for _, n := range names {
			if r.kindOK(path.Join(dir, n), nil, wantDir) {
				return n, matchExact, true
			}
		}
		return "", 0, false
	}
	for _, n := range names {
		if i, ok := l.exact[n]; ok && r.kindOK(path.Join(dir, n), l.entries[i], wantDir) {
			return n, matchExact, true
		}
	}
	for _, n := range names {
		for _, i := range l.fold[foldKey(n)] {
			if de := l.entries[i]; r.kindOK(path.Join(dir, de.Name()), de, wantDir) {
				return de.Name(), matchFold, true
			}
		}
	}
	for _, n := range names {
		prefix, ext, nth, ok := parseShort(n)
		if !ok {
			continue
		}
		k := 0
		key, _ := ShortNameKey(n)
		for _, i := range l.short[key] {
			if de := l.entries[i]; shortMatches(prefix, ext, de.Name()) && r.kindOK(path.Join(dir, de.Name()), de, wantDir) {
				k++
				if k == nth {
					return de.Name(), matchShort, true
				}
			}
		}
	}
	return "", 0, false
}

// racy is how long after a folder's last change its listing is trusted:
// a change later within the same tick of the file system's clock (2 s on
// FAT) would leave the modification time as it was.
const racy = 2 * time.Second

// listing is a folder's entries, indexed by name: a model naming
// thousands of textures in a folder of thousands of files is resolved in
// time proportional to both, not to their product (5,000 missing textures
// among 11,000 files took 48 s when every lookup read and scanned the
// folder).
type listing struct {
	mod     time.Time // the folder's modification time when listed
	entries []fs.DirEntry
	exact   map[string]int   // name → entry
	fold    map[string][]int // foldKey → entries, in order
	short   map[string][]int // shortKey of each prefix a long name's 8.3 name may have → entries, in order
}

// list returns the entries of folder dir. A listing is kept while the
// folder's modification time stays as it was, when the listing was made
// at least racy after it; a file system that gives no modification time
// (testing/fstest.MapFS, embed.FS) is listed each time.
func (r *Resolver) list(dir string) (*listing, error) {
	st, statErr := fs.Stat(r.FS, dir)
	if statErr == nil {
		r.mu.Lock()
		l := r.dirs[dir]
		r.mu.Unlock()
		if l != nil && st.ModTime().Equal(l.mod) {
			return l, nil
		}
	}
	now := time.Now()
	entries, err := fs.ReadDir(r.FS, dir)
	if err != nil {
		return nil, err
	}
	l := &listing{entries: entries, exact: make(map[string]int, len(entries)), fold: make(map[string][]int, len(entries)), short: map[string][]int{}}
	for i, de := range entries {
		name := de.Name()
		l.exact[name] = i
		k := foldKey(name)
		l.fold[k] = append(l.fold[k], i)
		for _, k := range ShortNameKeys(name) {
			l.short[k] = append(l.short[k], i)
		}
	}
	if statErr == nil && !st.ModTime().IsZero() && now.Sub(st.ModTime()) >= racy {
		l.mod = st.ModTime()
		r.mu.Lock()
		if r.dirs == nil {
			r.dirs = map[string]*listing{}
		}
		r.dirs[dir] = l
		r.mu.Unlock()
	}
	return l, nil
}

// foldKey returns s with every rune replaced by the least rune it equals
// under Unicode simple case folding: two strings are equal under
// strings.EqualFold exactly when their keys are equal.
func foldKey(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for _, c := range s {
		least := c
		for f := unicode.SimpleFold(c); f != c; f = unicode.SimpleFold(f) {
			least = min(least, f)
		}
		b.WriteRune(least)
	}
	return b.String()
}

// shortKey indexes the long names whose 8.3 names may be prefix~N.ext.
func shortKey(prefix, ext string) string { return foldKey(prefix) + "\x00" + foldKey(ext) }

// kindOK reports whether name is a folder (wantDir) or a file; de may be nil.
// Symbolic links are followed.
func (r *Resolver) kindOK(name string, de fs.DirEntry, wantDir bool) bool {
	if de != nil && de.Type()&fs.ModeSymlink == 0 {
		return de.IsDir() == wantDir
	}
	st, err := fs.Stat(r.FS, name)
	return err == nil && st.IsDir() == wantDir
}

// parseShort splits an 8.3 short name such as "TEXTUR~1.JPG" into its
// prefix ("TEXTUR"), extension ("JPG") and number (1).
func parseShort(n string) (prefix, ext string, nth int, ok bool) {
	base := n
	if i := strings.LastIndexByte(n, '.'); i >= 0 {
		base, ext = n[:i], n[i+1:]
	}
	t := strings.LastIndexByte(base, '~')
	if t < 1 || t > 6 || len(base) > 8 || len(ext) > 3 {
		return "", "", 0, false
	}
	nth, err := strconv.Atoi(base[t+1:])
	if err != nil || nth < 1 {
		return "", "", 0, false
	}
	return base[:t], ext, nth, true
}

// shortMatches reports whether Windows could have given long the short name
// prefix~N.ext: long is not a valid 8.3 name itself, its base without spaces
// and dots (other characters 8.3 names lack become "_") starts with the
// prefix, and its extension starts with ext, ignoring case. Windows numbers
// clashing names in creation order, which a listing does not show; the
// resolver takes the N-th match in name order.
func shortMatches(prefix, ext, long string) bool {
	base, lext, ok := shortForm(long)
	return ok && len(base) >= len(prefix) && strings.EqualFold(base[:len(prefix)], prefix) && strings.EqualFold(lext, ext)
}

// shortForm returns what Windows builds the 8.3 name of long from: its
// base without spaces and dots (other characters 8.3 names lack become
// "_") and its extension cut to 3 bytes; ok is false when long is a valid
// 8.3 name itself, which Windows gives no short name.
func shortForm(long string) (base, ext string, ok bool) {
	base = long
	if i := strings.LastIndexByte(long, '.'); i > 0 {
		base, ext = long[:i], long[i+1:]
	}
	needsShort := len(base) > 8 || len(ext) > 3 || strings.ContainsAny(base, " .+,;=[]") || strings.ContainsAny(ext, " +,;=[]")
	if !needsShort {
		return "", "", false
	}
	base = shortReplacer.Replace(base)
	if len(ext) > 3 {
		ext = ext[:3]
	}
	return base, ext, true
}

var shortReplacer = strings.NewReplacer(" ", "", ".", "", "+", "_", ",", "_", ";", "_", "=", "_", "[", "_", "]", "_")
