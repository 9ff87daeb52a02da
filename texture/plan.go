package texture

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"ms3dstudio/model"
	"ms3dstudio/model/texpath"
)

// Style is how Plan.Edits spells the paths it writes.
type Style uint8

// Path styles.
const (
	// Relative: relative to the model's folder with forward slashes, which
	// every reader on every platform understands.
	Relative Style = iota
	// Backslash: relative to the model's folder with backslashes, as
	// MilkShape writes them on Windows.
	Backslash
)

// ParseStyle reads "relative" or "backslash".
func ParseStyle(s string) (Style, error) {
	switch s {
	case "relative", "":
		return Relative, nil
	case "backslash":
		return Backslash, nil
	}
	return 0, fmt.Errorf("unknown path style %q (want relative or backslash)", s)
}

// Item is one texture or alpha-map path of a model and what a search
// proposes for it.
type Item struct {
	Material int
	// AlphaMap is true for the alpha map, false for the texture.
	AlphaMap bool
	// Stored is the path as the model stores it.
	Stored model.Str
	// Resolved is how the model's resolver finds the path now.
	Resolved texpath.Result
	// Candidates are the files the searches propose when the resolver
	// finds nothing, best first (see Find).
	Candidates []Candidate
	// Target is the file the material should point at: the file the
	// resolver found, the chosen candidate, or a collected copy; "" when
	// nothing was found.
	Target string
	// Rule says how Target was found: a texpath rule or a Match* rule.
	Rule string
}

// resolvedTarget is the file the resolver found: an operating-system path,
// or the path inside the resolver's FS when it is not the real file system
// (the in-memory sample).
func (it *Item) resolvedTarget() string {
	if it.Resolved.OSPath != "" {
		return it.Resolved.OSPath
	}
	return it.Resolved.Path
}

// Missing reports whether nothing was found for the item.
func (it *Item) Missing() bool { return it.Target == "" }

// Plan is what a search means for one model: every texture and alpha-map
// path with the file it should point at. Choose picks among candidates,
// Collect copies the files beside the model, and Edits lists the path
// changes that make every found file resolve exactly.
type Plan struct {
	// ModelFile is the model's file (its folder is where relative paths
	// start).
	ModelFile string
	Items     []Item
}

// NewPlan resolves every texture and alpha-map path of m (the model in
// modelFile) through res and, for those the resolver cannot find, proposes
// the files of the indexes (Find). The first candidate is chosen; Choose
// changes that.
func NewPlan(m *model.Model, modelFile string, res *texpath.Resolver, indexes ...*Index) *Plan {
	p := &Plan{ModelFile: modelFile}
	for i := range m.Materials {
		for _, alpha := range []bool{false, true} {
			s := m.Materials[i].Texture
			if alpha {
				s = m.Materials[i].AlphaMap
			}
			if s.Text() == "" {
				continue
			}
			it := Item{Material: i, AlphaMap: alpha, Stored: s}
			if res != nil {
				it.Resolved = res.Resolve(s)
			}
			if it.Resolved.Found {
				it.Target, it.Rule = it.resolvedTarget(), it.Resolved.Rule
			} else {
				it.Candidates = Find(s, indexes...)
				if len(it.Candidates) > 0 {
					it.Target, it.Rule = it.Candidates[0].Path, it.Candidates[0].Rule
				}
			}
			p.Items = append(p.Items, it)
		}
	}
	return p
}

// Choose makes item i point at its k-th candidate.
func (p *Plan) Choose(i, k int) error {
	if i < 0 || i >= len(p.Items) || k < 0 || k >= len(p.Items[i].Candidates) {
		return fmt.Errorf("texture plan: no candidate %d for item %d", k, i)
	}
	c := p.Items[i].Candidates[k]
	p.Items[i].Target, p.Items[i].Rule = c.Path, c.Rule
	return nil
}

// Missing counts the items for which nothing was found.
func (p *Plan) Missing() int {
	n := 0
	for i := range p.Items {
		if p.Items[i].Missing() {
			n++
		}
	}
	return n
}

// Edit is one path change a plan proposes.
type Edit struct {
	Material int `json:"material"`
	// AlphaMap is true for the alpha map, false for the texture.
	AlphaMap bool      `json:"alphaMap,omitempty"`
	Old      model.Str `json:"-"`
	New      string    `json:"new"`
	// Rule says how the file was found.
	Rule string `json:"rule"`
}

// String formats the edit as `material 2 texture: ".\a.bmp" → "a.bmp"`.
func (e Edit) String() string {
	what := "texture"
	if e.AlphaMap {
		what = "alpha map"
	}
	return fmt.Sprintf("material %d %s: %q → %q (%s)", e.Material, what, e.Old.Display(), e.New, e.Rule)
}

