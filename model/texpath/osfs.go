package texpath

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
)

// NewOS returns a resolver on the real file system for the model file at
// modelFile, with extra search folders. Relative paths are made absolute
// against the working directory. The resolver's FS is rooted at the file
// system root: on Unix "/" (so "/home/a/m.ms3d" is "home/a/m.ms3d" inside
// it); on Windows its first path element is the volume ("C:/Models/m.ms3d",
// "UNC/server/share/m.ms3d"), so that search folders may sit on other
// drives. Absolute texture paths start at the root of the drive they name,
// or of the model's drive when they name none.
func NewOS(modelFile string, searchDirs ...string) (*Resolver, error) {
	f := osFS{windows: runtime.GOOS == "windows"}
	toFS := func(p string) (string, error) {
		abs, err := filepath.Abs(p)
		if err != nil {
			return "", fmt.Errorf("texpath: %w", err)
		}
		name, ok := f.fromOS(abs)
		if !ok {
			return "", fmt.Errorf("texpath: cannot use %q as a folder", abs)
		}
		return name, nil
	}
	dir, err := toFS(filepath.Dir(modelFile))
	if err != nil {
		return nil, err
	}
	r := &Resolver{FS: f, ModelDir: dir}
	for _, d := range searchDirs {
		sd, err := toFS(d)
		if err != nil {
			return nil, err
		}
		r.SearchDirs = append(r.SearchDirs, sd)
	}
	r.roots = f.roots(dir)
	return r, nil
}

// osFS is the real file system seen as an fs.FS rooted at the very top (see
// NewOS). It is a value type so that a Resolver can recognise it.
type osFS struct{ windows bool }

// Open opens the named file.
func (f osFS) Open(name string) (fs.File, error) {
	p, err := f.path("open", name)
	if err != nil {
		return nil, err
	}
	return os.Open(p)
}

// ReadDir lists the named folder, sorted by name.
func (f osFS) ReadDir(name string) ([]fs.DirEntry, error) {
	p, err := f.path("readdir", name)
	if err != nil {
		return nil, err
	}
	return os.ReadDir(p)
}

// Stat describes the named file, following symbolic links.
func (f osFS) Stat(name string) (fs.FileInfo, error) {
	p, err := f.path("stat", name)
	if err != nil {
		return nil, err
	}
	return os.Stat(p)
}

func (f osFS) path(op, name string) (string, error) {
	if p, ok := f.toOS(name); ok {
		return p, nil
	}
	return "", &fs.PathError{Op: op, Path: name, Err: fs.ErrInvalid}
}

// toOS converts an FS path to an operating-system path. On Windows the FS
// root itself has no operating-system path, and backslashes and colons
// (except in the volume) are refused: io/fs paths may contain them, but
// Windows would read them as separators and stream names.
func (f osFS) toOS(name string) (string, bool) {
	if !fs.ValidPath(name) {
		return "", false
	}
	if !f.windows {
		if name == "." {
			return "/", true
		}
		return "/" + name, true
	}
	if name == "." || strings.ContainsRune(name, '\\') {
		return "", false
	}
	elems := strings.Split(name, "/")
	var vol string
	var rest []string
	switch {
	case len(elems[0]) == 2 && elems[0][1] == ':' && isLetter(elems[0][0]):
		vol, rest = elems[0]+`\`, elems[1:]
	case elems[0] == "UNC" && len(elems) >= 3:
		vol, rest = `\\`+elems[1]+`\`+elems[2]+`\`, elems[3:]
	default:
		return "", false
	}
	for _, e := range rest {
		if strings.ContainsRune(e, ':') {
			return "", false
		}
	}
	return vol + strings.Join(rest, `\`), true
}

// fromOS converts an absolute, clean operating-system path to an FS path.
func (f osFS) fromOS(abs string) (string, bool) {
	if !f.windows {
		if !strings.HasPrefix(abs, "/") {
			return "", false
		}
		if abs = strings.Trim(abs, "/"); abs == "" {
			return ".", true
		}
		return abs, fs.ValidPath(abs)
	}
	s := strings.ReplaceAll(abs, `\`, "/")
	var name string
	switch {
	case strings.HasPrefix(s, "//"):
		parts := strings.SplitN(strings.TrimLeft(s, "/"), "/", 3)
		if len(parts) < 2 || parts[0] == "" || parts[1] == "" || parts[0] == "?" || parts[0] == "." {
			return "", false
		}
		name = "UNC/" + strings.Join(parts, "/")
	case len(s) >= 2 && s[1] == ':' && isLetter(s[0]):
		name = strings.ToUpper(s[:1]) + ":" + "/" + strings.TrimLeft(s[2:], "/")
	default:
		return "", false
	}
	name = strings.TrimRight(name, "/")
	if _, ok := f.toOS(name); !ok {
		return "", false
	}
	return name, true
}

// roots returns the function that maps the drive of an absolute texture
// path to the FS folder it starts at, for a model in folder modelDir.
func (f osFS) roots(modelDir string) func(string) (string, bool) {
	if !f.windows {
		return nil // every absolute path starts at "/", which is ".".
	}
	own := strings.SplitN(modelDir, "/", 2)[0]
	if own == "UNC" {
		parts := strings.SplitN(modelDir, "/", 4)
		own = strings.Join(parts[:min(3, len(parts))], "/")
	}
	return func(drive string) (string, bool) {
		switch {
		case drive == "":
			return own, true
		case strings.HasPrefix(drive, "//"):
			name, ok := f.fromOS(drive)
			return name, ok
		default:
			return strings.ToUpper(drive), true
		}
	}
}

var _ interface {
	fs.ReadDirFS
	fs.StatFS
} = osFS{}
