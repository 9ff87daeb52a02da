package texpath

import (
	"path"
	"strings"
	"unicode/utf8"

	"ms3dstudio/model"
)

// Parsed is a texture path taken apart: separators unified, the drive or
// share and the leading slash split off, and "." elements removed.
type Parsed struct {
	// Drive is the drive letter with its colon ("C:") or the UNC share
	// ("//server/share"), or empty.
	Drive string
	// Abs reports a path that starts at a root: a leading slash, a drive
	// letter or a UNC share. A drive-relative path such as "C:foo.jpg" also
	// counts: it cannot be resolved without knowing the author's current
	// folder on that drive.
	Abs bool
	// Elems are the path's elements in order, without "." and empty
	// elements; ".." elements are kept (a relative path may climb above the
	// model's folder) except where they cancel a preceding name.
	Elems []string
	// raw holds the elements spelled with the file's own bytes when those
	// are not UTF-8 (a file system may store names that way too); nil
	// otherwise.
	raw []string
}

// Parse splits the meaningful part of a texture string (see model.Str.Text)
// into a Parsed path. Both slash kinds separate elements, trailing spaces
// (which Windows ignores in file names) are dropped, and bytes that are not
// UTF-8 are read as Windows-1252, as model.Str.Display does.
func Parse(raw model.Str) Parsed {
	p := parse(display(raw))
	if t := string(raw.Text()); !utf8.ValidString(t) {
		// Separators and dots are ASCII in both spellings, so the elements
		// line up one to one.
		if r := parse(t); len(r.Elems) == len(p.Elems) {
			p.raw = r.Elems
		}
	}
	return p
}

func parse(s string) Parsed {
	s = strings.TrimRight(s, " ")
	s = strings.ReplaceAll(s, `\`, "/")
	var p Parsed
	switch {
	case strings.HasPrefix(s, "//"):
		// A UNC path: //server/share/rest.
		rest := strings.TrimLeft(s, "/")
		parts := strings.SplitN(rest, "/", 3)
		n := min(2, len(parts))
		p.Drive = "//" + strings.Join(parts[:n], "/")
		p.Abs = true
		s = ""
		if len(parts) == 3 {
			s = parts[2]
		}
	case len(s) >= 2 && s[1] == ':' && isLetter(s[0]):
		p.Drive, p.Abs = s[:2], true
		s = s[2:]
	case strings.HasPrefix(s, "/"):
		p.Abs = true
	}
	for _, e := range strings.Split(s, "/") {
		switch {
		case e == "" || e == ".":
		case e == ".." && len(p.Elems) > 0 && p.Elems[len(p.Elems)-1] != "..":
			p.Elems = p.Elems[:len(p.Elems)-1]
		case e == ".." && p.Abs:
			// ".." at a root stays at the root.
		default:
			p.Elems = append(p.Elems, e)
		}
	}
	return p
}

// Slash returns the relative part of p as a forward-slash path ("" when it
// has no elements). The drive and the leading slash are not included.
func (p Parsed) Slash() string { return strings.Join(p.Elems, "/") }

// Base returns the last element of p, or "" when p has none.
func (p Parsed) Base() string {
	if len(p.Elems) == 0 {
		return ""
	}
	return p.Elems[len(p.Elems)-1]
}

// IsPortable reports whether raw is a portable texture path: one that every
// platform reads the same way. A portable path uses forward slashes only, has
// no drive letter and is not absolute. The empty path (no texture) is
// portable.
func IsPortable(raw model.Str) bool {
	t := string(raw.Text())
	if strings.ContainsRune(t, '\\') || strings.HasPrefix(t, "/") {
		return false
	}
	return !(len(t) >= 2 && t[1] == ':' && isLetter(t[0]))
}

// Portable returns a portable spelling of raw worked out from the string
// alone, and whether raw is portable already (then fixed is raw's text
// unchanged). A relative path gets forward slashes with "." elements
// removed; an absolute path is cut down to its file name, since the folder
// it names exists only on the author's machine. Resolver.Portable does better
// when the texture file can be found.
func Portable(raw model.Str) (fixed string, ok bool) {
	if IsPortable(raw) {
		return string(raw.Text()), true
	}
	p := Parse(raw)
	if p.Abs {
		return p.Base(), false
	}
	return p.Slash(), false
}

// isVolume reports whether an FS path element is a Windows volume as NewOS
// names them ("C:" or "UNC").
func isVolume(e string) bool { return e == "UNC" || len(e) == 2 && e[1] == ':' && isLetter(e[0]) }

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// display returns the meaningful part of raw as UTF-8 (Windows-1252 when it
// is not valid UTF-8).
func display(raw model.Str) string {
	t := string(raw.Text())
	if utf8.ValidString(t) {
		return t
	}
	return raw.Display()
}

// rel returns the forward-slash path that leads from folder dir to target,
// both clean FS paths ("." is the root).
func rel(dir, target string) string {
	split := func(p string) []string {
		if p == "." || p == "" {
			return nil
		}
		return strings.Split(p, "/")
	}
	d, t := split(dir), split(target)
	if len(d) > 0 && len(t) > 0 && d[0] != t[0] && (isVolume(d[0]) || isVolume(t[0])) {
		// Different Windows volumes: no relative path leads across.
		return t[len(t)-1]
	}
	i := 0
	for i < len(d) && i < len(t) && d[i] == t[i] {
		i++
	}
	parts := make([]string, 0, len(d)-i+len(t)-i)
	for range d[i:] {
		parts = append(parts, "..")
	}
	parts = append(parts, t[i:]...)
	return path.Join(parts...)
}
