package document

import (
	"ms3dstudio/model"
)

// bulk is a command for edits that touch the whole model at once (the
// fix-ups of model/fix). Unlike the small commands it keeps a copy of the
// model as it was, because such an edit may delete, renumber and rewrite
// anything.
type bulk struct {
	label  string
	what   Aspect
	apply  func(m *model.Model) error
	before *model.Model
}

// Bulk returns a command that runs apply on the model (for example a
// model/fix pass). Undo restores a copy of the model taken before apply
// ran; redo runs apply again on the restored model. When apply fails the
// model is restored and the error returned. what says what subscribers
// should refresh (Everything when unsure). A Bulk command that leaves the
// model as it was is still recorded: apply alone knows what it did.
func Bulk(label string, what Aspect, apply func(m *model.Model) error) Command {
	return &bulk{label: label, what: what, apply: apply}
}

func (c *bulk) Label() string { return c.label }

func (c *bulk) Apply(m *model.Model) (Change, error) {
	c.before = m.Clone()
	if err := c.apply(m); err != nil {
		*m = *c.before
		c.before = nil
		return Change{}, err
	}
	return Change{What: c.what &^ Saved, Part: model.PartFile, Index: -1}, nil
}

func (c *bulk) Revert(m *model.Model) {
	*m = *c.before
	c.before = nil
}
