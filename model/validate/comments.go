package validate

import (
	"ms3dstudio/model"
)

func (c *checker) comments() {
	m := c.m
	cm := &m.Comments
	if cm.SubVersion == 0 {
		return
	}
	// The block's layout (ms3d-format.md §3): sub-version, then three lists
	// of count and {index, length, text}, then the model comment.
	off := int64(-1)
	if c.opt.Locator != nil {
		if off = c.opt.Locator.Offset(model.PartComments, -1); off >= 0 {
			off += 4
		}
	}
	lists := []struct {
		what  string
		list  []model.Comment
		count int
	}{
		{"group", cm.Groups, len(m.Groups)},
		{"material", cm.Materials, len(m.Materials)},
		{"joint", cm.Joints, len(m.Joints)},
	}
	for _, l := range lists {
		if off >= 0 {
			off += 4
		}
		for k, e := range l.list {
			if e.Index < 0 || int(e.Index) >= l.count {
				loc := model.Location{Part: model.PartComments, Index: k, Offset: off}
				c.add(model.CodeCommentIndex, model.Warning, loc, "drop the comment",
					"%s comment %d is attached to %s %d, but the model has %s", l.what, k, l.what, e.Index, count(l.count, l.what))
			}
			if off >= 0 {
				off += 8 + int64(len(e.Text))
			}
		}
	}
}
