package texture

import (
	"fmt"

	"ms3dstudio/model"
	"ms3dstudio/model/texpath"
)

// Status says how a material's texture or alpha-map path resolved.
type Status struct {
	// Empty: the material names no file.
	Empty bool
	// Found: the file exists; Path is where (an OS path).
	Found bool
	Path  string
	// Rule is the texpath rule that found it ("exact", "basename" …).
	Rule string
	// Checked is false when nothing was looked up (a document with no
	// file, so no folder to look in).
	Checked bool
}

// String describes the resolution for the outline and property panel.
func (t Status) String() string {
	switch {
	case t.Empty:
		return "none"
	case !t.Checked:
		return "not looked up (the model has no folder)"
	case !t.Found:
		return "missing"
	case t.Rule == texpath.RuleExact:
		return "found: " + t.Path
	}
	return fmt.Sprintf("found by %s: %s", t.Rule, t.Path)
}

// Statuses looks up how the texture paths of one model resolve, through
// the resolver that resolver returns at the time of each lookup (a
// document's TextureResolver: next to its file and in the search folders,
// or in memory for the sample; nil when there is nowhere to look). Results
// are cached until Reset.
type Statuses struct {
	resolver func() *texpath.Resolver
	cache    map[model.Str]Status
}

// NewStatuses returns an empty cache of lookups through resolver.
func NewStatuses(resolver func() *texpath.Resolver) *Statuses {
	return &Statuses{resolver: resolver, cache: map[model.Str]Status{}}
}

// Reset forgets cached results (after a texture path changed, the document
// was saved elsewhere, or files may have appeared).
func (t *Statuses) Reset() { t.cache = map[model.Str]Status{} }

// Lookup resolves one texture string.
func (t *Statuses) Lookup(tex model.Str) Status {
	if tex.Text() == "" {
		return Status{Empty: true, Checked: true}
	}
	if t == nil || t.resolver == nil {
		return Status{}
	}
	if info, ok := t.cache[tex]; ok {
		return info
	}
	res := t.resolver()
	if res == nil {
		return Status{}
	}
	r := res.Resolve(tex)
	info := Status{Checked: true, Found: r.Found, Rule: r.Rule, Path: r.OSPath}
	if info.Path == "" {
		info.Path = r.Path
	}
	t.cache[tex] = info
	return info
}
