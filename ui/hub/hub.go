// Package hub is the selection every panel of the editor shares: a
// Selection names one element of the model (a Kind and an index), and the
// Hub holds the current one and tells its subscribers when it changes. The
// outline, the property panel, the problems panel, the timeline, the dope
// sheet and the viewport all select through it and follow it. It also
// names elements for display the one way the panels show them.
//
// Dependencies: hub is at the bottom of ui; it imports only model, and
// every other package of ui may import it. It runs on Fyne's goroutine,
// like its callers, and starts none.
package hub

import (
	"fmt"

	"ms3dstudio/model"
)

// Kind is the kind of element a selection names.
type Kind uint8

// Kinds of selectable elements.
const (
	// KindNone means nothing is selected.
	KindNone Kind = iota
	// KindModel is the model as a whole.
	KindModel
	KindGroup
	KindMaterial
	KindJoint
	KindVertex
	KindTriangle
)

// String returns the kind's name ("group").
func (k Kind) String() string {
	switch k {
	case KindNone:
		return "none"
	case KindModel:
		return "model"
	case KindGroup:
		return model.PartGroup
	case KindMaterial:
		return model.PartMaterial
	case KindJoint:
		return model.PartJoint
	case KindVertex:
		return model.PartVertex
	case KindTriangle:
		return model.PartTriangle
	}
	return fmt.Sprintf("kind(%d)", uint8(k))
}

// Selection names one element: a kind and an index (−1 when the kind has
// none, as for KindModel).
type Selection struct {
	Kind  Kind
	Index int
}

// None is the empty selection.
var None = Selection{Kind: KindNone, Index: -1}

// String formats the selection as "joint 3".
func (s Selection) String() string {
	if s.Index < 0 {
		return s.Kind.String()
	}
	return fmt.Sprintf("%s %d", s.Kind, s.Index)
}

// Within returns s if the element it names exists in m; else the same kind's
// last element, or the model when there is none of that kind left (after
// the selected element was deleted, or an undo removed it).
func (s Selection) Within(m *model.Model) Selection {
	var n int
	switch s.Kind {
	case KindGroup:
		n = len(m.Groups)
	case KindMaterial:
		n = len(m.Materials)
	case KindJoint:
		n = len(m.Joints)
	case KindVertex:
		n = len(m.Vertices)
	case KindTriangle:
		n = len(m.Triangles)
	default:
		return s
	}
	switch {
	case s.Index < n:
		return s
	case n > 0:
		return Selection{Kind: s.Kind, Index: n - 1}
	}
	return Selection{Kind: KindModel, Index: -1}
}

// SelectionFor returns the element a finding location points at: groups,
// materials, joints, vertices and triangles are selected themselves, their
// comments and extra data select the element too (when the part carries an
// index), and everything else selects the model.
func SelectionFor(loc model.Location) Selection {
	kinds := map[string]Kind{
		model.PartGroup: KindGroup, model.PartMaterial: KindMaterial, model.PartJoint: KindJoint,
		model.PartVertex: KindVertex, model.PartTriangle: KindTriangle,
		model.PartVertexExtra: KindVertex, model.PartJointExtra: KindJoint,
	}
	if k, ok := kinds[loc.Part]; ok && loc.Index >= 0 {
		return Selection{Kind: k, Index: loc.Index}
	}
	return Selection{Kind: KindModel, Index: -1}
}

// Hub is the shared selection. The tree, the property panel, the problems
// panel, the timeline and the viewport all select through it and follow it.
type Hub struct {
	cur  Selection
	subs []func(Selection)
}

// New returns a hub with nothing selected.
func New() *Hub { return &Hub{cur: None} }

// Current returns the selection.
func (h *Hub) Current() Selection { return h.cur }

// Select makes s the selection and tells every subscriber, unless s is
// already selected (so a widget that follows the hub by selecting itself
// does not loop).
func (h *Hub) Select(s Selection) {
	if s == h.cur {
		return
	}
	h.cur = s
	for _, fn := range h.subs {
		fn(s)
	}
}

// Subscribe calls fn after every change of the selection.
func (h *Hub) Subscribe(fn func(Selection)) { h.subs = append(h.subs, fn) }
