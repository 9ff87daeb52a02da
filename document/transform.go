package document

import (
	"ms3dstudio/model"
	"ms3dstudio/model/transform"
)

// TransformModel returns the command that transforms the whole model by t
// (model/transform: vertices, normals, the skeleton and its keys, so that
// every pose is the transformed pose), labelled label ("Scale model",
// "Transform model"). It refuses a non-uniform scale of an animated model
// with a *transform.NotRigidError and changes nothing then.
func TransformModel(label string, t transform.Transform) Command {
	return &transformCmd{label: label, t: t}
}

type transformCmd struct {
	label string
	t     transform.Transform
	res   *transform.Result
}

func (c *transformCmd) Label() string { return c.label }

func (c *transformCmd) Apply(m *model.Model) (Change, error) {
	res, err := transform.Apply(m, c.t)
	if err != nil {
		return Change{}, err
	}
	c.res = res
	if !res.Changed {
		return Change{}, nil
	}
	return Change{What: Geometry | Rest | Keys | Meta, Part: model.PartFile, Index: -1}, nil
}

func (c *transformCmd) Revert(m *model.Model) {
	if c.res != nil {
		c.res.Revert(m)
		c.res = nil
	}
}
