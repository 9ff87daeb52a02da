package fit

import (
	"fmt"

	"ms3dstudio/model"
	"ms3dstudio/model/texpath"
)

// Names is a set of names that hands out unique ones of at most a given
// number of bytes. Names are compared by their meaningful part (model.Str
// Text) ignoring ASCII case, as model.ResolveHierarchy finds a joint's
// parent, so a name Unique returns matches no name of the set either way.
// The zero value is not usable; call NewNames.
type Names struct {
	size  int
	taken map[string]bool
	next  map[string]int // folded base name → the suffix number to try next
}

// NewNames returns an empty set whose Unique names hold at most size bytes.
func NewNames(size int) *Names {
	return &Names{size: size, taken: map[string]bool{}, next: map[string]int{}}
}

// Add puts s in the set.
func (n *Names) Add(s model.Str) { n.taken[s.Fold()] = true }

// Has reports whether s, ignoring ASCII case, is in the set.
func (n *Names) Has(s model.Str) bool { return n.taken[s.Fold()] }

// Unique returns s cut to the set's size (model.Str.Cut: never inside a
// UTF-8 character) when that is not taken, otherwise the cut name with the
// first suffix "_2", "_3", … that is free, the name cut further to leave
// room for it; the result is added to the set. Repeated calls with one
// name stay linear: the set remembers where the suffixes go on from.
func (n *Names) Unique(s model.Str) model.Str {
	out := s.Cut(n.size)
	if !n.Has(out) {
		n.Add(out)
		return out
	}
	key := out.Fold()
	for k := max(n.next[key], 2); ; k++ {
		suffix := fmt.Sprintf("_%d", k)
		cand := out.Cut(n.size-len(suffix)) + model.Str(suffix)
		if !n.Has(cand) {
			n.next[key] = k + 1
			n.Add(cand)
			return cand
		}
	}
}

// ShortPath returns a texture path that fits n bytes: the path itself when
// it fits, else its portable spelling (forward slashes, no drive; the file
// the resolver r finds, relative to the model, when r is not nil), else
// its last folders and file name (texpath.Resolver tries shorter and
// shorter tails of a path, so these still find the file where it is), else
// the file name with its stem cut so that the extension stays. The result
// is spelt in the encoding of the original (model.EncodeLike).
func ShortPath(s model.Str, n int, r *texpath.Resolver) model.Str {
	t := s.Text()
	if len(t) <= n {
		return t
	}
	fixed, _ := texpath.Portable(s)
	if r != nil {
		if sug := r.Suggest(r.Resolve(s)); sug != "" {
			fixed = sug
		}
	}
	if p := model.EncodeLike(s, fixed); len(p) <= n && p != "" {
		return p
	}
	elems := texpath.Parse(s).Elems
	for k := 1; k < len(elems); k++ {
		tail := elems[k:]
		p := model.EncodeLike(s, joinSlash(tail))
		if len(p) <= n {
			return p
		}
	}
	base := model.EncodeLike(s, texpath.Parse(s).Base())
	if len(base) <= n {
		return base
	}
	ext := extension(base)
	if len(ext) >= n {
		return base.Cut(n)
	}
	return base[:len(base)-len(ext)].Cut(n-len(ext)) + ext
}

func joinSlash(elems []string) string {
	out := ""
	for i, e := range elems {
		if i > 0 {
			out += "/"
		}
		out += e
	}
	return out
}

// extension returns the ".ext" of a file name, or "" (a name that starts
// with its only dot has none).
func extension(name model.Str) model.Str {
	for i := len(name) - 1; i > 0; i-- {
		if name[i] == '.' {
			return name[i:]
		}
	}
	return ""
}

// names cuts group, material and joint names longer than their field,
// uniquely among the names of their kind, and joints' parent names with
// them; and shortens texture and alpha-map paths.
func (f *fitter) names() {
	m := f.m
	cut := func(part string, count int, get func(i int) *model.Str) map[int]model.Str {
		var long []int
		set := NewNames(f.lim.Name)
		for i := range count {
			if s := *get(i); len(s) > f.lim.Name {
				long = append(long, i)
			} else {
				set.Add(s)
			}
		}
		changed := map[int]model.Str{}
		for _, i := range long {
			p := get(i)
			old := *p
			*p = set.Unique(old)
			changed[i] = old
			f.add(model.CodeFitName, model.Warning, model.At(part, i), "",
				"%s %d: name %s (%d bytes) → %s: the field holds %d bytes", part, i, quote(old), len(old), quote(*p), f.lim.Name)
		}
		return changed
	}
	if anyLong(len(m.Groups), func(i int) model.Str { return m.Groups[i].Name }, f.lim.Name) {
		m.Groups = clone(m.Groups)
		cut(model.PartGroup, len(m.Groups), func(i int) *model.Str { return &m.Groups[i].Name })
	}
	longMat := anyLong(len(m.Materials), func(i int) model.Str { return m.Materials[i].Name }, f.lim.Name) ||
		anyLong(len(m.Materials), func(i int) model.Str { return m.Materials[i].Texture }, f.lim.Path) ||
		anyLong(len(m.Materials), func(i int) model.Str { return m.Materials[i].AlphaMap }, f.lim.Path)
	if longMat {
		m.Materials = clone(m.Materials)
		cut(model.PartMaterial, len(m.Materials), func(i int) *model.Str { return &m.Materials[i].Name })
		for i := range m.Materials {
			mt := &m.Materials[i]
			f.path(i, "texture path", &mt.Texture)
			f.path(i, "alpha map path", &mt.AlphaMap)
		}
	}
	if anyLong(len(m.Joints), func(i int) model.Str { return m.Joints[i].Name }, f.lim.Name) ||
		anyLong(len(m.Joints), func(i int) model.Str { return m.Joints[i].Parent }, f.lim.Name) {
		h := m.ResolveHierarchy()
		m.Joints = clone(m.Joints)
		renamed := cut(model.PartJoint, len(m.Joints), func(i int) *model.Str { return &m.Joints[i].Name })
		for i := range m.Joints {
			j := &m.Joints[i]
			if p := h.Parent[i]; p >= 0 {
				if _, ok := renamed[p]; ok {
					j.Parent = m.Joints[p].Name
				}
				continue
			}
			if len(j.Parent) > f.lim.Name {
				// A parent that names no joint: cut it like a name, so the
				// joint stays a root.
				old := j.Parent
				j.Parent = old.Cut(f.lim.Name)
				f.add(model.CodeFitName, model.Warning, model.At(model.PartJoint, i), "",
					"joint %d: parent name %s (%d bytes), which names no joint → %s: the field holds %d bytes", i, quote(old), len(old), quote(j.Parent), f.lim.Name)
			}
		}
	}
}

// path shortens one texture or alpha-map path of material i. Two different
// paths that shorten to one are left so: they name the same file where the
// shortened path is looked up, and the finding says which.
func (f *fitter) path(i int, what string, p *model.Str) {
	if len(*p) <= f.lim.Path {
		return
	}
	old := *p
	*p = ShortPath(old, f.lim.Path, f.opt.Textures)
	f.add(model.CodeFitPath, model.Warning, model.At(model.PartMaterial, i), "",
		"material %d: %s %s (%d bytes) → %s: the field holds %d bytes", i, what, quote(old), len(old), quote(*p), f.lim.Path)
}

func anyLong(n int, get func(i int) model.Str, size int) bool {
	for i := range n {
		if len(get(i)) > size {
			return true
		}
	}
	return false
}

func quote(s model.Str) string { return fmt.Sprintf("%q", s.Display()) }
