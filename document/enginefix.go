package document

import (
	"slices"

	"ms3dstudio/document/engine"
	"ms3dstudio/model"
)

// planEngine adds to plan the engine fixes of d's target for the engine
// codes in only (all of them when only is nil): engine.Fix runs on a copy of
// plan.Fixed, and what it did for the codes asked for is taken over:
// the bones of the vertices it bound, the texture paths it pointed at the
// copies, and the copies to write. The two parts are independent (binding
// looks at the bind pose, the textures at the files), so either can be
// taken alone.
func planEngine(d *Document, plan *FixPlan, only []model.Code) {
	if d.engine == "" {
		return
	}
	asked := func(c model.Code) bool { return only == nil || slices.Contains(only, c) }
	if !slices.ContainsFunc(engine.FixCodes(), asked) {
		return
	}
	scratch := plan.Fixed.Clone()
	changes, copies, problems := engine.Fix(scratch, d.engine, d.TextureResolver())
	if asked(model.CodeEngineUnboned) {
		for i := range scratch.Vertices {
			v, w := &plan.Fixed.Vertices[i], scratch.Vertices[i]
			v.Bones, v.Weights = w.Bones, w.Weights
		}
	}
	if asked(model.CodeEngineTexture) {
		for i := range scratch.Materials {
			plan.Fixed.Materials[i].Texture = scratch.Materials[i].Texture
		}
		plan.Copies, plan.Problems = copies, problems
	}
	for _, c := range changes {
		if asked(c.Code) {
			plan.Changes = append(plan.Changes, c)
			plan.engineChanges++
		}
	}
}

// engineFix is the command of a plan made of engine fixes alone: it sets
// the bones of the vertices bound and the texture paths pointed at the
// copies, and remembers what they were, so that undo restores exactly
// those bytes (the copies written stay on disk).
type engineFix struct {
	label    string
	vertices []boneEdit
	paths    []textureEdit
	old      []boneEdit
	oldPaths []textureEdit
}

type boneEdit struct {
	vertex  int
	bones   [4]uint16
	weights [3]uint8
}

type textureEdit struct {
	material int
	path     model.Str
}

// newEngineFix returns the command that turns before's bones and texture
// paths into after's (same vertex and material counts: the engine fixes
// add and delete nothing).
func newEngineFix(label string, before, after *model.Model) *engineFix {
	c := &engineFix{label: label}
	for i, v := range after.Vertices {
		if o := before.Vertices[i]; o.Bones != v.Bones || o.Weights != v.Weights {
			c.vertices = append(c.vertices, boneEdit{i, v.Bones, v.Weights})
		}
	}
	for i, mt := range after.Materials {
		if string(before.Materials[i].Texture) != string(mt.Texture) {
			c.paths = append(c.paths, textureEdit{i, mt.Texture})
		}
	}
	return c
}

func (c *engineFix) Label() string { return c.label }

func (c *engineFix) Apply(m *model.Model) (Change, error) {
	for _, e := range c.vertices {
		if e.vertex >= len(m.Vertices) {
			return Change{}, &ValueError{model.PartVertex, e.vertex, "bones", "no such vertex"}
		}
	}
	for _, e := range c.paths {
		if e.material >= len(m.Materials) {
			return Change{}, &ValueError{model.PartMaterial, e.material, "texture", "no such material"}
		}
	}
	c.old, c.oldPaths = c.old[:0], c.oldPaths[:0]
	var what Aspect
	for _, e := range c.vertices {
		v := &m.Vertices[e.vertex]
		c.old = append(c.old, boneEdit{e.vertex, v.Bones, v.Weights})
		v.Bones, v.Weights = e.bones, e.weights
		what |= Skin
	}
	for _, e := range c.paths {
		mt := &m.Materials[e.material]
		c.oldPaths = append(c.oldPaths, textureEdit{e.material, mt.Texture})
		mt.Texture = e.path
		what |= Textures
	}
	return Change{What: what, Part: model.PartFile, Index: -1}, nil
}

func (c *engineFix) Revert(m *model.Model) {
	for _, e := range c.old {
		v := &m.Vertices[e.vertex]
		v.Bones, v.Weights = e.bones, e.weights
	}
	for _, e := range c.oldPaths {
		m.Materials[e.material].Texture = e.path
	}
}

// remaps lists the texture paths the command changed, for Document.Remaps.
func (c *engineFix) remaps() []Remap {
	out := make([]Remap, len(c.oldPaths))
	for i, o := range c.oldPaths {
		out[i] = Remap{Material: o.material, Old: o.path, New: c.paths[i].path}
	}
	return out
}

// engineOnly reports whether every change of the plan is an engine fix,
// so that Apply can record just the bones and paths it sets.
func (p FixPlan) engineOnly() bool { return p.engineChanges == len(p.Changes) }
