package document

import (
	"fmt"

	"ms3dstudio/model"
)

func commentList(m *model.Model, part string) *[]model.Comment {
	switch part {
	case model.PartGroup:
		return &m.Comments.Groups
	case model.PartMaterial:
		return &m.Comments.Materials
	case model.PartJoint:
		return &m.Comments.Joints
	}
	return nil
}

// setComment sets or removes the comment of one group, material or joint.
type setComment struct {
	part   string
	index  int
	text   string
	oldSub int32
	// pos is where the entry is (or was put) in its list; existed tells
	// whether it was there before; old is its previous text.
	pos     int
	existed bool
	old     model.Str
	// oldList is the list before Apply; Apply never changes its backing
	// array, so Revert puts it back as it was.
	oldList []model.Comment
}

// SetComment returns the command that sets the comment of element index of
// part (model.PartGroup, model.PartMaterial or model.PartJoint). Empty text
// removes the comment. The comments block is created when the model has
// none. Line ends are stored as CRLF, as MilkShape writes them, unless the
// old comment used bare LF.
func SetComment(part string, index int, text string) Command {
	return &setComment{part: part, index: index, text: text}
}

func (c *setComment) Label() string { return "Set " + c.part + " comment" }

func (c *setComment) Apply(m *model.Model) (Change, error) {
	list := commentList(m, c.part)
	if list == nil {
		return Change{}, &ValueError{c.part, c.index, "comment", "only groups, materials and joints have comments"}
	}
	if err := exists(m, c.part, c.index); err != nil {
		return Change{}, err
	}
	c.pos, c.existed, c.old = len(*list), false, ""
	for i, cm := range *list {
		if int(cm.Index) == c.index {
			c.pos, c.existed, c.old = i, true, cm.Text
			break
		}
	}
	if (c.existed && CommentDisplay(c.old) == c.text) || (!c.existed && c.text == "") {
		return Change{}, nil
	}
	s := commentText(c.text, c.old)
	if len(s) > MaxComment {
		return Change{}, &ValueError{c.part, c.index, "comment", fmt.Sprintf("is %d bytes, at most %d are allowed", len(s), MaxComment)}
	}
	if err := canAddBlock(m); err != nil {
		return Change{}, err
	}
	c.oldSub, c.oldList = m.Comments.SubVersion, *list
	if m.Comments.SubVersion == 0 {
		m.Comments.SubVersion = 1
	}
	switch {
	case c.text == "":
		*list = append(append([]model.Comment(nil), (*list)[:c.pos]...), (*list)[c.pos+1:]...)
	case c.existed:
		l := append([]model.Comment(nil), *list...)
		l[c.pos].Text = s
		*list = l
	default:
		*list = append(append([]model.Comment(nil), *list...), model.Comment{Index: int32(c.index), Text: s})
	}
	return Change{What: Comments, Part: c.part, Index: c.index}, nil
}

func (c *setComment) Revert(m *model.Model) {
	*commentList(m, c.part) = c.oldList
	m.Comments.SubVersion = c.oldSub
}

type setModelComment struct {
	text   string
	oldSub int32
	oldHas bool
	old    model.Str
}

// SetModelComment returns the command that sets the model comment; empty
// text removes it. The comments block is created when the model has none.
func SetModelComment(text string) Command { return &setModelComment{text: text} }

func (c *setModelComment) Label() string { return "Set model comment" }

func (c *setModelComment) Apply(m *model.Model) (Change, error) {
	cm := &m.Comments
	if (cm.HasModel && CommentDisplay(cm.Model) == c.text && (c.text != "" || len(cm.Model) == 0)) || (!cm.HasModel && c.text == "") {
		return Change{}, nil
	}
	s := commentText(c.text, cm.Model)
	if len(s) > MaxComment {
		return Change{}, &ValueError{model.PartComments, -1, "model comment", fmt.Sprintf("is %d bytes, at most %d are allowed", len(s), MaxComment)}
	}
	if err := canAddBlock(m); err != nil {
		return Change{}, err
	}
	c.oldSub, c.oldHas, c.old = cm.SubVersion, cm.HasModel, cm.Model
	if cm.SubVersion == 0 {
		cm.SubVersion = 1
	}
	if c.text == "" {
		cm.HasModel, cm.Model = false, ""
	} else {
		cm.HasModel, cm.Model = true, s
	}
	return Change{What: Comments, Part: model.PartFile, Index: -1}, nil
}

func (c *setModelComment) Revert(m *model.Model) {
	m.Comments.SubVersion, m.Comments.HasModel, m.Comments.Model = c.oldSub, c.oldHas, c.old
}

// canAddBlock refuses to create the comments block in a model whose file
// has unread bytes after the joints: the block would go before them, and a
// reader would then take those bytes for the next optional blocks.
func canAddBlock(m *model.Model) error {
	if m.Comments.SubVersion != 0 || len(m.Trailing) == 0 {
		return nil
	}
	return &ValueError{model.PartComments, -1, "", fmt.Sprintf("the file has %d unread bytes after the joints; a comments block cannot be added before them until they are discarded", len(m.Trailing))}
}

type discardTrailing struct{ old []byte }

// DiscardTrailing returns the command that drops the bytes after the last
// block the reader understood (model.Model.Trailing).
func DiscardTrailing() Command { return &discardTrailing{} }

func (c *discardTrailing) Label() string { return "Discard trailing bytes" }

func (c *discardTrailing) Apply(m *model.Model) (Change, error) {
	if len(m.Trailing) == 0 {
		return Change{}, nil
	}
	c.old, m.Trailing = m.Trailing, nil
	return Change{What: Meta, Part: model.PartTrailing, Index: -1}, nil
}

func (c *discardTrailing) Revert(m *model.Model) { m.Trailing = c.old }