// Edits returns the path changes that make every item with a target
// resolve exactly from the model's folder, spelled in style. A path that
// already resolves exactly is kept when it is portable (Relative) or in
// any case (Backslash, which is not portable by design). Targets that no
// relative path reaches (another Windows drive) are written absolute.
func (p *Plan) Edits(style Style) []Edit {
	dir := filepath.Dir(p.ModelFile)
	var out []Edit
	for _, it := range p.Items {
		if it.Target == "" {
			continue
		}
		if it.Resolved.Found && it.Resolved.Rule == texpath.RuleExact && it.Target == it.resolvedTarget() &&
			(style == Backslash || texpath.IsPortable(it.Stored)) {
			continue
		}
		rel := relPath(dir, it.Target)
		if style == Backslash {
			rel = strings.ReplaceAll(rel, "/", `\`)
		}
		if rel == it.Stored.Display() {
			continue
		}
		out = append(out, Edit{Material: it.Material, AlphaMap: it.AlphaMap, Old: it.Stored, New: rel, Rule: it.Rule})
	}
	return out
}

// relPath returns the forward-slash path from folder dir to target, or
// target itself (slashed) when none leads there.
func relPath(dir, target string) string {
	absDir, err1 := filepath.Abs(dir)
	absT, err2 := filepath.Abs(target)
	if err1 == nil && err2 == nil {
		if r, err := filepath.Rel(absDir, absT); err == nil {
			return filepath.ToSlash(r)
		}
	}
	return filepath.ToSlash(target)
}

// Copy is one file Collect copied.
type Copy struct {
	From string `json:"from"`
	To   string `json:"to"`
	// Existed is true when To already held the same bytes and nothing was
	// written.
	Existed bool `json:"existed,omitempty"`
}

// Collect copies every item's target into folder dir (relative to the
// model's folder unless absolute) and makes the items point at the copies.
// A file already inside dir stays where it is; a file of the same name and
// bytes is reused; a name that clashes with a different file gets a
// numbered name ("skin-2.png").
func (p *Plan) Collect(dir string) ([]Copy, error) {
	if !filepath.IsAbs(dir) {
		dir = filepath.Join(filepath.Dir(p.ModelFile), dir)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("collect: %w", err)
	}
	var out []Copy
	done := map[string]string{} // source → copy
	for i := range p.Items {
		it := &p.Items[i]
		if it.Target == "" {
			continue
		}
		if filepath.Dir(it.Target) == filepath.Clean(dir) {
			continue
		}
		if to, ok := done[it.Target]; ok {
			it.Target = to
			continue
		}
		to, existed, err := copyInto(it.Target, dir)
		if err != nil {
			return out, fmt.Errorf("collect: %w", err)
		}
		out = append(out, Copy{From: it.Target, To: to, Existed: existed})
		done[it.Target] = to
		it.Target = to
	}
	return out, nil
}

func copyInto(src, dir string) (to string, existed bool, err error) {
	base := filepath.Base(src)
	ext := filepath.Ext(base)
	stem := strings.TrimSuffix(base, ext)
	for n := 1; n < 1000; n++ {
		name := base
		if n > 1 {
			name = fmt.Sprintf("%s-%d%s", stem, n, ext)
		}
		to = filepath.Join(dir, name)
		same, err := sameContent(src, to)
		switch {
		case err == nil && same:
			return to, true, nil
		case err == nil:
			continue // a different file of that name
		case !os.IsNotExist(err):
			return "", false, err
		}
		return to, false, copyFile(src, to)
	}
	return "", false, fmt.Errorf("no free name for %s in %s", base, dir)
}

// copyFile streams src into a temporary file beside to and renames it
// there, so that a failed copy leaves nothing half-written and no file is
// held in memory whatever its size.
func copyFile(src, to string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	tmp, err := os.CreateTemp(filepath.Dir(to), ".collect-*")
	if err != nil {
		return err
	}
	_, err = io.Copy(tmp, in)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), to)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return err
}

// sameContent reports whether files a and b hold the same bytes, reading
// both in small blocks; the error is b's when b cannot be opened.
func sameContent(a, b string) (bool, error) {
	fb, err := os.Open(b)
	if err != nil {
		return false, err
	}
	defer fb.Close()
	fa, err := os.Open(a)
	if err != nil {
		return false, err
	}
	defer fa.Close()
	sa, err1 := fa.Stat()
	sb, err2 := fb.Stat()
	if err1 != nil || err2 != nil || sa.Size() != sb.Size() {
		return false, nil
	}
	ba, bb := make([]byte, 32<<10), make([]byte, 32<<10)
	for {
		na, ea := io.ReadFull(fa, ba)
		nb, eb := io.ReadFull(fb, bb)
		if na != nb || !bytes.Equal(ba[:na], bb[:nb]) {
			return false, nil
		}
		if ea != nil || eb != nil {
			end := func(e error) bool { return e == io.EOF || e == io.ErrUnexpectedEOF }
			return end(ea) && end(eb), nil
		}
	}
}
