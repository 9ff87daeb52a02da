package document

import (
	"fmt"

	"ms3dstudio/model"
	"ms3dstudio/texture/rebase"
)

// PathEdit is one texture or alpha-map path a RemapPaths command sets.
type PathEdit struct {
	Material int
	// AlphaMap is true for the alpha map, false for the texture.
	AlphaMap bool
	// Path is the new path (UTF-8, encoded as model.EncodeText does).
	Path string
}

// pathEdits returns the rebases that rewrite a path (texture/rebase), as
// edits.
func pathEdits(rs []rebase.Path) []PathEdit {
	var edits []PathEdit
	for _, r := range rs {
		if r.To != "" {
			edits = append(edits, PathEdit{Material: r.Material, AlphaMap: r.AlphaMap, Path: r.To})
		}
	}
	return edits
}

// remapPaths sets several paths as one undoable command.
type remapPaths struct {
	label string
	cmds  []*setPath
	done  []*setPath // the commands that changed something, in order
}

// RemapPaths returns the command that sets every path of edits at once
// (Textures ▸ Apply, a collect, ms3dtool textures --apply): one undo step.
// It fails, changing nothing, when any path is invalid or names no
// material. Document.Remaps lists each path it changed.
func RemapPaths(label string, edits []PathEdit) Command {
	c := &remapPaths{label: label}
	for _, e := range edits {
		c.cmds = append(c.cmds, newSetPath(e.Material, e.Path, e.AlphaMap))
	}
	return c
}

func (c *remapPaths) Label() string { return c.label }

func (c *remapPaths) Apply(m *model.Model) (Change, error) {
	c.done = c.done[:0]
	for _, s := range c.cmds {
		ch, err := s.Apply(m)
		if err != nil {
			c.Revert(m)
			return Change{}, fmt.Errorf("%s: %w", c.label, err)
		}
		if ch.What != 0 {
			c.done = append(c.done, s)
		}
	}
	if len(c.done) == 0 {
		return Change{}, nil
	}
	ch := Change{What: Textures, Part: model.PartMaterial, Index: c.done[0].mat}
	for _, s := range c.done[1:] {
		if s.mat != ch.Index {
			ch.Part, ch.Index = model.PartFile, -1
		}
	}
	return ch, nil
}

func (c *remapPaths) Revert(m *model.Model) {
	for i := len(c.done) - 1; i >= 0; i-- {
		c.done[i].Revert(m)
	}
	c.done = c.done[:0]
}

func (c *remapPaths) remaps() []Remap {
	out := make([]Remap, 0, len(c.done))
	for _, s := range c.done {
		out = append(out, Remap{Material: s.mat, AlphaMap: s.alpha, Old: s.old, New: s.value})
	}
	return out
}

// ReloadTextures makes the document decode its texture images again (a
// file changed on disk, or a missing one appeared) and tells subscribers
// with a Textures change. It is not an edit: nothing is recorded for undo
// and the modified mark does not change.
func (d *Document) ReloadTextures() {
	d.imagesStale = true
	d.notify(Change{What: Textures, Part: model.PartFile, Index: -1, Label: "Reload textures"})
}
